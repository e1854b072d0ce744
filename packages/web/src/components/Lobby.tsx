import { useEffect, useRef, useState } from 'react';
import { keepSeat } from '../api.js';
import { hostApi, type LobbyGame } from '../host/host-api.js';

/**
 * The lobby: public games in play whose host offers seats to anyone. Taking a seat gets its token for this tab (as a
 * seat link does) and opens the game; the seat leaves the lobby.
 */
export function Lobby() {
  const [games, setGames] = useState<LobbyGame[]>();
  const [error, setError] = useState<string>();
  const busy = useRef(false);
  const load = () => hostApi.lobby().then(setGames, (e: Error) => setError(e.message));
  useEffect(() => {
    void load();
  }, []);
  const take = async (game: LobbyGame, seat: string) => {
    if (busy.current) return;
    busy.current = true;
    setError(undefined);
    try {
      const got = await hostApi.join(game.id, seat);
      keepSeat(game.id, got);
      window.location.assign(`/games/${encodeURIComponent(game.id)}`);
    } catch (e) {
      setError(`${seat} of ${game.title} could not be taken: ${(e as Error).message}`);
      busy.current = false;
      void load();
    }
  };
  return (
    <main className="lobby">
      <p>
        <a href="/">All games</a> · <a href="/host">Host a game</a>
      </p>
      <h1>Lobby: seats to take</h1>
      <p>
        These games&apos; hosts offer seats to anyone. Take one and you play it in this browser: the game page then shows your seat link, to
        keep (privately) for coming back.
      </p>
      {error && <p role="alert">{error}</p>}
      {!games ? (
        <p aria-busy="true">Loading the lobby…</p>
      ) : games.length === 0 ? (
        <p>No game has a seat open in the lobby now.</p>
      ) : (
        <table className="games">
          <thead>
            <tr>
              <th scope="col">Game</th>
              <th scope="col">Ruleset</th>
              <th scope="col">Now</th>
              <th scope="col">Deadlines</th>
              <th scope="col">Seats to take</th>
            </tr>
          </thead>
          <tbody>
            {games.map((g) => (
              <tr key={g.id}>
                <td>
                  <a href={`/games/${encodeURIComponent(g.id)}`}>{g.title}</a>
                </td>
                <td>
                  {g.rulesetTitle}
                  {g.scenario ? <span className="muted"> ({g.scenario})</span> : null}
                </td>
                <td>{g.turn ?? '—'}</td>
                <td>{g.deadlineHours} hours a step</td>
                <td className="take">
                  {g.openSeats.map((s) => (
                    <button key={s} type="button" onClick={() => void take(g, s)}>
                      Take {s}
                    </button>
                  ))}
                  <span className="muted"> of {g.seats} seats</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
