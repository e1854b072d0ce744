import { z } from 'zod';
import { areaName } from '../orders/names.js';
import { closestName, jsonPath, type GameEvent, type PhaseContext, type Problem, type ReportSection, type SeatId } from '@umpire/engine';
import revolutionJson from '../../data/revolution.json' with { type: 'json' };
import { lookupArea } from '../orders/names.js';
import type { BoardUnit } from '../base/board.js';
import { captureTerritory, originalOwner } from '../base/conquest.js';
import { scenarioData, unitTable } from '../data/load.js';
import { resolveBattleOutOfTurn } from '../land/land-combat.js';
import { type Participant } from '../combat/battle.js';
import { refused, type Refused } from '../orders/language.js';
import { unitOrder } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import { emptyLedger, nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { GreatWarOrders, OrderSpec } from '../orders/language.js';
import { declareWar, makePeace } from '../p01-diplomacy/politics.js';
import { politicalName } from '../base/names.js';
import { theWorld } from '../data/world.js';

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

const inTen = z.number().int().min(0).max(10);
const turn = z.number().int().min(1);

export const revolutionFileSchema = z.strictObject({
  $schema: z.string().optional(),
  note: z.string().optional(),
  /** The nation the revolution creates (a later nation of the scenario) and the one it rises against. */
  nation: z.string(),
  against: z.string(),
  /** The die of every roll of the revolution. */
  die: z.number().int().min(2),
  /** The first turn of the revolution rolls (GW-P15-REV-01). */
  firstTurn: turn,
  /** The chance in 10 by turns (GW-P15-REV-02..05); a turn after the last range keeps the last chance. */
  chances: z.array(z.strictObject({ from: turn, to: turn, inTen })).min(1),
  /** The shifted chance never goes below `floor` nor above `ceiling` (A60, D-REV-2). */
  floor: inTen,
  ceiling: inTen,
  /** On the turn it begins, a unit built that turn defects on this roll or lower (GW-P15-REV-07). */
  startDefectUpTo: z.number().int().min(0),
  /** Afterwards, a unit Russia builds defects on this roll or higher (GW-P15-REV-20). */
  laterDefectFrom: z.number().int().min(1),
  /** German option 8: who pays, what a turn, by how much the chance rises, how often a turn (GW-OPT-GER-28, A60). */
  germanSupport: z.strictObject({ nation: z.string(), cost: z.number().int().min(0), shift: z.number().int(), perTurn: z.number().int().min(1) }),
  /** Russian option 2: the unit variant it puts in force and the shift of every roll (GW-OPT-RUS-03, -04). */
  armySupply: z.strictObject({ nation: z.string(), variant: z.string(), shift: z.number().int() }),
  /** The Bolsheviks' infantry variant (GW-P15-REV-29). */
  infantryVariant: z.string(),
  /** How many times its value the Bolsheviks draw from a Russian territory (GW-P15-REV-18). */
  incomeMultiplier: z.number().int().min(1),
  clauses: z.array(z.string()),
});

export type RevolutionRules = z.infer<typeof revolutionFileSchema>;

let rulesCache: RevolutionRules | undefined;

/** The revolution's numbers (data/revolution.json), checked on first use. */
export function revolutionRules(): RevolutionRules {
  rulesCache ??= revolutionFileSchema.parse(revolutionJson);
  return rulesCache;
}

/** This part's record in `state.politics`. */
export type RevolutionState = {
  /** The turn the revolution began; null: not begun (yet). */
  began: number | null;
  /** How the civil war ended: the turn and the winning faction; null while it goes on, or before it begins. */
  ended: { turn: number; winner: string } | null;
  /** Russia's units placed this turn in phase 13, which the start of a revolution in phase 15 rolls for (D-REV-1); emptied in phase 15. */
  builtThisTurn: string[];
  /** Russia's enemies when the revolution began, whose wars a victorious Bolshevik nation takes up once Russia is whole (GW-P15-REV-31). */
  warsAtStart: string[];
  /** Russia's infantry counted against the shared manpower limit when the two factions last agreed (GW-P15-REV-28, D-REV-8). */
  sharedManpower: number;
  /** Whether the victorious Bolsheviks hold every territory Russia held in 1914 and have taken up Russia's wars (GW-P15-REV-31). */
  reunited: boolean;
};

export function openingRevolution(): RevolutionState {
  return { began: null, ended: null, builtThisTurn: [], warsAtStart: [], sharedManpower: 0, reunited: false };
}

const record = (state: GreatWarState): RevolutionState => state.politics.revolution;

/** Whether the civil war goes on: the revolution has begun and has not ended. */
export function civilWar(state: GreatWarState): boolean {
  const r = record(state);
  return r.began !== null && r.ended === null;
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

const unitCategory = (type: string) => unitTable().byId.get(type as never)?.category;
/** Troops: land units that fight (coastal defences are part of the coast). */
const isTroop = (u: BoardUnit) => unitCategory(u.type) === 'land' && u.type !== 'coastal-defense';
const defects = (u: BoardUnit) => u.aboard === undefined && ['land', 'air', 'sea'].includes(unitCategory(u.type) ?? '');

/** The territories Russia held in 1914 (GW-P15-REV-17), in map order. */
export function russianLands(world: WorldMap): string[] {
  const against = revolutionRules().against;
  return world.territories.filter((t) => originalOwner(world, t.id) === against).map((t) => t.id);
}

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

/** Who has won the civil war now, if anyone (GW-P15-REV-25, -26, D-REV-6). */
export function civilWarWinner(state: GreatWarState, world: WorldMap = theWorld(state.scenario)): string | undefined {
  const { nation, against } = revolutionRules();
  if (!civilWar(state)) return undefined;
  if (!state.board.units.some((u) => u.nation === nation)) return against;
  const cities = russianLands(world).filter((t) => world.territory.get(t)?.city);
  const citiesHeld = cities.every((t) => state.board.territories[t]?.owner === nation);
  const soldiersLeft = state.board.units.some((u) => u.nation === against && isTroop(u));
  return citiesHeld && !soldiersLeft ? nation : undefined;
}

/**
 * The civil war ends (GW-P15-REV-27, D-REV-6): the winner takes every territory of both factions in Russia's 1914
 * lands (incorporated), every unit, facility and ship of the loser, and its treasury. A losing Bolshevik nation leaves
 * the game (its seat goes); its purchases not yet placed are lost.
 */
export function endCivilWar(state: GreatWarState, ctx: PhaseContext, winner: string, why: string): void {
  const rules = revolutionRules();
  const loser = winner === rules.nation ? rules.against : rules.nation;
  const r = record(state);
  r.ended = { turn: ctx.turn, winner };
  const loserNation = nationOf(state, loser)!;
  const winnerNation = nationOf(state, winner)!;
  for (const [id, hold] of Object.entries(state.board.territories)) if (hold.owner === loser && (hold.owner === rules.nation || originalOwner(theWorld(state.scenario), id) === rules.against)) state.board.territories[id] = { owner: winner, incorporated: true };
  for (const u of state.board.units) if (u.nation === loser) u.nation = winner;
  winnerNation.treasury += loserNation.treasury;
  loserNation.treasury = 0;
  loserNation.purchases = [];
  loserNation.placeableAtStart = [];
  ctx.emit({ type: 'civil-war-ends', winner, loser, why });
  makePeace(state, ctx, rules.nation, rules.against, 'the end of the Russian civil war');
  if (winner === rules.against) {
    const bol = nationOf(state, rules.nation)!;
    bol.seat = false;
    for (const enemy of [...bol.atWarWith]) makePeace(state, ctx, rules.nation, enemy, 'the Bolsheviks are no more');
  } else {
    reunify(state, ctx);
  }
}

/**
 * A victorious Bolshevik nation goes after every nation holding a territory of Russia's 1914 lands (GW-P15-REV-30);
 * once it holds them all it takes up the wars Russia was fighting when the revolution began, against the nations
 * still at war with Russia (GW-P15-REV-31, D-REV-7).
 */
export function reunify(state: GreatWarState, ctx: PhaseContext): void {
  const rules = revolutionRules();
  const r = record(state);
  if (r.ended?.winner !== rules.nation || r.reunited) return;
  const world = theWorld(state.scenario);
  const holders = new Set<string>();
  for (const t of russianLands(world)) {
    const owner = state.board.territories[t]?.owner;
    if (owner !== undefined && owner !== rules.nation) holders.add(owner);
  }
  for (const holder of [...holders].sort()) declareWar(state, ctx, rules.nation, holder, 'triggered');
  if (holders.size) return;
  r.reunited = true;
  const russia = nationOf(state, rules.against);
  const wars = r.warsAtStart.filter((id) => russia?.atWarWith.includes(id));
  ctx.emit({ type: 'russia-reunited', wars });
  for (const enemy of wars) declareWar(state, ctx, rules.nation, enemy, 'triggered');
}

/** The end check between the battles and the placement of new units (GW-P15-REV-25): a phase-13 hook, before any unit is placed. */
export function revolutionBeforePlacement(state: GreatWarState, ctx: PhaseContext): void {
  const winner = civilWarWinner(state);
  if (winner) endCivilWar(state, ctx, winner, winner === revolutionRules().against ? 'the Bolsheviks have no units left' : 'the Bolsheviks hold every Russian city and no Russian soldier is left');
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
export function bolshevikMoveRefusal(state: GreatWarState, world: WorldMap, nation: string, to: string, hostile: boolean): Refused | undefined {
  const rules = revolutionRules();
  if (nation !== rules.nation || !hostile || originalOwner(world, to) === rules.against) return undefined;
  return refused('bolshevik-outside-russia', `the Bolsheviks may attack only inside the lands Russia held in 1914; ${world.names.get(to) ?? to} is not one of them (GW-P15-REV-17)`, 'to');
}

// ---------------------------------------------------------------------------------------------------------------
// Orders: German option 8 (O-110) and Russian option 2 (O-111)

export type SupportRevolutionOrder = { kind: 'support-revolution' };
export type SupplyArmyOrder = { kind: 'supply-army' };

function noFields(kind: string, item: Record<string, unknown>, path: readonly (string | number)[]): Problem[] {
  return Object.keys(item)
    .filter((k) => k !== 'kind')
    .map((k) => ({ code: 'unknown-field', message: `a ${kind} order has no field '${k}'`, path: jsonPath([...path, k]) }));
}

/** Why a nation may not pay for German option 8 now; undefined when it may (GW-OPT-GER-28, D-REV-2). */
export function supportRefusal(state: GreatWarState, nation: NationState, turnNo: number): { code: string; message: string } | undefined {
  const { germanSupport } = revolutionRules();
  if (nation.id !== germanSupport.nation) return { code: 'not-germany', message: `only ${nationOf(state, germanSupport.nation)?.name ?? germanSupport.nation} may support the Russian revolutionaries (German option 8)` };
  if (!revolutionRollsRunning(state, turnNo)) {
    return record(state).began !== null
      ? { code: 'revolution-begun', message: 'the Russian Revolution has begun: there is nothing left to support' }
      : { code: 'too-early', message: `the revolution rolls begin on turn ${revolutionRules().firstTurn}; German support may be bought from then on` };
  }
  return undefined;
}

/** O-110: 'support revolutionaries' — Germany pays 12 for +1 in 10 on this turn's revolution roll (GW-OPT-GER-28). */
export const supportRevolutionSpec: OrderSpec<SupportRevolutionOrder> = {
  kind: 'support-revolution',
  words: ['support'],
  example: 'support revolutionaries',
  parseText(rest, at) {
    const m = /^(?:the\s+)?(?:russian\s+)?(revolutionaries|revolution)?\s*$/i.exec(rest);
    if (!m) return [{ code: 'unexpected-text', message: "write 'support revolutionaries'", line: at.line, column: at.column, suggestion: 'support revolutionaries' }];
    return { kind: 'support-revolution' };
  },
  checkJson(item, path) {
    const p = noFields('support-revolution', item, path);
    return p.length ? p : { kind: 'support-revolution' };
  },
  format: () => 'support revolutionaries',
  refusal(_order, ledger, ctx, nation) {
    const r = supportRefusal(ctx.state, nation, ctx.step.turn);
    if (r) return r;
    const { cost, perTurn } = revolutionRules().germanSupport;
    if (ledger.admitted.filter((o) => o.kind === 'support-revolution').length >= perTurn) return { code: 'once-a-turn', message: `German support for the revolutionaries may be bought ${perTurn === 1 ? 'once' : `${perTurn} times`} a turn (D-REV-2)` };
    if (ledger.resources < cost) return { code: 'no-money', message: `supporting the revolutionaries costs ${cost}; ${nation.name} has ${ledger.resources} left` };
    return undefined;
  },
  cost: () => revolutionRules().germanSupport.cost,
  candidates: (_ledger, ctx, nation) => (nation.id === revolutionRules().germanSupport.nation ? [{ kind: 'support-revolution' as const }] : []),
};

/** O-111: 'supply army' — Russia's option 2: infantry cost 6 for the rest of the war, revolution rolls 1 in 10 less likely (GW-OPT-RUS-03, -04). */
export const supplyArmySpec: OrderSpec<SupplyArmyOrder> = {
  kind: 'supply-army',
  words: ['supply'],
  example: 'supply army',
  parseText(rest, at) {
    const m = /^(?:the\s+)?(?:army)?\s*$/i.exec(rest);
    if (!m) return [{ code: 'unexpected-text', message: "write 'supply army'", line: at.line, column: at.column, suggestion: 'supply army' }];
    return { kind: 'supply-army' };
  },
  checkJson(item, path) {
    const p = noFields('supply-army', item, path);
    return p.length ? p : { kind: 'supply-army' };
  },
  format: () => 'supply army',
  refusal(_order, ledger, ctx, nation) {
    const { armySupply } = revolutionRules();
    if (nation.id !== armySupply.nation) return { code: 'not-russia', message: `only ${nationOf(ctx.state, armySupply.nation)?.name ?? armySupply.nation} has this option (Russian option 2)` };
    if (armySupplied(ctx.state)) return { code: 'already-supplied', message: 'Russia already supplies its army properly (Russian option 2 lasts the rest of the war)' };
    if (ledger.admitted.some((o) => o.kind === 'supply-army')) return { code: 'once', message: 'one supply army order is enough' };
    return undefined;
  },
  cost: () => 0,
  candidates: (_ledger, ctx, nation) => (nation.id === revolutionRules().armySupply.nation && !armySupplied(ctx.state) ? [{ kind: 'supply-army' as const }] : []),
};

/** O-112: 'defectors to <territory>' — where the Bolsheviks want this turn's defectors (GW-P15-REV-21, D-REV-5). */
export type DefectorsOrder = { kind: 'defectors'; to: string };

/** The territory the Bolsheviks' defectors order of the turn names, if any. */
function defectorsOrder(orders: ReadonlyMap<SeatId, GreatWarOrders>): string | undefined {
  const o = orders.get(revolutionRules().nation)?.orders.find((x) => x.kind === 'defectors');
  return o ? String(o['to']) : undefined;
}

function defectorsRefusal(state: GreatWarState, nation: NationState, to: string): { code: string; message: string; field?: string } | undefined {
  const rules = revolutionRules();
  if (nation.id !== rules.nation) return { code: 'not-bolsheviks', message: 'only the Bolsheviks give orders for the units that defect to them' };
  const world = theWorld(state.scenario);
  if (originalOwner(world, to) !== rules.against) return { code: 'not-russian', message: `defectors go to Russia's lands of 1914; ${world.names.get(to) ?? to} is not one of them`, field: 'to' };
  return undefined;
}

export const defectorsSpec: OrderSpec<DefectorsOrder> = {
  kind: 'defectors',
  words: ['defectors'],
  example: 'defectors to Kazan',
  parseText(rest, at) {
    const m = /^(?:(?:to|in|at)\s+)?(.*)$/i.exec(rest)!;
    const typed = m[1]!.trim();
    const column = at.column + rest.length - m[1]!.length;
    if (typed === '') return [{ code: 'missing-territory', message: "where do this turn's defectors go? e.g. 'defectors to Kazan'", line: at.line, column: at.column }];
    const r = lookupArea(typed, { kind: 'land' });
    if (r.ok) return { kind: 'defectors', to: r.id };
    if (r.reason === 'ambiguous') return [{ code: 'ambiguous-area', message: `'${typed}' could be ${r.names.slice(0, 8).join(', ')}: type more of the name`, line: at.line, column }];
    return [{ code: 'unknown-area', message: `there is no territory '${typed}'`, line: at.line, column, ...(r.suggestion !== undefined ? { suggestion: r.suggestion } : {}) }];
  },
  checkJson(item, path) {
    const problems: Problem[] = Object.keys(item)
      .filter((k) => k !== 'kind' && k !== 'to')
      .map((k) => ({ code: 'unknown-field', message: `a defectors order has no field '${k}'`, path: jsonPath([...path, k]) }));
    const to = item['to'];
    const world = theWorld();
    if (typeof to !== 'string') return [...problems, { code: 'missing-territory', message: 'a defectors order names a territory id, e.g. "kazan"', path: jsonPath([...path, 'to']) }];
    if (!world.territory.has(to)) {
      const suggestion = closestName(to, world.territories.map((t) => t.id));
      return [...problems, { code: 'unknown-area', message: `there is no territory '${to}'`, path: jsonPath([...path, 'to']), ...(suggestion ? { suggestion } : {}) }];
    }
    return problems.length ? problems : { kind: 'defectors', to };
  },
  format: (order) => `defectors to ${theWorld().names.get(order.to) ?? order.to}`,
  refusal(order, ledger, ctx, nation) {
    if (ledger.admitted.some((o) => o.kind === 'defectors')) return { code: 'one-defectors-order', message: 'one defectors order a turn: all defectors go to one place' };
    return defectorsRefusal(ctx.state, nation, order.to);
  },
  cost: () => 0,
  candidates(_ledger, ctx, nation) {
    if (nation.id !== revolutionRules().nation) return [];
    return revolutionaryGround(ctx.state)
      .slice(0, 2)
      .map((to) => ({ kind: 'defectors' as const, to }));
  },
};

/**
 * The order kinds of this part. Russian option 2 takes effect in phase 1 (the 'army-supply' phase) but costs nothing,
 * so its place among the specs, which orders the charging of a turn's budget, changes nothing.
 */
export const revolutionSpecs: readonly OrderSpec[] = [supplyArmySpec as unknown as OrderSpec, defectorsSpec as unknown as OrderSpec, supportRevolutionSpec as unknown as OrderSpec];
export type RevolutionOrder = SupportRevolutionOrder | SupplyArmyOrder | DefectorsOrder;

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

function nameOf(id: unknown): string {
  return id === revolutionRules().nation ? 'the Bolsheviks' : politicalName(id);
}

function placeName(id: unknown): string {
  return areaName(String(id));
}

export function describeRevolutionEvent(event: GameEvent): string | undefined {
  switch (event.type) {
    case 'revolution-roll':
      return event['begins']
        ? `Revolution breaks out in Russia (rolled ${String(event['roll'])}, needing 1-${String(event['chance'])}).`
        : `Russia holds together this turn (rolled ${String(event['roll'])}; the revolution needed 1-${String(event['chance'])}).`;
    case 'revolution-supported':
      return `Germany pays ${String(event['cost'])} to support the Russian revolutionaries (+1 in 10).`;
    case 'army-supplied':
      return 'Russia supplies its army properly: infantry cost more, and revolution is 1 in 10 less likely.';
    case 'revolution-defection':
      return `Russia's new ${String(event['unitType'])} in ${placeName(event['at'])} ${event['defects'] ? 'goes over to the revolution' : 'stays loyal'} (rolled ${String(event['roll'])}).`;
    case 'revolution-fizzles':
      return `The revolution comes to nothing this turn: ${String(event['reason'])}.`;
    case 'revolution-begins':
      return `The Bolsheviks rise with ${(event['units'] as unknown[]).length} unit(s) and go to war with Russia.`;
    case 'revolutionaries-placed':
      return `Revolutionaries take their stand in ${placeName(event['at'])}.`;
    case 'revolutionaries-attack':
      return `With nowhere free of Russian troops, the revolutionaries attack ${placeName(event['at'])}.`;
    case 'defector-deserts':
      return `A defecting unit finds nowhere to go and deserts (${String(event['reason'])}).`;
    case 'civil-war-ends':
      return `The Russian civil war ends: ${nameOf(event['winner'])} win${event['winner'] === revolutionRules().nation ? '' : 's'} (${String(event['why'])}) and take${event['winner'] === revolutionRules().nation ? '' : 's'} all of Russia.`;
    case 'russia-reunited':
      return `The Bolsheviks hold all of Russia's lands${(event['wars'] as unknown[]).length ? ` and take up Russia's wars against ${(event['wars'] as string[]).map(nameOf).join(', ')}` : ''}.`;
    default:
      return undefined;
  }
}

export function revolutionInvariants(state: GreatWarState): string[] {
  const r = (state.politics as { revolution?: Partial<RevolutionState> }).revolution;
  if (!r || !Array.isArray(r.builtThisTurn) || !Array.isArray(r.warsAtStart)) return ['the state has no record of the Russian Revolution'];
  const out: string[] = [];
  const { nation } = revolutionRules();
  if (r.ended && r.began === null) out.push('the Russian civil war has ended but never began');
  const bol = nationOf(state, nation);
  if (r.began !== null && !bol) out.push('the Russian Revolution has begun but the Bolsheviks are not a nation');
  if (bol && bol.seat !== (r.began !== null && (!r.ended || r.ended.winner === nation))) out.push('the Bolsheviks have a seat only while they are in the game');
  if (bol && bol.side !== 'neutral') out.push('the Bolsheviks belong to no alliance (GW-ALLY-09)');
  return out;
}

export function revolutionSections(state: GreatWarState, _seat: SeatId | undefined): ReportSection[] {
  const r = record(state);
  if (r.began === null) return [];
  const lines = [`The revolution began on turn ${r.began}.`];
  if (r.ended) lines.push(`The civil war ended on turn ${r.ended.turn}: ${nameOf(r.ended.winner)} won.`);
  if (r.reunited) lines.push("The Bolsheviks hold all of Russia's lands.");
  return [{ title: 'The Russian Revolution', lines }];
}
