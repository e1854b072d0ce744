import { closestName, jsonPath, resolveName, type GameEvent, type PhaseContext, type Problem, type ReportSection, type SeatId } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { allied, captureTerritory, displayNationName, nationIndex, nationName, sideOf } from '../base/conquest.js';
import { resolveBattleOutOfTurn } from '../land/land-combat.js';
import { type Participant } from '../combat/battle.js';
import { standingOrders } from '../combat/losses.js';
import { countByType, describeCounts, isLandOrAir, unitOrder } from '../base/counting.js';
import { atWar, minorOf, nationOf, type GreatWarState, type MinorState, type NationState } from '../base/nations.js';
import type { GreatWarOrders, OrderSpec, Refusal, Ledger, TextPosition, Ctx } from '../orders/language.js';
import { optionNumbers } from '../data/national-options.js';
import { manpowerRegionAt, newUnit } from '../economy/placement.js';
import { fightSubmarineBattle } from '../sea/naval-combat.js';
import { disengageOrders } from '../sea/submarines.js';
import { declareWar, joinSide, laterMinor, makePeace, membersOf, shiftUsEntry, type UsEntryEvent } from '../p01-diplomacy/politics.js';
import { blockadeZones, isWarship, seaTradeRules, usaNeutral } from '../p15-special/sea-trade.js';
import type { UnitType } from '../data/schema.js';
import { theWorld } from '../data/world.js';
import { lookupArea } from '../orders/names.js';
import { unitStats } from '../base/units.js';

declare module '../base/nations.js' {
  interface PoliticsSlices {
    options: OptionsState;
  }
}

/**
 * The national options of Britain, France, Russia, Germany and Austria-Hungary (GW-OPT-*; decisions D-OPT-1 to
 * D-OPT-12 of docs/great-war/national-options.md). Each option is an order of the nation that has it, resolved in
 * phase 1 ('national-options'); the rolls that come at the end of a turn are made in phase 15 ('options-end'): the
 * US opinion roll of a blockade of US trade (noted after the naval combat, 'blockade-opinion'), and the turn of
 * unrestricted submarine warfare. Numbers are in data/national-options.json.
 */

/** This part's record in `state.politics`. */
export type OptionsState = {
  /** The turn Germany last declared unrestricted submarine warfare; null while it never has (the flag itself is `economicWar.unrestrictedSubmarineWarfare`). */
  submarineWarfareDeclared: number | null;
  /** Germany paid to retract unrestricted submarine warfare and may never declare it again (GW-OPT-GER-14). */
  submarineWarfareRenounced: boolean;
  /** How German support for an Irish rebellion ended: no more attempts once it has (GW-OPT-GER-22). */
  irish: 'rebellion' | 'back-britain' | null;
  /** The turn Austria-Hungary offered Serbia peace (once a game, GW-OPT-AUH-02), and whether Serbia accepted. */
  serbianPeace: { turn: number; accepted: boolean } | null;
  /** German option 9: the turn the Adriatic submarine was built and the port it was built in (once a game, D-OPT-12). */
  adriatic: { turn: number; port: string } | null;
  /** The blockades of US trade of the turn in progress, noted after the naval combat for the opinion roll of phase 15 (D-OPT-1). */
  blockading: { nation: string; receivers: string[] }[];
};

export function openingOptions(): OptionsState {
  return { submarineWarfareDeclared: null, submarineWarfareRenounced: false, irish: null, serbianPeace: null, adriatic: null, blockading: [] };
}

const numbers = () => optionNumbers;
const record = (state: GreatWarState): OptionsState => state.politics.options;

// ---------------------------------------------------------------------------------------------------------------
// Orders

export type PropagandaOrder = { kind: 'us-propaganda' };
export type SubmarineWarfareOrder = { kind: 'unrestricted-submarine-warfare'; action: 'declare' | 'retract' };
export type ZimmermannOrder = { kind: 'zimmermann-note' };
export type IrishOrder = { kind: 'irish-rebellion' };
export type SerbianAidOrder = { kind: 'serbian-aid' };
export type SerbianPeaceOrder = { kind: 'serbian-peace' };
export type AdriaticOrder = { kind: 'adriatic-submarine' };
export type LegionOrder = { kind: 'foreign-legion'; count: number; at: string };
export type EastAfricaOrder = { kind: 'east-africa-supplies'; units: Record<string, number> };
export type OptionOrder = PropagandaOrder | SubmarineWarfareOrder | ZimmermannOrder | IrishOrder | SerbianAidOrder | SerbianPeaceOrder | AdriaticOrder | EastAfricaOrder | LegionOrder;

type Plain = Exclude<OptionOrder, SubmarineWarfareOrder | EastAfricaOrder | LegionOrder>;

/** Who has an option, in words: 'British option 4 and German option 3'. */
type Holder = { nations: () => string[]; title: string };

const once = (kind: string, ledger: Ledger): boolean => ledger.admitted.some((o) => o.kind === kind);

function notYours(nation: NationState, holder: Holder): Refusal | undefined {
  return holder.nations().includes(nation.id) ? undefined : { code: 'not-your-option', message: `${nation.name} has no such option: this is ${holder.title}` };
}

function afford(nation: NationState, ledger: Ledger, cost: number, what: string): Refusal | undefined {
  return cost > ledger.resources ? { code: 'not-enough-resources', message: `${what} costs ${cost}, and ${nation.name} has ${ledger.resources} left` } : undefined;
}

/** An option order without arguments: the word alone, or { "kind": ... }. */
function plainSpec<O extends Plain>(kind: O['kind'], holder: Holder, cost: (ctx: Ctx) => number, check: (ledger: Ledger, ctx: Ctx, nation: NationState) => Refusal | undefined): OrderSpec<O> {
  const order = { kind } as O;
  const spec: OrderSpec<O> = {
    kind,
    words: [kind],
    example: kind,
    parseText(rest, at) {
      if (rest.trim() !== '') return [{ code: 'bad-option', message: `'${kind}' takes nothing after it (${holder.title})`, line: at.line, column: at.column }];
      return { ...order };
    },
    checkJson(item, path) {
      const problems: Problem[] = [];
      for (const key of Object.keys(item)) {
        if (key === 'kind') continue;
        problems.push({ code: 'unknown-field', message: `a ${kind} order has no field '${key}'`, path: jsonPath([...path, key]) });
      }
      return problems.length ? problems : { ...order };
    },
    format: () => kind,
    refusal(_o, ledger, ctx, nation) {
      return notYours(nation, holder) ?? (once(kind, ledger) ? { code: 'once-per-turn', message: `${holder.title} may be used once a turn` } : undefined) ?? check(ledger, ctx, nation) ?? afford(nation, ledger, cost(ctx), holder.title);
    },
    cost: (_o, _l, ctx) => cost(ctx),
    candidates: (_l, _ctx, nation) => (holder.nations().includes(nation.id) ? [{ ...order }] : []),
  };
  return spec;
}

const propagandaOf = (nation: string) => numbers().propaganda.find((p) => p.nation === nation);

/** British option 4 and German option 3: a propaganda campaign in the USA (GW-OPT-GBR-14, GW-OPT-GER-09). */
export const propagandaSpec = plainSpec<PropagandaOrder>(
  'us-propaganda',
  { nations: () => numbers().propaganda.map((p) => p.nation), title: 'British option 4 and German option 3 (propaganda in the USA)' },
  (ctx) => propagandaOf(ctx.seat)?.cost ?? 0,
  (_l, ctx) => (usaNeutral(ctx.state) ? undefined : { code: 'usa-at-war', message: 'the USA is in the war: its public opinion no longer decides anything' }),
);

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

/** Whether a Central Power has a ship or submarine in the Irish Sea (GW-OPT-GER-16). */
export function centralShipInIrishSea(state: GreatWarState): boolean {
  const { zone } = numbers().irishRebellion;
  return state.board.units.some((u) => u.at === zone && sideOf(state, u.nation) === 'central' && theWorld(state.scenario).sea.has(u.at) && !isLandOrAir(u.type));
}

/** German option 5: arms for an Irish rebellion (GW-OPT-GER-16). */
export const irishSpec = plainSpec<IrishOrder>(
  'irish-rebellion',
  { nations: () => [numbers().irishRebellion.nation], title: 'German option 5 (support for an Irish rebellion)' },
  () => numbers().irishRebellion.cost,
  (_l, ctx) => {
    const settled = record(ctx.state).irish;
    if (settled) return { code: 'irish-settled', message: settled === 'rebellion' ? 'Ireland has already risen: no more arms are sent (GW-OPT-GER-22)' : 'the Irish have turned to Britain: no more arms are sent (GW-OPT-GER-22)' };
    return centralShipInIrishSea(ctx.state) ? undefined : { code: 'no-ship-in-irish-sea', message: `arms reach Ireland only while a Central Power has a ship or submarine in the ${theWorld(ctx.state.scenario).names.get(numbers().irishRebellion.zone) ?? 'Irish Sea'}` };
  },
);

const serbiaAtHand = (state: GreatWarState, to: string): Refusal | undefined => {
  const serbia = nationOf(state, to) ?? minorOf(state, to);
  return serbia ? undefined : { code: 'no-target', message: `there is no ${displayNationName(to)} in this game` };
};

/** Russian option 1: aid to Serbia (GW-OPT-RUS-01): the cost and the gift both come from Russia's treasury (D-OPT-9). */
export const serbianAidSpec = plainSpec<SerbianAidOrder>(
  'serbian-aid',
  { nations: () => [numbers().serbianAid.nation], title: 'Russian option 1 (support for Serbia)' },
  () => numbers().serbianAid.cost + numbers().serbianAid.gift,
  (_l, ctx) => {
    const { to, nation } = numbers().serbianAid;
    const refusal = serbiaAtHand(ctx.state, to);
    if (refusal) return refusal;
    return allied(ctx.state, to, nation) && sideOf(ctx.state, to) !== 'neutral' ? undefined : { code: 'not-an-ally', message: `${nationName(ctx.state, to)} is not ${nationName(ctx.state, nation)}'s ally in the war` };
  },
);

/** The non-Serbian Allied land units in Serbia's own territories (GW-OPT-AUH-03). */
export function foreignAlliesInSerbia(state: GreatWarState): BoardUnit[] {
  const { to } = numbers().serbianPeace;
  const world = theWorld(state.scenario);
  const lands = new Set(world.territories.filter((t) => t.owner === to).map((t) => t.id));
  return state.board.units.filter((u) => lands.has(u.at) && u.nation !== to && isLandOrAir(u.type) && sideOf(state, u.nation) === 'allied');
}

/** Austrian option 1: peace with Serbia (GW-OPT-AUH-01..03). */
export const serbianPeaceSpec = plainSpec<SerbianPeaceOrder>(
  'serbian-peace',
  { nations: () => [numbers().serbianPeace.nation], title: 'Austrian option 1 (peace with Serbia)' },
  () => numbers().serbianPeace.cost,
  (_l, ctx, nation) => {
    const { to } = numbers().serbianPeace;
    const refusal = serbiaAtHand(ctx.state, to);
    if (refusal) return refusal;
    const tried = record(ctx.state).serbianPeace;
    if (tried) return { code: 'once-per-game', message: `Austria-Hungary offered Serbia peace on turn ${tried.turn}: the option is used once a game (GW-OPT-AUH-02)` };
    if (!nation.atWarWith.includes(to)) return { code: 'not-at-war', message: `${nation.name} is not at war with ${nationName(ctx.state, to)}` };
    const foreign = foreignAlliesInSerbia(ctx.state);
    if (foreign.length) {
      const where = [...new Set(foreign.map((u) => theWorld(ctx.state.scenario).names.get(u.at) ?? u.at))].join(', ');
      return { code: 'allies-in-serbia', message: `no peace while other Allied units stand in Serbia's lands (${where}; GW-OPT-AUH-03)` };
    }
    return undefined;
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

/** The host's manpower pool a Legion unit at `at` uses (D-OPT-14). */
function legionPool(state: GreatWarState, at: string) {
  const l = numbers().foreignLegion;
  const host = nationOf(state, l.host);
  return host?.manpower.find((m) => m.region === manpowerRegionAt(host, at, theWorld(state.scenario)));
}

/** What `count` Legion infantry cost France after `already` others this turn (D-OPT-14): France's price, double for each over the host's manpower limit. */
export function legionCost(state: GreatWarState, nation: NationState, at: string, count: number, already = 0): number {
  const l = numbers().foreignLegion;
  const price = unitStats(state, nation, l.unit as UnitType).cost ?? 0;
  const pool = legionPool(state, at);
  let total = 0;
  for (let k = 0; k < count; k++) total += pool && pool.built + already + k >= pool.limit ? 2 * price : price;
  return total;
}

/** Whether a territory is a city the host holds (GW-OPT-FRA-05). */
const hostCity = (state: GreatWarState, at: string): boolean =>
  theWorld(state.scenario).territory.get(at)?.city === true && state.board.territories[at]?.owner === numbers().foreignLegion.host;

const LEGION_TITLE = 'French option 2 (the Foreign Legion in Russia)';
const legionAlready = (ledger: Ledger): number => ledger.admitted.filter((o) => o.kind === 'foreign-legion').reduce((n, o) => n + Number(o['count']), 0);

/** French option 2: Foreign Legion infantry bought for Russia's cities (GW-OPT-FRA-05..07). */
export const legionSpec: OrderSpec<LegionOrder> = {
  kind: 'foreign-legion',
  words: ['foreign-legion'],
  example: 'foreign-legion 2 in Warsaw',
  parseText(rest: string, at: TextPosition, ctx: Ctx) {
    const m = /^(\d+)(\s+(?:infantry\s+)?in\s+)(.+)$/i.exec(rest.trim());
    if (!m) return [{ code: 'bad-legion', message: `how many, and in which Russian city? e.g. '${legionSpec.example}'`, line: at.line, column: at.column }];
    const r = lookupArea(m[3]!, { world: theWorld(ctx.state.scenario) });
    const column = at.column + m[1]!.length + m[2]!.length;
    if (!r.ok) {
      return [
        r.reason === 'ambiguous'
          ? { code: 'ambiguous-area', message: `'${m[3]!}' could be ${r.names.slice(0, 8).join(', ')}: type more of the name`, line: at.line, column }
          : { code: 'unknown-area', message: `there is no territory '${m[3]!}'`, line: at.line, column, ...(r.suggestion !== undefined ? { suggestion: r.suggestion } : {}) },
      ];
    }
    return { kind: 'foreign-legion', count: Number(m[1]), at: r.id };
  },
  checkJson(item, path, ctx) {
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) if (!['kind', 'count', 'at'].includes(key)) problems.push({ code: 'unknown-field', message: `a foreign-legion order has no field '${key}'`, path: jsonPath([...path, key]) });
    const count = item['count'];
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) problems.push({ code: 'bad-count', message: 'count is a whole number, 1 or more', path: jsonPath([...path, 'count']) });
    const at = item['at'];
    const world = theWorld(ctx.state.scenario);
    if (typeof at !== 'string' || !world.territory.has(at)) {
      const suggestion = typeof at === 'string' ? closestName(at, world.territories.map((t) => t.id)) : undefined;
      problems.push({ code: 'unknown-area', message: 'at is a territory id, e.g. "warsaw"', path: jsonPath([...path, 'at']), ...(suggestion ? { suggestion } : {}) });
    }
    return problems.length ? problems : { kind: 'foreign-legion', count: count as number, at: at as string };
  },
  format: (o) => `foreign-legion ${o.count} in ${theWorld().names.get(o.at) ?? o.at}`,
  refusal(o, ledger, ctx, nation) {
    const l = numbers().foreignLegion;
    const mine = notYours(nation, { nations: () => [l.nation], title: LEGION_TITLE });
    if (mine) return mine;
    const already = legionAlready(ledger);
    if (already + o.count > l.perTurn) return { code: 'too-many-units', message: `the Foreign Legion takes ${l.perTurn} infantry a turn${already ? `; ${already} already` : ''}` };
    if (!allied(ctx.state, l.host, nation.id) || sideOf(ctx.state, l.host) === 'neutral') return { code: 'not-an-ally', message: `${nationName(ctx.state, l.host)} is not ${nation.name}'s ally in the war` };
    if (!hostCity(ctx.state, o.at)) return { code: 'not-a-host-city', message: `the Legion is placed in cities ${nationName(ctx.state, l.host)} holds: ${theWorld(ctx.state.scenario).names.get(o.at) ?? o.at} is not one`, field: 'at' };
    return afford(nation, ledger, legionCost(ctx.state, nation, o.at, o.count, already), LEGION_TITLE);
  },
  cost: (o, ledger, ctx, nation) => legionCost(ctx.state, nation, o.at, o.count, legionAlready(ledger)),
  candidates(_l, ctx, nation) {
    const l = numbers().foreignLegion;
    if (nation.id !== l.nation) return [];
    const city = theWorld(ctx.state.scenario).territories.find((t) => hostCity(ctx.state, t.id));
    return city ? [{ kind: 'foreign-legion', count: 1, at: city.id }] : [];
  },
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

/** The order kinds of this part, in phase order. */
export const optionSpecs: readonly OrderSpec[] = [propagandaSpec, submarineWarfareSpec, irishSpec, zimmermannSpec, legionSpec, eastAfricaSpec, adriaticSpec, serbianAidSpec, serbianPeaceSpec] as unknown as OrderSpec[];

// ---------------------------------------------------------------------------------------------------------------
// Phase 1: the options

const OPTION_KINDS = new Set(optionSpecs.map((s) => s.kind));

/** Pay for an option out of the treasury; false (and a 'national-option-void' event) when the treasury no longer holds it. */
function pay(nation: NationState, cost: number, kind: string, ctx: PhaseContext): boolean {
  if (nation.treasury < cost) {
    ctx.emit({ type: 'national-option-void', nation: nation.id, kind, reason: 'not-enough-resources', cost, treasury: nation.treasury });
    return false;
  }
  nation.treasury -= cost;
  return true;
}

/** The US opinion shift an option brings, when the USA is still neutral. */
function sway(state: GreatWarState, ctx: PhaseContext, delta: number, event: string, reason: string): void {
  shiftUsEntry(state, ctx, delta, event as UsEntryEvent, reason);
}

/** A propaganda campaign (GW-OPT-GBR-14, -15, GW-OPT-GER-09, -10, D-OPT-3): 2D10, swayed on a high total, found out on 2. */
export function runPropaganda(state: GreatWarState, nation: NationState, ctx: PhaseContext): void {
  const p = propagandaOf(nation.id);
  if (!p || !pay(nation, p.cost, 'us-propaganda', ctx)) return;
  const rolls = ctx.rollDice(p.dice, p.die, `${nation.name}'s propaganda in the USA (${p.sway.atLeast}+ sways opinion, ${p.discovered.on} is found out)`);
  const total = rolls.reduce((a, b) => a + b, 0);
  const result = total >= p.sway.atLeast ? 'swayed' : total === p.discovered.on ? 'discovered' : 'no-effect';
  ctx.emit({ type: 'us-propaganda', nation: nation.id, rolls, total, result, cost: p.cost });
  if (result === 'swayed') sway(state, ctx, p.sway.shift, 'option', `${nation.name}'s propaganda sways the American public`);
  if (result === 'discovered') sway(state, ctx, p.discovered.shift, p.discovered.event, `${nation.name}'s propaganda is discovered`);
}

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

/** Russia's aid to Serbia (GW-OPT-RUS-01, D-OPT-9): Russia pays the cost and the gift; the whole gift arrives. */
export function runSerbianAid(state: GreatWarState, nation: NationState, ctx: PhaseContext): void {
  const a = numbers().serbianAid;
  const serbia = nationOf(state, a.to) ?? minorOf(state, a.to);
  if (!serbia || !pay(nation, a.cost + a.gift, 'serbian-aid', ctx)) return;
  serbia.treasury += a.gift;
  ctx.emit({ type: 'serbian-aid', nation: nation.id, to: a.to, cost: a.cost, gift: a.gift, treasury: serbia.treasury });
}

/**
 * Austria-Hungary's peace offer to Serbia (GW-OPT-AUH-01..03, D-OPT-10): Serbia keeps the 25; on 1-5 it accepts and
 * leaves the war: peace with every nation of the Central Powers it is at war with, and it is neutral from then on.
 */
export function runSerbianPeace(state: GreatWarState, nation: NationState, ctx: PhaseContext): void {
  const p = numbers().serbianPeace;
  const serbia = nationOf(state, p.to) ?? minorOf(state, p.to);
  if (!serbia || record(state).serbianPeace || foreignAlliesInSerbia(state).length || !pay(nation, p.cost, 'serbian-peace', ctx)) return;
  serbia.treasury += p.cost;
  const roll = ctx.roll(p.die, `${serbia.name} accepts ${nation.name}'s peace offer on ${p.acceptOn.join(', ')}`);
  const accepted = p.acceptOn.includes(roll);
  record(state).serbianPeace = { turn: ctx.turn, accepted };
  ctx.emit({ type: 'serbian-peace', nation: nation.id, to: p.to, roll, accepted, cost: p.cost });
  if (!accepted) return;
  leaveTheWar(state, serbia, ctx);
}

/** A nation leaves the main war (D-OPT-10): peace with every enemy of the other side, then it is neutral. */
function leaveTheWar(state: GreatWarState, who: NationState | MinorState, ctx: PhaseContext): void {
  const enemies = who.atWarWith.filter((e) => sideOf(state, e) === 'central' || membersOf(state, 'central').includes(e));
  for (const enemy of enemies) makePeace(state, ctx, who.id, enemy, 'peace-treaty');
  const from = who.side;
  who.side = 'neutral';
  if ('diplomacy' in who) who.diplomacy = 'neutral';
  ctx.emit({ type: 'left-the-war', nation: who.id, from, peace: enemies });
}

/**
 * French option 2 (GW-OPT-FRA-05..07, D-OPT-14): Legion infantry of France raised at once in a city Russia holds, using
 * Russia's manpower; France pays for them and commands them.
 */
export function runLegion(state: GreatWarState, nation: NationState, order: LegionOrder, already: number, ctx: PhaseContext): number {
  if (!hostCity(state, order.at)) {
    ctx.emit({ type: 'national-option-void', nation: nation.id, kind: 'foreign-legion', reason: 'not-a-host-city', at: order.at, cost: 0, treasury: nation.treasury });
    return 0;
  }
  const cost = legionCost(state, nation, order.at, order.count);
  if (!pay(nation, cost, 'foreign-legion', ctx)) return 0;
  const pool = legionPool(state, order.at);
  const ids: string[] = [];
  for (let k = 0; k < order.count; k++) {
    ids.push(newUnit(state, nation.id, numbers().foreignLegion.unit as UnitType, order.at));
    if (pool) pool.built += 1;
  }
  ctx.emit({ type: 'foreign-legion', nation: nation.id, host: numbers().foreignLegion.host, at: order.at, count: order.count, ids, cost });
  return already + order.count;
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

/**
 * The strategic-movement capacity the national options take this turn (GW-OPT-GER-30, -31, D-OPT-12), by territory:
 * the turn the Adriatic submarine is built, all of Trieste's and 6 of the building port's. Phase 11 counts them as used.
 */
export function railTakenByOptions(state: GreatWarState, turn: number): [string, number][] {
  const done = record(state).adriatic;
  if (!done || done.turn !== turn) return [];
  const a = numbers().adriaticSubmarine;
  return [
    [a.noRailTerritory, Number.MAX_SAFE_INTEGER],
    [done.port, a.railDeduction],
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// The Irish rebellion

/** Arms for the Irish (GW-OPT-GER-16, -17, -20..22, D-OPT-6): 1D10; 9-10 Ireland rises, 1 the Irish back Britain. */
export function runIrishSupport(state: GreatWarState, nation: NationState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): void {
  const i = numbers().irishRebellion;
  const r = record(state);
  if (r.irish || !centralShipInIrishSea(state) || !pay(nation, i.cost, 'irish-rebellion', ctx)) return;
  const roll = ctx.roll(i.die, `Arms for the Irish: a rebellion on ${i.rebellionOn.join(' or ')}, the Irish back Britain on ${i.backBritainOn.join(' or ')}`);
  const result = i.rebellionOn.includes(roll) ? 'rebellion' : i.backBritainOn.includes(roll) ? 'back-britain' : 'no-effect';
  ctx.emit({ type: 'irish-support', nation: nation.id, roll, result, cost: i.cost });
  if (result === 'back-britain') {
    r.irish = 'back-britain';
    const pool = nationOf(state, i.against)?.manpower.find((m) => m.region === i.manpowerRegion);
    if (pool) {
      pool.limit += i.manpowerRaise;
      ctx.emit({ type: 'irish-back-britain', nation: i.against, region: pool.name, raise: i.manpowerRaise, limit: pool.limit });
    }
  }
  if (result === 'rebellion') {
    r.irish = 'rebellion';
    irishRebellion(state, orders, ctx);
  }
}

/**
 * The rebels' nation (D-OPT-7): the scenario's later nation, brought into the game as a minor run by the software,
 * neutral in the main war and at war with Britain only.
 */
export function irishRebelNation(state: GreatWarState, ctx: PhaseContext): MinorState {
  const i = numbers().irishRebellion;
  const existing = minorOf(state, i.rebels);
  if (existing) return existing;
  const rebels = laterMinor(state, i.rebels, i.rebels, { productionPercent: 0 });
  declareWar(state, ctx, i.rebels, i.against, 'option');
  return rebels;
}

/** How the rebels split between the Irish territories (D-OPT-7): the first takes the larger half and the artillery. */
export function rebelPlacement(infantry: number): { territory: string; infantry: number; artillery: number }[] {
  const i = numbers().irishRebellion;
  const n = i.territories.length;
  return i.territories.map((territory, k) => ({ territory, infantry: Math.floor(infantry / n) + (k < infantry % n ? 1 : 0), artillery: k === 0 ? i.artillery : 0 }));
}

/**
 * An Irish rebellion (GW-OPT-GER-18, -19, D-OPT-7): 1D10 infantry and 1 artillery of the rebels, placed in the two
 * Irish territories, each group attacking Britain's side's units there at once as a land battle (the rebels the
 * attackers); a territory without defenders falls to them unopposed.
 */
export function irishRebellion(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): void {
  const i = numbers().irishRebellion;
  const rebels = irishRebelNation(state, ctx);
  const count = ctx.roll(i.infantryDie, 'Irish rebel infantry');
  const groups = rebelPlacement(count);
  ctx.emit({ type: 'irish-rebellion', nation: rebels.id, against: i.against, roll: count, groups });
  const world = theWorld(state.scenario);
  for (const g of groups) {
    const ids: string[] = [];
    for (let k = 0; k < g.infantry; k++) ids.push(newUnit(state, rebels.id, 'infantry' as UnitType, g.territory));
    for (let k = 0; k < g.artillery; k++) ids.push(newUnit(state, rebels.id, 'artillery' as UnitType, g.territory));
    if (!ids.length) continue;
    const mine = state.board.units.filter((u) => ids.includes(u.id));
    const holder = state.board.territories[g.territory]?.owner ?? i.against;
    const defenders = state.board.units
      .filter((u) => u.at === g.territory && !ids.includes(u.id) && isLandOrAir(u.type) && allied(state, u.nation, i.against))
      .sort((a, b) => nationIndex(state, a.nation) - nationIndex(state, b.nation) || unitOrder(a, b));
    if (!defenders.length) {
      if (holder !== rebels.id) captureTerritory(state, g.territory, mine, 'unopposed', ctx, world);
      continue;
    }
    const participants: Participant[] = [...mine.map((u) => ({ unit: u.id, role: 'ground' as const })), ...defenders.map((u) => ({ unit: u.id, role: 'defender' as const }))];
    resolveBattleOutOfTurn(state, { area: g.territory, key: `${g.territory}.irish-rebellion`, holder, participants }, orders, ctx);
  }
  const held = i.territories.filter((t) => state.board.territories[t]?.owner === rebels.id);
  const kept = state.board.units.filter((u) => u.nation === rebels.id);
  ctx.emit({ type: 'irish-rebellion-result', nation: rebels.id, held, kept: countByType(kept) });
}

/**
 * The 'national-options' phase (phase 1): each nation's option orders, in seat order, each nation's in the order of
 * the kinds (propaganda, submarine warfare, the Irish, the Zimmermann Note, the Foreign Legion, East Africa, the Adriatic submarine, Serbian aid,
 * Serbian peace).
 */
export function resolveNationalOptions(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  for (const nation of [...state.nations]) {
    const mine = (orders.get(nation.id)?.orders ?? []).filter((o) => OPTION_KINDS.has(o.kind)) as unknown as OptionOrder[];
    const ranked = [...mine].sort((a, b) => optionSpecs.findIndex((s) => s.kind === a.kind) - optionSpecs.findIndex((s) => s.kind === b.kind));
    let legion = 0;
    for (const o of ranked) {
      switch (o.kind) {
        case 'us-propaganda':
          runPropaganda(state, nation, ctx);
          break;
        case 'unrestricted-submarine-warfare':
          runSubmarineWarfare(state, nation, o.action, ctx);
          break;
        case 'irish-rebellion':
          runIrishSupport(state, nation, orders, ctx);
          break;
        case 'zimmermann-note':
          runZimmermann(state, nation, ctx);
          break;
        case 'foreign-legion':
          legion = legion + o.count <= numbers().foreignLegion.perTurn ? runLegion(state, nation, o, legion, ctx) : legion;
          break;
        case 'east-africa-supplies':
          runEastAfrica(state, nation, o.units, ctx);
          break;
        case 'adriatic-submarine':
          runAdriaticSubmarine(state, nation, orders, ctx);
          break;
        case 'serbian-aid':
          runSerbianAid(state, nation, ctx);
          break;
        case 'serbian-peace':
          runSerbianPeace(state, nation, ctx);
          break;
      }
    }
  }
  return state;
}

// ---------------------------------------------------------------------------------------------------------------
// Phase 15: blockades and unrestricted submarine warfare

/**
 * Whether a nation blockades the US trade of a receiver this turn (D-OPT-1): at war with the receiver, it has
 * warships given the blockade task of phase 6 (D-NAV-27) in every zone of the blockade of one of the route's paths
 * (D-SEA-10): the Skagerrak for Germany's trade, the Middle Atlantic for France's, the North and Middle Atlantic for
 * Britain's.
 */
export function blockadesTradeOf(state: GreatWarState, nation: string, receiver: string): boolean {
  const route = seaTradeRules.usTrade.routes.find((r) => r.to === receiver);
  const me = nationOf(state, nation);
  if (!route || !me?.atWarWith.includes(receiver)) return false;
  const declared = new Set(state.sea.blockade);
  const holds = (zone: string) => state.board.units.some((u) => u.nation === nation && u.at === zone && declared.has(u.id) && isWarship(u.type));
  return route.paths.some((p) => blockadeZones(state, route, p).every(holds));
}

/**
 * The 'blockade-opinion' step (after the naval combat of phase 7; D-OPT-1): the nations whose ships still hold a
 * blockade of US trade chosen this turn are noted, for the US opinion roll of phase 15 ('options-end'). No dice.
 */
export function resolveBlockadeOpinion(state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState {
  record(state).blockading = numbers()
    .blockades.map((b) => ({ nation: b.nation, receivers: b.receivers.filter((r) => blockadesTradeOf(state, b.nation, r)) }))
    .filter((b) => b.receivers.length > 0);
  return state;
}

/**
 * The US opinion roll of the turn's blockades (D-OPT-1, D-OPT-2): while the USA is neutral, each nation that
 * blockaded US trade this turn rolls once: British blockade 2 in 10 for -1, German 2 in 10 for +1 (US Entry events
 * 9b and 10). The note of the turn's blockades is cleared.
 */
export function rollBlockadeOpinion(state: GreatWarState, ctx: PhaseContext): void {
  const noted = record(state).blockading;
  record(state).blockading = [];
  if (!usaNeutral(state)) return;
  for (const { nation, receivers } of noted) {
    const b = numbers().blockades.find((x) => x.nation === nation);
    if (!b) continue;
    const roll = ctx.roll(b.die, `${nationName(state, b.nation)}'s blockade of US trade to ${receivers.map((r) => nationName(state, r)).join(' and ')} turns US opinion on ${b.chance} or less`);
    const shifted = roll <= b.chance;
    ctx.emit({ type: 'blockade-opinion', nation: b.nation, receivers, roll, shifted });
    if (shifted) sway(state, ctx, b.shift, b.event, `${nationName(state, b.nation)} blockades US trade`);
  }
}

/**
 * The 'options-end' phase (phase 15): the blockades' opinion roll; then, while unrestricted submarine warfare is in force (D-OPT-4, D-OPT-5), Britain
 * loses 1D10 of colonial shipping every turn (at most its treasury), and every turn after the one it was declared
 * US opinion rises 1 on 3 in 10.
 */
export function resolveOptionsEnd(state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  rollBlockadeOpinion(state, ctx);
  if (!state.economicWar.unrestrictedSubmarineWarfare) return state;
  const usw = numbers().unrestrictedSubmarineWarfare;
  const victim = nationOf(state, usw.victim);
  if (victim) {
    const roll = ctx.roll(usw.shippingLossDie, `Unrestricted submarine warfare sinks ${victim.name}'s colonial shipping`);
    const taken = Math.min(roll, victim.treasury);
    victim.treasury -= taken;
    victim.ledger.lostAtSea += taken;
    victim.ledger.end = victim.treasury;
    ctx.emit({ type: 'colonial-shipping-sunk', nation: victim.id, roll, taken, treasury: victim.treasury });
  }
  const declared = record(state).submarineWarfareDeclared;
  if (declared !== null && ctx.turn > declared && usaNeutral(state)) {
    const roll = ctx.roll(usw.die, `Unrestricted submarine warfare goes on: US opinion rises on ${usw.furtherTurnChance} or less`);
    const shifted = roll <= usw.furtherTurnChance;
    ctx.emit({ type: 'submarine-warfare-opinion', nation: usw.nation, roll, shifted });
    if (shifted) sway(state, ctx, usw.furtherTurnShift, usw.declareEvent, 'unrestricted submarine warfare goes on');
  }
  return state;
}

// ---------------------------------------------------------------------------------------------------------------
// Reports and invariants

const place = (id: unknown): string => theWorld().names.get(String(id)) ?? String(id);
const who = (id: unknown): string => (String(id) === numbers().irishRebellion.rebels ? 'The Irish rebels' : displayNationName(String(id)));

export function describeOptionsEvent(event: GameEvent): string | undefined {
  switch (event.type) {
    case 'us-propaganda': {
      const head = `${who(event['nation'])} pays ${String(event['cost'])} for propaganda in the USA (rolled ${String(event['total'])})`;
      return event['result'] === 'swayed' ? `${head}: the American public is swayed.` : event['result'] === 'discovered' ? `${head}: the propaganda is discovered.` : `${head}: no effect.`;
    }
    case 'unrestricted-submarine-warfare':
      return event['action'] === 'declare'
        ? `${who(event['nation'])} declares unrestricted submarine warfare.`
        : `${who(event['nation'])} pays ${String(event['cost'])} to retract unrestricted submarine warfare, and may never declare it again.`;
    case 'colonial-shipping-sunk':
      return `Unrestricted submarine warfare sinks ${who(event['nation'])}'s colonial shipping: ${String(event['taken'])} lost (rolled ${String(event['roll'])}); treasury now ${String(event['treasury'])}.`;
    case 'submarine-warfare-opinion':
    case 'blockade-opinion': {
      const what = event.type === 'blockade-opinion' ? `${who(event['nation'])}'s blockade of US trade` : 'Unrestricted submarine warfare';
      return `${what} ${event['shifted'] ? 'turns' : 'does not turn'} American opinion (rolled ${String(event['roll'])}).`;
    }
    case 'zimmermann-note': {
      const head = `${who(event['nation'])} pays ${String(event['cost'])} for the Zimmermann Note to ${who(event['target'])} (rolled ${String(event['roll'])})`;
      return event['result'] === 'joins' ? `${head}: ${who(event['target'])} joins the war.` : event['result'] === 'discovered' ? `${head}: the note is discovered.` : `${head}: no answer.`;
    }
    case 'serbian-aid':
      return `${who(event['nation'])} pays ${String(Number(event['cost']) + Number(event['gift']))} to send ${String(event['gift'])} to ${who(event['to'])}; its treasury now ${String(event['treasury'])}.`;
    case 'serbian-peace':
      return `${who(event['nation'])} offers ${who(event['to'])} ${String(event['cost'])} for peace (rolled ${String(event['roll'])}): ${event['accepted'] ? 'accepted' : 'refused, and the money kept'}.`;
    case 'left-the-war':
      return `${who(event['nation'])} leaves the war${((event['peace'] ?? []) as string[]).length ? ` at peace with ${((event['peace'] ?? []) as string[]).map(who).join(', ')}` : ''}; it is neutral.`;
    case 'irish-support': {
      const head = `${who(event['nation'])} pays ${String(event['cost'])} to arm the Irish (rolled ${String(event['roll'])})`;
      return event['result'] === 'rebellion' ? `${head}: Ireland rises!` : event['result'] === 'back-britain' ? `${head}: the Irish learn of it and back Britain.` : `${head}: no rising yet.`;
    }
    case 'irish-back-britain':
      return `${who(event['nation'])}'s manpower limit in ${String(event['region'])} rises by ${String(event['raise'])} to ${String(event['limit'])}.`;
    case 'irish-rebellion': {
      const groups = (event['groups'] ?? []) as { territory: string; infantry: number; artillery: number }[];
      return `The Irish rebels raise ${String(event['roll'])} infantry and artillery: ${groups.map((g) => `${describeCounts({ infantry: g.infantry, artillery: g.artillery })} in ${place(g.territory)}`).join(', ')}.`;
    }
    case 'irish-rebellion-result': {
      const held = (event['held'] ?? []) as string[];
      return held.length ? `The Irish rebels hold ${held.map(place).join(' and ')} with ${describeCounts((event['kept'] ?? {}) as Record<string, number>)}.` : 'The Irish rebellion is crushed.';
    }
    case 'foreign-legion':
      return `${who(event['nation'])} raises ${String(event['count'])} Foreign Legion infantry in ${place(event['at'])} for ${String(event['cost'])}, on ${who(event['host'])}'s manpower.`;
    case 'east-africa-supplies':
      return `${who(event['nation'])} smuggles supplies to German East Africa for ${String(event['cost'])} and raises ${describeCounts((event['units'] ?? {}) as Record<string, number>)} in ${place(event['at'])}.`;
    case 'adriatic-submarine':
      return `${who(event['nation'])} builds a submarine in ${place(event['port'])} for ${String(event['cost'])} and sends it to the Adriatic; no strategic movement to or from Trieste this turn.`;
    case 'national-option-void':
      return `${who(event['nation'])}'s ${String(event['kind'])} falls through: it costs ${String(event['cost'])} and the treasury holds ${String(event['treasury'])}.`;
    default:
      return undefined;
  }
}

export function optionsInvariants(state: GreatWarState): string[] {
  const r = state.politics.options as Partial<OptionsState> | undefined;
  if (!r) return ['the state has no record of the national options'];
  const out: string[] = [];
  if (r.submarineWarfareRenounced && state.economicWar.unrestrictedSubmarineWarfare === true) out.push('unrestricted submarine warfare is in force after Germany renounced it');
  if (state.economicWar.unrestrictedSubmarineWarfare === true && r.submarineWarfareDeclared === null) out.push('unrestricted submarine warfare is in force but was never declared');
  if (r.irish !== null && r.irish !== 'rebellion' && r.irish !== 'back-britain') out.push(`the Irish question ended in '${String(r.irish)}'`);
  return out;
}

export function optionsSections(state: GreatWarState, _seat: SeatId | undefined): ReportSection[] {
  const r = record(state);
  const lines: string[] = [];
  if (state.economicWar.unrestrictedSubmarineWarfare) lines.push(`Unrestricted submarine warfare is in force (declared turn ${String(r.submarineWarfareDeclared)}).`);
  else if (r.submarineWarfareRenounced) lines.push('Germany has renounced unrestricted submarine warfare.');
  if (r.irish === 'rebellion') lines.push('Ireland has risen against Britain.');
  if (r.irish === 'back-britain') lines.push('The Irish back Britain.');
  if (r.serbianPeace) lines.push(`Austria-Hungary offered Serbia peace on turn ${r.serbianPeace.turn}: ${r.serbianPeace.accepted ? 'accepted' : 'refused'}.`);
  return lines.length ? [{ title: 'National options', lines }] : [];
}
