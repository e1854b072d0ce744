import { forgetSeat } from '../api.js';
import { GameView } from '../GameView.js';

/**
 * A tab whose seat link no longer opens a seat (the host gave the seat to someone else, or to a bot): the game as a
 * visitor sees it, with what happened and a way to forget the dead link (kept for the tab until then).
 */
export function DeadSeat({
  gameId,
  seat,
  why,
  onForget,
}: {
  readonly gameId: string;
  readonly seat: string;
  readonly why: string;
  readonly onForget: () => void;
}) {
  return (
    <>
      <div className="dead-seat" role="alert" data-testid="dead-seat">
        <p>
          Your seat link for <strong>{seat}</strong> no longer opens a seat of this game ({why}): the host has given the seat to someone
          else, or to a bot. Ask the host for a new link if you should still play it.
        </p>
        <p>
          You are watching the game as a visitor.{' '}
          <button
            type="button"
            onClick={() => {
              forgetSeat(gameId);
              onForget();
            }}
          >
            Forget the seat link
          </button>
        </p>
      </div>
      <GameView gameId={gameId} seat={undefined} />
    </>
  );
}
