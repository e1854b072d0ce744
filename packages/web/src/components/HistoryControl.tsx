/** Steps through the resolved turns: a slider and buttons (turn 0 is the opening map). */
export function HistoryControl({ turn, last, label, onChange }: { readonly turn: number; readonly last: number; readonly label: (turn: number) => string; readonly onChange: (turn: number) => void }) {
  const go = (t: number) => onChange(Math.max(0, Math.min(last, t)));
  return (
    <div className="history" role="group" aria-label="History">
      <button type="button" onClick={() => go(0)} disabled={turn === 0}>
        « Opening
      </button>
      <button type="button" onClick={() => go(turn - 1)} disabled={turn === 0}>
        ◀ Previous turn
      </button>
      <label>
        <span className="sr-only">Turn</span>
        <input type="range" min={0} max={last} step={1} value={turn} onChange={(e) => go(Number(e.target.value))} aria-valuetext={label(turn)} />
      </label>
      <button type="button" onClick={() => go(turn + 1)} disabled={turn >= last}>
        Next turn ▶
      </button>
      <button type="button" onClick={() => go(last)} disabled={turn >= last}>
        Latest »
      </button>
      <output data-testid="history-turn" aria-live="polite">
        {label(turn)}
      </output>
    </div>
  );
}
