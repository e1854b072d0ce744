import { useEffect, useState } from 'react';
import { api, claimFromLocation, keepSeat, seatFromLocation, type GameSummary, type SeatCredentials } from './api.js';
import { GamesList } from './components/GamesList.js';
import { GameView } from './GameView.js';
import { DeadSeat } from './components/DeadSeat.js';
import { Lobby } from './components/Lobby.js';
import { HostRoutes } from './host/HostRoutes.js';
import { RuleBookPage } from './components/RuleBook.js';

/**
 * The client's pages: the games (/), a game (/games/:id, with a seat link's ?seat=&token=), the host page, the lobby, a
 * rule book (/rules/:ruleset).
 */
export function App() {
  const match = /^\/games\/([^/]+)\/?$/.exec(window.location.pathname);
  if (match) {
    return <GameRoute id={decodeURIComponent(match[1]!)} />;
  }
  if (/^\/host(\/|$)/.test(window.location.pathname)) return <HostRoutes path={window.location.pathname} />;
  if (/^\/lobby\/?$/.test(window.location.pathname)) return <Lobby />;
  const rules = /^\/rules\/([^/]+)\/?$/.exec(window.location.pathname);
  if (rules) return <RuleBookPage ruleset={decodeURIComponent(rules[1]!)} />;
  return <Home />;
}

function Home() {
  const [games, setGames] = useState<GameSummary[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    api.games().then(setGames, (e: Error) => setError(e.message));
  }, []);
  if (error) return <main role="alert">The games cannot be listed: {error}</main>;
  if (!games) return <main aria-busy="true">Loading the games…</main>;
  return <GamesList games={games} />;
}

function GameRoute({ id }: { readonly id: string }) {
  // Read once: a claim link's code, or a seat link's token, goes out of the address bar (the token to sessionStorage).
  const [claim] = useState(() => claimFromLocation());
  const [seat, setSeat] = useState<SeatCredentials | undefined>(() => (claim ? undefined : seatFromLocation(id)));
  const [claimError, setClaimError] = useState<string>();
  // The tab's seat link no longer opens a seat (the host gave it away): the visitor's view, and a way to forget it.
  const [dead, setDead] = useState<string>();
  useEffect(() => {
    if (!claim) return;
    api.claim(id, claim.seat, claim.code).then(
      (got) => {
        keepSeat(id, got);
        setSeat(got);
      },
      (e: Error) => setClaimError(e.message),
    );
  }, [claim, id]);
  if (claim && claimError) {
    return (
      <main role="alert">
        <p>The seat could not be taken: {claimError}</p>
        <p>
          <a href={`/games/${encodeURIComponent(id)}`}>Watch the game</a> or ask its host for a new link.
        </p>
      </main>
    );
  }
  if (claim && !seat) return <main aria-busy="true">Taking your seat…</main>;
  if (dead && seat) return <DeadSeat gameId={id} seat={seat.seat} why={dead} onForget={() => setSeat(undefined)} />;
  return <GameView gameId={id} seat={seat} onSeatRefused={setDead} />;
}
