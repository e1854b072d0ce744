import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api.js';
import { hostApi, keepSeatLinks, type HostableRuleset, type HostedGame, type NewHostedGame } from './host-api.js';
import { SeatLinks } from './SeatLinks.js';

/** How the host gives a seat when creating a game. */
type SeatMode = 'link' | 'lobby' | 'email' | 'bot';
interface SeatChoice {
  readonly mode: SeatMode;
  readonly email: string;
  readonly bot: string;
}

const randomId = (ruleset: string) =>
  `${ruleset}-${Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/**
 * The form that hosts a game: ruleset, scenario, options, deadlines, and each seat (a link to pass on, open in the
 * lobby, an invitation by address, or a bot). The game's id is chosen when the form opens, so that a second click
 * (or a retry) can never make a second game; the button also sends once while a request is under way.
 */
export function CreateGame({
  hostingKey,
  mailOut,
  onCreated,
}: {
  readonly hostingKey: string;
  readonly mailOut: boolean;
  readonly onCreated?: () => void;
}) {
  const [rulesets, setRulesets] = useState<HostableRuleset[]>();
  const [rulesetId, setRulesetId] = useState('');
  const [scenario, setScenario] = useState('');
  const [title, setTitle] = useState('');
  const [gameId, setGameId] = useState('');
  const [options, setOptions] = useState<Record<string, string | number | boolean>>({});
  const [deadlineHours, setDeadlineHours] = useState('72');
  const [reminderHours, setReminderHours] = useState('24');
  const [noMoves, setNoMoves] = useState<'standing' | 'bot'>('standing');
  const [listed, setListed] = useState(true);
  const [seats, setSeats] = useState<Record<string, SeatChoice>>({});
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<HostedGame>();
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  useEffect(() => {
    hostApi.rulesets().then(
      (r) => {
        setRulesets(r);
        if (r[0]) setRulesetId(r[0].id);
      },
      (e: Error) => setError(e.message),
    );
  }, []);
  const ruleset = rulesets?.find((r) => r.id === rulesetId);
  const scenarioSeats = useMemo(() => ruleset?.scenarios.find((s) => s.id === scenario)?.seats ?? [], [ruleset, scenario]);
  // A new ruleset: its default scenario and options, a fresh id; the first seat by link, the others to its default bot.
  useEffect(() => {
    if (!ruleset) return;
    setScenario(ruleset.defaultScenario);
    setOptions(Object.fromEntries(ruleset.options.map((o) => [o.key, o.default])));
    setGameId(randomId(ruleset.id));
  }, [ruleset]);
  useEffect(() => {
    setSeats(
      Object.fromEntries(scenarioSeats.map((s, i) => [s, { mode: i === 0 ? 'link' : 'bot', email: '', bot: 'default' } as SeatChoice])),
    );
  }, [scenarioSeats]);

  if (created) {
    return (
      <section className="created" aria-labelledby="created-title">
        <h2 id="created-title">Game {created.gameId} is hosted</h2>
        <SeatLinks seats={created.seats} />
        <p>
          <a href={`/host/games/${encodeURIComponent(created.gameId)}`}>Manage the game</a> ·{' '}
          <a href={`/games/${encodeURIComponent(created.gameId)}`}>Open the game</a> ·{' '}
          <button type="button" className="link" onClick={() => window.location.assign('/host')}>
            Host another game
          </button>
        </p>
        <details>
          <summary>The game&apos;s host token (for the API; shown once)</summary>
          <p className="hint">
            Your hosting key manages the game from this page. The host token does the same over the API: keep it to yourself.
          </p>
          <code data-testid="host-token">{created.hostToken}</code>
        </details>
      </section>
    );
  }
  if (!rulesets || !ruleset) return <section aria-busy="true">{error ? <p role="alert">{error}</p> : 'Loading the rulesets…'}</section>;
  const setSeat = (seat: string, change: Partial<SeatChoice>) => setSeats((all) => ({ ...all, [seat]: { ...all[seat]!, ...change } }));
  const create = async () => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(undefined);
    const reminder = reminderHours.trim() === '' ? null : Number(reminderHours);
    const spec: NewHostedGame = {
      id: gameId,
      ...(title.trim() ? { title: title.trim() } : {}),
      ruleset: ruleset.id,
      scenario,
      options,
      deadlineHours: Number(deadlineHours),
      reminderHours: reminder,
      noMoves,
      public: listed,
      seats: scenarioSeats.map((seat) => {
        const c = seats[seat] ?? { mode: 'bot', email: '', bot: 'default' };
        if (c.mode === 'bot') return { seat, bot: c.bot };
        if (c.mode === 'email') return { seat, email: c.email.trim() };
        return c.mode === 'lobby' ? { seat, lobby: true } : { seat };
      }),
    };
    try {
      const answer = await hostApi.create(hostingKey, spec);
      keepSeatLinks(answer.gameId, answer.seats);
      setCreated(answer);
      onCreated?.();
    } catch (e) {
      const problems = e instanceof ApiError ? (e.refusal.problems ?? []) : [];
      setError(problems.length ? problems.map((p) => `${p.path ? `${p.path}: ` : ''}${p.message}`).join('; ') : (e as Error).message);
      sending.current = false;
      setBusy(false);
    }
  };
  return (
    <section className="create-game" aria-labelledby="create-title">
      <h2 id="create-title">Host a new game</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <div className="fields">
          <label>
            Ruleset{' '}
            <select value={rulesetId} onChange={(e) => setRulesetId(e.target.value)}>
              {rulesets.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.title}
                </option>
              ))}
            </select>
          </label>
          <label>
            Scenario{' '}
            <select value={scenario} onChange={(e) => setScenario(e.target.value)}>
              {ruleset.scenarios.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.id}
                </option>
              ))}
            </select>
          </label>
          <label>
            Title{' '}
            <input
              value={title}
              placeholder={`${ruleset.title} (${gameId})`}
              onChange={(e) => setTitle(e.target.value)}
              maxLength={200}
              size={36}
            />
          </label>
          <label>
            Game id (in its links){' '}
            <input
              value={gameId}
              onChange={(e) => setGameId(e.target.value.toLowerCase())}
              maxLength={63}
              size={24}
              pattern="[a-z0-9][a-z0-9-]*"
            />
          </label>
          {ruleset.options.map((o) => (
            <label key={o.key} title={o.description}>
              {o.description}{' '}
              {o.type === 'boolean' ? (
                <input
                  type="checkbox"
                  checked={options[o.key] === true}
                  onChange={(e) => setOptions({ ...options, [o.key]: e.target.checked })}
                />
              ) : o.choices ? (
                <select value={String(options[o.key])} onChange={(e) => setOptions({ ...options, [o.key]: e.target.value })}>
                  {o.choices.map((c) => (
                    <option key={c}>{c}</option>
                  ))}
                </select>
              ) : (
                <input
                  type={o.type === 'number' ? 'number' : 'text'}
                  value={String(options[o.key] ?? '')}
                  onChange={(e) => setOptions({ ...options, [o.key]: o.type === 'number' ? Number(e.target.value) : e.target.value })}
                />
              )}
            </label>
          ))}
          <label>
            Hours for each step&apos;s orders{' '}
            <input type="number" min={1} max={2160} value={deadlineHours} onChange={(e) => setDeadlineHours(e.target.value)} />
          </label>
          <label>
            Remind players this many hours before the deadline (empty: never){' '}
            <input type="number" min={0} value={reminderHours} onChange={(e) => setReminderHours(e.target.value)} />
          </label>
          <label>
            A seat that sends nothing by the deadline{' '}
            <select value={noMoves} onChange={(e) => setNoMoves(e.target.value as 'standing' | 'bot')}>
              <option value="standing">stands on empty orders</option>
              <option value="bot">is played by a bot for the turn</option>
            </select>
          </label>
          <label>
            <input type="checkbox" checked={listed} onChange={(e) => setListed(e.target.checked)} /> Listed among the games (and its lobby
            seats in the lobby)
          </label>
        </div>
        <h3>Seats</h3>
        {!mailOut && (
          <p className="hint">
            This server sends no mail: an invitation by address waits in its outbox until its owner sets up mail. Links work at once.
          </p>
        )}
        <table className="seats">
          <thead>
            <tr>
              <th scope="col">Seat</th>
              <th scope="col">Played by</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {scenarioSeats.map((seat) => {
              const c = seats[seat] ?? { mode: 'bot', email: '', bot: 'default' };
              return (
                <tr key={seat}>
                  <th scope="row">{seat}</th>
                  <td>
                    <select
                      aria-label={`Who plays ${seat}`}
                      value={c.mode}
                      onChange={(e) => setSeat(seat, { mode: e.target.value as SeatMode })}
                    >
                      <option value="link">a player: a link for you to pass on</option>
                      <option value="lobby">a player from the lobby (or a link)</option>
                      <option value="email">a player invited by mail</option>
                      <option value="bot">a bot</option>
                    </select>
                  </td>
                  <td>
                    {c.mode === 'email' && (
                      <input
                        type="email"
                        aria-label={`Address for ${seat}`}
                        value={c.email}
                        onChange={(e) => setSeat(seat, { email: e.target.value })}
                        required
                      />
                    )}
                    {c.mode === 'bot' && (
                      <select aria-label={`Bot for ${seat}`} value={c.bot} onChange={(e) => setSeat(seat, { bot: e.target.value })}>
                        {ruleset.bots.map((b) => (
                          <option key={b}>{b}</option>
                        ))}
                      </select>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {error && (
          <p role="alert" className="error">
            The game was not created: {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? 'Creating…' : 'Create the game'}
        </button>
      </form>
    </section>
  );
}
