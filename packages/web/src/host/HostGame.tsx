import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api.js';
import { forgetSeatLinks, hostApi, hostingKey, keepHostingKey, when, type HostView } from './host-api.js';
import { HostActivity } from './HostActivity.js';
import { HostSeats } from './HostSeats.js';
import { KeyForm } from './KeyForm.js';

const tokenKey = (id: string) => `umpire:host-token:${id}`;

/**
 * One game as its host runs it: who plays each seat, who has joined and sent orders, the deadline (extend, pause,
 * resolve now), the seats given anew, what the server did (resolutions, mail sent and waiting), and the game ended or
 * deleted. It looks at the server again every few seconds. The host is the holder of the hosting key the game was
 * hosted with, or of its host token.
 */
export function HostGame({ id }: { readonly id: string }) {
  const [key, setKey] = useState(() => hostingKey() ?? window.sessionStorage.getItem(tokenKey(id)) ?? undefined);
  const [view, setView] = useState<HostView>();
  const [error, setError] = useState<string>();
  const [note, setNote] = useState<string>();
  const [hours, setHours] = useState('24');
  const [confirm, setConfirm] = useState<'end' | 'delete'>();
  const [deleted, setDeleted] = useState(false);
  const acting = useRef(false);

  const load = useCallback(async () => {
    if (!key) return;
    try {
      setView(await hostApi.view(id, key));
      setError(undefined);
    } catch (e) {
      if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
        window.sessionStorage.removeItem(tokenKey(id));
        setKey(undefined);
      }
      setError((e as Error).message);
    }
  }, [id, key]);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), 5000);
    return () => clearInterval(timer);
  }, [load]);

  /** One act at a time (a double click sends once), then the page as the server has it. */
  const act = useCallback(
    async (what: () => Promise<string | undefined>) => {
      if (acting.current) return;
      acting.current = true;
      setNote(undefined);
      try {
        const said = await what();
        if (said) setNote(said);
      } catch (e) {
        setNote(`Refused: ${(e as Error).message}`);
      } finally {
        acting.current = false;
        await load();
      }
    },
    [load],
  );

  if (deleted) {
    return (
      <main className="host">
        <h1>Game {id} is deleted</h1>
        <p>
          Everything the server kept of it is gone. <a href="/host">Back to your games</a>
        </p>
      </main>
    );
  }
  if (!key) {
    return (
      <main className="host">
        <p>
          <a href="/host">Your games</a>
        </p>
        <h1>Host game {id}</h1>
        {error && <p role="alert">{error}</p>}
        <KeyForm
          label="Hosting key, or the game's host token"
          check={(value) => hostApi.view(id, value)}
          onKey={(value, remember) => {
            // A hosting key is kept as such; a host token for this game alone, for this tab.
            hostApi.games(value).then(
              () => keepHostingKey(value, remember),
              () => window.sessionStorage.setItem(tokenKey(id), value),
            );
            setKey(value);
          }}
        />
      </main>
    );
  }
  if (!view)
    return (
      <main className="host" aria-busy="true">
        {error ? <p role="alert">{error}</p> : <p>Loading game {id}…</p>}
      </main>
    );
  const { status } = view;
  const finished = !!status.ended || !!status.result || !!status.stopped;
  return (
    <main className="host host-game">
      <p>
        <a href="/host">Your games</a> · <a href={`/games/${encodeURIComponent(id)}`}>Open the game</a>
      </p>
      <h1>{status.title}</h1>
      <p data-testid="host-state">
        {status.ruleset}, scenario {status.scenario}. {status.turnsResolved} turn(s) played.{' '}
        {status.ended
          ? `Ended by you, ${when(status.ended.at)}.`
          : status.result
            ? `Game over: ${status.result.summary}`
            : status.stopped
              ? `Stopped by the server: ${status.stopped.reason}`
              : status.open
                ? `Now: ${status.open.label} (step ${status.open.step}), orders due ${when(status.open.deadline)}` +
                  `${status.paused ? ' — paused' : ''}.`
                : ''}
      </p>
      {error && <p role="alert">{error}</p>}
      {note && (
        <p role="status" className="notice" data-testid="host-note">
          {note}
        </p>
      )}
      {!view.mailOut && view.mail.some((m) => m.state !== 'sent') && (
        <p className="notice">
          This server sends no mail (no <code>UMPIRE_SMTP_URL</code>): {view.mail.filter((m) => m.state !== 'sent').length} mail(s) wait in
          its outbox. Players invited by address do not get their links: give their seats a new link and pass it on yourself.
        </p>
      )}
      <HostSeats gameId={id} view={view} hostKey={key} act={act} finished={finished} />
      {status.open && !finished && (
        <section aria-labelledby="clock-title">
          <h2 id="clock-title">The clock</h2>
          <p>
            <label>
              Hours <input type="number" value={hours} min={-720} max={2160} onChange={(e) => setHours(e.target.value)} size={5} />
            </label>{' '}
            <button
              type="button"
              onClick={() => void act(async () => `The deadline is now ${when((await hostApi.extend(id, key, Number(hours))).deadline)}.`)}
            >
              Extend the deadline
            </button>{' '}
            <button
              type="button"
              onClick={() =>
                void act(
                  async () => (
                    await hostApi.pause(id, key, !status.paused),
                    status.paused ? 'The clock runs again, with a fresh deadline.' : 'The clock is paused.'
                  ),
                )
              }
            >
              {status.paused ? 'Resume the clock' : 'Pause the clock'}
            </button>{' '}
            <button
              type="button"
              onClick={() =>
                void act(
                  async () => `Resolved: ${(await hostApi.adjudicate(id, key, status.open!.step)).resolved.join(', ') || 'nothing'}.`,
                )
              }
            >
              Resolve {status.open.step} now
            </button>
          </p>
        </section>
      )}
      <HostActivity gameId={id} view={view} hostKey={key} act={act} />
      <section aria-labelledby="end-title" className="danger">
        <h2 id="end-title">End or delete</h2>
        {confirm ? (
          <p>
            {confirm === 'end'
              ? 'End the game for good? Nothing more is played; the record and reports stay.'
              : `Delete game ${id} and everything kept of it, for good?`}{' '}
            <button
              type="button"
              onClick={() =>
                void act(async () => {
                  setConfirm(undefined);
                  if (confirm === 'end') {
                    await hostApi.end(id, key);
                    return 'The game is ended.';
                  }
                  await hostApi.remove(id, key);
                  forgetSeatLinks(id);
                  setDeleted(true);
                  return undefined;
                })
              }
            >
              {confirm === 'end' ? 'Yes, end the game' : 'Yes, delete the game'}
            </button>{' '}
            <button type="button" onClick={() => setConfirm(undefined)}>
              Keep it
            </button>
          </p>
        ) : (
          <p>
            {!status.ended && (
              <button type="button" onClick={() => setConfirm('end')}>
                End the game…
              </button>
            )}{' '}
            <button type="button" onClick={() => setConfirm('delete')}>
              Delete the game…
            </button>
          </p>
        )}
      </section>
    </main>
  );
}
