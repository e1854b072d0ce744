/**
 * Clauses: GW-OPT-GER (options 4, 6, 7 and 9), GW-USENTRY.
 * Germany's options: unrestricted submarine warfare declared or retracted (D-OPT-4), the Zimmermann Note (D-OPT-8),
 * supplies for German East Africa (D-OPT-13) and the Adriatic submarine (D-OPT-12; the rail it takes is counted by
 * national-options.ts).
 */
import { closestName, jsonPath, resolveName, type PhaseContext, type Problem } from '@umpire/engine';
import { displayNationName } from '../base/conquest.js';
import { standingOrders } from '../combat/losses.js';
import { isLandOrAir, unitOrder } from '../base/counting.js';
import { atWar, minorOf, nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { GreatWarOrders, OrderSpec, TextPosition } from '../orders/language.js';
import { manpowerRegionAt, newUnit } from '../economy/placement.js';
import { fightSubmarineBattle } from '../sea/submarine-fights.js';
import { disengageOrders } from '../sea/submarines.js';
import { joinSide } from '../p01-diplomacy/politics.js';
import type { UnitType } from '../data/schema.js';
import { theWorld } from '../data/world.js';
import { unitStats } from '../base/units.js';
import { numbers, record, type SubmarineWarfareOrder, type ZimmermannOrder, type AdriaticOrder, type EastAfricaOrder, once, notYours, afford, plainSpec, pay, sway } from './shared.js';

/** German option 6: the Zimmermann Note (GW-OPT-GER-23). */
export const zimmermannSpec = plainSpec<ZimmermannOrder>(
  'zimmermann-note',
  { nations: () => [numbers().zimmermannNote.nation], title: 'German option 6 (the Zimmermann Note)' },
  () => numbers().zimmermannNote.cost,
  (_l, ctx) => {
    const { target } = numbers().zimmermannNote;
    const mexico = minorOf(ctx.state, target) ?? nationOf(ctx.state, target);
    if (!mexico) return { code: 'no-target', message: `there is no ${displayNationName(target)} in this game` };
    return mexico.side === 'neutral' ? undefined : { code: 'not-neutral', message: `${mexico.name} is no longer neutral: the Zimmermann Note has nothing left to offer` };
  },
);

/** The German home port the Adriatic submarine is built in (D-OPT-12): the first, in map order, Germany has held since 1914 and holds. */
export function adriaticPort(state: GreatWarState): string | undefined {
  const a = numbers().adriaticSubmarine;
  const world = theWorld(state.scenario);
  return world.territories.find((t) => t.port && t.colony === null && t.owner === a.nation && state.board.territories[t.id]?.owner === a.nation)?.id;
}

const adriaticCost = (state: GreatWarState): number => {
  const a = numbers().adriaticSubmarine;
  return unitStats(state, a.nation, a.unit as UnitType).cost ?? 0;
};

/** German option 9: a submarine built in Germany and sent to the Adriatic (GW-OPT-GER-29). */
export const adriaticSpec = plainSpec<AdriaticOrder>(
  'adriatic-submarine',
  { nations: () => [numbers().adriaticSubmarine.nation], title: 'German option 9 (a submarine for the Adriatic)' },
  (ctx) => adriaticCost(ctx.state),
  (_l, ctx, nation) => {
    const a = numbers().adriaticSubmarine;
    const done = record(ctx.state).adriatic;
    if (done) return { code: 'once-per-game', message: `${nation.name} sent its single submarine to the Adriatic on turn ${done.turn} (GW-OPT-GER-29)` };
    if (!unitStats(ctx.state, nation, a.unit as UnitType).mayBuild) return { code: 'not-buildable', message: `${nation.name} may not build submarines` };
    return adriaticPort(ctx.state) ? undefined : { code: 'no-port', message: `${nation.name} holds none of its own home ports to build the submarine in` };
  },
);

/** Where German East Africa's new units stand (D-OPT-13): the first territory of the colony Germany holds, cities first, in map order. */
export function eastAfricaPlace(state: GreatWarState): string | undefined {
  const e = numbers().eastAfricaSupplies;
  const held = theWorld(state.scenario).territories.filter((t) => t.colony === e.colony && state.board.territories[t.id]?.owner === e.nation);
  return (held.find((t) => t.city) ?? held[0])?.id;
}

/** What the units of an east-africa-supplies order cost (D-OPT-13): the option, each unit's price (infantry over the colony's manpower limit double), the artillery's surcharge. */
export function eastAfricaCost(state: GreatWarState, nation: NationState, units: Readonly<Record<string, number>>): number {
  const e = numbers().eastAfricaSupplies;
  const place = eastAfricaPlace(state);
  const pool = place ? nation.manpower.find((m) => m.region === manpowerRegionAt(nation, place, theWorld(state.scenario))) : undefined;
  let total = e.cost;
  let built = pool?.built ?? 0;
  for (const [type, n] of Object.entries(units)) {
    const price = unitStats(state, nation, type as UnitType).cost ?? 0;
    for (let k = 0; k < n; k++) {
      if (type === 'infantry') total += pool && built++ >= pool.limit ? 2 * price : price;
      else total += price + (type === 'artillery' ? e.artilleryWithoutFactory : 0);
    }
  }
  return total;
}

const EA_TITLE = 'German option 7 (supplies for German East Africa)';

const eaExample = 'east-africa-supplies 1 infantry, 1 artillery';

/** German option 7: supplies for German East Africa and up to two units raised there (GW-OPT-GER-26, -27). */
export const eastAfricaSpec: OrderSpec<EastAfricaOrder> = {
  kind: 'east-africa-supplies',
  words: ['east-africa-supplies'],
  example: eaExample,
  parseText(rest: string, at: TextPosition) {
    const units: Record<string, number> = {};
    const problems: Problem[] = [];
    const types = numbers().eastAfricaSupplies.units;
    const re = /(\d+)\s+([a-z-]+)/gi;
    const leftover = rest.replace(re, '').replace(/[\s,]|and/gi, '');
    if (!rest.trim() || leftover) return [{ code: 'bad-units', message: `which units? e.g. '${eaExample}'`, line: at.line, column: at.column }];
    for (const m of rest.matchAll(re)) {
      const word = m[2]!.toLowerCase().replace(/ies$/, 'y').replace(/s$/, '');
      const found = resolveName(word, types);
      const column = at.column + m.index + m[1]!.length + 1;
      if (!found.ok) {
        const suggestion = closestName(word, types);
        problems.push({ code: 'bad-unit', message: `German East Africa raises ${types.join(' and ')} with this option, not '${m[2]!}'`, line: at.line, column, ...(suggestion ? { suggestion } : {}) });
        continue;
      }
      units[found.value] = (units[found.value] ?? 0) + Number(m[1]);
    }
    return problems.length ? problems : { kind: 'east-africa-supplies', units };
  },
  checkJson(item, path) {
    const problems: Problem[] = [];
    const types = numbers().eastAfricaSupplies.units;
    for (const key of Object.keys(item)) if (key !== 'kind' && key !== 'units') problems.push({ code: 'unknown-field', message: `an east-africa-supplies order has no field '${key}'`, path: jsonPath([...path, key]) });
    const units = item['units'];
    if (typeof units !== 'object' || units === null || Array.isArray(units)) return [...problems, { code: 'bad-units', message: 'units is an object such as { "infantry": 1, "artillery": 1 }', path: jsonPath([...path, 'units']) }];
    const out: Record<string, number> = {};
    for (const [type, n] of Object.entries(units as Record<string, unknown>)) {
      if (!types.includes(type)) {
        const suggestion = closestName(type, types);
        problems.push({ code: 'bad-unit', message: `German East Africa raises ${types.join(' and ')} with this option`, path: jsonPath([...path, 'units', type]), ...(suggestion ? { suggestion } : {}) });
      } else if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) problems.push({ code: 'bad-count', message: 'a count is a whole number, 1 or more', path: jsonPath([...path, 'units', type]) });
      else out[type] = n;
    }
    return problems.length ? problems : { kind: 'east-africa-supplies', units: out };
  },
  format: (o) => `east-africa-supplies ${Object.entries(o.units).map(([t, n]) => `${n} ${t}`).join(', ')}`,
  refusal(o, ledger, ctx, nation) {
    const e = numbers().eastAfricaSupplies;
    const mine = notYours(nation, { nations: () => [e.nation], title: EA_TITLE });
    if (mine) return mine;
    if (once('east-africa-supplies', ledger)) return { code: 'once-per-turn', message: `${EA_TITLE} may be used once a turn` };
    const count = Object.values(o.units).reduce((a, b) => a + b, 0);
    if (count > e.extraUnits) return { code: 'too-many-units', message: `the option raises at most ${e.extraUnits} units in German East Africa a turn, not ${count}`, field: 'units' };
    if ((o.units['artillery'] ?? 0) > 1) return { code: 'too-many-units', message: 'one artillery unit a turn is built without an industrial complex (GW-OPT-GER-27)', field: 'units' };
    for (const type of Object.keys(o.units)) if (!unitStats(ctx.state, nation, type as UnitType).mayBuild) return { code: 'not-buildable', message: `${nation.name} may not build ${type}`, field: 'units' };
    if (!eastAfricaPlace(ctx.state)) return { code: 'no-colony', message: `${nation.name} holds no territory of German East Africa` };
    return afford(nation, ledger, eastAfricaCost(ctx.state, nation, o.units), EA_TITLE);
  },
  cost: (o, _l, ctx, nation) => eastAfricaCost(ctx.state, nation, o.units),
  candidates: (_l, _ctx, nation) => (nation.id === numbers().eastAfricaSupplies.nation ? [{ kind: 'east-africa-supplies', units: { infantry: 1, artillery: 1 } }] : []),
};

const USW_ACTIONS = ['declare', 'retract'] as const;

const uswTitle = 'German option 4 (unrestricted submarine warfare)';

/** German option 4: declare or retract unrestricted submarine warfare (GW-OPT-GER-11, GW-OPT-GER-14). */
export const submarineWarfareSpec: OrderSpec<SubmarineWarfareOrder> = {
  kind: 'unrestricted-submarine-warfare',
  words: ['unrestricted-submarine-warfare'],
  example: 'unrestricted-submarine-warfare declare',
  parseText(rest: string, at: TextPosition) {
    const word = rest.trim();
    const found = resolveName(word, [...USW_ACTIONS]);
    if (!word || !found.ok) {
      const suggestion = word ? closestName(word, [...USW_ACTIONS]) : undefined;
      return [{ code: 'bad-action', message: `'${word}': say 'declare' or 'retract', e.g. '${submarineWarfareSpec.example}'`, line: at.line, column: at.column, ...(suggestion ? { suggestion } : {}) }];
    }
    return { kind: 'unrestricted-submarine-warfare', action: found.value as SubmarineWarfareOrder['action'] };
  },
  checkJson(item, path) {
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) {
      if (key !== 'kind' && key !== 'action') problems.push({ code: 'unknown-field', message: `an unrestricted-submarine-warfare order has no field '${key}'`, path: jsonPath([...path, key]), ...(closestName(key, ['action']) ? { suggestion: 'action' } : {}) });
    }
    const action = item['action'];
    if (typeof action !== 'string' || !(USW_ACTIONS as readonly string[]).includes(action)) {
      const suggestion = typeof action === 'string' ? closestName(action, [...USW_ACTIONS]) : undefined;
      problems.push({ code: 'bad-action', message: `action is "declare" or "retract"`, path: jsonPath([...path, 'action']), ...(suggestion ? { suggestion } : {}) });
    }
    return problems.length ? problems : { kind: 'unrestricted-submarine-warfare', action: action as SubmarineWarfareOrder['action'] };
  },
  format: (o) => `unrestricted-submarine-warfare ${o.action}`,
  refusal(o, ledger, ctx, nation) {
    const usw = numbers().unrestrictedSubmarineWarfare;
    const mine = notYours(nation, { nations: () => [usw.nation], title: uswTitle });
    if (mine) return mine;
    if (once('unrestricted-submarine-warfare', ledger)) return { code: 'once-per-turn', message: 'one unrestricted-submarine-warfare order a turn' };
    const inForce = ctx.state.economicWar.unrestrictedSubmarineWarfare;
    if (o.action === 'declare') {
      if (record(ctx.state).submarineWarfareRenounced) return { code: 'renounced', message: `${nation.name} retracted unrestricted submarine warfare and may never declare it again (GW-OPT-GER-14)`, field: 'action' };
      return inForce ? { code: 'already-in-force', message: 'unrestricted submarine warfare is already in force', field: 'action' } : undefined;
    }
    if (!inForce) return { code: 'not-in-force', message: 'unrestricted submarine warfare is not in force: there is nothing to retract', field: 'action' };
    return afford(nation, ledger, usw.retractCost, 'retracting unrestricted submarine warfare');
  },
  cost: (o) => (o.action === 'retract' ? numbers().unrestrictedSubmarineWarfare.retractCost : 0),
  candidates(_l, ctx, nation) {
    if (nation.id !== numbers().unrestrictedSubmarineWarfare.nation) return [];
    return [{ kind: 'unrestricted-submarine-warfare', action: ctx.state.economicWar.unrestrictedSubmarineWarfare ? 'retract' : 'declare' }];
  },
};

/** Declare or retract unrestricted submarine warfare (GW-OPT-GER-11, -14, GW-USENTRY-13, D-OPT-4). */
export function runSubmarineWarfare(state: GreatWarState, nation: NationState, action: SubmarineWarfareOrder['action'], ctx: PhaseContext): void {
  const usw = numbers().unrestrictedSubmarineWarfare;
  const r = record(state);
  if (action === 'declare') {
    if (state.economicWar.unrestrictedSubmarineWarfare || r.submarineWarfareRenounced) return;
    state.economicWar.unrestrictedSubmarineWarfare = true;
    r.submarineWarfareDeclared = ctx.turn;
    ctx.emit({ type: 'unrestricted-submarine-warfare', nation: nation.id, action });
    sway(state, ctx, usw.declareShift, usw.declareEvent, `${nation.name} declares unrestricted submarine warfare`);
    return;
  }
  if (!state.economicWar.unrestrictedSubmarineWarfare || !pay(nation, usw.retractCost, 'unrestricted-submarine-warfare', ctx)) return;
  state.economicWar.unrestrictedSubmarineWarfare = false;
  r.submarineWarfareRenounced = true;
  ctx.emit({ type: 'unrestricted-submarine-warfare', nation: nation.id, action, cost: usw.retractCost });
}

/** The Zimmermann Note (GW-OPT-GER-23..25, GW-USENTRY-19, D-OPT-8): 1D10; 9-10 Mexico joins, 1-3 the note is discovered. */
export function runZimmermann(state: GreatWarState, nation: NationState, ctx: PhaseContext): void {
  const z = numbers().zimmermannNote;
  const target = minorOf(state, z.target) ?? nationOf(state, z.target);
  if (!target || target.side !== 'neutral' || !pay(nation, z.cost, 'zimmermann-note', ctx)) return;
  const roll = ctx.roll(z.die, `The Zimmermann Note: ${target.name} joins on ${z.joinOn.join(' or ')}, the note is discovered on ${z.discoveredOn.join(', ')}`);
  const result = z.joinOn.includes(roll) ? 'joins' : z.discoveredOn.includes(roll) ? 'discovered' : 'no-effect';
  ctx.emit({ type: 'zimmermann-note', nation: nation.id, target: z.target, roll, result, cost: z.cost });
  if (result === 'joins') joinSide(state, ctx, z.target, z.side, 'option');
  if (result === 'discovered') sway(state, ctx, z.shift, z.event, 'the Zimmermann Note is discovered');
}

/**
 * German option 7 (GW-OPT-GER-26, -27, D-OPT-13): the supplies and the units bought with them, raised at once in
 * German East Africa; infantry count against the colony's manpower.
 */
export function runEastAfrica(state: GreatWarState, nation: NationState, units: Readonly<Record<string, number>>, ctx: PhaseContext): void {
  const place = eastAfricaPlace(state);
  const cost = eastAfricaCost(state, nation, units);
  if (!place || !pay(nation, cost, 'east-africa-supplies', ctx)) return;
  const pool = nation.manpower.find((m) => m.region === manpowerRegionAt(nation, place, theWorld(state.scenario)));
  const ids: string[] = [];
  for (const [type, n] of Object.entries(units)) {
    for (let k = 0; k < n; k++) {
      ids.push(newUnit(state, nation.id, type as UnitType, place));
      if (type === 'infantry' && pool) pool.built += 1;
    }
  }
  ctx.emit({ type: 'east-africa-supplies', nation: nation.id, at: place, units: { ...units }, ids, cost });
}

/**
 * German option 9 (GW-OPT-GER-29, D-OPT-12): the submarine is built at its normal cost in a German home port and is
 * at once in the Adriatic Sea, a German unit like any other; it attacks the enemy ships there at once, if any.
 */
export function runAdriaticSubmarine(state: GreatWarState, nation: NationState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): void {
  const a = numbers().adriaticSubmarine;
  const port = adriaticPort(state);
  const cost = adriaticCost(state);
  if (record(state).adriatic || !port || !pay(nation, cost, 'adriatic-submarine', ctx)) return;
  const id = newUnit(state, nation.id, a.unit as UnitType, a.zone);
  record(state).adriatic = { turn: ctx.turn, port };
  ctx.emit({ type: 'adriatic-submarine', nation: nation.id, port, zone: a.zone, unit: id, cost });
  // It engages the enemy ships in the Adriatic at once (GW-OPT-GER-32), as submarines attacking a task force do.
  const sub = state.board.units.find((u) => u.id === id)!;
  const enemies = state.board.units.filter((u) => u.at === a.zone && !isLandOrAir(u.type) && atWar(state, nation.id, u.nation)).sort(unitOrder);
  if (enemies.length) fightSubmarineBattle(state, { kind: 'interception', area: a.zone, attackers: [sub], defenders: enemies }, standingOrders(state, orders), disengageOrders(state, orders), ctx);
}
