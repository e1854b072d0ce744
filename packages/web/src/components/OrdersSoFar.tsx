import { orderLines } from '../game-data.js';

/** The orders of the text, one a line, each with a button that takes its line out of the text. */
export function OrdersSoFar({ text, onRemove }: { readonly text: string; readonly onRemove: (line: number) => void }) {
  const lines = orderLines(text);
  return (
    <>
      <h4>Your orders so far</h4>
      {lines.length ? (
        <ul className="draft" aria-label="Your orders so far">
          {lines.map((l) => (
            <li key={`${l.line}-${l.text}`}>
              <code>{l.text}</code>{' '}
              <button type="button" className="remove" onClick={() => onRemove(l.line)} aria-label={`Remove the order ${l.text}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No orders yet.</p>
      )}
    </>
  );
}
