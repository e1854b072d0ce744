import type { GameStatus, HostableRuleset, HostedGame, HostedSummary, HostView, LobbyGame, NewHostedGame, SeatGiven } from '@umpire/server';
import { ApiError } from '../api.js';

/**
 * The host page's and the lobby's calls to the server (docs/hosting.md), and what the host's browser keeps: the
 * hosting key, and the seat links made for the host to pass on. Both stay in this browser: the key in the tab's
 * session, or in the browser when the host asks it to be remembered; nothing of them goes into an address.
 */
export type {
  HostableRuleset,
  HostedGame,
  HostedSummary,
  HostMail,
  HostSeat,
  HostView,
  LobbyGame,
  NewHostedGame,
  SeatGiven,
} from '@umpire/server';

async function call<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body) headers.set('content-type', 'application/json');
  const res = await fetch(path, { ...init, headers });
  const body: unknown = await res
    .json()
    .catch(() => ({ error: 'bad-answer', message: `the server answered ${res.status} with something that is not JSON` }));
  if (!res.ok) throw new ApiError(res.status, body as ConstructorParameters<typeof ApiError>[1]);
  return body as T;
}

const game = (id: string) => `/api/games/${encodeURIComponent(id)}`;
const post = (body?: unknown): RequestInit => ({ method: 'POST', ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });

export const hostApi = {
  rulesets: () => call<{ rulesets: HostableRuleset[] }>('/api/host/rulesets').then((r) => r.rulesets),
  /** The games of a hosting key (401/403 for no key or a wrong one). */
  games: (key: string) => call<{ games: HostedSummary[]; mailOut: boolean }>('/api/host/games', { token: key }),
  create: (key: string, spec: NewHostedGame) => call<HostedGame>('/api/games', { ...post(spec), token: key }),
  view: (id: string, key: string) => call<HostView>(`${game(id)}/host`, { token: key }),
  /** Give a seat: `{ email }` (invited by mail), `{ bot }`, `{}` (open, a new link) or `{ lobby: true }` (open in the lobby too). */
  giveSeat: (id: string, key: string, seat: string, to: { email?: string; bot?: string; lobby?: boolean }) =>
    call<SeatGiven>(`${game(id)}/seats/${encodeURIComponent(seat)}`, { method: 'PUT', body: JSON.stringify(to), token: key }),
  extend: (id: string, key: string, hours: number) =>
    call<{ deadline: string | null }>(`${game(id)}/extend`, { ...post({ hours }), token: key }),
  pause: (id: string, key: string, paused: boolean) =>
    call<GameStatus>(`${game(id)}/${paused ? 'pause' : 'resume'}`, { ...post(), token: key }),
  adjudicate: (id: string, key: string, step: string) =>
    call<{ resolved: string[] }>(`${game(id)}/adjudicate`, { ...post({ step }), token: key }),
  resend: (id: string, key: string, mail: number) =>
    call<{ resent: number; what: string }>(`${game(id)}/mail/${mail}/resend`, { ...post(), token: key }),
  end: (id: string, key: string) => call<GameStatus>(`${game(id)}/end`, { ...post(), token: key }),
  remove: (id: string, key: string) => call<{ deleted: string }>(game(id), { method: 'DELETE', token: key }),
  lobby: () => call<{ games: LobbyGame[] }>('/api/lobby').then((r) => r.games),
  join: (id: string, seat: string) => call<{ seat: string; token: string }>(`${game(id)}/seats/${encodeURIComponent(seat)}/join`, post()),
};

const KEY = 'umpire:hosting-key';
const links = (gameId: string) => `umpire:seat-links:${gameId}`;

/** The hosting key this browser holds: the tab's, or the one remembered in the browser. */
export function hostingKey(): string | undefined {
  return window.sessionStorage.getItem(KEY) ?? window.localStorage.getItem(KEY) ?? undefined;
}

/** Keep the hosting key for this tab, and in the browser too when `remember`. */
export function keepHostingKey(key: string, remember: boolean): void {
  window.sessionStorage.setItem(KEY, key);
  if (remember) window.localStorage.setItem(KEY, key);
  else window.localStorage.removeItem(KEY);
}

export function forgetHostingKey(): void {
  window.sessionStorage.removeItem(KEY);
  window.localStorage.removeItem(KEY);
}

/** Where the host's keys are kept: the browser (remembered) or the tab. */
const store = (): Storage => (window.localStorage.getItem(KEY) ? window.localStorage : window.sessionStorage);

/** The seat links made for the host of a game in this browser, by seat: shown until their seats are taken. */
export function seatLinks(gameId: string): Record<string, string> {
  try {
    const kept = JSON.parse(store().getItem(links(gameId)) ?? '{}') as unknown;
    return kept && typeof kept === 'object' ? (kept as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function keepSeatLinks(gameId: string, given: readonly SeatGiven[]): void {
  const kept = seatLinks(gameId);
  for (const g of given) {
    if (g.claimUrl) kept[g.seat] = g.claimUrl;
    else delete kept[g.seat];
  }
  store().setItem(links(gameId), JSON.stringify(kept));
}

export function forgetSeatLinks(gameId: string): void {
  window.sessionStorage.removeItem(links(gameId));
  window.localStorage.removeItem(links(gameId));
}

/** A time for people: the browser's own way of writing it, to the minute. */
export const when = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
