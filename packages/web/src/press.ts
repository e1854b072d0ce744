import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type PressAnswer, type PressInput, type PressMessage, type SeatCredentials } from './api.js';

/**
 * A seat's press as the page holds it: the messages it may read (the server sends nothing else), the seats by name,
 * the unread count, and the drafts being written (kept while the player looks at other panels). Asked for again every
 * POLL_MS while the page is shown, and at once when the player comes back to it; only the messages after the last one
 * held are fetched.
 */

const POLL_MS = 15_000;

/** A thread: announcements ('public') or the seats a seat writes with, and its messages, oldest first. */
export interface PressThread {
  readonly id: string;
  /** The other seats of the thread (none for announcements). */
  readonly with: readonly string[];
  readonly messages: readonly PressMessage[];
  readonly unread: number;
}

export interface Press {
  readonly answer?: Omit<PressAnswer, 'messages'>;
  readonly messages: readonly PressMessage[];
  readonly threads: readonly PressThread[];
  readonly unread: number;
  readonly error?: string;
  /** A seat's name for people ('France'), or the seat id when the server has not named it. */
  name(seat: string): string;
  send(input: PressInput): Promise<PressMessage>;
  /** Mark a thread read up to its last message, if anything in it is unread. */
  markRead(thread: PressThread): Promise<void>;
  refresh(): Promise<void>;
  /** The drafts being written, by thread id ('new' for a new message). */
  readonly drafts: Readonly<Record<string, string>>;
  setDraft(thread: string, text: string): void;
}

/** Names listed for people: 'France', 'France and Russia', 'France, Russia and Germany'. */
export function listOfNames(names: readonly string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}

/** Threads from a seat's messages: announcements first, then the others, the latest conversation first. */
export function threadsOf(messages: readonly PressMessage[]): PressThread[] {
  const by = new Map<string, PressMessage[]>();
  for (const m of messages) by.set(m.thread, [...(by.get(m.thread) ?? []), m]);
  const threads = [...by].map(([id, list]) => ({
    id,
    with: id === 'public' ? [] : id.split(','),
    messages: list,
    unread: list.filter((m) => m.unread).length,
  }));
  const last = (t: PressThread) => t.messages.at(-1)?.id ?? 0;
  return threads.sort((a, b) => (a.id === 'public' ? -1 : b.id === 'public' ? 1 : last(b) - last(a)));
}

export function usePress(gameId: string, seat: SeatCredentials | undefined): Press {
  const [answer, setAnswer] = useState<Omit<PressAnswer, 'messages'>>();
  const [messages, setMessages] = useState<readonly PressMessage[]>([]);
  const [error, setError] = useState<string>();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const last = useRef(0);
  const token = seat?.token;

  const refresh = useCallback(async () => {
    if (!token) return;
    try {
      // Every page of what came since the last message held.
      for (;;) {
        const got = await api.press(gameId, token, last.current);
        const { messages: fresh, ...rest } = got;
        setAnswer(rest);
        if (fresh.length) {
          last.current = fresh.at(-1)!.id;
          setMessages((held) => [...held.filter((m) => m.id < fresh[0]!.id), ...fresh]);
        }
        setError(undefined);
        if (!got.more) break;
      }
    } catch (e) {
      setError((e as Error).message);
    }
  }, [gameId, token]);

  useEffect(() => {
    if (!token) return;
    void refresh();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, POLL_MS);
    const back = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', back);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', back);
    };
  }, [token, refresh]);

  const send = useCallback(
    async (input: PressInput) => {
      if (!token) throw new Error('only a seat sends press');
      const sent = await api.sendPress(gameId, token, input);
      await refresh();
      return sent;
    },
    [gameId, token, refresh],
  );

  const markRead = useCallback(
    async (thread: PressThread) => {
      const upTo = thread.messages.at(-1)?.id;
      if (!token || !upTo || thread.unread === 0) return;
      await api.readPress(gameId, token, upTo);
      setMessages((held) => held.map((m) => (m.thread === thread.id && m.id <= upTo && m.unread ? { ...m, unread: false } : m)));
      setAnswer((a) => (a ? { ...a, unread: Math.max(0, a.unread - thread.unread) } : a));
    },
    [gameId, token],
  );

  const setDraft = useCallback((thread: string, text: string) => setDrafts((d) => ({ ...d, [thread]: text })), []);
  const names = new Map(answer?.seats.map((s) => [s.seat, s.name]));
  return {
    ...(answer ? { answer } : {}),
    messages,
    threads: threadsOf(messages),
    unread: answer?.unread ?? 0,
    ...(error ? { error } : {}),
    name: (s) => names.get(s) ?? s,
    send,
    markRead,
    refresh,
    drafts,
    setDraft,
  };
}
