import { useEffect, useMemo, useState } from 'react';
import { withCount, type ClickOffer } from '../game-data.js';
import { OrdersSoFar } from './OrdersSoFar.js';

export interface ClickOrdersProps {
  readonly offer: ClickOffer;
  readonly areaName: string;
  /** The orders text (the truth): its order lines are listed, each with a remove button. */
  readonly text: string;
  /** Add one order line to the text. */
  readonly onAdd: (line: string) => void;
  /** Take a line (1-based) out of the text. */
  readonly onRemove: (line: number) => void;
  /** The destinations to show on the map while a move is being given, and what a click on one of them does. */
  readonly onPicking: (picking: { readonly targets: readonly string[]; readonly pick: (area: string) => void } | undefined) => void;
}

/**
 * "Orders from here": the seat's units in the chosen area and the legal orders that start there (the ruleset's
 * `actionsAt`), grouped by kind. Choosing a move outlines its destinations on the map, where a click gives the
 * order (a list offers the same for the keyboard); the order's line is added to the orders text.
 */
const pct = (p: number) => `${Math.round(p * 100)}%`;

/** An order word as a heading: 'sail' → 'Sail'. */
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export function ClickOrders({ offer, areaName, text, onAdd, onRemove, onPicking }: ClickOrdersProps) {
  const [moveKey, setMoveKey] = useState('');
  const [count, setCount] = useState(1);
  const [buildWhat, setBuildWhat] = useState('');
  const [buildCount, setBuildCount] = useState(1);
  const [added, setAdded] = useState<string>();
  const move = offer.moves.find((m) => `${m.kind} ${m.what}` === moveKey);
  const safeCount = move ? Math.max(1, Math.min(move.max, count)) : 1;
  // The odds of each attack the chosen move may make, with the number chosen: worked out by the ruleset's exact
  // calculator, so the player sees them before giving the order.
  const attacks = useMemo(() => {
    const out = new Map<string, string>();
    if (!move?.odds) return out;
    for (const d of move.destinations) {
      const o = move.odds(d.id, safeCount);
      if (o) out.set(d.id, `${pct(o.attacker)} to take it, ${pct(o.defender)} it holds, ${pct(o.none)} nobody left`);
    }
    return out;
  }, [move, safeCount]);

  // The chosen move's destinations are outlined on the map and a click there gives the order.
  useEffect(() => {
    if (!move) {
      onPicking(undefined);
      return;
    }
    onPicking({
      targets: move.destinations.map((d) => d.id),
      pick: (area) => {
        const d = move.destinations.find((x) => x.id === area);
        if (!d) return;
        const line = withCount(d.label, safeCount);
        onAdd(line);
        setAdded(line);
        setMoveKey('');
      },
    });
  }, [move, safeCount, onAdd, onPicking]);
  useEffect(() => () => onPicking(undefined), [onPicking]);
  // Another area: start again.
  useEffect(() => {
    setMoveKey('');
    setBuildWhat('');
    setAdded(undefined);
  }, [offer.area]);

  const give = (line: string) => {
    onAdd(line);
    setAdded(line);
  };
  return (
    <section className="click-orders" aria-labelledby="click-orders-title">
      <h4 id="click-orders-title">Orders from here</h4>
      {offer.draftUnread && <p className="check bad">⚠ Your orders text has problems: the orders offered here do not count it until it reads.</p>}
      <p data-testid="own-units">
        Your units in {areaName}: {offer.units.length ? offer.units.map((u) => `${u.count} ${u.name}`).join(', ') : 'none'}
      </p>
      {offer.moves.length === 0 && offer.builds.length === 0 && <p className="muted">No order of yours starts here.</p>}
      {[...new Set(offer.moves.map((m) => m.kind))].map((kind) => {
        const groups = offer.moves.filter((m) => m.kind === kind);
        if (!groups.length) return null;
        return (
          <fieldset key={kind}>
            <legend>{capital(kind)}</legend>
            {groups.map((m) => {
              const key = `${m.kind} ${m.what}`;
              const chosen = key === moveKey;
              return (
                <div key={key} className="offer">
                  <button
                    type="button"
                    aria-pressed={chosen}
                    onClick={() => {
                      setMoveKey(chosen ? '' : key);
                      setCount(m.max);
                      setAdded(undefined);
                    }}
                  >
                    {capital(kind)} {m.what} (up to {m.max})
                  </button>
                  {chosen && (
                    <div className="pick">
                      <label>
                        How many to {m.kind}{' '}
                        <input type="number" min={1} max={m.max} value={safeCount} onChange={(e) => setCount(Number(e.target.value) || 1)} />
                      </label>
                      <p className="hint">
                        Click a destination outlined on the map ({m.destinations.length} in reach), or choose it here:
                      </p>
                      <label>
                        Destination{' '}
                        <select
                          value=""
                          onChange={(e) => {
                            const d = m.destinations.find((x) => x.id === e.target.value);
                            if (!d) return;
                            give(withCount(d.label, safeCount));
                            setMoveKey('');
                          }}
                        >
                          <option value="">choose…</option>
                          {m.destinations.map((d) => (
                            <option key={d.id} value={d.id}>
                              {d.name}
                              {attacks.get(d.id) ? ` (attack: ${attacks.get(d.id)})` : ''}
                            </option>
                          ))}
                        </select>
                      </label>
                      {attacks.size > 0 && (
                        <div className="odds" data-testid="attack-odds">
                          <p>Odds of the attacks, {safeCount} {m.what} against what holds each territory now (exact, before other moves):</p>
                          <ul>
                            {[...attacks].map(([id, text]) => (
                              <li key={id}>
                                {m.destinations.find((d) => d.id === id)?.name}: {text}
                              </li>
                            ))}
                          </ul>
                        </div>
                      )}
                    </div>
                  )}
                </div>
              );
            })}
          </fieldset>
        );
      })}
      {offer.builds.length > 0 && (
        <fieldset>
          <legend>Build</legend>
          <label>
            Unit{' '}
            <select value={buildWhat} onChange={(e) => setBuildWhat(e.target.value)}>
              <option value="">choose…</option>
              {offer.builds.map((b) => (
                <option key={b.what} value={b.what}>
                  {b.what}
                </option>
              ))}
            </select>
          </label>{' '}
          <label>
            Number to build <input type="number" min={1} max={99} value={buildCount} onChange={(e) => setBuildCount(Math.max(1, Number(e.target.value) || 1))} />
          </label>{' '}
          <button
            type="button"
            disabled={!buildWhat}
            onClick={() => {
              const b = offer.builds.find((x) => x.what === buildWhat);
              if (b) give(withCount(b.label, buildCount));
            }}
          >
            Add the build
          </button>
        </fieldset>
      )}
      {added && (
        <p role="status" className="check good">
          ✔ Added to your orders: <code>{added}</code>
        </p>
      )}
      <OrdersSoFar text={text} onRemove={onRemove} />
    </section>
  );
}
