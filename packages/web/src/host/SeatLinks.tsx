import { useState } from 'react';
import type { SeatGiven } from './host-api.js';

/** Copy a link: the clipboard where the browser allows it (a secure page), else the field's text selected for the host to copy. */
export function CopyField({ label, value }: { readonly label: string; readonly value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <span className="copy-field">
      <input readOnly aria-label={label} value={value} size={48} onFocus={(e) => e.currentTarget.select()} />{' '}
      <button
        type="button"
        onClick={(e) => {
          const field = e.currentTarget.previousElementSibling as HTMLInputElement | null;
          field?.select();
          navigator.clipboard?.writeText(value).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </span>
  );
}

/** Who plays each seat of a game just hosted, with the links of the open seats for the host to pass on. */
export function SeatLinks({ seats }: { readonly seats: readonly SeatGiven[] }) {
  return (
    <>
      <p>
        Pass each seat link to its player, by any way you like: whoever opens it first takes the seat, and the link then stops working.
        Invited addresses get their own links by mail; bots need none.
      </p>
      <table className="seats" data-testid="seat-links">
        <thead>
          <tr>
            <th scope="col">Seat</th>
            <th scope="col">Played by</th>
            <th scope="col">Seat link to pass on</th>
          </tr>
        </thead>
        <tbody>
          {seats.map((s) => (
            <tr key={s.seat}>
              <th scope="row">{s.seat}</th>
              <td>
                {s.playedBy === 'bot'
                  ? `the ${s.bot} bot`
                  : s.playedBy === 'player'
                    ? `invited: ${s.email}`
                    : s.lobby
                      ? 'open, in the lobby'
                      : 'open'}
              </td>
              <td>{s.claimUrl ? <CopyField label={`Seat link for ${s.seat}`} value={s.claimUrl} /> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
