import { Random, type PhaseContext, type Problem, type Result, compareCodeUnits } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { aaFire } from '../air/air-combat.js';
import { isAircraft } from '../base/counting.js';
import { landBattleDistribution, roundsInTheAir, type BattleEnd } from '../combat/battle-odds.js';
import { resolveBattle } from '../land/land-combat.js';
import { countByType, statsOf } from '../base/counting.js';
import { type GreatWarState } from '../base/nations.js';
import { COASTAL_DEFENCE, shoreBombardmentValue } from '../sea/naval-invasions.js';
import { theWorld } from '../data/world.js';
import { type OddsRequest, type BattleDescription, type Prepared, prepare } from './odds-request.js';

/**
 * Clauses: GW-P10-LAND, GW-P10-INV, GW-COMBAT (the odds of a land battle).
 * The odds calculator (docs/great-war/odds.md): the odds of a land battle that is not on the board, as phase 10
 * would fight it (land-combat.ts), computed exactly by landBattleDistribution (battle-odds.ts) on a copy of the
 * scenario's opening state with the battle's units put in place. The battle is given as the order language names
 * units ("5 infantry, 2 artillery, 1 fighter"), a territory by name or by its features (a city, a trench, a super
 * trench, Gibraltar's dice, a naval invasion), artillery firing in from the territory the attack comes from, and
 * the nations on each side. What comes before the first round is played too: the defenders' AA guns fire at the
 * attacking aircraft (GW-UNIT-06..09), battleships shore-bombard a naval invasion (GW-UNIT-12..14). A Monte Carlo
 * mode plays the same battle with phase 10's own code (resolveBattle) and seeded dice, to check the exact answer.
 * The request and the battle it sets up are in odds-request.ts.
 */

/** A set of units and its chance. */
export interface SurvivorsOdds {
  readonly units: Readonly<Record<string, number>>;
  readonly p: number;
}

export interface SideLosses {
  /** Expected units lost, by type. */
  readonly units: Readonly<Record<string, number>>;
  /** Expected resources lost: the units' costs (the coastal defence and a city cost nothing). */
  readonly resources: number;
}

export interface OddsAnswer {
  /** Attacking land units take the territory. */
  readonly attackerWin: number;
  /** The defenders hold it; a battle nobody can win (a stalemate, broken off with the attackers lost) is counted here. */
  readonly defenderWin: number;
  /** No defender and no attacking land unit is left (attacking aircraft left alone cannot take a territory). */
  readonly mutualDestruction: number;
  /** The part of defenderWin that is a stalemate. */
  readonly stalemate: number;
  readonly expectedRounds: number;
  /** Every set of attacking units that can survive (aircraft gone home included; artillery firing in is never lost), most likely first. */
  readonly attackerSurvivors: readonly SurvivorsOdds[];
  readonly defenderSurvivors: readonly SurvivorsOdds[];
  readonly expectedLosses: { readonly attacker: SideLosses; readonly defender: SideLosses };
  /** False when the defenders have several commanders (hits shared among them are taken one at a time) or Improved AA guns fire every round. */
  readonly exact: boolean;
  /** The battle as fought: where, from where, who, with what features. */
  readonly battle: BattleDescription;
  /** What the answer assumes, in words. */
  readonly notes: readonly string[];
  /** Monte Carlo mode only: the runs and the standard error of each figure. */
  readonly runs?: number;
  readonly standardErrors?: Readonly<Record<'attackerWin' | 'defenderWin' | 'mutualDestruction' | 'expectedRounds' | 'attackerResources' | 'defenderResources', number>>;
}

const signature = (c: Readonly<Record<string, number>>) =>
  Object.entries(c)
    .sort((a, b) => compareCodeUnits(a[0], b[0]))
    .map(([t, n]) => `${n} ${t}`)
    .join(', ');

/** The answer from a list of endings (exact or sampled alike). */
function answerOf(prepared: Prepared, ends: readonly BattleEnd[], expectedRounds: number, exact: boolean): OddsAnswer {
  const { state } = prepared;
  const byId = new Map(state.board.units.map((u) => [u.id, u]));
  const attackersAtStart = prepared.participants.filter((p) => p.role === 'ground' || p.role === 'air').map((p) => byId.get(p.unit)!);
  const defendersAtStart = prepared.participants.filter((p) => p.role === 'defender').map((p) => byId.get(p.unit)!);
  const survivors = (pick: (e: BattleEnd) => readonly BoardUnit[]) => {
    const map = new Map<string, { units: Record<string, number>; p: number }>();
    for (const e of ends) {
      const units = countByType(pick(e).filter((u) => u.type !== COASTAL_DEFENCE));
      const key = signature(units);
      const seen = map.get(key);
      if (seen) seen.p += e.probability;
      else map.set(key, { units, p: e.probability });
    }
    return [...map.values()].sort((a, b) => b.p - a.p || compareCodeUnits(signature(a.units), signature(b.units)));
  };
  // The chance each unit survives, summed over the endings once.
  const survival = new Map<BoardUnit, number>();
  for (const e of ends) for (const u of [...e.attackers, ...e.defenders]) survival.set(u, (survival.get(u) ?? 0) + e.probability);
  const losses = (start: readonly BoardUnit[]): SideLosses => {
    const units: Record<string, number> = {};
    let resources = 0;
    for (const u of start) {
      const lost = 1 - (survival.get(u) ?? 0);
      units[u.type] = (units[u.type] ?? 0) + lost;
      resources += lost * (statsOf(state, u.nation, u.type).cost ?? 0);
    }
    return { units, resources };
  };
  let attackerWin = 0;
  let defenderWin = 0;
  let mutualDestruction = 0;
  let stalemate = 0;
  for (const e of ends) {
    if (e.winner === 'attacker') attackerWin += e.probability;
    else if (e.winner === 'defender') defenderWin += e.probability;
    else mutualDestruction += e.probability;
    if (e.stalemate) stalemate += e.probability;
  }
  const world = theWorld(state.scenario);
  const aircraftRounds: Record<string, number> = {};
  for (const f of state.air.flights) {
    const u = byId.get(f.unit);
    if (u && aircraftRounds[u.type] === undefined) aircraftRounds[u.type] = roundsInTheAir(state, world, u, prepared.area);
  }
  const notes = [...prepared.notes];
  if (Object.keys(aircraftRounds).length) notes.push(`attacking aircraft fight ${Object.entries(aircraftRounds).map(([t, r]) => `${t} ${r} round${r === 1 ? '' : 's'}`).join(', ')}, then fly home to ${world.names.get(prepared.description.from)} (GW-UNIT-50, GW-P10-LAND-20)`);
  if (!exact) notes.push('approximate: the defenders have several commanders, who share each round\'s hits; they are taken one at a time here (D-SIM-26)');
  return {
    attackerWin,
    defenderWin,
    mutualDestruction,
    stalemate,
    expectedRounds,
    attackerSurvivors: survivors((e) => e.attackers),
    defenderSurvivors: survivors((e) => e.defenders),
    expectedLosses: { attacker: losses(attackersAtStart), defender: losses(defendersAtStart) },
    exact,
    battle: { ...prepared.description, aircraftRounds },
    notes,
  };
}

/**
 * The exact odds of the battle of `req` (docs/great-war/odds.md): every ending with its chance, the units left,
 * the expected rounds and losses. Problems name the flag and, in a unit list, the column, with the closest name.
 */
export function battleOddsOf(req: OddsRequest): Result<OddsAnswer, Problem[]> {
  const prepared = prepare(req);
  if (!prepared.ok) return prepared;
  const p = prepared.value;
  const { state, area, holder } = p;
  const invasion = p.participants.some((x) => x.role === 'ground' && theWorld(state.scenario).sea.has(x.from ?? ''));
  const participants = [...p.participants];
  const stateForOdds: GreatWarState = { ...state, board: { ...state.board, units: [...state.board.units] } };
  if (invasion) {
    // The coastal defence stands with the defenders of a naval invasion (GW-P10-INV-09), as resolveBattle places it.
    const coast: BoardUnit = { id: `${COASTAL_DEFENCE}@${area}`, nation: holder, type: COASTAL_DEFENCE, at: area, damage: 0 };
    stateForOdds.board.units.push(coast);
    participants.push({ unit: coast.id, role: 'defender' });
  }
  const bombardment = p.bombarders.map((u) => ({ value: shoreBombardmentValue(state, u) }));
  const d = landBattleDistribution(stateForOdds, { area, holder, participants }, { losses: new Map() }, { aaFire: true, bombardment });
  return { ok: true, value: answerOf(p, d.ends, d.expectedRounds, d.exact) };
}

/**
 * A copy of the prepared state for one run: what a battle changes (its units and trenches, the turn's records of
 * land, air and invasions, the politics) copied; the owners of the territories shared, as only the battle's own
 * territory can change hands (captureTerritory puts a new entry there, which `restore` takes back after the run).
 */
function battleCopy(state: GreatWarState, area: string): { state: GreatWarState; restore: () => void } {
  const territories = state.board.territories;
  const held = territories[area];
  const board = { ...state.board, units: state.board.units.map((u) => ({ ...u })), trenches: state.board.trenches.map((t) => ({ ...t })), nextUnit: structuredClone(state.board.nextUnit) };
  const copy = { ...state, board, land: structuredClone(state.land), air: structuredClone(state.air), invasion: structuredClone(state.invasion), politics: structuredClone(state.politics) };
  return { state: copy, restore: () => void (territories[area] = held!) };
}

/** A phase context for Monte Carlo runs: dice from `rng`, nothing recorded, every decision its standing answer or default. */
function samplingContext(rng: Random, events: { type: string; [k: string]: unknown }[]): PhaseContext {
  return {
    step: { id: 'odds', turn: 1, segment: 'orders', seats: [], phases: ['land-combat'] },
    turn: 1,
    options: {},
    standing: () => undefined,
    roll: (sides) => rng.int(sides) + 1,
    rollDice: (count, sides) => Array.from({ length: count }, () => rng.int(sides) + 1),
    emit: (event) => {
      if (event.type === 'battle-result') events.push(event);
    },
    decide: (request) => request.standing ?? request.default,
  };
}

/**
 * The battle of `req` played `runs` times by phase 10's own code (AA fire as phase 9 fires it, then resolveBattle),
 * with dice from a stream seeded by `seed`: the Monte Carlo check of battleOddsOf, with the standard errors.
 */
export function sampleBattleOf(req: OddsRequest, opts: { readonly runs: number; readonly seed: string }): Result<OddsAnswer, Problem[]> {
  const prepared = prepare(req);
  if (!prepared.ok) return prepared;
  const p = prepared.value;
  const rng = new Random(opts.seed, 'odds');
  const world = theWorld(p.state.scenario);
  const runs = Math.max(1, Math.floor(opts.runs));
  const ends: BattleEnd[] = [];
  const byId = new Map(p.state.board.units.map((u) => [u.id, u]));
  const attackerIds = p.participants.filter((x) => x.role === 'ground' || x.role === 'air').map((x) => x.unit);
  const defenderIds = p.participants.filter((x) => x.role === 'defender').map((x) => x.unit);
  const standing = { losses: new Map<string, readonly string[]>(), retreats: new Map() };
  let rounds = 0;
  const perRun: { a: number; d: number; n: number; ar: number; dr: number }[] = [];
  const cost = (u: BoardUnit) => statsOf(p.state, u.nation, u.type).cost ?? 0;
  for (let run = 0; run < runs; run++) {
    const { state, restore } = battleCopy(p.state, p.area);
    const events: { type: string; [k: string]: unknown }[] = [];
    const ctx = samplingContext(rng, events);
    const planes = state.board.units.filter((u) => attackerIds.includes(u.id) && isAircraft(u.type));
    if (planes.length) aaFire(state, world, ctx, standing, p.area, planes, 'air-combat');
    // The 'battle' event's odds are not needed here: resolveBattle is told them rather than computing them on every run.
    resolveBattle(state, { area: p.area, holder: p.holder, participants: p.participants, odds: { attacker: 0, defender: 0, none: 0, exact: false } }, standing, new Set(), ctx);
    restore();
    const result = events.find((e) => e.type === 'battle-result');
    const left = new Set(state.board.units.map((u) => u.id));
    const attackers = attackerIds.filter((id) => left.has(id)).map((id) => byId.get(id)!);
    const defenders = defenderIds.filter((id) => left.has(id) && state.board.units.find((u) => u.id === id)!.at === p.area).map((id) => byId.get(id)!);
    const winner = result?.['winner'] === 'attacker' ? 'attacker' : result?.['winner'] === 'defender' ? 'defender' : 'none';
    const n = Number(result?.['rounds'] ?? 0);
    rounds += n;
    ends.push({ attackers, defenders, winner, stalemate: false, probability: 1 / runs });
    perRun.push({
      a: winner === 'attacker' ? 1 : 0,
      d: winner === 'defender' ? 1 : 0,
      n,
      ar: attackerIds.filter((id) => !left.has(id)).reduce((s, id) => s + cost(byId.get(id)!), 0),
      dr: defenderIds.filter((id) => !left.has(id)).reduce((s, id) => s + cost(byId.get(id)!), 0),
    });
  }
  const se = (xs: readonly number[]) => {
    const m = xs.reduce((s, x) => s + x, 0) / runs;
    const v = xs.reduce((s, x) => s + (x - m) ** 2, 0) / Math.max(1, runs - 1);
    return Math.sqrt(v / runs);
  };
  const answer = answerOf(p, ends, rounds / runs, true);
  return {
    ok: true,
    value: {
      ...answer,
      runs,
      standardErrors: {
        attackerWin: se(perRun.map((r) => r.a)),
        defenderWin: se(perRun.map((r) => r.d)),
        mutualDestruction: se(perRun.map((r) => 1 - r.a - r.d)),
        expectedRounds: se(perRun.map((r) => r.n)),
        attackerResources: se(perRun.map((r) => r.ar)),
        defenderResources: se(perRun.map((r) => r.dr)),
      },
      notes: [...answer.notes.filter((n) => !n.startsWith('approximate')), `Monte Carlo: ${runs} battles played by phase 10's own code with seeded dice`],
    },
  };
}
