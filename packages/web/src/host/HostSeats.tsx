import { useState } from 'react';
import { hostApi, keepSeatLinks, seatLinks, type HostSeat, type HostView, type SeatGiven } from './host-api.js';
import { CopyField } from './SeatLinks.js';

/** How the host gives a seat anew ('' until the host chooses: one click never takes a seat from its player). */
type Give = '' | 'link' | 'lobby' | 'email' | 'bot';

/** Who plays a seat, in words, as its host sees it. */
function playedBy(s: HostSeat): string {
  if (s.bot) return `the ${s.bot} bot`;
  if (s.email) return `${s.email}${s.joined ? '' : ' (invited, not joined yet)'}`;
  if (s.joined) return 'a player (joined by link or from the lobby)';
  if (s.lobby) return 'open: in the lobby, and by its link';
  return s.linkWaiting ? 'open: its link is not used yet' : 'open';
}

/** What the host asked a seat be given to, as the API takes it. */
const wanted = (g: { to: Give; email: string; bot: string }) =>
  g.to === 'bot' ? { bot: g.bot } : g.to === 'email' ? { email: g.email.trim() } : g.to === 'lobby' ? { lobby: true } : {};

/** What became of a seat given anew, in words (and the steps that resolved because a bot took it). */
function givenNote(seat: string, given: SeatGiven): string {
  const resolved = given.resolved?.length ? ` Every player was ready: ${given.resolved.join(', ')} resolved.` : '';
  if (given.playedBy === 'bot') return `${seat} is played by the ${given.bot} bot.${resolved}`;
  const old = 'any old link of the seat stops working';
  if (given.playedBy === 'player') return `${seat} is given to ${given.email}: the invitation is queued; ${old}.`;
  return `${seat} has a new link to pass on${given.lobby ? ' and is open in the lobby' : ''}; ${old}.`;
}

/**
 * The seats of a game as its host sees them (who plays each, joined, orders sent, ready), each with the link to pass
 * on while it waits, and a way to give it anew: a new link (the old one and any player's token stop working), the
 * lobby, an address, or a bot (who plays the open step at once, which may resolve it).
 */
export function HostSeats({
  gameId,
  view,
  hostKey,
  act,
  finished,
}: {
  readonly gameId: string;
  readonly view: HostView;
  readonly hostKey: string;
  readonly act: (what: () => Promise<string | undefined>) => Promise<void>;
  readonly finished: boolean;
}) {
  const [give, setGive] = useState<Record<string, { to: Give; email: string; bot: string }>>({});
  const links = seatLinks(gameId);
  const bots = view.bots;
  return (
    <section aria-labelledby="seats-title">
      <h2 id="seats-title">Seats</h2>
      <table className="seats" data-testid="host-seats">
        <thead>
          <tr>
            <th scope="col">Seat</th>
            <th scope="col">Played by</th>
            <th scope="col">Orders sent</th>
            <th scope="col">Ready</th>
            <th scope="col">Seat link to pass on</th>
            {!finished && <th scope="col">Give the seat to</th>}
          </tr>
        </thead>
        <tbody>
          {view.seats.map((s) => {
            const g = give[s.seat] ?? { to: '' as Give, email: '', bot: 'default' };
            const set = (change: Partial<typeof g>) => setGive((all) => ({ ...all, [s.seat]: { ...g, ...change } }));
            const link = s.linkWaiting ? links[s.seat] : undefined;
            return (
              <tr key={s.seat} data-seat={s.seat}>
                <th scope="row">{s.seat}</th>
                <td>{playedBy(s)}</td>
                <td>{view.status.open ? (s.submitted ? 'yes' : 'no') : '—'}</td>
                <td>{view.status.open && !s.bot ? (s.ready ? 'yes' : 'no') : '—'}</td>
                <td>
                  {link ? (
                    <CopyField label={`Seat link for ${s.seat}`} value={link} />
                  ) : s.linkWaiting ? (
                    <span className="hint">made elsewhere: give a new link to see one</span>
                  ) : (
                    '—'
                  )}
                </td>
                {!finished && (
                  <td>
                    <select aria-label={`Give ${s.seat} to`} value={g.to} onChange={(e) => set({ to: e.target.value as Give })}>
                      <option value="">choose…</option>
                      <option value="link">a new link (the old one stops working)</option>
                      <option value="lobby">the lobby (and a new link)</option>
                      <option value="email">an address (an invitation by mail)</option>
                      <option value="bot">a bot</option>
                    </select>{' '}
                    {g.to === 'email' && (
                      <input
                        type="email"
                        aria-label={`Address for ${s.seat}`}
                        value={g.email}
                        onChange={(e) => set({ email: e.target.value })}
                      />
                    )}
                    {g.to === 'bot' && (
                      <select aria-label={`Bot for ${s.seat}`} value={g.bot} onChange={(e) => set({ bot: e.target.value })}>
                        {bots.map((b) => (
                          <option key={b}>{b}</option>
                        ))}
                      </select>
                    )}{' '}
                    <button
                      type="button"
                      aria-label={`Give seat ${s.seat}`}
                      disabled={g.to === ''}
                      onClick={() =>
                        void act(async () => {
                          const given = await hostApi.giveSeat(gameId, hostKey, s.seat, wanted(g));
                          keepSeatLinks(gameId, [given]);
                          return givenNote(s.seat, given);
                        })
                      }
                    >
                      Give
                    </button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
