import type { PhaseContext } from '../ruleset.js';

/**
 * A pool of dice thrown for one side of a combat round: each entry is a unit (or a group) with the number it
 * needs to roll at or under to hit (modifiers are the ruleset's business); a value of 0 or less never hits.
 */
export interface PoolEntry {
  readonly label: string;
  readonly value: number;
  readonly dice?: number;
}

export interface PoolRoll {
  readonly label: string;
  readonly value: number;
  readonly roll: number;
  readonly hit: boolean;
}

export function rollPool(ctx: PhaseContext, entries: readonly PoolEntry[], opts: { readonly sides?: number; readonly purpose: string }): { hits: number; rolls: PoolRoll[] } {
  const sides = opts.sides ?? 10;
  const rolls: PoolRoll[] = [];
  for (const entry of entries) {
    for (let d = 0; d < (entry.dice ?? 1); d++) {
      const roll = ctx.roll(sides, `${opts.purpose}: ${entry.label}${(entry.dice ?? 1) > 1 ? ` die ${d + 1}` : ''}`);
      rolls.push({ label: entry.label, value: entry.value, roll, hit: entry.value > 0 && roll <= entry.value });
    }
  }
  return { hits: rolls.filter((r) => r.hit).length, rolls };
}
