import { useEffect, useState } from 'react';
import { ApiError } from '../api.js';
import { CreateGame } from './CreateGame.js';
import { HostGame } from './HostGame.js';
import { forgetHostingKey, hostApi, hostingKey, keepHostingKey, when, type HostedSummary } from './host-api.js';
import { KeyForm } from './KeyForm.js';

/** The host page: /host (the key, the host's games, a new game) and /host/games/:id (one game). */
export function HostRoutes({ path }: { readonly path: string }) {
  const match = /^\/host\/games\/([^/]+)\/?$/.exec(path);
  if (match) return <HostGame id={decodeURIComponent(match[1]!)} />;
  return <HostHome />;
}

function HostHome() {
  const [key, setKey] = useState(() => hostingKey());
  const [games, setGames] = useState<{ games: HostedSummary[]; mailOut: boolean }>();
  const [error, setError] = useState<string>();
  const [loaded, setLoaded] = useState(0);
  useEffect(() => {
    if (!key) return;
    hostApi.games(key).then(setGames, (e: Error) => {
      // A key the server's owner no longer lists: asked for again.
      if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
        forgetHostingKey();
        setKey(undefined);
      }
      setError(e.message);
    });
  }, [key, loaded]);
  if (!key) {
    return (
      <main className="host">
        <p>
          <a href="/">All games</a> · <a href="/lobby">Lobby</a>
        </p>
        <h1>Host a game</h1>
        <p>
          Hosting a game on this server takes a <strong>hosting key</strong> from the server&apos;s owner (who lists it in
          <code> UMPIRE_HOSTING_KEYS</code>). It stays in this browser: it is never put in a link or shown to players.
        </p>
        {error && <p role="alert">{error}</p>}
        <KeyForm
          label="Hosting key"
          check={async (value) => {
            await hostApi.games(value);
          }}
          onKey={(value, remember) => {
            keepHostingKey(value, remember);
            setError(undefined);
            setKey(value);
          }}
        />
      </main>
    );
  }
  return (
    <main className="host">
      <p>
        <a href="/">All games</a> · <a href="/lobby">Lobby</a> ·{' '}
        <button
          type="button"
          className="link"
          onClick={() => {
            forgetHostingKey();
            setKey(undefined);
            setGames(undefined);
          }}
        >
          Forget the hosting key in this browser
        </button>
      </p>
      <h1>Your games</h1>
      {error && <p role="alert">{error}</p>}
      {games && !games.mailOut && (
        <p className="notice" data-testid="no-mail">
          This server sends no mail (its owner has not set <code>UMPIRE_SMTP_URL</code>): invitations by address would wait in its outbox.
          Give seats by link instead, and pass the links on yourself.
        </p>
      )}
      {!games ? (
        <p aria-busy="true">Loading your games…</p>
      ) : games.games.length === 0 ? (
        <p>You host no games yet.</p>
      ) : (
        <table className="games" data-testid="hosted-games">
          <thead>
            <tr>
              <th scope="col">Game</th>
              <th scope="col">Ruleset</th>
              <th scope="col">State</th>
              <th scope="col">Deadline</th>
              <th scope="col">Mail waiting</th>
            </tr>
          </thead>
          <tbody>
            {games.games.map((g) => (
              <tr key={g.id}>
                <td>
                  <a href={`/host/games/${encodeURIComponent(g.id)}`}>{g.title}</a>
                </td>
                <td>{g.ruleset}</td>
                <td>{g.ended ? 'ended' : g.over ? 'over' : g.paused ? 'paused' : 'in play'}</td>
                <td>{when(g.deadline)}</td>
                <td>{g.mailWaiting}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <CreateGame hostingKey={key} mailOut={games?.mailOut ?? false} onCreated={() => setLoaded((n) => n + 1)} />
    </main>
  );
}
