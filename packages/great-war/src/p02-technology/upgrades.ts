import { closestName, jsonPath, type GameEvent, type PhaseContext, type Problem, type ReportSection, type SeatId } from '@umpire/engine';
import { lookupUnit, unitName } from '../p03-build/build-orders.js';
import { technologyTable, unitTable } from '../data/load.js';
import { nationOf, seatsOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { GreatWarOrders, Ledger, OrderSpec } from '../orders/language.js';
import { widen } from '../orders/language.js';
import { nationName } from '../base/conquest.js';
import type { ExistingUnits, Technology, UnitType } from '../data/schema.js';
import { advanceFor } from './research.js';
import { lacksOf } from '../base/units.js';

declare module '../base/nations.js' {
  interface PoliticsSlices {
    upgrades: UpgradesState;
  }
}

/**
 * Phase 2: the units already in play and the advances a nation makes (GW-P02-TECH-04..07, gap G13). Each advance
 * says in data/technologies.json (`existing`) what it does for them (decision D-UPG-1): 'automatic' ones they have at
 * once, 'new-only' ones change none of them, and 'paid' ones they lack until the nation orders `upgrade <unit type>`
 * and pays the advance's per-unit extra cost for every one of them at once (the rule book's 50 infantry, 50
 * resources). Units bought after the advance have it (GW-P02-TECH-07). A successful research roll leaves the advance
 * `pending`; after the turn's upgrade orders are paid, the pending advances are marked as lacking on every unit of
 * the nation then in play (so an upgrade is ordered from the next turn on: D-UPG-3).
 */

/** This part's record in `state.politics`. */
export type UpgradesState = {
  /** The paid advances each unit in play lacks: unit id → technology id → advance numbers, ascending. */
  lacking: { [unitId: string]: { [techId: string]: number[] } };
  /** Advances won in this turn's research, to mark on the units in play when phase 2 ends; empty between turns. */
  pending: { nation: string; tech: string; advance: number }[];
  /**
   * The territories captured by land this turn (phases 8 and 10), for the tank breakthrough (src/breakthrough.ts,
   * D-BRK-2); emptied when the breakthrough phase ends and when phase 2 begins. Absent until the first capture.
   */
  captured?: string[];
};

export function openingUpgrades(): UpgradesState {
  return { lacking: {}, pending: [] };
}

export type UpgradeOrder = { kind: 'upgrade'; unit: UnitType };

/** The record, whatever older state it is read from. */
function record(state: GreatWarState): UpgradesState {
  const r = state.politics.upgrades as Partial<UpgradesState>;
  r.lacking ??= {};
  r.pending ??= [];
  return r as UpgradesState;
}

/** Hook of the research phase: the nation has just made `advance` of `techId` (GW-P02-TECH-02). */
export function upgradesOnAdvance(state: GreatWarState, nation: string, techId: string, advance: number): void {
  record(state).pending.push({ nation, tech: techId, advance });
}

/** What an advance of a technology does for a nation's units in play (D-UPG-1). */
export function existingRule(nation: NationState, tech: Technology, n: number): ExistingUnits | undefined {
  return advanceFor(nation, tech, n)?.existing;
}

/** The unit types an advance changes (its stats and abilities). */
function typesChanged(nation: NationState, tech: Technology, n: number): string[] {
  const out: string[] = [];
  for (const e of advanceFor(nation, tech, n)?.effects ?? []) if ((e.kind === 'stats' || e.kind === 'ability') && !out.includes(e.unit)) out.push(e.unit);
  return out;
}

/** The per-unit extra cost of an advance for one unit type: the cost its stat effect adds (GW-P02-TECH-06). */
function extraCost(nation: NationState, tech: Technology, n: number, type: string): number {
  let cost = 0;
  for (const e of advanceFor(nation, tech, n)?.effects ?? []) if (e.kind === 'stats' && e.unit === type) cost += e.cost ?? 0;
  return cost;
}

/** What upgrading all of a nation's units of a type costs now, and how many units it reaches (GW-P02-TECH-05/06). */
export function upgradePrice(state: GreatWarState, nation: NationState, type: string): { units: number; price: number } {
  const table = technologyTable();
  let units = 0;
  let price = 0;
  for (const u of state.board.units) {
    if (u.nation !== nation.id || u.type !== type) continue;
    const lacks = lacksOf(state, u.id);
    let own = 0;
    let lacking = false;
    for (const [techId, advances] of Object.entries(lacks)) {
      const tech = table.byId.get(techId);
      if (!tech) continue;
      for (const n of advances) {
        lacking = true;
        own += extraCost(nation, tech, n, type);
      }
    }
    if (lacking) {
      units++;
      price += own;
    }
  }
  return { units, price };
}

/** The unit types a nation has units of that lack a paid advance, in the order of the unit table. */
export function typesToUpgrade(state: GreatWarState, nation: NationState): UnitType[] {
  return unitTable()
    .list.map((u) => u.id)
    .filter((t) => upgradePrice(state, nation, t).units > 0);
}

function upgradeRefusal(order: UpgradeOrder, ledger: Ledger, state: GreatWarState, nation: NationState): { code: string; message: string; field?: string } | undefined {
  if (ledger.admitted.some((o) => o.kind === 'upgrade' && (o as UpgradeOrder).unit === order.unit)) {
    return { code: 'duplicate-upgrade', message: `${unitName(order.unit)} is already upgraded by an earlier order`, field: 'unit' };
  }
  const { units, price } = upgradePrice(state, nation, order.unit);
  if (units === 0) {
    const due = typesToUpgrade(state, nation);
    return {
      code: 'nothing-to-upgrade',
      message: `${nation.name} has no ${unitName(order.unit).toLowerCase()} in play lacking a paid advance${due.length ? ` (to upgrade: ${due.map(unitName).join(', ')})` : ''}`,
      field: 'unit',
    };
  }
  if (price > ledger.resources) return { code: 'not-enough-resources', message: `upgrading ${units} ${unitName(order.unit).toLowerCase()} costs ${price}, and ${nation.name} has ${ledger.resources} left` };
  return undefined;
}

export const upgradeSpec: OrderSpec<UpgradeOrder> = {
  kind: 'upgrade',
  words: ['upgrade'],
  example: 'upgrade infantry',
  parseText(rest, at) {
    const typed = rest.trim();
    if (!typed) return [{ code: 'bad-upgrade', message: `upgrade which unit type? e.g. '${upgradeSpec.example}'`, line: at.line, column: at.column }];
    const r = lookupUnit(typed);
    if (!r.ok) {
      return [
        r.reason === 'ambiguous'
          ? { code: 'ambiguous-unit', message: `'${typed}' could be ${r.names.join(', ')}: type more of the name`, line: at.line, column: at.column }
          : { code: 'unknown-unit', message: `there is no unit type '${typed}'`, line: at.line, column: at.column, ...(r.suggestion !== undefined ? { suggestion: r.suggestion } : {}) },
      ];
    }
    return { kind: 'upgrade', unit: r.id };
  },
  checkJson(item, path) {
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) {
      if (!['kind', 'unit'].includes(key)) {
        const suggestion = closestName(key, ['unit']);
        problems.push({ code: 'unknown-field', message: `an upgrade order has no field '${key}'`, path: jsonPath([...path, key]), ...(suggestion ? { suggestion } : {}) });
      }
    }
    const unit = item['unit'];
    const ids = unitTable().list.map((u) => u.id as string);
    if (typeof unit !== 'string') problems.push({ code: 'unknown-unit', message: 'unit is a unit type id, e.g. "infantry"', path: jsonPath([...path, 'unit']) });
    else if (!ids.includes(unit)) {
      const suggestion = closestName(unit, ids);
      problems.push({ code: 'unknown-unit', message: `there is no unit type '${unit}'`, path: jsonPath([...path, 'unit']), ...(suggestion ? { suggestion } : {}) });
    }
    return problems.length ? problems : { kind: 'upgrade', unit: unit as UnitType };
  },
  format: (order) => `upgrade ${unitName(order.unit).toLowerCase()}`,
  refusal: (order, ledger, ctx, nation) => upgradeRefusal(order, ledger, ctx.state, nation),
  cost: (order, _ledger, ctx, nation) => upgradePrice(ctx.state, nation, order.unit).price,
  candidates: (_ledger, ctx, nation) => typesToUpgrade(ctx.state, nation).map((unit) => ({ kind: 'upgrade', unit })),
};

/** The order kinds of this part, in phase order. */
export const upgradeSpecs: readonly OrderSpec[] = [widen(upgradeSpec)];

/** Mark each pending paid advance on the nation's units of the types it changes that are in play now. */
function markPending(state: GreatWarState, ctx: PhaseContext): void {
  const r = record(state);
  const table = technologyTable();
  for (const p of r.pending) {
    const nation = nationOf(state, p.nation);
    const tech = table.byId.get(p.tech);
    if (!nation || !tech) continue;
    const rule = existingRule(nation, tech, p.advance);
    if (rule !== 'paid') {
      if (rule === 'automatic') ctx.emit({ type: 'unit-upgrade-automatic', nation: nation.id, tech: tech.id, advance: p.advance });
      continue;
    }
    for (const type of typesChanged(nation, tech, p.advance)) {
      const units = state.board.units.filter((u) => u.nation === nation.id && u.type === type);
      for (const u of units) {
        const lacks = (r.lacking[u.id] ??= {});
        const list = (lacks[tech.id] ??= []);
        if (!list.includes(p.advance)) list.push(p.advance);
        list.sort((a, b) => a - b);
      }
      if (units.length) {
        const each = extraCost(nation, tech, p.advance, type);
        ctx.emit({ type: 'unit-upgrade-due', nation: nation.id, tech: tech.id, advance: p.advance, unit: type, units: units.length, each, price: each * units.length });
      }
    }
  }
  r.pending = [];
}

/**
 * The 'upgrades' phase (2, after research): every seat's upgrade orders, in seat order and the order given, checked
 * again and paid; then the advances won this turn are marked on the units in play; lost units leave the record.
 */
export function resolveUpgrades(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState | void {
  const r = record(state);
  delete r.captured;
  const alive = new Set(state.board.units.map((u) => u.id));
  for (const id of Object.keys(r.lacking)) if (!alive.has(id)) delete r.lacking[id];
  for (const seat of seatsOf(state)) {
    const nation = nationOf(state, seat)!;
    const ledger: Ledger = { resources: nation.treasury, admitted: [] };
    let spent = 0;
    for (const order of (orders.get(seat)?.orders ?? []).filter((o): o is UpgradeOrder => o.kind === 'upgrade')) {
      const refusal = upgradeRefusal(order, ledger, state, nation);
      if (refusal) {
        ctx.emit({ type: 'unit-upgrade-refused', nation: nation.id, unit: order.unit, code: refusal.code, reason: refusal.message, visibleTo: [nation.id] });
        continue;
      }
      const { units, price } = upgradePrice(state, nation, order.unit);
      for (const u of state.board.units) if (u.nation === nation.id && u.type === order.unit) delete r.lacking[u.id];
      ledger.admitted.push(order);
      ledger.resources -= price;
      nation.treasury -= price;
      spent += price;
      ctx.emit({ type: 'unit-upgrade', nation: nation.id, unit: order.unit, units, price });
    }
    if (spent > 0) ctx.emit({ type: 'treasury', nation: nation.id, change: -spent, reason: 'upgrades', treasury: nation.treasury, visibleTo: [nation.id] });
  }
  markPending(state, ctx);
  return state;
}

const techName = (id: unknown): string => technologyTable().byId.get(String(id))?.name ?? String(id);
const typeWord = (id: unknown, n: number): string => {
  const name = unitName(String(id) as UnitType).toLowerCase();
  return n === 1 || name.endsWith('ry') ? name : `${name}s`;
};

export function describeUpgradesEvent(event: GameEvent): string | undefined {
  const e = event as Record<string, unknown>;
  const who = nationName(undefined, String(e['nation']));
  switch (event.type) {
    case 'unit-upgrade':
      return `${who} upgrades its ${e['units']} ${typeWord(e['unit'], Number(e['units']))} in play to its advances, for ${e['price']}.`;
    case 'unit-upgrade-due':
      return `${who}'s ${e['units']} ${typeWord(e['unit'], Number(e['units']))} in play lack ${techName(e['tech'])} (advance ${e['advance']}) until upgraded: ${e['each']} each, ${e['price']} for all.`;
    case 'unit-upgrade-automatic':
      return `${who}'s units in play have ${techName(e['tech'])} (advance ${e['advance']}) at once.`;
    case 'unit-upgrade-refused':
      return `${who}'s upgrade of its ${typeWord(e['unit'], 2)} is refused: ${e['reason']}.`;
    default:
      return undefined;
  }
}

export function upgradesInvariants(state: GreatWarState): string[] {
  const out: string[] = [];
  const r = state.politics.upgrades as Partial<UpgradesState>;
  const table = technologyTable();
  for (const [unitId, lacks] of Object.entries(r.lacking ?? {})) {
    // A unit lost since phase 2 leaves the record at the next phase 2.
    const unit = state.board.units.find((u) => u.id === unitId);
    if (!unit) continue;
    const nationId = unit.nation;
    const nation = nationOf(state, nationId);
    for (const [techId, advances] of Object.entries(lacks)) {
      const tech = table.byId.get(techId);
      if (!tech || !nation) {
        out.push(`unit ${unitId} lacks an advance of '${techId}', which is not a technology of ${nationId}`);
        continue;
      }
      for (const n of advances) {
        if (n > (nation.tech[techId] ?? 0)) out.push(`unit ${unitId} lacks ${tech.name} advance ${n}, which ${nation.name} has not made`);
        if (existingRule(nation, tech, n) !== 'paid') out.push(`unit ${unitId} lacks ${tech.name} advance ${n}, which is not a paid upgrade`);
      }
    }
  }
  return out;
}

export function upgradesSections(state: GreatWarState, seat: SeatId | undefined): ReportSection[] {
  const nation = seat === undefined ? undefined : nationOf(state, seat);
  if (!nation) return [];
  const rows = typesToUpgrade(state, nation).map((t) => {
    const { units, price } = upgradePrice(state, nation, t);
    return [unitName(t), units, price];
  });
  if (!rows.length) return [];
  return [{ title: 'Units in play without their paid advances', table: { columns: ['Unit', 'Units', 'Upgrade cost'], rows } }];
}
