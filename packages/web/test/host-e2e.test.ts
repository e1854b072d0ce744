import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { awaiting, loadGame, type GameRecord } from '@umpire/engine';
import { rulesets } from '@umpire/rulesets';
import { startServer, tokenHash, webClientDir, type RunningServer } from '@umpire/server';
import { chromiumArgs, chromiumPath, shots } from './hex-page.js';

/**
 * Hosting from the browser alone, in Debian's Chromium against a real server with its embedded database: a host
 * opens the host page with a hosting key, creates a game (a double click makes one), passes a seat link to a player in
 * another browser, watches the player join and send orders and the turn resolve; a visitor takes a seat from the
 * lobby; the host hands an open seat to a bot and the turn resolves at once; a tab on a seat link the host gave away
 * offers the visitor's view and forgets the link; the host ends and deletes a game. Screenshots: .umpire/screenshots/host-*.png.
 */

const HOSTING_KEY = 'web-host-hosting-key-5b7d21';


let server: RunningServer;
let browser: Browser;
let dataDir: string;

before(async () => {
  assert.ok(webClientDir(), 'the web client is not built (packages/web/dist/client): run `npm run build` first');
  mkdirSync(shots, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), 'umpire-web-host-'));
  server = await startServer({
    port: 0,
    dataDir,
    demo: false,
    log: () => undefined,
    tickSeconds: 3600,
    http: { hostingKeys: [HOSTING_KEY] },
  });
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: chromiumArgs,
  });
});

after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function api(method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any };
}

/** Orders a player could send for a seat in the step the published record leaves open: the ruleset's first legal action. */
async function ordersFor(gameId: string, seat: string): Promise<string> {
  const record = (await api('GET', `/api/games/${gameId}/record`)).body as GameRecord;
  const ruleset = rulesets[record.header.ruleset.id]!;
  const game = loadGame(ruleset, record);
  assert.ok(game.ok);
  const now = awaiting(ruleset, game.value);
  assert.ok(now.kind !== 'over');
  const ctx = { state: game.value.position.state, seat, step: now.step };
  const actions = ruleset.legalActions(ruleset.emptyOrders(ctx), ctx);
  return actions.length ? ruleset.formatOrders(actions[0]!.next, ctx) : '# no orders';
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
/** A link the server wrote with its public address, on the address the test's server listens at. */
const onServer = (link: string) => {
  const u = new URL(link);
  return `${server.url}${u.pathname}${u.search}`;
};

async function pageOf(context: BrowserContext, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return page;
}

async function closing<T>(contexts: BrowserContext[], name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    for (const [c, context] of contexts.entries()) {
      for (const [i, p] of context.pages().entries())
        await p.screenshot({ path: join(shots, `failure-${name}-${c}-${i}.png`) }).catch(() => undefined);
    }
    throw e;
  } finally {
    for (const context of contexts) await context.close();
  }
}

async function openHostPage(page: Page, path = '/host'): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.getByLabel('Hosting key', { exact: false }).first().fill(HOSTING_KEY);
  await page.getByRole('button', { name: 'Open the host page' }).click();
}

test(
  'a host creates a vernian game with one bot seat in the browser (a double click makes one game), passes the seat link on, ' +
    'and watches the player join, send orders and the turn resolve',
  { timeout: 300_000 },
  async () => {
    const hostContext = await browser.newContext({ viewport: { width: 1300, height: 900 } });
    const playerContext = await browser.newContext({ viewport: { width: 1300, height: 900 } });
    const errors: string[] = [];
    await closing([hostContext, playerContext], 'host-create', async () => {
      const hostPage = await pageOf(hostContext, errors);
      await openHostPage(hostPage);
      await hostPage.getByText('You host no games yet.').waitFor();
      await hostPage.getByTestId('no-mail').waitFor();
      await hostPage.getByLabel('Ruleset').selectOption('vernian');
      await hostPage.getByLabel('Title').fill('Friends under the Trenches');
      // The first seat by a link to pass on, the other to the ruleset's bot.
      assert.equal(await hostPage.getByLabel('Who plays germany').inputValue(), 'link');
      assert.equal(await hostPage.getByLabel('Who plays allies').inputValue(), 'bot');
      await shot(hostPage, 'host-1-new-game');
      await hostPage.getByRole('button', { name: 'Create the game' }).dblclick();
      await hostPage.getByRole('heading', { name: /is hosted/ }).waitFor();
      const games = await server.host.sql.query<{ game_id: string }>('SELECT game_id FROM game_settings WHERE hosting_key_hash = $1', [
        tokenHash(HOSTING_KEY),
      ]);
      assert.equal(games.length, 1, 'the double click made one game');
      const gameId = games[0]!.game_id;
      const link = await hostPage.getByLabel('Seat link for germany').inputValue();
      assert.match(link, /\?seat=germany&claim=/);
      assert.doesNotMatch(link, /token=/, 'the link the host passes on holds no seat token');
      await shot(hostPage, 'host-2-created');

      // The player opens the link in another browser: the seat is theirs.
      const playerPage = await pageOf(playerContext, errors);
      await playerPage.goto(onServer(link));
      const editor = playerPage.getByLabel('Orders of germany, one order a line');
      await editor.waitFor({ timeout: 90_000 });
      await editor.fill(await ordersFor(gameId, 'germany'));
      await playerPage.getByRole('button', { name: 'Submit orders' }).click();
      await playerPage
        .getByTestId('submit-answer')
        .getByText(/Accepted for step/)
        .waitFor({ timeout: 60_000 });

      // The host sees the player joined and sent orders.
      await hostPage.getByRole('link', { name: 'Manage the game' }).click();
      const germanyRow = hostPage.getByTestId('host-seats').locator('tr[data-seat="germany"]');
      await germanyRow.getByText('a player (joined by link or from the lobby)').waitFor({ timeout: 30_000 });
      assert.deepEqual(
        await germanyRow
          .locator('td')
          .allTextContents()
          .then((t) => t.slice(1, 3)),
        ['yes', 'no'],
      );
      assert.match((await hostPage.getByTestId('host-seats').locator('tr[data-seat="allies"]').textContent()) ?? '', /the default bot/);
      await shot(hostPage, 'host-3-joined');

      // Ready: the turn resolves, and the host page shows what the server did.
      await playerPage.getByRole('checkbox', { name: /Ready/ }).click();
      await hostPage
        .getByTestId('resolutions')
        .getByText(/every player was ready/)
        .first()
        .waitFor({ timeout: 60_000 });
      assert.match((await hostPage.getByTestId('host-state').textContent()) ?? '', /German player-turn|t1\.german/);
      await shot(hostPage, 'host-4-resolved');
      assert.deepEqual(errors, []);
    });
  },
);

test(
  'the lobby, a seat handed to a bot that resolves the turn at once, a stale seat link, and a game ended and deleted (the Great War)',
  { timeout: 400_000 },
  async () => {
    const created = await api('POST', '/api/games', {
      token: HOSTING_KEY,
      body: {
        id: 'lobby-war',
        title: 'The lobby war',
        ruleset: 'great-war',
        seats: [{ seat: 'germany' }, { seat: 'britain', lobby: true }],
        deadlineHours: 48,
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const germanyLink = onServer(
      (created.body.seats as { seat: string; claimUrl?: string }[]).find((s) => s.seat === 'germany')!.claimUrl!,
    );
    const hostContext = await browser.newContext({ viewport: { width: 1300, height: 900 } });
    const visitorContext = await browser.newContext({ viewport: { width: 1300, height: 900 } });
    const germanyContext = await browser.newContext({ viewport: { width: 1300, height: 900 } });
    const errors: string[] = [];
    await closing([hostContext, visitorContext, germanyContext], 'host-lobby', async () => {
      // Germany's player takes the seat by its link.
      const germanyPage = await pageOf(germanyContext, errors);
      await germanyPage.goto(germanyLink);
      await germanyPage.getByLabel('Orders of germany, one order a line').waitFor({ timeout: 90_000 });

      // A visitor takes Britain from the lobby and says ready of orders.
      const visitor = await pageOf(visitorContext, errors);
      await visitor.goto(`${server.url}/lobby`);
      await visitor.getByRole('button', { name: 'Take britain' }).waitFor();
      await shot(visitor, 'host-5-lobby');
      await visitor.getByRole('button', { name: 'Take britain' }).click();
      const editor = visitor.getByLabel('Orders of britain, one order a line');
      await editor.waitFor({ timeout: 90_000 });
      await editor.fill(await ordersFor('lobby-war', 'britain'));
      await visitor.getByRole('checkbox', { name: /Ready/ }).click();
      for (
        let i = 0;
        !(await api('GET', '/api/games/lobby-war')).body.seats.find((s: { seat: string }) => s.seat === 'britain').ready;
        i++
      ) {
        assert.ok(i < 120, 'britain is ready');
        await new Promise((r) => setTimeout(r, 500));
      }
      assert.deepEqual((await api('GET', '/api/lobby')).body.games, [], 'the seat left the lobby');

      // The host hands Germany (who has sent nothing) to a bot: every player is ready, so the turn resolves now.
      const hostPage = await pageOf(hostContext, errors);
      await openHostPage(hostPage, '/host/games/lobby-war');
      const row = hostPage.getByTestId('host-seats').locator('tr[data-seat="germany"]');
      await row.getByLabel('Give germany to').selectOption('bot');
      await row.getByRole('button', { name: 'Give seat germany' }).click();
      await hostPage
        .getByTestId('host-note')
        .getByText(/t1\.orders resolved/)
        .waitFor({ timeout: 60_000 });
      const status = (await api('GET', '/api/games/lobby-war')).body;
      assert.equal(status.turnsResolved, 1);
      await shot(hostPage, 'host-6-bot-resolved');

      // Germany's tab holds a link the host gave away: the visitor's view, and a way to forget the link.
      await germanyPage.reload();
      const dead = germanyPage.getByTestId('dead-seat');
      await dead.waitFor({ timeout: 60_000 });
      assert.match((await dead.textContent()) ?? '', /no longer opens a seat/);
      await germanyPage.getByRole('heading', { name: 'The lobby war' }).waitFor({ timeout: 90_000 });
      await shot(germanyPage, 'host-7-stale-link');
      await germanyPage.getByRole('button', { name: 'Forget the seat link' }).click();
      await dead.waitFor({ state: 'detached' });
      assert.equal(
        await germanyPage.evaluate(() => window.sessionStorage.getItem('umpire:seat:lobby-war')),
        null,
        'the token is forgotten',
      );
      await germanyPage.reload();
      await germanyPage.getByRole('heading', { name: 'The lobby war' }).waitFor({ timeout: 90_000 });
      assert.equal(await germanyPage.getByTestId('dead-seat').count(), 0);
      assert.equal(await germanyPage.getByTestId('seat').count(), 0, 'a visitor now');

      // The host ends the game, then deletes it.
      await hostPage.getByRole('button', { name: 'End the game…' }).click();
      await hostPage.getByRole('button', { name: 'Yes, end the game' }).click();
      await hostPage
        .getByTestId('host-state')
        .getByText(/Ended by you/)
        .waitFor();
      await shot(hostPage, 'host-8-ended');
      await hostPage.getByRole('button', { name: 'Delete the game…' }).click();
      await hostPage.getByRole('button', { name: 'Yes, delete the game' }).click();
      await hostPage.getByRole('heading', { name: 'Game lobby-war is deleted' }).waitFor();
      assert.equal((await api('GET', '/api/games/lobby-war')).status, 404);
      assert.deepEqual(errors, []);
    });
  },
);
