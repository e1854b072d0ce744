import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { chromium, type Page } from 'playwright-core';
import { startServer, webClientDir } from '@umpire/server';
import { api, chromiumArgs, chromiumPath, goTo, pointOf, shots, text } from './hex-page.js';

/**
 * The web client on a hex-and-counter game (vernian, 20,000 Leagues under the Trenches), end to end in Debian's
 * Chromium against a real server: the German player opens his seat link on Operational Turn 1; reads a hex by
 * pointing at it and by clicking it; clicks a stack and sees its reachable hexes and the enemy zones of control;
 * moves two divisions by clicking a hex; plans an attack on Liège with them and reads the odds column and the
 * chance of every result; plans a bombard in England and reads the chance of each number of hits; reads the Turn
 * Record Track; submits. The Allies answer through the API; the turn resolves, and the player steps through the
 * phases of both player-turns. Each screen is saved in .umpire/screenshots/ (hex-*.png) for a person to look at.
 */

const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `hex-${name}.png`) });

test(
  'a hex game in Chromium: hexes read by pointing and clicking, a stack moved by clicking (its reach and the enemy zones shown), ' +
    'an attack and a bombard planned with their odds, the turn stepped through both player-turns',
  { timeout: 300_000 },
  async () => {
    const client = webClientDir();
    assert.ok(client, 'the web client is not built (packages/web/dist/client): run `npm run build` first');
    mkdirSync(shots, { recursive: true });
    const dataDir = mkdtempSync(join(tmpdir(), 'umpire-hex-e2e-'));
    const hostingKey = 'hex-e2e-hosting-key-9b2e';
    const server = await startServer({
      port: 0,
      dataDir,
      demo: false,
      log: () => undefined,
      tickSeconds: 3600,
      http: { hostingKeys: [hostingKey] },
    });
    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: chromiumArgs,
    });
    const errors: string[] = [];
    try {
      const hosted = await api(server.url, 'POST', '/api/games', {
        token: hostingKey,
        body: {
          id: 'hex-game',
          title: 'Under the Trenches',
          ruleset: 'vernian',
          seats: [{ seat: 'germany' }, { seat: 'allies' }],
          deadlineHours: 48,
        },
      });
      assert.equal(hosted.status, 201, JSON.stringify(hosted.body));
      const claimOf = (seat: string) => {
        const link = new URL((hosted.body.seats as { seat: string; claimUrl: string }[]).find((s) => s.seat === seat)!.claimUrl);
        return `${server.url}${link.pathname}${link.search}`;
      };
      const claim = async (seat: string) =>
        (
          await api(server.url, 'POST', `/api/games/hex-game/seats/${seat}/claim`, {
            body: { code: new URL(claimOf(seat)).searchParams.get('claim') },
          })
        ).body.token as string;
      const allies = await claim('allies');
      const germany = await claim('germany');
      // The set-up as printed: both sides ready with no set-up orders; the Strategic phases run by themselves.
      for (const [seat, token] of [
        ['allies', allies],
        ['germany', germany],
      ] as const) {
        const r = await api(server.url, 'PUT', '/api/games/hex-game/orders', { token, body: { text: '', step: 't1.setup', ready: true } });
        assert.equal(r.status, 200, `${seat}: ${JSON.stringify(r.body)}`);
      }
      const status = await api(server.url, 'GET', '/api/games/hex-game');
      assert.equal(status.body.open.step, 't1.german');

      const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
      page.on('pageerror', (e) => errors.push(e.stack ?? e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      // Germany's player: his seat's page, the token given as the invitation's seat link gives it.
      await page.goto(`${server.url}/games/hex-game?seat=germany&token=${germany}`);
      await page.locator('[data-testid="map"] svg [data-area="W8707"]').waitFor({ state: 'attached', timeout: 60_000 });
      assert.match(await text(page.getByTestId('seat')), /You play germany/);
      const counters = await page.locator('[data-testid="map"] svg [data-at] > .counter').count();
      assert.ok(counters > 50, 'the counters are drawn, each on its hex');
      await shot(page, '1-west-front');

      // A hex read by pointing at it: its id, terrain, holder and the units with their factors, steps and supply.
      await goTo(page, 'W8707');
      await page.getByRole('button', { name: 'Fit' }).click();
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await goTo(page, 'W8707');
      const aachen = await pointOf(page, 'W8707');
      await page.mouse.move(aachen.x, aachen.y);
      const hover = page.getByTestId('map-hover');
      await hover.getByText(/^W8707 Aachen: clear, Germany, city, held by the Germans/).waitFor();
      assert.match(await text(hover), /German 13th Infantry Division \(de-13\): 4-4, 2 of 2 steps, in attack supply/);
      await shot(page, '2-hex-by-pointing');

      // The same hex clicked: its panel, and the orders that start there.
      await page.mouse.click(aachen.x, aachen.y);
      const panel = page.locator('.area-panel');
      await panel.getByRole('heading', { name: /^W8707 Aachen/ }).waitFor();
      assert.equal(await text(page.getByTestId('area-owner')), 'the Germans');
      assert.match(await text(panel), /German 2nd Army \(Bülow\) \(de-a2\): 2-2 HQ/);
      assert.match(await text(panel), /Zeppelin/);
      const orders = page.locator('.plan-orders');
      assert.match(await text(orders.getByTestId('own-units')), /German 13th Infantry Division \(de-13\)/);

      // The stack clicked for a move: its reachable hexes outlined, the enemy zones of control cross-hatched.
      await orders.getByRole('button', { name: 'Move from W8707 Aachen' }).click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="map"] [data-area].target').length > 10);
      assert.ok((await page.locator('[data-testid="map"] .shade-mark').count()) > 100, 'the enemy zones of control are shaded');
      assert.match(await text(page.getByTestId('map-shades')), /enemy zones of control/);
      // Two divisions of the three: the HQ and the third unticked.
      await orders.getByRole('checkbox', { name: /de-19/ }).uncheck();
      await orders.getByRole('checkbox', { name: /de-a2/ }).uncheck();
      const reach = await page
        .locator('[data-testid="map"] [data-area].target')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-area')));
      assert.ok(reach.includes('W8608'), `W8608, next to Liège, is in reach: ${reach.join(' ')}`);
      assert.ok(!reach.includes('W8508'), 'Liège itself, an enemy fortress, is not');
      await shot(page, '3-stack-reach-and-zones');
      const dest = await pointOf(page, 'W8608');
      await page.mouse.click(dest.x, dest.y);
      const preview = orders.getByTestId('plan-preview');
      await preview.getByText(/German 13th Infantry Division: 2 hexes/).waitFor();
      assert.match(await text(preview), /W8608 is in an enemy zone of control: the move ends there/);
      assert.equal(await text(orders.getByTestId('plan-line')), 'move de-13, de-14 to W8608');
      assert.equal(await page.locator('[data-testid="map"] .picked-outline').count(), 2, 'the hex picked is outlined in blue');
      await shot(page, '4-move-planned');
      await orders.getByRole('button', { name: 'Add to orders' }).click();
      await orders.getByRole('status').getByText('Added to your orders').waitFor();
      assert.deepEqual(await orders.getByRole('list', { name: 'Your orders so far' }).locator('code').allTextContents(), [
        'move de-13, de-14 to W8608',
      ]);

      // An attack on Liège with the two divisions, as they stand after the move: the odds column and every result.
      await goTo(page, 'W8508');
      await orders.getByRole('button', { name: 'Attack W8508 Liège' }).click();
      const odds = orders.getByTestId('plan-odds');
      await odds.waitFor();
      assert.match(await text(preview), /Against the fortress\./);
      assert.match(await text(preview), /Strength 8 to 2: 4-1; shifts: .*; the column read: 1-1\./);
      const rows = await odds.locator('tbody tr').allTextContents();
      assert.ok(rows.length >= 2, rows.join(' | '));
      const sixths = (await odds.locator('tbody tr td:nth-child(3)').allTextContents()).map((c) => Number(/^(\d+)\/6/.exec(c)?.[1]));
      assert.equal(
        sixths.reduce((a, b) => a + b, 0),
        6,
        'the chances of the results add up to the six faces of the die',
      );
      // One division unticked: the odds change before anything is given.
      await orders.getByRole('checkbox', { name: /de-14/ }).uncheck();
      await preview.getByText(/Strength 4 to 2: 2-1/).waitFor();
      await orders.getByRole('checkbox', { name: /de-14/ }).check();
      await preview.getByText(/Strength 8 to 2: 4-1/).waitFor();
      await shot(page, '5-attack-odds');
      await orders.getByRole('button', { name: 'Add to orders' }).click();
      await orders.getByRole('status').getByText('attack W8508 with de-13, de-14 advance all').waitFor();

      // England: a bombard of Hastings by the Marine Corps' guns, with the chance of each number of hits.
      await page.getByRole('combobox', { name: /^Sheet/ }).selectOption('england');
      await page.locator('[data-testid="map"] svg [data-area="B1315"]').waitFor({ state: 'attached' });
      await goTo(page, 'B1315');
      const bombard = orders.getByRole('button', { name: 'Bombard B1315 Hastings' });
      await bombard.click();
      await orders.getByTestId('plan-odds').getByText('Hits and their chances').waitFor();
      assert.match(await text(preview), /German Marine Corps \(Schröder\)/);
      assert.match(await text(preview), /Expected hits: \d\.\d\d/);
      await shot(page, '6-bombard-odds');
      await orders.getByRole('button', { name: 'Add to orders' }).click();
      await orders
        .getByRole('status')
        .getByText(/^✔ Added to your orders: bombard B1315 with de-mk/)
        .waitFor();

      // The tracks off the map: the Turn Record Track with what arrives when, the tunnel's stacks, the Storm markers.
      await page.getByRole('tab', { name: 'Tracks' }).click();
      const tracks = page.getByTestId('tracks');
      await tracks.getByRole('heading', { name: 'Turn Record Track' }).waitFor();
      assert.match(await text(tracks.getByRole('row', { name: /^A ◀ now: Operational Turn 1/ })), /1–3, from the week of 4 May 1914/);
      assert.match(await text(tracks.getByRole('row', { name: /^B / })), /the tunnel's stack of 6 German units/);
      assert.match(await text(tracks), /The tunnel is open: German infantry holds B1613 Dover\./);
      assert.match(await text(tracks), /Storm markers/);
      await shot(page, '7-tracks');

      // The orders as the editor holds them: read without a problem, submitted, ready.
      await page.getByRole('tab', { name: 'Orders' }).click();
      const editor = page.getByLabel('Orders of germany, one order a line');
      assert.equal(
        await editor.inputValue(),
        'move de-13, de-14 to W8608\nattack W8508 with de-13, de-14 advance all\nbombard B1315 with de-mk\n',
      );
      await page.locator('#orders-check').getByText('The orders read correctly.').waitFor();
      await page.getByRole('button', { name: 'Submit orders' }).click();
      await page
        .getByTestId('submit-answer')
        .getByText(/Accepted for step t1\.german/)
        .waitFor();
      await page.getByRole('checkbox', { name: /Ready/ }).click();
      // Germany was the last to be ready: the German player-turn resolves and the Allied one opens.
      await page
        .getByTestId('turn-note')
        .getByText(/t1\.german resolved/)
        .waitFor({ timeout: 60_000 });
      await shot(page, '8-orders-sent');

      // The Allies send nothing and say ready through the API: the turn is over.
      const ready = await api(server.url, 'PUT', '/api/games/hex-game/orders', {
        token: allies,
        body: { text: '', step: 't1.allied', ready: true },
      });
      assert.equal(ready.status, 200, JSON.stringify(ready.body));
      assert.deepEqual(ready.body.resolved, ['t1.allied']);

      // The page follows; turn 1 step by step, through both player-turns.
      await page.getByRole('tab', { name: 'Open turn' }).click();
      await page
        .locator('.open-turn h3')
        .getByText(/t2\.german|Operational Turn 2/)
        .waitFor({ timeout: 60_000 });
      await page.getByRole('combobox', { name: /^Sheet/ }).selectOption('west');
      const phase = page.getByTestId('phase');
      await phase.waitFor();
      const groups = await phase.locator('optgroup').evaluateAll((els) => els.map((e) => e.getAttribute('label')));
      assert.deepEqual(groups, ['Setup (t1.setup)', 'Strategic (t1.strategic)', 'German (t1.german)', 'Allied (t1.allied)']);
      const names = await phase.locator('option').allTextContents();
      const movement = names.findIndex((n) => / german movement$/.test(n)) - 1;
      await phase.selectOption({ index: movement + 1 });
      const title = page.locator('[data-testid="map"] svg text').first();
      await title.getByText(', after german movement', { exact: false }).waitFor({ timeout: 60_000 });
      assert.equal(await text(page.getByTestId('phase-step')), `German (t1.german), phase ${movement + 1} of ${names.length - 1}`);
      // After the German movement, the two divisions stand next to Liège.
      await goTo(page, 'W8608');
      assert.match(await text(panel), /de-13[\s\S]*de-14/);
      await shot(page, '9-history-german-movement');
      // On to the Allied player-turn, phase by phase.
      const allied = names.findIndex((n) => / allied new units$/.test(n)) - 1;
      while (Number(await phase.inputValue()) < allied) await page.getByRole('button', { name: 'Phase ▶' }).click();
      await title.getByText(', after allied new units', { exact: false }).waitFor({ timeout: 60_000 });
      assert.match(await text(page.getByTestId('phase-step')), /^Allied \(t1\.allied\)/);
      await page.getByRole('tab', { name: 'Report of turn 1' }).click();
      const report = page.locator('article.report');
      await report.waitFor();
      assert.match(await text(report), /Combat on W8508 Liège/);
      await shot(page, '10-history-allied-turn');
      assert.deepEqual(errors, [], 'no errors in the page');
    } catch (e) {
      if (errors.length) console.error(`errors in the page:\n${errors.join('\n')}`);
      for (const p of browser.contexts().flatMap((c) => c.pages()))
        await p.screenshot({ path: join(shots, 'hex-failure.png') }).catch(() => undefined);
      throw e;
    } finally {
      await browser.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
