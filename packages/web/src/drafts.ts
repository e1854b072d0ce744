/**
 * Unsent drafts of orders, kept in the browser (localStorage) per game, seat and step, so that a draft survives a
 * reload, a closed tab or a crash until the umpire has accepted it.
 */

const key = (gameId: string, seat: string, step: string) => `umpire:draft:${gameId}:${seat}:${step}`;

function store(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function readDraft(gameId: string, seat: string, step: string): string | undefined {
  return store()?.getItem(key(gameId, seat, step)) ?? undefined;
}

export function keepDraft(gameId: string, seat: string, step: string, text: string): void {
  try {
    store()?.setItem(key(gameId, seat, step), text);
  } catch {
    // storage full or refused: the page still warns before it is left
  }
}

export function dropDraft(gameId: string, seat: string, step: string): void {
  store()?.removeItem(key(gameId, seat, step));
}
