import { useEffect, useRef, useState } from 'react';
import type { PressInput } from '../api.js';
import { listOfNames, type Press, type PressThread } from '../press.js';

/**
 * The Press panel: a seat's threads (announcements, and the seats it writes with), each thread's messages, and writing
 * to seats or to every seat. Messages are shown as text, never as HTML: whatever a player writes reaches the others as
 * the characters typed.
 */
export function PressPanel({ press, seat }: { readonly press: Press; readonly seat: string }) {
  const [open, setOpen] = useState<string>();
  const answer = press.answer;
  const thread = press.threads.find((t) => t.id === open);
  const { markRead } = press;
  // A thread shown is a thread read.
  useEffect(() => {
    if (thread && thread.unread > 0) markRead(thread).catch(() => undefined);
  }, [thread, markRead]);
  if (!answer)
    return press.error ? <p role="alert">The press cannot be read: {press.error}</p> : <p aria-busy="true">Loading the press…</p>;
  const mode = answer.mode;
  const title = (t: PressThread) => (t.id === 'public' ? 'Announcements' : listOfNames(t.with.map(press.name)));
  const modeNote =
    mode === 'off' ? (
      <p className="hint">The host has turned press off in this game: the messages sent before stay here to read.</p>
    ) : mode === 'public' ? (
      <p className="hint">The host allows announcements only in this game: every seat reads what you write.</p>
    ) : null;

  if (open === 'new') {
    return (
      <section className="press" aria-label="Press">
        <button type="button" className="link" onClick={() => setOpen(undefined)}>
          ← All threads
        </button>
        <h3>New message</h3>
        {modeNote}
        <NewMessage press={press} seat={seat} onSent={(t) => setOpen(t)} />
      </section>
    );
  }

  if (thread) {
    const canWrite = mode === 'on' || (mode === 'public' && thread.id === 'public');
    return (
      <section className="press" aria-label="Press">
        <button type="button" className="link" onClick={() => setOpen(undefined)}>
          ← All threads
        </button>
        <h3>{title(thread)}</h3>
        <ol className="press-messages" aria-label={`Messages with ${title(thread)}`}>
          {thread.messages.map((m) => (
            <li key={m.id} className={m.from === seat ? 'mine' : undefined}>
              <div className="press-head">
                <strong>{m.from === seat ? 'You' : press.name(m.from)}</strong>
                {m.public ? ' to every seat' : ` to ${listOfNames(m.to.map((s) => (s === seat ? 'you' : press.name(s))))}`}
                <span className="muted">
                  {' '}
                  · {m.turn === null ? 'after the game' : `turn ${m.turn}`} · {new Date(m.sentAt).toLocaleString()}
                  {m.via === 'email' ? ' · by mail' : ''}
                </span>
              </div>
              <p className="press-text">{m.text}</p>
            </li>
          ))}
        </ol>
        {canWrite ? (
          <Compose
            press={press}
            draftKey={thread.id}
            input={thread.id === 'public' ? { public: true } : { to: thread.with }}
            label={thread.id === 'public' ? 'Announcement to every seat' : `Message to ${title(thread)}`}
            onSent={() => undefined}
          />
        ) : (
          modeNote
        )}
      </section>
    );
  }

  return (
    <section className="press" aria-label="Press">
      <div className="press-top">
        <h3>Press</h3>
        {mode !== 'off' && (
          <button type="button" onClick={() => setOpen('new')}>
            New message
          </button>
        )}
      </div>
      {modeNote}
      {press.error && <p role="alert">The press could not be brought up to date: {press.error}</p>}
      {press.threads.length === 0 ? (
        <p className="hint">
          No messages yet. Write to one seat or several, or announce to every seat: the umpire never reads press as orders.
        </p>
      ) : (
        <ul className="press-threads">
          {press.threads.map((t) => {
            const lastOne = t.messages.at(-1)!;
            return (
              <li key={t.id}>
                <button type="button" className={t.unread ? 'unread' : undefined} onClick={() => setOpen(t.id)}>
                  <span className="press-title">{title(t)}</span>
                  {t.unread > 0 && <span className="badge">{t.unread} unread</span>}
                  <span className="press-preview muted">
                    {lastOne.from === seat ? 'You' : press.name(lastOne.from)}: {lastOne.text.slice(0, 80)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Writing a new message: to the seats ticked, or to every seat. */
function NewMessage({ press, seat, onSent }: { readonly press: Press; readonly seat: string; readonly onSent: (thread: string) => void }) {
  const answer = press.answer!;
  const [to, setTo] = useState<readonly string[]>([]);
  const [everyone, setEveryone] = useState(answer.mode === 'public');
  const others = answer.seats.filter((s) => s.seat !== seat);
  return (
    <>
      <fieldset className="press-to">
        <legend>To</legend>
        {answer.mode === 'on' &&
          others.map((s) => (
            <label key={s.seat} className={s.playedBy === 'bot' ? 'muted' : undefined}>
              <input
                type="checkbox"
                disabled={everyone || s.playedBy === 'bot'}
                checked={!everyone && to.includes(s.seat)}
                onChange={(e) => setTo((list) => (e.target.checked ? [...list, s.seat] : list.filter((x) => x !== s.seat)))}
              />
              {s.name}
              {s.playedBy === 'bot' ? ' (a bot: reads no press)' : s.playedBy === 'open' ? ' (no player yet)' : ''}
            </label>
          ))}
        <label>
          <input type="checkbox" checked={everyone} disabled={answer.mode === 'public'} onChange={(e) => setEveryone(e.target.checked)} />
          <strong>Every seat</strong> (an announcement)
        </label>
      </fieldset>
      <Compose
        press={press}
        draftKey="new"
        input={everyone ? { public: true } : { to }}
        label="Message"
        nobody={!everyone && to.length === 0 ? 'Tick the seats the message is for, or every seat.' : undefined}
        onSent={onSent}
      />
    </>
  );
}

/** A message being written, its length counted, sent once however often Send is clicked; the draft outlives the panel. */
function Compose(props: {
  readonly press: Press;
  readonly draftKey: string;
  readonly input: Omit<PressInput, 'text'>;
  readonly label: string;
  readonly nobody?: string | undefined;
  readonly onSent: (thread: string) => void;
}) {
  const { press, draftKey, input, label, nobody, onSent } = props;
  const text = press.drafts[draftKey] ?? '';
  const max = press.answer?.limits.maxChars ?? 5000;
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const busy = useRef(false);
  const tooLong = text.length > max;
  const send = async () => {
    if (busy.current) return;
    busy.current = true;
    setSending(true);
    setProblem(undefined);
    try {
      const sent = await press.send({ ...input, text });
      press.setDraft(draftKey, '');
      onSent(sent.thread);
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      busy.current = false;
      setSending(false);
    }
  };
  return (
    <form
      className="press-compose"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <label>
        {label}
        <textarea rows={5} value={text} onChange={(e) => press.setDraft(draftKey, e.target.value)} />
      </label>
      <div className="actions">
        <button type="submit" disabled={sending || text.trim() === '' || tooLong || !!nobody}>
          {sending ? 'Sending…' : 'Send'}
        </button>
        <span className={tooLong ? 'bad-count' : 'muted'}>
          {text.length} / {max} characters
        </span>
      </div>
      {nobody && <p className="hint">{nobody}</p>}
      {problem && (
        <p role="alert" className="answer bad">
          Not sent: {problem}
        </p>
      )}
    </form>
  );
}
