/** Steps through the resolved turns: a slider and buttons (turn 0 is the opening map). */
export function HistoryControl({
  turn,
  last,
  label,
  onChange,
}: {
  readonly turn: number;
  readonly last: number;
  readonly label: (turn: number) => string;
  readonly onChange: (turn: number) => void;
}) {
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
        <input
          type="range"
          min={0}
          max={last}
          step={1}
          value={turn}
          onChange={(e) => go(Number(e.target.value))}
          aria-valuetext={label(turn)}
        />
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

/** A step id as a heading: 't3.german' → 'German (t3.german)'. */
const stepName = (step: string) => {
  const name = step.replace(/^t\d+\./, '').replace(/-/g, ' ');
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} (${step})`;
};

/**
 * Within a resolved turn, the map after each of its phases, step by step (a turn of player-turns lists the phases of
 * each under its step): a list grouped by step, and buttons to the phase before and after (null: the end of the turn).
 */
export function PhaseControl({
  phases,
  steps,
  phase,
  label,
  onChange,
}: {
  readonly phases: readonly string[];
  /** The step each phase belongs to, index for index. */
  readonly steps: readonly string[];
  readonly phase: number | null;
  readonly label: (phase: string) => string;
  readonly onChange: (phase: number | null) => void;
}) {
  const groups: { step: string; phases: { name: string; index: number }[] }[] = [];
  phases.forEach((name, index) => {
    const step = steps[index] ?? '';
    if (groups.at(-1)?.step !== step) groups.push({ step, phases: [] });
    groups.at(-1)!.phases.push({ name, index });
  });
  const options = (g: (typeof groups)[number]) =>
    g.phases.map((p) => (
      <option key={`${p.index}-${p.name}`} value={p.index}>
        after {p.index + 1}. {label(p.name)}
      </option>
    ));
  return (
    <div className="phases">
      <label>
        Phase{' '}
        <select data-testid="phase" value={phase ?? ''} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}>
          <option value="">the end of the turn</option>
          {groups.length > 1
            ? groups.map((g) => (
                <optgroup key={g.step} label={stepName(g.step)}>
                  {options(g)}
                </optgroup>
              ))
            : groups.map(options)}
        </select>
      </label>
      <button type="button" onClick={() => onChange(phase === null ? phases.length - 1 : Math.max(0, phase - 1))} disabled={phase === 0}>
        ◀ Phase
      </button>
      <button
        type="button"
        onClick={() => onChange(phase === null || phase >= phases.length - 1 ? null : phase + 1)}
        disabled={phase === null}
      >
        Phase ▶
      </button>
      {phase !== null && steps[phase] && groups.length > 1 && (
        <span className="muted" data-testid="phase-step">
          {stepName(steps[phase])}, phase {phase + 1} of {phases.length}
        </span>
      )}
    </div>
  );
}
