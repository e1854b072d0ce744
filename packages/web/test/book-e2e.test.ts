import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { chromium, type Page } from 'playwright-core';
import { startServer, webClientDir } from '@umpire/server';
import { chromiumArgs, chromiumPath, shots } from './hex-page.js';

/**
 * The rule book in Chromium against a real server: the book of the Great War searched from its search box (the search
 * kept in the address), one rule opened by its anchor, and a battle's line of a report linking to the rules it
 * applied. The map's wheel zoom, on the way, logs nothing (its listener is not passive). Screenshots go to
 * .umpire/screenshots/book-*.png.
 */

const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `book-${name}.png`) });


test('the rule book page: search, a rule by its anchor, and the rule links of a battle in a report', { timeout: 240_000 }, async () => {
  assert.ok(webClientDir(), 'the web client is not built (packages/web/dist/client): run `npm run build` first');
  mkdirSync(shots, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'umpire-book-e2e-'));
  // The demo game: two turns of the Great War played by bots, so there are battles in its reports.
  const server = await startServer({ port: 0, dataDir, log: () => undefined, tickSeconds: 3600 });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: chromiumArgs,
  });
  const errors: string[] = [];
  const logged: string[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      logged.push(m.text());
      if (m.type() === 'error') errors.push(m.text());
    });

    await page.goto(`${server.url}/rules/great-war`);
    await page.getByRole('heading', { name: 'The War to End All Wars: the rule book' }).waitFor();
    assert.equal(await page.getByTestId('rule-count').textContent(), '830 rules.');
    await page.getByRole('searchbox', { name: /Search the rules/ }).fill('bristol okhotsk');
    await page.getByText('2 of 830 rules match.').waitFor();
    assert.deepEqual(await page.locator('article.rule').evaluateAll((els) => els.map((e) => e.id)), ['GW-MAP-04', 'GW-MAP-20']);
    assert.equal(new URL(page.url()).searchParams.get('q'), 'bristol okhotsk', 'the search is kept in the address');
    await shot(page, '1-search');

    // A search that finds nothing says so; the status filter narrows the book.
    await page.getByRole('searchbox', { name: /Search the rules/ }).fill('zeppelin-submarine-xyz');
    await page.getByText('No rule matches.').waitFor();
    await page.getByRole('searchbox', { name: /Search the rules/ }).fill('');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('decided');
    const decided = await page.locator('article.rule').count();
    assert.ok(decided > 0 && (await page.locator('article.rule:not(.decided)').count()) === 0);

    // One rule by its anchor, as a report links to it: marked and scrolled to, with the decision that settles it.
    await page.goto(`${server.url}/rules/great-war#GW-P10-LAND-12`);
    const rule = page.locator('article#GW-P10-LAND-12');
    await rule.waitFor();
    assert.match((await rule.getAttribute('class')) ?? '', /target/);
    assert.match((await rule.textContent()) ?? '', /Decided by D-AIR-4 AA fire: one die a gun/);
    assert.ok(await rule.isVisible());
    const box = await rule.boundingBox();
    assert.ok(box && box.y >= 0 && box.y < 900, 'the rule is scrolled into view');
    await shot(page, '2-rule');

    // The demo game: the wheel zooms the map, with nothing logged about passive listeners.
    await page.goto(`${server.url}/games/demo`);
    await page.locator('[data-testid="map"] svg').first().waitFor({ state: 'attached', timeout: 60_000 });
    const frame = (await page.locator('.map-frame').boundingBox())!;
    const before = await page.getByTestId('map').getAttribute('style');
    await page.mouse.move(frame.x + frame.width / 2, frame.y + frame.height / 2);
    for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -120);
    await page.waitForFunction((was) => document.querySelector('[data-testid="map"]')?.getAttribute('style') !== was, before);
    assert.deepEqual(
      logged.filter((l) => /passive event listener/i.test(l)),
      [],
      'no complaint about preventDefault in a passive listener',
    );

    // The report of the last turn: a battle's line links the rules it applied to the rule book.
    await page.getByRole('tab', { name: /^Report/ }).click();
    const links = page.locator('article.report .event.battle .rule-links a');
    await links.first().waitFor({ timeout: 60_000 });
    const href = (await links.first().getAttribute('href'))!;
    assert.match(href, /^\/rules\/great-war#GW-[A-Z0-9-]+$/);
    await page.locator('article.report .event.battle').first().scrollIntoViewIfNeeded();
    await shot(page, '3-report-links');
    await page.goto(`${server.url}${href}`);
    const linked = page.locator(`article#${href.split('#')[1]!}`);
    await linked.waitFor();
    assert.match((await linked.getAttribute('class')) ?? '', /target/);
    await shot(page, '4-linked-rule');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
