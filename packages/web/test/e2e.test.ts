import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import type { GameRecord } from '@umpire/engine';
import { setup, theWorld } from '@umpire/great-war';
import { startServer, webClientDir } from '@umpire/server';
import { legalText } from './game.js';

/**
 * The web client end to end, in Debian's Chromium driven by playwright-core, against a real server with its embedded
 * database: a player opens the seat link of the invitation, reads the map and an area, writes orders (a mistake
 * located, then legal orders), submits and says ready; the other player does the same through the API; the server
 * resolves the turn; the player reads the report and steps back through the history to the opening map. Screenshots
 * of each screen go to .umpire/screenshots/ for a person to look at.
 */

const root = process.env['UMPIRE_ROOT'] ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', '..');
const shots = join(root, '.umpire', 'screenshots');

function chromiumPath(): string {
  const given = process.env['UMPIRE_TEST_CHROMIUM'];
  if (given) return given;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  throw new Error('no Chromium: run the tests with `node scripts/run-tests.mjs web` (it installs Debian\'s chromium), or set UMPIRE_TEST_CHROMIUM to a Chromium executable');
}

async function api(base: string, method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any };
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `${name}.png`) });

test('a player opens the seat link in Chromium, reads the map and an area, gives orders, and after the turn reads the report and steps back through the history', { timeout: 240_000 }, async () => {
  const client = webClientDir();
  assert.ok(client, 'the web client is not built (packages/web/dist/client): run `npm run build` first');
  mkdirSync(shots, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'umpire-web-e2e-'));
  const hostingKey = 'web-e2e-hosting-key-5d1c';
  const server = await startServer({ port: 0, dataDir, demo: false, log: () => undefined, tickSeconds: 3600, http: { hostingKeys: [hostingKey] } });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const errors: string[] = [];
  try {
    const hosted = await api(server.url, 'POST', '/api/games', {
      token: hostingKey,
      body: { id: 'web-game', title: 'The web client', ruleset: 'great-war', seats: [{ seat: 'germany' }, { seat: 'britain' }], deadlineHours: 48 },
    });
    assert.equal(hosted.status, 201, JSON.stringify(hosted.body));
    // The host passes each open seat's one-time claim link on; Britain's player claims hers through the API, and
    // Germany's opens his link in the browser below.
    // The link as the host got it, on this server's address (the test server listens on a port of its choosing).
    const claimOf = (seat: string) => {
      const link = new URL((hosted.body.seats as { seat: string; claimUrl: string }[]).find((s) => s.seat === seat)!.claimUrl);
      return `${server.url}${link.pathname}${link.search}`;
    };
    const tokens: Record<string, string> = {};
    tokens['britain'] = (await api(server.url, 'POST', '/api/games/web-game/seats/britain/claim', { body: { code: new URL(claimOf('britain')).searchParams.get('claim') } })).body.token;
    const record = (await api(server.url, 'GET', '/api/games/web-game/record')).body as GameRecord;

    const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
    page.on('pageerror', (e) => errors.push(e.message));
    // Everything the server sends Germany's page of the game's records and views, to check it holds no other nation's money.
    const received: { url: string; body: Promise<unknown> }[] = [];
    page.on('response', (r) => {
      if (!/\/api\/games\/web-game\/(record|view|views)(\?|$)/.test(r.url())) return;
      received.push({ url: r.url(), body: r.json().catch(() => undefined) });
    });
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });

    // The games.
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'The web client' }).waitFor();
    await shot(page, '1-games-list');

    // The seat link: the token leaves the address bar; the map of the opening is drawn in the browser.
    await page.goto(claimOf('germany'));
    await page.locator('[data-testid="map"] svg [data-area="berlin"]').first().waitFor({ state: 'attached', timeout: 60_000 });
    assert.equal(new URL(page.url()).search, '', 'the token is no longer in the address bar');
    assert.match((await page.getByTestId('seat').textContent()) ?? '', /You play germany/);
    assert.equal(await page.getByTestId('history-turn').textContent(), 'The opening, before turn 1');
    await shot(page, '2-game-map');

    // An area by clicking the map: Berlin, Germany's.
    await page.locator('[data-area="berlin"]').first().click();
    await page.getByRole('heading', { name: /^Berlin/ }).waitFor();
    assert.equal(await page.getByTestId('area-owner').textContent(), 'Germany (GER)');
    assert.match((await page.locator('.area-panel').textContent()) ?? '', /capital, industrial complex/);
    assert.equal(await page.locator('[data-area="berlin"].selected').count(), 1, 'the area is marked on the map');
    // And from the keyboard: the list of areas.
    await page.getByRole('combobox', { name: /^Go to area/ }).selectOption('north-sea');
    await page.getByRole('heading', { name: /^North Sea/ }).waitFor();
    assert.match((await page.locator('.area-panel').textContent()) ?? '', /Britain \(GBR\)/);
    // Where most of the German army stands in August 1914: its units by type.
    const opening = setup('august-1914');
    assert.ok(opening.ok);
    const counts = new Map<string, number>();
    for (const u of opening.value.board.units) if (u.nation === 'germany' && theWorld().territory.has(u.at)) counts.set(u.at, (counts.get(u.at) ?? 0) + 1);
    const [army] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    await page.getByRole('combobox', { name: /^Go to area/ }).selectOption(army);
    await page.getByRole('heading', { name: new RegExp(`^${theWorld().territory.get(army)!.name}`) }).waitFor();
    assert.match((await page.getByRole('rowheader', { name: 'Germany (GER)' }).locator('..').textContent()) ?? '', /\d+ Infantry/);
    await shot(page, '3-area-panel');

    // Orders: a mistake located by the browser's own check, then legal orders submitted, then ready.
    await page.getByRole('tab', { name: 'Orders' }).click();
    const editor = page.getByLabel('Orders of germany, one order a line');
    const good = legalText(record, 'germany');
    const badLine = good.split('\n').length + 1;
    await editor.fill(`${good}\nmove 2 infantry from Berln to Hanover`);
    const check = page.locator('#orders-check');
    await check.getByText(`line ${badLine}:`).waitFor();
    assert.match((await check.textContent()) ?? '', /did you mean Berlin\?/);
    await check.getByRole('button', { name: new RegExp(`^line ${badLine}:`) }).click();
    assert.equal(await editor.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd)), 'move 2 infantry from Berln to Hanover');
    await shot(page, '4-orders-error');
    await editor.fill(good);
    await check.getByText('The orders read correctly.').waitFor();

    // An order by clicking: the army's area chosen, its infantry moved to a destination clicked on the map.
    await page.getByRole('combobox', { name: /^Go to area/ }).selectOption(army);
    const fromHere = page.locator('.click-orders');
    await fromHere.getByRole('button', { name: /^Move infantry/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="map"] [data-area].target').length > 0);
    // A point of the map frame where a destination is what the pointer hits (the map is panned and clipped).
    const point = await page.evaluate(() => {
      const frame = document.querySelector('.map-frame')!.getBoundingClientRect();
      for (const target of document.querySelectorAll('[data-testid="map"] [data-area].target')) {
        const r = target.getBoundingClientRect();
        for (let i = 1; i < 10; i++)
          for (let j = 1; j < 10; j++) {
            const x = r.left + (r.width * i) / 10;
            const y = r.top + (r.height * j) / 10;
            if (x < frame.left + 5 || x > frame.right - 5 || y < frame.top + 5 || y > frame.bottom - 5) continue;
            if (document.elementFromPoint(x, y)?.closest('[data-area]') === target) return { x, y, area: target.getAttribute('data-area')! };
          }
      }
      return undefined;
    });
    assert.ok(point, 'a legal destination shows in the map frame');
    await fromHere.getByLabel(/^How many to move/).fill('2');
    await shot(page, '8-orders-by-clicking');
    await page.mouse.click(point.x, point.y);
    const added = fromHere.getByRole('status').filter({ hasText: 'Added to your orders' });
    await added.waitFor();
    const clicked = ((await added.locator('code').textContent()) ?? '').trim();
    const destination = theWorld().names.get(point.area)!;
    assert.equal(clicked, `move 2 infantry from ${theWorld().territory.get(army)!.name} to ${destination}`);
    assert.equal(await page.locator('[data-area="' + army + '"].selected').count() > 0, true, 'the army\'s area stays selected: the click gave the order');
    await page.getByRole('tab', { name: 'Orders' }).click();
    assert.equal(await editor.inputValue(), `${good.trimEnd()}\n${clicked}\n`);
    await check.getByText('The orders read correctly.').waitFor();
    await page.getByRole('button', { name: 'Submit orders' }).click();
    await page.getByTestId('submit-answer').getByText(/Accepted for step t1\.orders/).waitFor();
    // The token the claim link got is the tab's alone: kept in its session storage.
    tokens['germany'] = JSON.parse((await page.evaluate(() => sessionStorage.getItem('umpire:seat:web-game'))) ?? '{}').token;
    const mine = await api(server.url, 'GET', '/api/games/web-game/orders', { token: tokens['germany'] });
    assert.ok(mine.body.submitted, 'the server has the orders');
    assert.ok((mine.body.submitted.text as string).split('\n').includes(clicked), `the order given by clicking is among those the server accepted:\n${mine.body.submitted.text}`);
    assert.match((await page.getByTestId('submit-answer').textContent()) ?? '', new RegExp(mine.body.submitted.orderHash));
    // The box shows what the server answered: checked once the server has the seat ready.
    await page.getByRole('checkbox', { name: /Ready/ }).click();
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('.ready input')?.checked === true);
    await page.waitForFunction(async () => ((await (await fetch('/api/games/web-game')).json()) as { seats: { seat: string; ready: boolean }[] }).seats.some((s) => s.seat === 'germany' && s.ready));
    await shot(page, '5-orders-sent');

    // Britain through the API; every player is ready, so the server resolves the turn at once.
    const britain = await api(server.url, 'PUT', '/api/games/web-game/orders', { token: tokens['britain'], body: { text: legalText(record, 'britain'), step: 't1.orders', ready: true } });
    assert.equal(britain.status, 200, JSON.stringify(britain.body));
    assert.deepEqual(britain.body.resolved, ['t1.orders']);

    // Reloaded: still germany's seat (kept for the session), turn 1 resolved, turn 2 open.
    await page.reload();
    await page.getByTestId('history-turn').getByText(/^Turn 1, /).waitFor({ timeout: 60_000 });
    assert.match((await page.getByTestId('seat').textContent()) ?? '', /You play germany/);
    await page.getByRole('tab', { name: 'Open turn' }).click();
    assert.match((await page.locator('.open-turn h3').textContent()) ?? '', /^Open: Turn 2/);
    const status = (await api(server.url, 'GET', '/api/games/web-game')).body as { open: { commitment: string } };
    assert.equal(await page.getByTestId('commitment').textContent(), status.open.commitment);
    assert.equal(await page.getByRole('link', { name: 'Download the record' }).getAttribute('href'), '/api/games/web-game/record');

    // The report of turn 1: germany's own, with its orders and the events.
    await page.getByRole('tab', { name: 'Report of turn 1' }).click();
    const report = page.locator('article.report');
    await report.waitFor();
    assert.match((await report.locator('h3').textContent()) ?? '', /Turn 1.*the report of germany/);
    assert.ok((await report.locator('.events li').count()) > 0, 'the report lists the turn\'s events');
    await report.getByText('Dice proof and orders').click();
    assert.match((await report.textContent()) ?? '', /germany \(player\): receipt/);
    await shot(page, '6-report');

    // The charts: the war turn by turn, the turn shown marked.
    await page.getByRole('tab', { name: 'Charts' }).click();
    await page.getByTestId('chart-treasury').waitFor();
    assert.equal(await page.getByTestId('chart-treasury').locator('.series').first().locator('.point').count(), 2, 'the opening and turn 1');
    // Germany's treasury alone: Britain's is Britain's secret, neither drawn nor sent to this page.
    const series = page.getByTestId('chart-treasury').locator('.series');
    const lines = await series.evaluateAll((els) => els.map((e) => e.getAttribute('data-series')));
    assert.deepEqual(lines, ['Germany']);
    assert.doesNotMatch((await page.getByTestId('chart-treasury').textContent()) ?? '', /Britain/);
    await page.getByTestId('chart-note').waitFor();
    const seen = await Promise.all(received.map(async (r) => ({ url: r.url, body: await r.body })));
    const asked = (path: RegExp) => seen.some((r) => path.test(r.url));
    assert.ok(asked(/\/record$/) && asked(/\/view(\?|$)/) && asked(/\/views$/), seen.map((r) => r.url).join(', '));
    for (const { url, body } of seen) {
      const text = JSON.stringify(body);
      assert.doesNotMatch(text, /"visibleTo":\["britain"\]/, `${url}: no event for Britain alone`);
      type View = { state?: State; turns?: { state: State }[] };
      type State = { nations: { id: string; treasury: number | null }[] };
      const states = [(body as View).state, ...((body as View).turns ?? []).map((t) => t.state)].filter((s): s is State => !!s);
      for (const state of states) {
        assert.equal(state.nations.find((n) => n.id === 'britain')!.treasury, null, `${url}: Britain's treasury is withheld`);
        assert.equal(typeof state.nations.find((n) => n.id === 'germany')!.treasury, 'number', `${url}: Germany's own treasury is there`);
      }
    }
    assert.equal(await page.getByTestId('chart-us-entry-current').count(), 1);
    assert.match((await page.getByTestId('chart-losses').locator('.legend').textContent()) ?? '', /Allies/);
    await shot(page, '9-charts');

    // Back through the history to the opening map, and forward again with the keyboard.
    await page.getByRole('button', { name: '◀ Previous turn' }).click();
    await page.getByTestId('history-turn').getByText('The opening, before turn 1').waitFor();
    // The map is drawn from the server's view of the opening, which arrives after the label moves: wait for it.
    await page.locator('[data-testid="map"] svg text', { hasText: 'The opening, before turn 1' }).first().waitFor();
    assert.match((await page.locator('[data-testid="map"] svg text').first().textContent()) ?? '', /The opening, before turn 1/);
    await page.locator('[data-area="berlin"]').first().click();
    await page.getByRole('heading', { name: /^Berlin/ }).waitFor();
    assert.equal(await page.getByTestId('area-owner').textContent(), 'Germany (GER)');
    // Germany's lands hatched: ownership by a pattern as well as by colour.
    await page.getByRole('combobox', { name: /^Hatch the lands of/ }).selectOption('germany');
    assert.ok((await page.locator('[data-testid="map"] .owner-mark').count()) >= 10, 'the German lands are hatched');
    await shot(page, '7-history-opening');
    await page.getByRole('slider', { name: 'Turn' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByTestId('history-turn').getByText(/^Turn 1, /).waitFor();
    // Turn 1 phase by phase: the map after the first phase, then a later one, back to the end of the turn.
    const phase = page.getByTestId('phase');
    const names = await phase.locator('option').allTextContents();
    assert.ok(names.length > 10, `the turn's phases are listed: ${names.join(', ')}`);
    const after = (i: number) => `, after ${names[i]!.replace(/^after \d+\. /, '')}`;
    await phase.selectOption({ index: 1 });
    await page.locator('[data-testid="map"] svg text').first().getByText(after(1), { exact: false }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Phase ▶' }).click();
    await page.locator('[data-testid="map"] svg text').first().getByText(after(2), { exact: false }).waitFor();
    await shot(page, '10-phase-by-phase');
    await phase.selectOption({ index: 0 });
    assert.doesNotMatch((await page.locator('[data-testid="map"] svg text').first().textContent()) ?? '', /, after /);

    // A visitor (another browser, no seat link): the same game, the public report, no orders.
    const visitor = await (await browser.newContext({ viewport: { width: 1500, height: 950 } })).newPage();
    visitor.on('pageerror', (e) => errors.push(e.message));
    await visitor.goto(`${server.url}/games/web-game`);
    await visitor.getByTestId('history-turn').getByText(/^Turn 1, /).waitFor({ timeout: 60_000 });
    assert.equal(await visitor.getByTestId('seat').count(), 0);
    assert.equal(await visitor.getByRole('tab', { name: 'Orders' }).count(), 0);
    await visitor.getByRole('tab', { name: 'Report of turn 1' }).click();
    assert.match((await visitor.locator('article.report h3').textContent()) ?? '', /the public report/);
    // A visitor sees no nation's treasury.
    await visitor.getByRole('tab', { name: 'Charts' }).click();
    await visitor.getByTestId('chart-note').getByText(/No treasury or production is shown/).waitFor();
    assert.equal(await visitor.getByTestId('chart-treasury').count(), 0);
    assert.deepEqual(errors, [], 'no errors in the page');
  } catch (e) {
    for (const p of browser.contexts().flatMap((c) => c.pages())) await p.screenshot({ path: join(shots, 'failure.png') }).catch(() => undefined);
    throw e;
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
