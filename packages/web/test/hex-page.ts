import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';

/**
 * What the end-to-end tests of the hex map share: where screenshots go, Debian's Chromium, the HTTP API, and a player's
 * ways of finding a hex on the map (the keyboard list, a point of the hex the pointer hits).
 */

export const root = process.env['UMPIRE_ROOT'] ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', '..');
export const shots = join(root, '.umpire', 'screenshots');

export function chromiumPath(): string {
  const given = process.env['UMPIRE_TEST_CHROMIUM'];
  if (given) return given;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  throw new Error(
    "no Chromium: run the tests with `node scripts/run-tests.mjs web` (it installs Debian's chromium), or set UMPIRE_TEST_CHROMIUM",
  );
}

/** Chromium's switches for a test: headless, quiet, nothing fetched from outside. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function api(base: string, method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${base}${path}`, {
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

/** A point of a hex the pointer hits (not a counter of another hex), the hex shown in the map frame. */
export async function pointOf(page: Page, hex: string): Promise<{ x: number; y: number }> {
  const point = await page.evaluate((id) => {
    const frame = document.querySelector('.map-frame')!.getBoundingClientRect();
    const shape = document.querySelector(`[data-testid="map"] [data-area="${id}"]`)!;
    const r = shape.getBoundingClientRect();
    for (let i = 1; i < 10; i++)
      for (let j = 1; j < 10; j++) {
        const x = r.left + (r.width * i) / 10;
        const y = r.top + (r.height * j) / 10;
        if (x < frame.left + 5 || x > frame.right - 5 || y < frame.top + 5 || y > frame.bottom - 5) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit?.closest('[data-area]') === shape || hit?.closest('[data-at]')?.getAttribute('data-at') === id) return { x, y };
      }
    return undefined;
  }, hex);
  assert.ok(point, `${hex} shows in the map frame`);
  return point;
}

/** Centre a hex by choosing it in the keyboard list (which selects it), as a player who knows its name would. */
export async function goTo(page: Page, hex: string) {
  await page.getByRole('combobox', { name: /^Go to area/ }).selectOption(hex);
  await page.getByRole('heading', { name: new RegExp(`^${hex}`) }).waitFor();
}

export const text = async (l: Locator) => (await l.textContent()) ?? '';
