import { type PhaseContext, type SeatId, type Problem } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { captureTerritory, originalOwner } from '../base/conquest.js';
import { scenarioData } from '../data/load.js';
import { resolveBattleOutOfTurn } from '../land/land-combat.js';
import { type Participant } from '../combat/battle.js';
import { unitOrder } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import { emptyLedger, nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { GreatWarOrders } from '../orders/language.js';
import { declareWar } from '../p01-diplomacy/politics.js';
import { theWorld } from '../data/world.js';
import { revolutionRules } from '../data/revolution.js';
import { endCivilWar, reunify, revolutionBeforePlacement } from './civil-war.js';
import { record, civilWar, unitCategory, isTroop, russianLands } from './civil-war.js';
import { type RevolutionState } from './civil-war.js';

declare module '../base/nations.js' {
  interface PoliticsSlices {
    revolution: RevolutionState;
  }
}

/**
 * The Russian Revolution and the Bolsheviks (GW-P15-REV, GW-ALLY-09, Russian option 2, German option 8), decided
 * in docs/great-war/revolution.md (D-REV-1..). From turn 7, phase 15 rolls each turn whether the revolution
 * begins, at the chance of the year shifted by the options. When it begins, the units Russia built that turn may
 * defect; the Bolsheviks become a nation of their own, a seat that a player or a bot plays, at war with Russia
 * alone. Every unit Russia builds afterwards may defect too. The civil war ends when one faction has nothing left
 * to fight with; the winner takes all of Russia.
 */

export function openingRevolution(): RevolutionState {
  return { began: null, ended: null, builtThisTurn: [], warsAtStart: [], sharedManpower: 0, reunited: false };
}

/** Whether the Bolsheviks are a nation in play: during the civil war, and after it when they won it. */
function bolsheviksInPlay(state: GreatWarState): boolean {
  const r = record(state);
  return r.began !== null && (r.ended === null || r.ended.winner === revolutionRules().nation);
}

// ---------------------------------------------------------------------------------------------------------------
// The odds (GW-P15-REV-01..06, GW-OPT-RUS-04, GW-OPT-GER-28)

/** The chance in 10 the year gives a turn, before any option (GW-P15-REV-02..05); 0 before the first turn. */
export function baseChance(turnNo: number): number {
  const rules = revolutionRules();
  if (turnNo < rules.firstTurn) return 0;
  const range = rules.chances.find((c) => turnNo >= c.from && turnNo <= c.to);
  return range ? range.inTen : rules.chances[rules.chances.length - 1]!.inTen;
}

/** Whether Russia has chosen to supply its army properly (Russian option 2, GW-OPT-RUS-03). */
export function armySupplied(state: GreatWarState): boolean {
  const { nation, variant } = revolutionRules().armySupply;
  return nationOf(state, nation)?.unitVariants.includes(variant) ?? false;
}

/** The chance in 10 of a revolution roll: the year's chance, shifted by the options, between floor and ceiling (D-REV-2). */
export function revolutionChance(state: GreatWarState, turnNo: number, germanPayments: number): { base: number; shifts: number; chance: number } {
  const rules = revolutionRules();
  const base = baseChance(turnNo);
  const shifts = (armySupplied(state) ? rules.armySupply.shift : 0) + Math.min(germanPayments, rules.germanSupport.perTurn) * rules.germanSupport.shift;
  return { base, shifts, chance: Math.max(rules.floor, Math.min(rules.ceiling, base + shifts)) };
}

/** Whether revolution rolls are being made: from the first turn, until a revolution has begun (German option 8's window). */
export function revolutionRollsRunning(state: GreatWarState, turnNo: number): boolean {
  return turnNo >= revolutionRules().firstTurn && record(state).began === null;
}

// ---------------------------------------------------------------------------------------------------------------
// Russia's lands and troops

const defects = (u: BoardUnit) => u.aboard === undefined && ['land', 'air', 'sea'].includes(unitCategory(u.type) ?? '');

const russianTroopsIn = (state: GreatWarState, territory: string) => state.board.units.some((u) => u.at === territory && u.nation === revolutionRules().against && isTroop(u));

/**
 * Revolutionary ground (GW-P15-REV-08, -23, D-REV-3): a territory of Russia's 1914 lands that the Bolsheviks hold, or
 * that Russia holds with no Russian troops in it.
 */
export function revolutionaryGround(state: GreatWarState, world: WorldMap = theWorld(state.scenario)): string[] {
  const { nation, against } = revolutionRules();
  return russianLands(world).filter((t) => {
    const owner = state.board.territories[t]?.owner;
    return owner === nation || (owner === against && !russianTroopsIn(state, t));
  });
}

/** The revolutionary ground nearest to an area (by the map's links; ties: map order), or undefined. */
function nearestGround(state: GreatWarState, world: WorldMap, from: string, ground: readonly string[]): string | undefined {
  const distance = world.graph.within(from, Number.MAX_SAFE_INTEGER);
  let best: string | undefined;
  for (const t of ground) if (distance.has(t) && (best === undefined || distance.get(t)! < distance.get(best)!)) best = t;
  return best ?? ground[0];
}

/** Put Bolshevik units into a territory of revolutionary ground; a Russian-held one becomes theirs, and stays incorporated (GW-P15-REV-15). */
function enterGround(state: GreatWarState, ctx: PhaseContext, units: readonly BoardUnit[], territory: string, world: WorldMap): void {
  for (const u of units) {
    u.at = territory;
    for (const cargo of state.board.units) if (cargo.aboard === u.id) cargo.aboard = undefined;
  }
  const hold = state.board.territories[territory]!;
  if (hold.owner !== revolutionRules().nation) captureTerritory(state, territory, units, 'unopposed', ctx, world);
  state.board.territories[territory]!.incorporated = true;
}

/** A unit changes sides: it, and whatever is aboard it, becomes the faction's (ids are stable for the whole game). */
function changeSides(state: GreatWarState, unit: BoardUnit, to: string): void {
  unit.nation = to;
  for (const cargo of state.board.units) if (cargo.aboard === unit.id) cargo.nation = to;
}

// ---------------------------------------------------------------------------------------------------------------
// The start (GW-P15-REV-07..12)

/** The Bolsheviks as a nation: Russia's technology, the Bolshevik infantry, a seat, no money yet (D-REV-4, gap G19). */
function bolshevikNation(state: GreatWarState): NationState {
  const rules = revolutionRules();
  const russia = nationOf(state, rules.against)!;
  const later = scenarioData(state.scenario).laterNations.find((n) => n.id === rules.nation);
  const home = russia.manpower[0]!;
  return {
    id: rules.nation,
    name: later?.name ?? 'Bolsheviks',
    abbreviation: later?.abbreviation ?? 'BOL',
    side: 'neutral',
    seat: true,
    atWarWith: [],
    treasury: 0,
    incomeCap: null,
    tech: { ...russia.tech },
    mayBuildAtStart: [...russia.mayBuildAtStart],
    manpower: [{ region: home.region, name: home.name, limit: home.limit, built: home.built }],
    unitVariants: [rules.infantryVariant],
    industrialCredit: 0,
    purchases: [],
    placeableAtStart: [],
    ledger: emptyLedger(0),
  };
}

/**
 * The Russian territory the revolutionaries attack when no revolutionary ground exists (GW-P15-REV-09, D-REV-3): the
 * Russian-held territory of Russia's 1914 lands with the fewest Russian troops; ties: the highest value, then map order.
 */
export function revolutionTarget(state: GreatWarState, world: WorldMap = theWorld(state.scenario)): string | undefined {
  const against = revolutionRules().against;
  const troops = (t: string) => state.board.units.filter((u) => u.at === t && u.nation === against && isTroop(u)).length;
  const value = (t: string) => world.territory.get(t)?.value ?? 0;
  let best: string | undefined;
  for (const t of russianLands(world)) {
    if (state.board.territories[t]?.owner !== against) continue;
    if (best === undefined || troops(t) < troops(best) || (troops(t) === troops(best) && value(t) > value(best))) best = t;
  }
  return best;
}

/** Roll for each unit Russia built this turn: on the start roll or lower it defects (GW-P15-REV-07). Returns the defectors. */
function rollStartDefections(state: GreatWarState, ctx: PhaseContext): BoardUnit[] {
  const rules = revolutionRules();
  const out: BoardUnit[] = [];
  for (const id of record(state).builtThisTurn) {
    const u = state.board.units.find((x) => x.id === id && x.nation === rules.against);
    if (!u || !defects(u)) continue;
    const roll = ctx.roll(rules.die, `Does Russia's new ${u.type} ${u.id} join the revolution? (on 1-${rules.startDefectUpTo})`);
    const defect = roll <= rules.startDefectUpTo;
    ctx.emit({ type: 'revolution-defection', unit: u.id, unitType: u.type, roll, defects: defect, at: u.at });
    if (defect) out.push(u);
  }
  return out;
}

/**
 * The revolution begins (GW-P15-REV-07..12, D-REV-1, D-REV-3, D-REV-4): the units Russia built this turn roll to
 * defect. With no defector it comes to nothing this turn and the rolls go on. Otherwise the Bolsheviks enter the game
 * as a seat at war with Russia; their land units and aircraft go to the nearest revolutionary ground, or, when there is
 * none, attack the weakest Russian territory: if the attack fails, the revolution is crushed.
 */
export function beginRevolution(state: GreatWarState, ctx: PhaseContext, orders: ReadonlyMap<SeatId, GreatWarOrders> = new Map()): void {
  const rules = revolutionRules();
  const r = record(state);
  const defectors = rollStartDefections(state, ctx);
  if (!defectors.length) {
    ctx.emit({ type: 'revolution-fizzles', reason: 'no unit Russia built this turn joined it' });
    return;
  }
  const world = theWorld(state.scenario);
  const russia = nationOf(state, rules.against)!;
  r.began = ctx.turn;
  r.warsAtStart = russia.atWarWith.filter((id) => id !== rules.nation);
  r.sharedManpower = russia.manpower[0]?.built ?? 0;
  if (!nationOf(state, rules.nation)) state.nations.push(bolshevikNation(state));
  const bol = nationOf(state, rules.nation)!;
  bol.seat = true;
  bol.side = 'neutral';
  for (const u of defectors) changeSides(state, u, rules.nation);
  ctx.emit({ type: 'revolution-begins', units: defectors.map((u) => u.id), warsAtStart: r.warsAtStart });
  declareWar(state, ctx, rules.nation, rules.against, 'triggered');
  const landed = defectors.filter((u) => world.territory.has(u.at));
  const ground = revolutionaryGround(state, world);
  if (ground.length) {
    const byTarget = new Map<string, BoardUnit[]>();
    for (const u of [...landed].sort(unitOrder)) {
      const to = nearestGround(state, world, u.at, ground)!;
      byTarget.set(to, [...(byTarget.get(to) ?? []), u]);
    }
    for (const [to, units] of [...byTarget].sort((a, b) => world.territories.findIndex((t) => t.id === a[0]) - world.territories.findIndex((t) => t.id === b[0]))) {
      enterGround(state, ctx, units, to, world);
      ctx.emit({ type: 'revolutionaries-placed', at: to, units: units.map((u) => u.id) });
    }
    return;
  }
  const target = revolutionTarget(state, world);
  if (!target || !landed.length) return;
  ctx.emit({ type: 'revolutionaries-attack', at: target, units: landed.map((u) => u.id) });
  attackWith(state, ctx, landed, target, orders, world);
  if (state.board.territories[target]?.owner === rules.nation) {
    state.board.territories[target]!.incorporated = true;
    return;
  }
  endCivilWar(state, ctx, rules.against, 'the revolutionaries failed to take their first territory');
}

/** The revolutionaries fight for a Russian territory as a battle of phase 10 (GW-P15-REV-09..11), as Afghan rebels do. */
function attackWith(state: GreatWarState, ctx: PhaseContext, units: readonly BoardUnit[], target: string, orders: ReadonlyMap<SeatId, GreatWarOrders>, world: WorldMap): void {
  const against = revolutionRules().against;
  const attackers = new Set(units.map((u) => u.id));
  for (const u of units) u.at = target;
  const defenders = state.board.units.filter((u) => u.at === target && !attackers.has(u.id) && u.nation === against && ['land', 'air'].includes(unitCategory(u.type) ?? '')).sort(unitOrder);
  if (!defenders.length) {
    captureTerritory(state, target, units, 'unopposed', ctx, world);
    return;
  }
  const participants: Participant[] = [...units.map((u) => ({ unit: u.id, role: 'ground' as const })), ...defenders.map((u) => ({ unit: u.id, role: 'defender' as const }))];
  resolveBattleOutOfTurn(state, { area: target, key: `${target}.revolution`, holder: against, participants }, orders, ctx);
  // Attackers that survived a lost battle have nowhere to go back to: they disband with the revolution.
  if (state.board.territories[target]?.owner !== revolutionRules().nation) state.board.units = state.board.units.filter((u) => !(attackers.has(u.id) && u.at === target));
}

// ---------------------------------------------------------------------------------------------------------------
// During the civil war: defections (GW-P15-REV-20), manpower (GW-P15-REV-28), the end (GW-P15-REV-25..27)

/**
 * Phase 13's hook, after every purchase is placed: note Russia's new units for a revolution that may begin this turn
 * (D-REV-1); during the civil war, each new Russian unit rolls to defect (GW-P15-REV-20) and a defector goes to the
 * revolutionary ground nearest to where it was placed (GW-P15-REV-21, D-REV-5). Then the two factions' infantry count
 * against one manpower limit (GW-P15-REV-28).
 */
export function revolutionOnPlacement(state: GreatWarState, ctx: PhaseContext, fresh: ReadonlySet<string>, orders: ReadonlyMap<SeatId, GreatWarOrders> = new Map()): void {
  const rules = revolutionRules();
  const r = record(state);
  const mine = state.board.units.filter((u) => fresh.has(u.id) && u.nation === rules.against);
  const world = theWorld(state.scenario);
  // New Bolshevik infantry placed on Russian-held free ground take it (GW-P15-REV-23, D-REV-8).
  for (const u of state.board.units) {
    if (!fresh.has(u.id) || u.nation !== rules.nation || state.board.territories[u.at]?.owner !== rules.against) continue;
    captureTerritory(state, u.at, [u], 'unopposed', ctx, world);
  }
  if (!civilWar(state)) {
    r.builtThisTurn = mine.map((u) => u.id);
    return;
  }
  for (const u of mine) {
    if (!defects(u)) continue;
    const roll = ctx.roll(rules.die, `Does Russia's new ${u.type} ${u.id} defect to the Bolsheviks? (on ${rules.laterDefectFrom}-${rules.die})`);
    const defect = roll >= rules.laterDefectFrom;
    ctx.emit({ type: 'revolution-defection', unit: u.id, unitType: u.type, roll, defects: defect, at: u.at });
    if (!defect) continue;
    changeSides(state, u, rules.nation);
    if (!world.territory.has(u.at)) continue;
    const ground = revolutionaryGround(state, world);
    const wanted = defectorsOrder(orders);
    const to = !ground.length ? undefined : wanted && ground.includes(wanted) ? wanted : nearestGround(state, world, wanted ?? u.at, ground);
    if (to === undefined) {
      state.board.units = state.board.units.filter((x) => x.id !== u.id);
      ctx.emit({ type: 'defector-deserts', unit: u.id, reason: 'no Russian territory is free of Russian troops' });
      continue;
    }
    enterGround(state, ctx, [u], to, world);
    ctx.emit({ type: 'revolutionaries-placed', at: to, units: [u.id] });
  }
  shareManpower(state);
}

/** Both factions' infantry count against Russia's one manpower limit (GW-P15-REV-28, D-REV-8): what either built since they last agreed is added to both. */
export function shareManpower(state: GreatWarState): void {
  const rules = revolutionRules();
  const r = record(state);
  const russia = nationOf(state, rules.against)?.manpower[0];
  const bol = nationOf(state, rules.nation)?.manpower[0];
  if (!civilWar(state) || !russia || !bol) return;
  const shared = r.sharedManpower + (russia.built - r.sharedManpower) + (bol.built - r.sharedManpower);
  russia.built = shared;
  bol.built = shared;
  r.sharedManpower = shared;
}

// ---------------------------------------------------------------------------------------------------------------
// Hooks for the other phases

/** Whether a nation may place units in a territory as its own (placement's hook, GW-P15-REV-22..24): the Bolsheviks in Russia's 1914 lands. */
export function bolshevikHomeland(state: GreatWarState, nation: string, territory: string, world: WorldMap = theWorld(state.scenario)): boolean {
  const rules = revolutionRules();
  return nation === rules.nation && bolsheviksInPlay(state) && originalOwner(world, territory) === rules.against;
}

/**
 * Whether the Bolsheviks may place new infantry in a territory they do not hold (placement's hook, GW-P15-REV-23,
 * D-REV-8): one of Russia's 1914 lands that Russia holds with no Russian troops in it. Placing there takes it.
 */
export function bolshevikFreeGround(state: GreatWarState, nation: string, territory: string, world: WorldMap = theWorld(state.scenario)): boolean {
  const { against } = revolutionRules();
  return bolshevikHomeland(state, nation, territory, world) && civilWar(state) && state.board.territories[territory]?.owner === against && !russianTroopsIn(state, territory);
}

/** The land value a nation draws from a territory it holds, times this (GW-P15-REV-18): the Bolsheviks draw double from Russia's 1914 lands. */
export function landValueFactor(state: GreatWarState, nation: string, territory: string, world: WorldMap = theWorld(state.scenario)): number {
  return bolshevikHomeland(state, nation, territory, world) ? revolutionRules().incomeMultiplier : 1;
}

/**
 * Captures between the two factions need no incorporation (GW-P15-REV-15): conquest's hook, after a territory of
 * Russia's 1914 lands changes hands between Russia and the Bolsheviks.
 */
export function revolutionOnCapture(state: GreatWarState, territory: string, from: string, to: string, world: WorldMap = theWorld(state.scenario)): void {
  const { nation, against } = revolutionRules();
  const between = (from === nation && to === against) || (from === against && to === nation);
  if (between && originalOwner(world, territory) === against) state.board.territories[territory]!.incorporated = true;
}

/**
 * Where the Bolsheviks may attack (land movement's hook, GW-P15-REV-16, -17, D-REV-7): only inside Russia's 1914
 * lands. Every other nation: undefined.
 */
export function bolshevikMoveRefusal(state: GreatWarState, world: WorldMap, nation: string, to: string, hostile: boolean): Problem | undefined {
  const rules = revolutionRules();
  if (nation !== rules.nation || !hostile || originalOwner(world, to) === rules.against) return undefined;
  return { code: 'bolshevik-outside-russia', message: `the Bolsheviks may attack only inside the lands Russia held in 1914; ${world.names.get(to) ?? to} is not one of them (GW-P15-REV-17)`, field: 'to' };
}

// ---------------------------------------------------------------------------------------------------------------
// Orders: German option 8 (O-110) and Russian option 2 (O-111)

/** The territory the Bolsheviks' defectors order of the turn names, if any. */
function defectorsOrder(orders: ReadonlyMap<SeatId, GreatWarOrders>): string | undefined {
  const o = orders.get(revolutionRules().nation)?.orders.find((x) => x.kind === 'defectors');
  return o ? String(o['to']) : undefined;
}

/** Phase 1 (national options): Russia supplies its army properly; its infantry take the variant from now on (GW-OPT-RUS-03). */
export function resolveArmySupply(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const { armySupply } = revolutionRules();
  const russia = nationOf(state, armySupply.nation);
  if (!russia || !orders.get(russia.id)?.orders.some((o) => o.kind === 'supply-army')) return state;
  if (armySupplied(state)) return state;
  russia.unitVariants = [...russia.unitVariants, armySupply.variant];
  ctx.emit({ type: 'army-supplied', nation: russia.id });
  return state;
}

/**
 * The 'revolution' phase (15): during the civil war, the end check; before it, from turn 7, German support is paid
 * and the revolution roll made; on a success the revolution begins. A victorious Bolshevik nation keeps pressing for
 * Russia's lands.
 */
export function resolveRevolution(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const rules = revolutionRules();
  const r = record(state);
  if (civilWar(state)) {
    shareManpower(state);
    revolutionBeforePlacement(state, ctx);
  } else if (r.ended?.winner === rules.nation && !r.reunited) {
    reunify(state, ctx);
  } else if (revolutionRollsRunning(state, ctx.turn)) {
    let paid = 0;
    const germany = nationOf(state, rules.germanSupport.nation);
    for (const o of germany ? (orders.get(germany.id)?.orders ?? []) : []) {
      if (o.kind !== 'support-revolution' || paid >= rules.germanSupport.perTurn) continue;
      if (germany!.treasury < rules.germanSupport.cost) {
        ctx.emit({ type: 'order-void', phase: 'revolution', nation: germany!.id, order: 'support revolutionaries', code: 'no-money', reason: `supporting the revolutionaries costs ${rules.germanSupport.cost}; ${germany!.name} has ${germany!.treasury}` });
        continue;
      }
      germany!.treasury -= rules.germanSupport.cost;
      paid++;
      ctx.emit({ type: 'revolution-supported', nation: germany!.id, cost: rules.germanSupport.cost, treasury: germany!.treasury, visibleTo: [germany!.id] });
    }
    const { base, shifts, chance } = revolutionChance(state, ctx.turn, paid);
    const roll = ctx.roll(rules.die, `Does the Russian Revolution begin? (on 1-${chance})`);
    const begins = roll <= chance;
    ctx.emit({ type: 'revolution-roll', roll, base, shifts, chance, begins });
    if (begins) beginRevolution(state, ctx, orders);
  }
  r.builtThisTurn = [];
  return state;
}

// ---------------------------------------------------------------------------------------------------------------
// Reports and invariants

