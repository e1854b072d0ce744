import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { chromium, type Locator, type Page } from 'playwright-core';
import { startServer, webClientDir } from '@umpire/server';
import { api, chromiumArgs, chromiumPath, goTo, pointOf, shots, text } from './hex-page.js';

/**
 * The air orders of a hex-and-counter game (vernian's Zeppelins and Ether Flyers) given in Debian's Chromium against
 * a real server, by clicking only. Six Operational Turns pass with no orders, so that the Allies' first CS-type flyers
 * are in their Available Units box (Strategic Turn C, which also turns zep-1 to its 0-3-6 side). On Operational
 * Turn 7 the German player clicks Aachen: a Zeppelin changes base to a hex clicked among the bases outlined, two
 * others sortie to a hex clicked; he submits. The Allied player clicks Paris: places a CS type from the box, sends it
 * to interdict a hex clicked, sends the French fighter to escort it by clicking the interdiction's hex, and gives the
 * standing order of the fighters that intercept in the German turn; he submits. The orders the server holds are
 * those the clicks made, and the turn resolves. Each screen is saved in .umpire/screenshots/ (hex-air-*.png) for a
 * person to look at.
 */

const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `hex-air-${name}.png`) });

/** The hexes outlined on the map as places to click. */
const outlined = (page: Page) =>
  page.locator('[data-testid="map"] [data-area].target').evaluateAll((els) => els.map((e) => e.getAttribute('data-area')!));

/** Click a hex on the map. */
async function clickHex(page: Page, hex: string) {
  const p = await pointOf(page, hex);
  await page.mouse.click(p.x, p.y);
}

/** Add the order planned and wait for the panel to say so. */
async function add(orders: Locator, line: RegExp) {
  await orders.getByRole('button', { name: 'Add to orders' }).click();
  await orders.getByRole('status').getByText(line).waitFor();
}

test(
  'air orders by clicking in Chromium: a Zeppelin rebased and two sortied, a CS type placed and sent to interdict with an ' +
    'escort, the fighters’ standing order to intercept; the orders the server holds are the clicked ones',
  { timeout: 600_000 },
  async () => {
    assert.ok(webClientDir(), 'the web client is not built (packages/web/dist/client): run `npm run build` first');
    mkdirSync(shots, { recursive: true });
    const dataDir = mkdtempSync(join(tmpdir(), 'umpire-hex-air-e2e-'));
    const hostingKey = 'hex-air-e2e-hosting-key-4c1d';
    const server = await startServer({
      port: 0,
      dataDir,
      demo: false,
      log: () => undefined,
      tickSeconds: 3600,
      http: { hostingKeys: [hostingKey] },
    });
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
    const errors: string[] = [];
    try {
      const hosted = await api(server.url, 'POST', '/api/games', {
        token: hostingKey,
        body: { id: 'air-game', title: 'Zeppelins over Aachen', ruleset: 'vernian', seats: [{ seat: 'germany' }, { seat: 'allies' }] },
      });
      assert.equal(hosted.status, 201, JSON.stringify(hosted.body));
      const claim = async (seat: string) => {
        const link = new URL((hosted.body.seats as { seat: string; claimUrl: string }[]).find((s) => s.seat === seat)!.claimUrl);
        const code = link.searchParams.get('claim');
        const r = await api(server.url, 'POST', `/api/games/air-game/seats/${seat}/claim`, { body: { code } });
        return r.body.token as string;
      };
      const allies = await claim('allies');
      const germany = await claim('germany');
      const ready = async (token: string, step: string) => {
        const r = await api(server.url, 'PUT', '/api/games/air-game/orders', { token, body: { text: '', step, ready: true } });
        assert.equal(r.status, 200, `${step}: ${JSON.stringify(r.body)}`);
      };
      // The set-up as printed, then six Operational Turns with no orders: Strategic Turn C brings the first CS types.
      await ready(allies, 't1.setup');
      await ready(germany, 't1.setup');
      for (let turn = 1; turn <= 6; turn++) {
        await ready(germany, `t${turn}.german`);
        await ready(allies, `t${turn}.allied`);
      }
      assert.equal((await api(server.url, 'GET', '/api/games/air-game')).body.open.step, 't7.german');

      const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
      page.on('pageerror', (e) => errors.push(e.stack ?? e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      const orders = page.locator('.plan-orders');
      const preview = orders.getByTestId('plan-preview');
      const line = orders.getByTestId('plan-line');

      // The German player clicks Aachen: its Zeppelins and the air orders they may be given.
      await page.goto(`${server.url}/games/air-game?seat=germany&token=${germany}`);
      await page.locator('[data-testid="map"] svg [data-area="W8707"]').waitFor({ state: 'attached', timeout: 60_000 });
      await goTo(page, 'W8707');
      await page.getByRole('button', { name: 'Fit' }).click();
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await goTo(page, 'W8707');
      await clickHex(page, 'W8707');
      assert.match(await text(orders.getByTestId('own-units')), /Zeppelin 0-3-\d \(zep-1\), Zeppelin 0-3-3 \(zep-2\)/);

      // A change of base: zep-1 ticked, the bases in reach outlined (never Liège, an Allied fortress), one clicked.
      await orders.getByRole('button', { name: 'Change base from W8707 Aachen' }).click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="map"] [data-area].target').length > 10);
      const bases = await outlined(page);
      assert.ok(bases.includes('W8806') && !bases.includes('W8508'), bases.join(' '));
      assert.equal(await orders.getByRole('checkbox', { name: /zep-1/ }).isChecked(), true);
      assert.equal(await orders.getByRole('checkbox', { name: /zep-2/ }).isChecked(), false);
      await clickHex(page, 'W8806');
      await preview.getByText(/Zeppelin 0-3-6 \(zep-1\): \d hexe?s? of the 6 it flies \(VV-ZEP-16\)/).waitFor();
      assert.match(await text(line), /^rebase zep-1 to W8806/);
      await shot(page, '1-rebase-bases');
      await add(orders, /Added to your orders: rebase zep-1 to W8806/);

      // A Sortie of two Zeppelins to a hex next to Liège: one line each.
      await orders.getByRole('button', { name: 'Sortie from W8707 Aachen' }).click();
      await orders.getByRole('checkbox', { name: /zep-3/ }).check();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="map"] [data-area].target').length > 10);
      const sortie = await outlined(page);
      assert.ok(sortie.includes('W8608'), sortie.join(' '));
      await clickHex(page, 'W8608');
      await preview.getByText(/It stays in W8608 until it next moves \(VV-ZEP-31\)/).waitFor();
      assert.equal(await text(line), 'sortie zep-2 to W8608\nsortie zep-3 to W8608');
      await shot(page, '2-sortie');
      await add(orders, /Added to your orders: sortie zep-2 to W8608/);

      await page.getByRole('tab', { name: 'Orders' }).click();
      const germanText = await page.getByLabel('Orders of germany, one order a line').inputValue();
      assert.match(germanText, /^rebase zep-1 to W8806.*\nsortie zep-2 to W8608\nsortie zep-3 to W8608\n$/);
      await page.locator('#orders-check').getByText('The orders read correctly.').waitFor();
      await page.getByRole('button', { name: 'Submit orders' }).click();
      await page.getByTestId('submit-answer').getByText(/Accepted for step t7\.german/).waitFor();
      const held = await api(server.url, 'GET', '/api/games/air-game/orders', { token: germany });
      assert.deepEqual(held.body.submitted.orders.orders, [
        { kind: 'rebase', piece: 'zep-1', to: 'W8806' },
        { kind: 'sortie', zeppelin: 'zep-2', to: 'W8608' },
        { kind: 'sortie', zeppelin: 'zep-3', to: 'W8608' },
      ]);
      await page.getByRole('checkbox', { name: /Ready/ }).click();
      await page.getByTestId('turn-note').getByText(/t7\.german resolved/).waitFor({ timeout: 60_000 });

      // The Allied player clicks Paris: a CS type placed from the box, then its interdiction, escort and the interceptors.
      await page.goto(`${server.url}/games/air-game?seat=allies&token=${allies}`);
      await page.locator('[data-testid="map"] svg [data-area="W6923"]').waitFor({ state: 'attached', timeout: 60_000 });
      await goTo(page, 'W6923');
      await page.getByRole('button', { name: 'Fit' }).click();
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await goTo(page, 'W6923');
      await clickHex(page, 'W6923');
      await orders.getByRole('button', { name: 'Place in W6923 Paris from the Available Units box' }).click();
      for (const box of await orders.getByRole('group', { name: 'Units' }).getByRole('checkbox').all()) await box.uncheck();
      await orders.getByRole('checkbox', { name: /CS-type Ether Flyer \(fl-al-7\)/ }).check();
      assert.equal(await text(line), 'place fl-al-7 at W6923 Paris');
      await add(orders, /Added to your orders: place fl-al-7 at W6923 Paris/);

      await orders.getByRole('button', { name: 'Interdict from W6923 Paris' }).click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="map"] [data-area].target').length > 20);
      const interdict = await outlined(page);
      assert.ok(interdict.includes('W7123'), interdict.join(' '));
      assert.match(await text(page.getByTestId('map-shades')), /German ground units/);
      await clickHex(page, 'W7123');
      await preview.getByText(/interdicts lightly: no German supply traced from, into or through it \(VV-ETH-24, VV-ETH-25\)/).waitFor();
      assert.equal(await text(line), 'interdict fl-al-7 at W7123');
      await shot(page, '3-interdict');
      await add(orders, /Added to your orders: interdict fl-al-7 at W7123/);

      await orders.getByRole('button', { name: 'Escort from W6923 Paris' }).click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="map"] [data-area].target').length === 1);
      assert.deepEqual(await outlined(page), ['W7123']);
      await clickHex(page, 'W7123');
      await preview.getByText(/They escort Allied CS-type Ether Flyer \(fl-al-7\), interdicting W7123 \(VV-ETH-20\)/).waitFor();
      assert.equal(await text(line), 'escort fl-fr-1 with fl-al-7');
      await shot(page, '4-escort');
      await add(orders, /Added to your orders: escort fl-fr-1 with fl-al-7/);

      await orders.getByRole('button', { name: 'Intercept in the enemy turn (standing order)' }).click();
      assert.equal(await orders.getByRole('checkbox', { name: /fl-fr-1/ }).isChecked(), true);
      await orders.getByRole('checkbox', { name: /fl-gb-1/ }).check();
      assert.equal(await text(line), 'intercept with fl-fr-1, fl-gb-1');
      await shot(page, '5-intercept');
      await add(orders, /Added to your orders: intercept with fl-fr-1, fl-gb-1/);

      await page.getByRole('tab', { name: 'Orders' }).click();
      assert.equal(
        await page.getByLabel('Orders of allies, one order a line').inputValue(),
        'place fl-al-7 at W6923 Paris\ninterdict fl-al-7 at W7123\nescort fl-fr-1 with fl-al-7\nintercept with fl-fr-1, fl-gb-1\n',
      );
      await page.locator('#orders-check').getByText('The orders read correctly.').waitFor();
      await page.getByRole('button', { name: 'Submit orders' }).click();
      await page.getByTestId('submit-answer').getByText(/Accepted for step t7\.allied/).waitFor();
      const alliedHeld = await api(server.url, 'GET', '/api/games/air-game/orders', { token: allies });
      assert.deepEqual(alliedHeld.body.submitted.orders.orders, [
        { kind: 'place', unit: 'fl-al-7', hex: 'W6923' },
        { kind: 'interdict', flyers: ['fl-al-7'], hex: 'W7123' },
        { kind: 'escort', flyers: ['fl-fr-1'], with: 'fl-al-7' },
        { kind: 'intercept', flyers: ['fl-fr-1', 'fl-gb-1'] },
      ]);
      await shot(page, '6-orders-sent');
      await page.getByRole('checkbox', { name: /Ready/ }).click();
      await page.getByTestId('turn-note').getByText(/t7\.allied resolved/).waitFor({ timeout: 60_000 });
      // The turn's report tells the flights the clicks ordered.
      const report = await fetch(`${server.url}/api/games/air-game/reports/7?format=text`, {
        headers: { authorization: `Bearer ${allies}` },
      });
      assert.equal(report.status, 200);
      const said = await report.text();
      assert.match(said, /W8806/);
      assert.match(said, /W7123/);
      assert.deepEqual(errors, [], 'no errors in the page');
    } catch (e) {
      if (errors.length) console.error(`errors in the page:\n${errors.join('\n')}`);
      for (const p of browser.contexts().flatMap((c) => c.pages()))
        await p.screenshot({ path: join(shots, 'hex-air-failure.png') }).catch(() => undefined);
      throw e;
    } finally {
      await browser.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
