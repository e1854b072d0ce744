import type { SeatCredentials } from '../api.js';

/**
 * The seat's own link (its token), for a player who took the seat by a claim link or from the lobby and has no
 * invitation mail to come back by: shown on asking, to keep privately.
 */
export function SeatLink({ gameId, seat }: { readonly gameId: string; readonly seat: SeatCredentials }) {
  const query = new URLSearchParams({ seat: seat.seat, token: seat.token });
  const link = `${window.location.origin}/games/${encodeURIComponent(gameId)}?${query.toString()}`;
  return (
    <details className="seat-link">
      <summary>Your seat link</summary>
      <p className="hint">Keep it to come back to your seat from any browser; it is your key to the seat, so share it with nobody.</p>
      <input readOnly aria-label="Your seat link" value={link} onFocus={(e) => e.currentTarget.select()} size={60} />
    </details>
  );
}
