import { technologyTable, unitTable, type TechnologyTable, type UnitTable } from '../data/load.js';
import { nationOf, type GreatWarState, type NationState } from './nations.js';
import { statKeys, unitStatKeys, type Effect, type ExistingUnits, type Technology, type UnitEntry, type UnitStatKey, type UnitType } from '../data/schema.js';

/**
 * A nation's units: the base numbers of data/units.json, the nation's unit variants (Russian option 2, Bolshevik
 * infantry), then the effects of every advance the nation has made, in the order of the technology table
 * (stat deltas, abilities, the industrial cost cut last). The numbers are those of a unit bought now; whether
 * units already on the map have an advance is decision D-TECH-5, for the phases that keep units.
 */

export type UnitStats = { -readonly [K in UnitStatKey]: UnitEntry[K] };

export interface NationUnit extends UnitStats {
  readonly unit: UnitType;
  /** Whether the nation may buy it now: a price, and any advance that unlocks it (GW-TECH-11, -13, -43, -53...). */
  readonly mayBuild: boolean;
  /** What its advances let it do: 'breakthrough', 'naval-ready', 'fires-every-round', 'ship-mounted', 'industrial-bombing'. */
  readonly abilities: readonly string[];
  /** The industrial cost cut in force, in percent (0, 10 or 20), already taken off `cost` if the unit is manufactured. */
  readonly costCutPercent: number;
}

export interface Tables {
  readonly units: UnitTable;
  readonly techs: TechnologyTable;
}

const shipped = (): Tables => ({ units: unitTable(), techs: technologyTable() });

const baseStats = (entry: UnitEntry): UnitStats => Object.fromEntries(unitStatKeys.map((k) => [k, entry[k]])) as UnitStats;

/** The stats of a unit type for a nation, given as its state or its id; throws for an unknown nation or unit type. */
export function unitStats(state: GreatWarState, nation: string | NationState, type: UnitType, tables: Tables = shipped()): NationUnit {
  const n = typeof nation === 'string' ? nationOf(state, nation) : nation;
  if (!n) throw new Error(`no nation '${String(nation)}' in this game`);
  const entry = tables.units.byId.get(type);
  if (!entry) throw new Error(`no unit type '${type}'`);
  const stats = baseStats(entry);
  for (const id of n.unitVariants) {
    const variant = tables.units.variants.get(id);
    if (!variant || variant.unit !== type) continue;
    for (const key of unitStatKeys) {
      const value = variant.set[key];
      if (value !== undefined) stats[key] = value;
    }
  }
  const abilities: string[] = [];
  let cut = 0;
  let rounding: 'up' | 'down' = 'up';
  for (const tech of tables.techs.list) {
    for (let level = 1; level <= levelOf(n, tech.id); level++) {
      for (const e of advanceFor(n, tech, level)?.effects ?? []) {
        if (e.kind === 'stats' && e.unit === type) {
          for (const key of statKeys) {
            const delta = e[key];
            const value = stats[key];
            // parseUnits refuses a delta on a stat the unit does not have, so value is never null here.
            if (delta !== undefined && value !== null) stats[key] = value + delta;
          }
        } else if (e.kind === 'ability' && e.unit === type) {
          if (!abilities.includes(e.ability)) abilities.push(e.ability);
        } else if (e.kind === 'cost-reduction' && entry.manufactured) {
          cut = e.cumulative ? cut + e.percent : e.percent;
          rounding = e.rounding;
        }
      }
    }
  }
  if (cut > 0 && stats.cost !== null) {
    const reduction = (stats.cost * cut) / 100;
    stats.cost -= rounding === 'up' ? Math.ceil(reduction) : Math.floor(reduction);
  }
  return { unit: type, ...stats, mayBuild: stats.cost !== null && mayBuild(n, type, tables.techs), abilities, costCutPercent: entry.manufactured ? cut : 0 };
}

/** Every unit type's stats for a nation, in the order of the unit table. */
export function unitRoster(state: GreatWarState, nation: string | NationState, tables: Tables = shipped()): NationUnit[] {
  return tables.units.list.map((u) => unitStats(state, nation, u.id, tables));
}

/** A nation's level in a technology: the advances it has made. */
export const levelOf = (nation: NationState, techId: string): number => nation.tech[techId] ?? 0;

/** What the n-th advance (1-based) of a technology does for this nation: tank prototypes change the 1st tank advance. */
export function advanceFor(nation: NationState, tech: Technology, n: number): { readonly text: string; readonly existing: ExistingUnits; readonly effects: readonly Effect[] } | undefined {
  const advance = tech.advances[n - 1];
  if (!advance) return undefined;
  const unlocks = advance.effects.find((e) => e.kind === 'may-build')?.unit;
  if (advance.ifAlreadyBuildable && unlocks !== undefined && nation.mayBuildAtStart.includes(unlocks)) return advance.ifAlreadyBuildable;
  return advance;
}

/** Whether the nation may build a unit type: ungated units always, gated ones from the start or after the advance that unlocks them. */
export function mayBuild(nation: NationState, unit: UnitType, table: TechnologyTable = technologyTable()): boolean {
  if (!table.gatedUnits.has(unit) || nation.mayBuildAtStart.includes(unit)) return true;
  return table.list.some((tech) =>
    tech.advances.some((advance, i) => i < levelOf(nation, tech.id) && advance.effects.some((e) => e.kind === 'may-build' && e.unit === unit)),
  );
}

/** The paid advances a unit in play lacks, by technology id; empty when it has them all. */
export function lacksOf(state: GreatWarState, unitId: string): { readonly [techId: string]: readonly number[] } {
  return state.politics.upgrades.lacking[unitId] ?? {};
}

/** A unit's numbers: its nation's for the type (units.ts), less the paid advances this unit lacks (D-UPG-2). */
export function statsOfUnit(state: GreatWarState, unit: { readonly id?: string; readonly nation: string; readonly type: string }): Omit<NationUnit, 'unit' | 'mayBuild' | 'costCutPercent'> {
  const nation = nationOf(state, unit.nation);
  if (!nation) {
    const entry = unitTable().byId.get(unit.type as never);
    if (!entry) throw new Error(`no unit type '${unit.type}'`);
    return { ...entry, abilities: [] };
  }
  const stats: { -readonly [K in keyof NationUnit]: NationUnit[K] } = { ...unitStats(state, nation, unit.type as UnitType) };
  const lacks = unit.id === undefined ? {} : lacksOf(state, unit.id);
  const table = technologyTable();
  let abilities = [...stats.abilities];
  for (const [techId, advances] of Object.entries(lacks)) {
    const tech = table.byId.get(techId);
    if (!tech) continue;
    for (const n of advances) {
      for (const e of advanceFor(nation, tech, n)?.effects ?? []) {
        if (e.kind === 'stats' && e.unit === unit.type) {
          for (const key of ['attack', 'defense', 'move', 'hits', 'fuel', 'troopPoints', 'shoreBombardment', 'attacksPerRound', 'fighterCapacity'] as const) {
            const delta = e[key];
            const value = stats[key];
            if (delta !== undefined && value !== null && value !== undefined) stats[key] = value - delta;
          }
        } else if (e.kind === 'ability' && e.unit === unit.type) {
          abilities = abilities.filter((a) => a !== e.ability);
        }
      }
    }
  }
  stats.abilities = abilities;
  return stats;
}
