import { useEffect, useMemo, useRef, useState } from 'react';
import type { Plan, PlanOffer } from '@umpire/engine';
import { OrdersSoFar } from './OrdersSoFar.js';
import { DataTable } from './DataTable.js';

/** What the map shows while an order is planned: the places to click and what a click there does, and shaded places. */
export interface Picking {
  readonly targets: readonly string[];
  readonly pick: (area: string) => void;
  readonly shades?: { readonly label: string; readonly areas: readonly string[] } | undefined;
  /** The place picked, once there is one: outlined on the map. */
  readonly picked?: string | undefined;
}

export interface PlanOrdersProps {
  readonly offer: PlanOffer;
  readonly areaName: string;
  /** The orders text (the truth): its order lines are listed, each with a remove button. */
  readonly text: string;
  readonly onAdd: (line: string) => void;
  readonly onRemove: (line: number) => void;
  readonly onPicking: (picking: Picking | undefined) => void;
}

/** An order word as a heading: 'move' → 'Move'. */
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * "Orders from here" on a board of single units (a hex map): the seat's units in the chosen hex and each order the
 * ruleset's board tool plans there, whatever its kind (move, attack, bombard, ...). Choosing one ticks its units
 * (they may be unticked), outlines on the map the places it may go, where a click picks the place (a list offers the
 * same for the keyboard), shades what the tool shades (the enemy zones of control), and shows before anything is
 * added what the order would do: its line, or why it cannot be given, its facts and the exact chance of each result.
 * *Add to orders* appends the line to the orders text.
 */
export function PlanOrders({ offer, areaName, text, onAdd, onRemove, onPicking }: PlanOrdersProps) {
  const [planId, setPlanId] = useState('');
  const [picked, setPicked] = useState<readonly string[]>([]);
  const [target, setTarget] = useState<string>();
  const [added, setAdded] = useState<string>();
  const plan: Plan | undefined = offer.plans.find((p) => p.id === planId);
  const units = useMemo(() => picked.filter((id) => plan?.units.some((u) => u.id === id)), [picked, plan]);
  const targets = useMemo(() => (plan && plan.target === undefined ? (plan.targets?.(units) ?? []) : []), [plan, units]);
  const goal = plan?.target ?? (target && targets.some((t) => t.id === target) ? target : undefined);
  const preview = useMemo(() => (plan && goal ? plan.preview(units, goal) : undefined), [plan, units, goal]);
  // The preview comes under the plan, often below the panel's fold: brought into sight when the order changes.
  const previewBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    previewBox.current?.scrollIntoView?.({ block: 'nearest' });
  }, [planId, goal]);

  // Another hex: start again.
  useEffect(() => {
    setPlanId('');
    setTarget(undefined);
    setAdded(undefined);
  }, [offer.area]);
  // The chosen plan's places are outlined on the map, where a click picks one; its shades are drawn under them.
  useEffect(() => {
    if (!plan) {
      onPicking(undefined);
      return;
    }
    onPicking({
      targets: plan.target !== undefined ? [plan.target] : targets.map((t) => t.id),
      pick: setTarget,
      shades: plan.shades,
      picked: goal,
    });
  }, [plan, targets, goal, onPicking]);
  useEffect(() => () => onPicking(undefined), [onPicking]);

  const choose = (p: Plan) => {
    const again = p.id === planId;
    setPlanId(again ? '' : p.id);
    setPicked(p.units.filter((u) => u.picked).map((u) => u.id));
    setTarget(undefined);
    setAdded(undefined);
  };
  const kinds = [...new Set(offer.plans.map((p) => p.kind))];
  return (
    <section className="click-orders plan-orders" aria-labelledby="plan-orders-title">
      <h4 id="plan-orders-title">Orders from here</h4>
      {offer.draftUnread && (
        <p className="check bad">⚠ Your orders text has problems: the orders offered here do not count it until it reads.</p>
      )}
      <p data-testid="own-units">
        Your units in {areaName}: {offer.units.length ? offer.units.map((u) => u.label).join(', ') : 'none'}
      </p>
      {offer.plans.length === 0 && <p className="muted">No order of yours starts or ends here now.</p>}
      {kinds.map((kind) => (
        <fieldset key={kind}>
          <legend>{capital(kind)}</legend>
          {offer.plans
            .filter((p) => p.kind === kind)
            .map((p) => (
              <div key={p.id} className="offer">
                <button type="button" aria-pressed={p.id === planId} onClick={() => choose(p)}>
                  {p.title}
                </button>
                {p.id === planId && (
                  <div className="pick">
                    <p className="hint">{p.hint}</p>
                    {p.units.length > 0 && (
                      <fieldset className="plan-units">
                        <legend>Units</legend>
                        {p.units.map((u) => (
                          <label key={u.id}>
                            <input
                              type="checkbox"
                              checked={units.includes(u.id)}
                              onChange={(e) => setPicked((now) => (e.target.checked ? [...now, u.id] : now.filter((x) => x !== u.id)))}
                            />{' '}
                            {u.label}
                            {u.at !== offer.area ? <span className="muted"> in {u.at}</span> : null}
                          </label>
                        ))}
                      </fieldset>
                    )}
                    {p.target === undefined && (
                      <label>
                        Where ({targets.length} in reach){' '}
                        <select value={goal ?? ''} onChange={(e) => setTarget(e.target.value || undefined)}>
                          <option value="">choose, or click the map…</option>
                          {targets.map((t) => (
                            <option key={t.id} value={t.id}>
                              {t.name}
                            </option>
                          ))}
                        </select>
                      </label>
                    )}
                    {preview && (
                      <div className="preview" data-testid="plan-preview" ref={previewBox}>
                        {preview.facts.length > 0 && (
                          <ul className="facts">
                            {preview.facts.map((f, i) => (
                              <li key={`${i}-${f}`}>{f}</li>
                            ))}
                          </ul>
                        )}
                        {preview.table && (
                          <DataTable
                            className="odds-table"
                            testId="plan-odds"
                            caption={preview.table.caption}
                            columns={preview.table.columns}
                            rows={preview.table.rows}
                          />
                        )}
                        {preview.problem && <p className="check bad">✖ {preview.problem}</p>}
                        {preview.line && (
                          <p>
                            <code data-testid="plan-line" className="plan-line">
                              {preview.line}
                            </code>{' '}
                            <button
                              type="button"
                              onClick={() => {
                                onAdd(preview.line!);
                                setAdded(preview.line);
                                setPlanId('');
                                setTarget(undefined);
                              }}
                            >
                              Add to orders
                            </button>
                          </p>
                        )}
                      </div>
                    )}
                  </div>
                )}
              </div>
            ))}
        </fieldset>
      ))}
      {added && (
        <p role="status" className="check good">
          ✔ Added to your orders: <code>{added}</code>
        </p>
      )}
      <OrdersSoFar text={text} onRemove={onRemove} />
    </section>
  );
}
