import type { GameSummary } from '../api.js';

export function GamesList({ games }: { readonly games: readonly GameSummary[] }) {
  return (
    <main>
      <h1>Umpire</h1>
      <p>A computer umpire for play-by-email wargames. Open a game to see its map, its reports and its history; your invitation&apos;s seat link lets you give orders.</p>
      <p>
        <a href="/lobby">The lobby</a>: seats open to anyone. <a href="/host">Host a game</a> for your friends (with a hosting key
        from this server&apos;s owner).
      </p>
      <h2>Games</h2>
      {games.length === 0 ? (
        <p>No games yet.</p>
      ) : (
        <table className="games">
          <thead>
            <tr>
              <th scope="col">Game</th>
              <th scope="col">Ruleset</th>
              <th scope="col">Turns played</th>
              <th scope="col">State</th>
              <th scope="col">Open seats</th>
            </tr>
          </thead>
          <tbody>
            {games.map((g) => (
              <tr key={g.id}>
                <td>
                  <a href={`/games/${encodeURIComponent(g.id)}`}>{g.title}</a>
                </td>
                <td>{g.ruleset}</td>
                <td>{g.turnsResolved}</td>
                <td>{g.over ? 'over' : 'in play'}</td>
                <td>
                  {g.openSeats} of {g.seats}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        The API is described at <a href="/api/openapi.json">/api/openapi.json</a>.
      </p>
    </main>
  );
}
