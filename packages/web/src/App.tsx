import { useEffect, useState } from 'react';
import { api, seatFromLocation, type GameSummary } from './api.js';
import { GamesList } from './components/GamesList.js';
import { GameView } from './GameView.js';

/** The client's two pages: the games (/) and a game (/games/:id, with a seat link's ?seat=&token=). */
export function App() {
  const match = /^\/games\/([^/]+)\/?$/.exec(window.location.pathname);
  if (match) {
    return <GameRoute id={decodeURIComponent(match[1]!)} />;
  }
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
  // Read once: a seat link's token goes to sessionStorage and out of the address bar.
  const [seat] = useState(() => seatFromLocation(id));
  return <GameView gameId={id} seat={seat} />;
}
