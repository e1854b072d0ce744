import type { GameRecord, RuleBook, TurnReport } from '@umpire/engine';
import type { Accepted as SubmitAnswer, GameStatus, PublicGame as GameSummary, Refusal, SeatOrders, ViewAnswer, ViewsAnswer } from '@umpire/server';
import type { PressAnswer, PressInput, PressMessage } from '@umpire/server';

/**
 * What the server's HTTP API answers (docs/server.md): the server's own types, not copies, so that a change on one side
 * is a type error on the other.
 */
export type {
  Accepted as SubmitAnswer,
  GameStatus,
  PublicGame as GameSummary,
  Refusal,
  SeatOrders,
  SeatStatus,
  ViewAnswer,
  ViewsAnswer,
} from '@umpire/server';
export type { PressAnswer, PressInput, PressMessage } from '@umpire/server';

/** A seat's credentials: from the seat link of the invitation, kept for the browser tab's session. */
export interface SeatCredentials {
  readonly seat: string;
  readonly token: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly refusal: Refusal,
  ) {
    super(refusal.message);
  }
}

async function call<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body) headers.set('content-type', 'application/json');
  const res = await fetch(path, { ...init, headers });
  const body: unknown = await res.json().catch(() => ({ error: 'bad-answer', message: `the server answered ${res.status} with something that is not JSON` }));
  if (!res.ok) throw new ApiError(res.status, body as Refusal);
  return body as T;
}

export const api = {
  games: () => call<{ games: GameSummary[] }>('/api/games').then((r) => r.games),
  game: (id: string) => call<GameStatus>(`/api/games/${encodeURIComponent(id)}`),
  /** The record as the reader may see it: with a seat's token that seat's (its own secret events whole), else the public one. */
  record: (id: string, token?: string) => call<GameRecord>(`/api/games/${encodeURIComponent(id)}/record`, token ? { token } : {}),
  /** The reader's view of the state after a turn (default: the last), or after one of its phases. */
  view: (id: string, at: { turn?: number; phase?: number } = {}, token?: string) => {
    const query = new URLSearchParams();
    if (at.turn !== undefined) query.set('turn', String(at.turn));
    if (at.phase !== undefined) query.set('phase', String(at.phase));
    const q = query.toString();
    return call<ViewAnswer>(`/api/games/${encodeURIComponent(id)}/view${q ? `?${q}` : ''}`, token ? { token } : {});
  },
  views: (id: string, token?: string) => call<ViewsAnswer>(`/api/games/${encodeURIComponent(id)}/views`, token ? { token } : {}),
  report: (id: string, turn: number, token?: string) => call<TurnReport>(`/api/games/${encodeURIComponent(id)}/reports/${turn}`, token ? { token } : {}),
  orders: (id: string, token: string) => call<SeatOrders>(`/api/games/${encodeURIComponent(id)}/orders`, { token }),
  /** Orders for the step named (never for whatever step is open when they arrive), with ready when it is asked for. */
  submit: (id: string, token: string, text: string, step: string, ready?: boolean) =>
    call<SubmitAnswer>(`/api/games/${encodeURIComponent(id)}/orders`, { method: 'PUT', token, body: JSON.stringify({ text, step, ...(ready ? { ready: true } : {}) }) }),
  /** A game's rule book: every rule with its status, decisions and tests. */
  ruleBook: (ruleset: string) => call<RuleBook>(`/api/rulesets/${encodeURIComponent(ruleset)}/rules`),
  claim: (id: string, seat: string, code: string) =>
    call<{ seat: string; token: string }>(`/api/games/${encodeURIComponent(id)}/seats/${encodeURIComponent(seat)}/claim`, { method: 'POST', body: JSON.stringify({ code }) }),
  /** The seat's press: the messages after message `after` (all: 0), the seats by name, what is unread. */
  press: (id: string, token: string, after = 0) =>
    call<PressAnswer>(`/api/games/${encodeURIComponent(id)}/press${after ? `?after=${after}` : ''}`, { token }),
  sendPress: (id: string, token: string, body: PressInput) =>
    call<PressMessage>(`/api/games/${encodeURIComponent(id)}/press`, { method: 'POST', token, body: JSON.stringify(body) }),
  /** The thread of message `upTo` read up to it. */
  readPress: (id: string, token: string, upTo: number) =>
    call<{ thread: string; readUpTo: number }>(`/api/games/${encodeURIComponent(id)}/press/read`, {
      method: 'POST',
      token,
      body: JSON.stringify({ upTo }),
    }),
  /** Ready (or not) of the orders of receipt `orderHash` in the step named. */
  ready: (id: string, token: string, body: { ready: boolean; step: string; orderHash?: string }) =>
    call<{ step: string; ready: boolean; orderHash: string | null; resolved: string[] }>(`/api/games/${encodeURIComponent(id)}/ready`, { method: 'POST', token, body: JSON.stringify(body) }),
};

const key = (gameId: string) => `umpire:seat:${gameId}`;

/**
 * The seat of this tab for a game. A seat link (?seat=..&token=..) is read once, kept in sessionStorage and taken out
 * of the address bar, so that the token is not left in the history or shared by copying the address.
 */
export function seatFromLocation(gameId: string, loc: Location = window.location, storage: Storage = window.sessionStorage): SeatCredentials | undefined {
  const params = new URLSearchParams(loc.search);
  const seat = params.get('seat');
  const token = params.get('token');
  if (seat && token) {
    storage.setItem(key(gameId), JSON.stringify({ seat, token }));
    params.delete('seat');
    params.delete('token');
    const rest = params.toString();
    window.history.replaceState(null, '', `${loc.pathname}${rest ? `?${rest}` : ''}${loc.hash}`);
    return { seat, token };
  }
  const kept = storage.getItem(key(gameId));
  if (!kept) return undefined;
  try {
    const parsed = JSON.parse(kept) as SeatCredentials;
    return typeof parsed.seat === 'string' && typeof parsed.token === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A claim link's seat and one-time code (?seat=&claim=), taken out of the address bar at once: the code works once,
 * and the token it gets is kept like a seat link's.
 */
export function claimFromLocation(loc: Location = window.location): { seat: string; code: string } | undefined {
  const params = new URLSearchParams(loc.search);
  const seat = params.get('seat');
  const code = params.get('claim');
  if (!seat || !code) return undefined;
  params.delete('seat');
  params.delete('claim');
  const rest = params.toString();
  window.history.replaceState(null, '', `${loc.pathname}${rest ? `?${rest}` : ''}${loc.hash}`);
  return { seat, code };
}

/** Keep a seat's token for this tab (as a seat link's is kept). */
export function keepSeat(gameId: string, credentials: SeatCredentials, storage: Storage = window.sessionStorage): void {
  storage.setItem(key(gameId), JSON.stringify(credentials));
}

export function forgetSeat(gameId: string, storage: Storage = window.sessionStorage): void {
  storage.removeItem(key(gameId));
}
