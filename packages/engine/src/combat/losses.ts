/**
 * Loss allocation: take `hits` from a force following a loss order (the owner's standing order, or a default
 * such as 'cheapest first'). Units with more than one hit point absorb hits one at a time; a unit that cannot
 * be taken as a casualty is never chosen. Returns the new damage per unit and the units destroyed.
 */
export interface LossUnit {
  readonly id: string;
  readonly type: string;
  /** Hits the unit can take before it is destroyed. */
  readonly hitPoints: number;
  readonly damage: number;
  readonly canBeCasualty?: boolean;
}

export interface LossResult {
  readonly destroyed: readonly string[];
  readonly damaged: Readonly<Record<string, number>>;
  /** Hits that could not be applied because no eligible unit was left. */
  readonly unused: number;
}

/**
 * `order` lists unit types (or unit ids) in the order they are taken. Multi-hit units take a first hit that
 * only damages them before any unit is destroyed when `damageFirst` is set (the usual rule for battleships).
 */
export function allocateLosses(units: readonly LossUnit[], hits: number, order: readonly string[], opts: { readonly damageFirst?: boolean } = {}): LossResult {
  const rank = (u: LossUnit) => {
    const byId = order.indexOf(u.id);
    if (byId >= 0) return byId;
    const byType = order.indexOf(u.type);
    return byType >= 0 ? byType : order.length;
  };
  const alive = units
    .filter((u) => u.canBeCasualty !== false && u.damage < u.hitPoints)
    .map((u, i) => ({ u, i, damage: u.damage }))
    .sort((a, b) => rank(a.u) - rank(b.u) || a.i - b.i);
  let left = hits;
  if (opts.damageFirst) {
    for (const x of alive) {
      if (left === 0) break;
      if (x.u.hitPoints - x.damage > 1) {
        x.damage++;
        left--;
      }
    }
  }
  for (const x of alive) {
    while (left > 0 && x.damage < x.u.hitPoints) {
      x.damage++;
      left--;
    }
    if (left === 0) break;
  }
  const destroyed = alive.filter((x) => x.damage >= x.u.hitPoints).map((x) => x.u.id);
  const damaged: Record<string, number> = {};
  for (const x of alive) if (x.damage < x.u.hitPoints && x.damage !== x.u.damage) damaged[x.u.id] = x.damage;
  return { destroyed, damaged, unused: left };
}
