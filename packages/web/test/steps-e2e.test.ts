import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { GameRecord } from '@umpire/engine';
import { startServer, webClientDir, type RunningServer } from '@umpire/server';
import { legalText } from './game.js';

/** The key that lets these tests host games (the server's owner sets such keys). */
const HOSTING_KEY = 'web-steps-hosting-key-9e3a';

/**
 * Orders are never lost in the browser, whatever a person does: Ready sends what the editor shows, a reload brings an
 * unsent draft back (and leaving warns first), a stale tab's orders are refused rather than taken for the next turn
 * and its draft is kept, a double click sends once, and the page follows the game whoever resolved it. Debian's
 * Chromium through playwright-core, against a real server with its embedded database. A tab's timers are stopped
 * (Playwright's clock) where the test needs the tab not to have looked at the server: a tab in the background.
 */

const root = process.env['UMPIRE_ROOT'] ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', '..');
const shots = join(root, '.umpire', 'screenshots');

function chromiumPath(): string {
  const given = process.env['UMPIRE_TEST_CHROMIUM'];
  if (given) return given;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  throw new Error('no Chromium: run the tests with `node scripts/run-tests.mjs web` (it installs Debian\'s chromium), or set UMPIRE_TEST_CHROMIUM to a Chromium executable');
}

let server: RunningServer;
let browser: Browser;
let dataDir: string;

before(async () => {
  assert.ok(webClientDir(), 'the web client is not built (packages/web/dist/client): run `npm run build` first');
  mkdirSync(shots, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), 'umpire-web-steps-'));
  server = await startServer({ port: 0, dataDir, demo: false, log: () => undefined, tickSeconds: 3600, http: { hostingKeys: [HOSTING_KEY] } });
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
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
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any };
}

async function host(id: string): Promise<{ tokens: Record<string, string>; hostToken: string; record: GameRecord }> {
  const hosted = await api('POST', '/api/games', {
    token: HOSTING_KEY,
    body: { id, title: `Steps: ${id}`, ruleset: 'great-war', seats: [{ seat: 'germany' }, { seat: 'britain' }], deadlineHours: 48 },
  });
  assert.equal(hosted.status, 201, JSON.stringify(hosted.body));
  // Each player takes an open seat up with its one-time claim link.
  const tokens: Record<string, string> = {};
  for (const s of hosted.body.seats as { seat: string; claimUrl?: string }[]) {
    if (!s.claimUrl) continue;
    const claimed = await api('POST', `/api/games/${id}/seats/${s.seat}/claim`, { body: { code: new URL(s.claimUrl).searchParams.get('claim') } });
    assert.equal(claimed.status, 200, JSON.stringify(claimed.body));
    tokens[s.seat] = claimed.body.token as string;
  }
  const record = (await api('GET', `/api/games/${id}/record`)).body as GameRecord;
  return { tokens, hostToken: hosted.body.hostToken, record };
}

/** A tab on a seat link, its errors collected; `frozen`: its timers under Playwright's clock, to be stopped later. */
async function seatTab(context: BrowserContext, id: string, token: string, errors: string[], frozen = false): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  if (frozen) await page.clock.install();
  await page.goto(`${server.url}/games/${id}?seat=germany&token=${token}`);
  await page.getByLabel('Orders of germany, one order a line').waitFor({ timeout: 60_000 });
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `${name}.png`) });
const editorOf = (page: Page) => page.getByLabel('Orders of germany, one order a line');
const acceptedRows = async (id: string) =>
  server.host.sql.query<{ order_hash: string }>("SELECT order_hash FROM submissions WHERE game_id = $1 AND seat = 'germany' AND step_id = 't1.orders' AND order_hash IS NOT NULL ORDER BY id", [id]);

async function failing<T>(context: BrowserContext, name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    const pages = context.pages();
    for (const [i, p] of pages.entries()) await p.screenshot({ path: join(shots, `failure-${name}-${i}.png`) }).catch(() => undefined);
    throw e;
  } finally {
    await context.close();
  }
}

test('edit after submitting, then double-click Ready: one request, the turn resolves on the edited orders, and the page moves to the new turn at once', { timeout: 240_000 }, async () => {
  const { tokens, record } = await host('ready-edit');
  const good = legalText(record, 'germany');
  assert.ok(good.trim() !== '', 'germany has a legal order to give');
  const britain = await api('PUT', '/api/games/ready-edit/orders', { token: tokens['britain'], body: { text: legalText(record, 'britain'), step: 't1.orders', ready: true } });
  assert.deepEqual(britain.body.resolved, []);
  const context = await browser.newContext({ viewport: { width: 1500, height: 950 } });
  const errors: string[] = [];
  await failing(context, 'ready-edit', async () => {
    const page = await seatTab(context, 'ready-edit', tokens['germany']!, errors, true);
    // Nothing sent and an empty editor: Ready is off, and says why.
    const readyBox = page.getByRole('checkbox', { name: /Ready/ });
    assert.equal(await readyBox.isDisabled(), true);
    assert.match((await page.getByTestId('ready-why').textContent()) ?? '', /submit them first/);
    assert.match((await page.getByTestId('held').textContent()) ?? '', /No orders of yours/);
    await shot(page, 'steps-1-nothing-sent');
    // Empty orders sent: the umpire holds them, with their receipt.
    await page.getByRole('button', { name: 'Submit orders' }).click();
    await page.getByTestId('submit-answer').getByText(/Accepted for step t1\.orders/).waitFor();
    const [first] = await acceptedRows('ready-edit');
    const heldNow = (await api('GET', '/api/games/ready-edit/orders', { token: tokens['germany'] })).body;
    assert.equal(heldNow.submitted.orderHash, first!.order_hash);
    assert.equal(await page.getByTestId('held-receipt').textContent(), first!.order_hash);
    assert.equal(await page.getByTestId('held-text').textContent(), heldNow.submitted.text || '(no orders)');
    // The tab stops looking at the server by itself: whatever moves it now is the Ready's own answer.
    await page.clock.pauseAt(new Date(Date.now() + 2_000));
    await editorOf(page).fill(good);
    await page.getByTestId('draft-state').getByText(/not sent/).waitFor();
    assert.match((await readyBox.locator('xpath=..').textContent()) ?? '', /sends the orders in the editor/);
    await shot(page, 'steps-2-edited-unsent');
    await readyBox.dblclick();
    await page.getByTestId('history-turn').getByText(/^Turn 1, /).waitFor({ timeout: 60_000 });
    await page.getByTestId('turn-note').getByText(/every player was ready: t1\.orders resolved/).waitFor();
    assert.match((await page.locator('#orders-title').textContent()) ?? '', /Turn 2/);
    // One request for the two clicks, and the turn resolved on the edited orders.
    const rows = await acceptedRows('ready-edit');
    assert.equal(rows.length, 2, 'the empty orders, then the edited ones: the double click sent once');
    const published = (await api('GET', '/api/games/ready-edit/record')).body as GameRecord;
    assert.equal(published.steps[0]!.submissions.find((s) => s.seat === 'germany')!.orderHash, rows[1]!.order_hash);
    assert.notEqual(rows[1]!.order_hash, rows[0]!.order_hash);
    const adjudications = await server.host.sql.query("SELECT 1 FROM adjudications WHERE game_id = 'ready-edit'");
    assert.equal(adjudications.length, 1);
    // The new turn's map and report, without a reload.
    await page.getByRole('tab', { name: 'Report of turn 1' }).click();
    await page.locator('article.report h3').getByText(/Turn 1/).waitFor();
    assert.match((await page.locator('[data-testid="map"] svg text').first().textContent()) ?? '', /Turn 1/);
    await shot(page, 'steps-3-resolved-by-ready');
    await page.clock.resume();
    assert.deepEqual(errors, []);
  });
});

test('an unsent draft survives a reload, with a note, and leaving the page warns first; the page follows a turn the host resolved', { timeout: 240_000 }, async () => {
  const { tokens, hostToken, record } = await host('reload');
  const good = legalText(record, 'germany');
  const context = await browser.newContext({ viewport: { width: 1500, height: 950 } });
  const errors: string[] = [];
  await failing(context, 'reload', async () => {
    const page = await seatTab(context, 'reload', tokens['germany']!, errors);
    await editorOf(page).click();
    await editorOf(page).fill(good);
    await page.keyboard.type('\n# kept');
    const draft = `${good}\n# kept`;
    await page.getByTestId('draft-state').getByText(/not sent/).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('umpire:draft:reload:germany:t1.orders')), draft);
    const prevented = await page.evaluate(() => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    });
    assert.equal(prevented, true, 'leaving with an unsent draft asks first');
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.type());
      void d.accept();
    });
    await page.reload();
    await editorOf(page).waitFor({ timeout: 60_000 });
    assert.deepEqual(dialogs, ['beforeunload'], 'the reload asked first');
    assert.equal(await editorOf(page).inputValue(), draft);
    await page.getByTestId('turn-note').getByText(/unsent draft .* was restored from this browser/).waitFor();
    assert.match((await page.getByTestId('draft-state').textContent()) ?? '', /not sent/);
    await shot(page, 'steps-4-draft-restored');
    // Sent: nothing is kept in the browser any more, and leaving no longer asks.
    await page.getByRole('button', { name: 'Submit orders' }).click();
    await page.getByTestId('submit-answer').getByText(/Accepted for step t1\.orders/).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('umpire:draft:reload:germany:t1.orders')), null);
    const mine = (await api('GET', '/api/games/reload/orders', { token: tokens['germany'] })).body;
    assert.equal(await page.getByTestId('held-receipt').textContent(), mine.submitted.orderHash);
    assert.equal(await page.getByTestId('held-text').textContent(), mine.submitted.text);
    await page.reload();
    await editorOf(page).waitFor({ timeout: 60_000 });
    assert.deepEqual(dialogs, ['beforeunload'], 'no warning without a draft');
    // The host resolves the turn: the page follows by itself.
    const resolved = await api('POST', '/api/games/reload/adjudicate', { token: hostToken, body: { step: 't1.orders' } });
    assert.deepEqual(resolved.body.resolved, ['t1.orders']);
    await page.getByTestId('history-turn').getByText(/^Turn 1, /).waitFor({ timeout: 30_000 });
    assert.match((await page.locator('#orders-title').textContent()) ?? '', /Turn 2/);
    await shot(page, 'steps-5-followed-the-host');
    assert.deepEqual(errors, []);
  });
});

test('a stale tab: another tab resolved the turn; the stale tab\'s Submit gets 409, and it shows the new turn with its draft kept', { timeout: 240_000 }, async () => {
  const { tokens, record } = await host('stale');
  const good = legalText(record, 'germany');
  const britain = await api('PUT', '/api/games/stale/orders', { token: tokens['britain'], body: { text: legalText(record, 'britain'), step: 't1.orders', ready: true } });
  assert.equal(britain.status, 200);
  const context = await browser.newContext({ viewport: { width: 1500, height: 950 } });
  const errors: string[] = [];
  await failing(context, 'stale', async () => {
    const stale = await seatTab(context, 'stale', tokens['germany']!, errors, true);
    await stale.clock.pauseAt(new Date(Date.now() + 2_000));
    // The other tab sends empty orders with Ready: every player is ready, the turn resolves.
    const other = await seatTab(context, 'stale', tokens['germany']!, errors);
    await editorOf(other).fill('');
    await other.getByRole('button', { name: 'Submit orders' }).click();
    await other.getByTestId('submit-answer').getByText(/Accepted for step t1\.orders/).waitFor();
    // The box shows what the umpire holds: it is ticked by the answer, not by the click.
    await other.getByRole('checkbox', { name: /Ready/ }).click();
    await other.getByTestId('history-turn').getByText(/^Turn 1, /).waitFor({ timeout: 60_000 });
    // The stale tab still shows turn 1 open; its player writes orders and submits them.
    assert.equal(await stale.getByTestId('history-turn').textContent(), 'The opening, before turn 1');
    await editorOf(stale).fill(good);
    const answer = stale.waitForResponse((r) => r.url().endsWith('/api/games/stale/orders') && r.request().method() === 'PUT');
    await stale.getByRole('button', { name: 'Submit orders' }).click();
    const refused = await answer;
    assert.equal(refused.status(), 409);
    assert.equal(((await refused.json()) as { error: string }).error, 'wrong-step');
    assert.match(JSON.parse(refused.request().postData() ?? '{}').step, /^t1\.orders$/);
    await stale.getByTestId('history-turn').getByText(/^Turn 1, /).waitFor({ timeout: 60_000 });
    await stale.getByTestId('turn-note').getByText(/refused these orders/).waitFor();
    assert.match((await stale.locator('#orders-title').textContent()) ?? '', /Turn 2/);
    assert.equal(await editorOf(stale).inputValue(), good, 'the draft is kept');
    assert.match((await stale.getByTestId('draft-state').textContent()) ?? '', /not sent/);
    // Nothing of the stale tab's reached turn 2; its orders for turn 1 are kept as refused.
    const held = (await api('GET', '/api/games/stale/orders', { token: tokens['germany'] })).body;
    assert.equal(held.step, 't2.orders');
    assert.equal(held.submitted, undefined);
    const kept = await server.host.sql.query<{ raw: string }>("SELECT raw FROM submissions WHERE game_id = 'stale' AND seat = 'germany' AND step_id = 't1.orders' AND order_hash IS NULL");
    assert.deepEqual(kept.map((k) => k.raw), [good]);
    await shot(stale, 'steps-6-stale-tab');
    await stale.clock.resume();
    assert.deepEqual(errors, []);
  });
});
