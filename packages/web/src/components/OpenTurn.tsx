import { useState } from 'react';
import { api, type GameStatus, type SeatCredentials } from '../api.js';

/**
 * The step open for orders: its deadline, the dice commitment, who has sent orders and is ready; the record (the
 * public one, and a seat's own with its secret events).
 */
export function OpenTurn({ status, seat }: { readonly status: GameStatus; readonly seat?: SeatCredentials | undefined }) {
  const [failed, setFailed] = useState<string>();
  // A seat's record needs its token, which a plain link cannot send: fetched, then saved from memory.
  const downloadOwn = async () => {
    if (!seat) return;
    try {
      const record = await api.record(status.id, seat.token);
      const url = URL.createObjectURL(new Blob([JSON.stringify(record)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `${status.id}-${seat.seat}-record.json`;
      link.click();
      URL.revokeObjectURL(url);
      setFailed(undefined);
    } catch (e) {
      setFailed((e as Error).message);
    }
  };
  return (
    <section className="open-turn" aria-labelledby="open-title">
      <h3 id="open-title">{status.open ? `Open: ${status.open.label}` : status.result ? 'Game over' : 'No step open'}</h3>
      {status.result && <p>{status.result.summary}</p>}
      {status.open && (
        <dl>
          <dt>Deadline</dt>
          <dd>{status.paused ? 'paused by the host' : status.open.deadline ? new Date(status.open.deadline).toUTCString() : 'when the host resolves it'}</dd>
          <dt>Dice commitment</dt>
          <dd>
            <code data-testid="commitment">{status.open.commitment ?? 'none'}</code>
            <br />
            <small>The SHA-256 of the step&apos;s dice secret, published now; the record reveals the secret once the step is resolved.</small>
          </dd>
        </dl>
      )}
      <table className="seats">
        <thead>
          <tr>
            <th scope="col">Seat</th>
            <th scope="col">Played by</th>
            <th scope="col">Orders</th>
            <th scope="col">Ready</th>
          </tr>
        </thead>
        <tbody>
          {status.seats.map((s) => (
            <tr key={s.seat}>
              <th scope="row">{s.seat}</th>
              <td>{s.playedBy}</td>
              <td>{s.submitted ? '✔ sent' : '— not yet'}</td>
              <td>{s.ready ? '✔ ready' : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <a href={`/api/games/${encodeURIComponent(status.id)}/record`} download={`${status.id}-record.json`}>
          Download the record
        </a>{' '}
        of the resolved turns, with their dice revealed, and check it with <code>umpire verify</code>. Each nation&apos;s secrets
        (its treasury, its ledger) stand in it as their hashes, which the check compares with the replay.
      </p>
      {seat && (
        <p>
          <button type="button" className="link" onClick={() => void downloadOwn()}>
            Download {seat.seat}&apos;s record
          </button>
          , with your own secret events whole; check it with <code>umpire verify --seat {seat.seat}</code>.
          {failed && <span role="alert"> It could not be fetched: {failed}</span>}
        </p>
      )}
    </section>
  );
}
