import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { GameRecord } from '@umpire/engine';
import { startServer, webClientDir, type RunningServer } from '@umpire/server';
import { legalText } from './game.js';
import { chromiumArgs, chromiumPath, shots } from './hex-page.js';

/** The key that lets these tests host games (the server's owner sets such keys). */
const HOSTING_KEY = 'web-press-hosting-key-51c7';

/**
 * Press in the browser: two seats in two browser contexts (two players on two machines) exchange a private message,
 * unread marks come and go, a third seat's announcement reaches them, what a player writes is shown as text (markup
 * and scripts as the characters typed), a double click sends once, a draft outlives the panel, and press is never
 * orders. Debian's Chromium through playwright-core, against a real server with its embedded database; screenshots
 * go to .umpire/screenshots/press-*.png.
 */



let server: RunningServer;
let browser: Browser;
let dataDir: string;

before(async () => {
  assert.ok(webClientDir(), 'the web client is not built (packages/web/dist/client): run `npm run build` first');
  mkdirSync(shots, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), 'umpire-web-press-'));
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

/** A game with three players' seats, each taken up with its claim link. */
async function host(id: string): Promise<{ tokens: Record<string, string>; record: GameRecord }> {
  const seats = ['france', 'russia', 'britain'].map((seat) => ({ seat }));
  const hosted = await api('POST', '/api/games', {
    token: HOSTING_KEY,
    body: { id, title: 'Press in the browser', ruleset: 'great-war', seats, deadlineHours: 48 },
  });
  assert.equal(hosted.status, 201, JSON.stringify(hosted.body));
  const tokens: Record<string, string> = {};
  for (const s of hosted.body.seats as { seat: string; claimUrl?: string }[]) {
    if (!s.claimUrl) continue;
    const claimed = await api('POST', `/api/games/${id}/seats/${s.seat}/claim`, {
      body: { code: new URL(s.claimUrl).searchParams.get('claim') },
    });
    assert.equal(claimed.status, 200, JSON.stringify(claimed.body));
    tokens[s.seat] = claimed.body.token as string;
  }
  return { tokens, record: (await api('GET', `/api/games/${id}/record`)).body as GameRecord };
}

/** A seat's tab on its seat link, its errors collected, with the Press panel open. */
async function pressTab(context: BrowserContext, id: string, seat: string, token: string, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/games/${id}?seat=${seat}&token=${token}`);
  await page.getByRole('tab', { name: /^Press/ }).click({ timeout: 60_000 });
  await page.locator('section.press').waitFor();
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `press-${name}.png`) });

test(
  'two seats in two browsers exchange a private message, see unread marks and an announcement; text stays text, and press is never orders',
  { timeout: 300_000 },
  async () => {
    const { tokens, record } = await host('press-web');
    const france = await browser.newContext({ viewport: { width: 1500, height: 950 } });
    const russia = await browser.newContext({ viewport: { width: 1500, height: 950 } });
    const errors: string[] = [];
    try {
      // France writes to Russia: markup, a script and an order line, all of it just words.
      const ann = await pressTab(france, 'press-web', 'france', tokens['france']!, errors);
      await ann.getByText('No messages yet.').waitFor();
      await ann.getByRole('button', { name: 'New message' }).click();
      const to = ann.locator('fieldset.press-to');
      assert.ok(await to.getByLabel(/Italy \(a bot/).isDisabled(), 'a bot seat cannot be written to');
      assert.equal(await to.getByLabel('France', { exact: true }).count(), 0, 'nor your own seat');
      const orders = legalText(record, 'france').trim().split('\n')[0]!;
      const markup = '<b>bold</b> <img src=x onerror="window.pwned = 1"><script>window.pwned = 2</script>';
    const message = `Shall we share Galicia? ${markup}\n${orders}`;
      await ann.getByLabel('Message').fill(message);
      assert.ok(await ann.getByRole('button', { name: 'Send' }).isDisabled(), 'nobody ticked: nothing to send');
      await to.getByLabel('Russia', { exact: true }).check();
      // The draft outlives the panel: another panel and back, the text is still there.
      await ann.getByRole('tab', { name: 'Area' }).click();
      await ann.getByRole('tab', { name: /^Press/ }).click();
      await ann.getByRole('button', { name: 'New message' }).click();
      assert.equal(await ann.getByLabel('Message').inputValue(), message);
      await ann.locator('fieldset.press-to').getByLabel('Russia', { exact: true }).check();
      await shot(ann, '1-writing');
      await ann.getByRole('button', { name: 'Send' }).dblclick();
      const thread = ann.getByRole('list', { name: 'Messages with Russia' });
      await thread.waitFor();
      await shot(ann, '2-sent');
      const sent = await server.host.sql.query<{ body: string }>("SELECT body FROM press WHERE game_id = 'press-web'");
      assert.deepEqual(
        sent.map((r) => r.body),
        [message],
        'a double click sends once, the text as typed',
      );

      // Russia, in another browser, has one unread message from France.
      const bob = await pressTab(russia, 'press-web', 'russia', tokens['russia']!, errors);
      await bob.getByRole('tab', { name: 'Press (1 unread)' }).waitFor();
      const fromFrance = bob.getByRole('button', { name: /^France1 unread/ });
      await fromFrance.waitFor();
      await shot(bob, '3-unread');
      await fromFrance.click();
      const text = bob.locator('.press-messages .press-text').first();
      assert.equal(await text.textContent(), message, 'shown as the characters written');
      assert.equal(
        await bob.locator('.press-messages b, .press-messages img, .press-messages script').count(),
        0,
        'no markup made into elements',
      );
      assert.equal(await bob.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined, 'no script ran');
      await bob.getByRole('tab', { name: 'Press', exact: true }).waitFor();
      assert.equal((await api('GET', '/api/games/press-web/press', { token: tokens['russia'] })).body.unread, 0, 'read on the server too');

      // Russia answers in the thread; France's open thread shows it within a poll.
      await bob.getByLabel('Message to France').fill('Agreed: Galicia is yours, Warsaw mine.');
      await bob.getByRole('button', { name: 'Send' }).click();
      await bob.locator('.press-messages li.mine').getByText('Agreed: Galicia is yours').waitFor();
      await thread.getByText('Agreed: Galicia is yours, Warsaw mine.').waitFor({ timeout: 40_000 });
      await shot(ann, '4-reply');

      // Britain announces (through the API); Russia sees the announcement, Britain read nothing of the private talk.
      const announced = await api('POST', '/api/games/press-web/press', {
        token: tokens['britain'],
        body: { public: true, text: 'Britain guarantees the neutrality of Belgium.' },
      });
      assert.equal(announced.status, 201, JSON.stringify(announced.body));
      await bob.getByRole('button', { name: '← All threads' }).click();
      const announcements = bob.getByRole('button', { name: /^Announcements1 unread/ });
      await announcements.waitFor({ timeout: 40_000 });
      await shot(bob, '5-announcement-unread');
      await announcements.click();
      await bob.locator('.press-messages').getByText('Britain guarantees the neutrality of Belgium.').waitFor();
      assert.match((await bob.locator('.press-messages .press-head').first().textContent()) ?? '', /^Britain to every seat/);
      await shot(bob, '6-announcement');
      const britain = await api('GET', '/api/games/press-web/press', { token: tokens['britain'] });
      assert.deepEqual(
        britain.body.messages.map((m: { text: string }) => m.text),
        ['Britain guarantees the neutrality of Belgium.'],
      );

      // Press is never orders: France has sent none.
      assert.equal((await api('GET', '/api/games/press-web/orders', { token: tokens['france'] })).body.submitted, undefined);
      assert.deepEqual(errors, []);
    } catch (e) {
      for (const [i, p] of [...france.pages(), ...russia.pages()].entries())
        await p.screenshot({ path: join(shots, `press-failure-${i}.png`) }).catch(() => undefined);
      throw e;
    } finally {
      await france.close();
      await russia.close();
    }
  },
);
