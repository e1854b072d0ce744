import { closestName, Random, type PhaseContext, type Problem, type Result, compareCodeUnits } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { allied, nationName } from '../base/conquest.js';
import { aaFire, joinsLandBattle } from '../air/air-combat.js';
import { fuelOf } from '../air/aircraft.js';
import { isAircraft } from '../base/counting.js';
import { landBattleDistribution, roundsInTheAir, type BattleEnd } from '../combat/battle-odds.js';
import { resolveBattle } from '../land/land-combat.js';
import { type Participant } from '../combat/battle.js';
import { lookupArea } from '../orders/names.js';
import { lookupNation, parseUnitList } from '../orders/grammar.js';
import { countByType, statsOf } from '../base/counting.js';
import { emptyAirTurn, emptyInvasionTurn, type GreatWarState } from '../base/nations.js';
import { setup } from '../opening.js';
import { COASTAL_DEFENCE, shoreBombardmentValue } from '../sea/naval-invasions.js';
import { terrainRules } from '../data/terrain.js';
import { theWorld } from '../data/world.js';
import { unitTable, clearedOnDataChange } from '../data/load.js';

/**
 * The odds calculator (docs/great-war/odds.md): the odds of a land battle that is not on the board, as phase 10
 * would fight it (land-combat.ts), computed exactly by landBattleDistribution (battle-odds.ts) on a copy of the
 * scenario's opening state with the battle's units put in place. The battle is given as the order language names
 * units ("5 infantry, 2 artillery, 1 fighter"), a territory by name or by its features (a city, a trench, a super
 * trench, Gibraltar's dice, a naval invasion), artillery firing in from the territory the attack comes from, and
 * the nations on each side. What comes before the first round is played too: the defenders' AA guns fire at the
 * attacking aircraft (GW-UNIT-06..09), battleships shore-bombard a naval invasion (GW-UNIT-12..14). A Monte Carlo
 * mode plays the same battle with phase 10's own code (resolveBattle) and seeded dice, to check the exact answer.
 */

export interface OddsRequest {
  /** The attacking units, e.g. "5 infantry, 2 artillery, 1 fighter" (land units and aircraft). */
  readonly attacker: string;
  /** The defending units, e.g. "4 infantry, 1 AA gun". */
  readonly defender: string;
  /** The attacking nation (default Germany). */
  readonly attackerNation?: string;
  /** The defending nations (default France); with several, the defending units are dealt out among them in turn. */
  readonly defenderNations?: readonly string[];
  /** The territory attacked, by name: its terrain, facilities and neighbours. Else a stand-in with the features below. */
  readonly territory?: string;
  /** Where the attack comes from (a neighbouring land territory); default the first by id held by the attacker, else the first by id. */
  readonly from?: string;
  readonly city?: boolean;
  readonly industrialComplex?: boolean;
  readonly port?: boolean;
  /** A special territory whose rules the defenders fight by: gibraltar, switzerland, afghanistan (plain unless told). */
  readonly terrain?: string;
  /** A trench (or super trench) of the defenders faces the territory the attack comes from. */
  readonly trench?: boolean;
  readonly superTrench?: boolean;
  /** The attacking land units land from a sea zone next to the territory (GW-P10-INV). */
  readonly navalInvasion?: boolean;
  /** Artillery firing in from the territory the attack comes from, e.g. "3 artillery" (GW-P10-LAND-06). */
  readonly support?: string;
  /** Battleships that shore-bombard a naval invasion before it (GW-UNIT-12..14). */
  readonly bombard?: number;
  /** The fuel the attacking aircraft have left over the territory (default: a full tank less the 1 point flown to get there). */
  readonly airFuel?: number;
  /** The scenario whose opening state, map and unit numbers the battle uses (default august-1914). */
  readonly scenario?: string;
}

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

export interface BattleDescription {
  readonly territory: string;
  readonly from: string;
  readonly landingFrom?: string;
  readonly attackerNation: string;
  readonly defenderNations: readonly string[];
  /** The nations' names, in the same order: the attacker's, then the defenders'. */
  readonly nationNames: readonly string[];
  readonly attackers: Readonly<Record<string, number>>;
  readonly defenders: Readonly<Record<string, number>>;
  readonly support: Readonly<Record<string, number>>;
  readonly facilities: readonly string[];
  readonly terrain: string;
  readonly trench: 'none' | 'trench' | 'super trench';
  readonly aircraftRounds: Readonly<Record<string, number>>;
}

/** The units a land battle is fought with, from the unit table: land units that move, and aircraft; those with an attack value attack. */
const battleUnits = () => unitTable().list.filter((u) => (u.category === 'land' && (u.move ?? 0) > 0) || u.category === 'air');
const defenderTypes = (): string[] => battleUnits().map((u) => u.id);
const attackerTypes = (): string[] =>
  battleUnits()
    .filter((u) => u.attack !== null)
    .map((u) => u.id);
const TERRAINS = ['plain', ...Object.keys(terrainRules).filter((t) => terrainRules[t]?.infantryDefense !== undefined || terrainRules[t]?.infantryDefenseDice !== undefined)];

/** A battle ready to fight: the state with its units in place, and the participants. */
interface Prepared {
  readonly state: GreatWarState;
  readonly area: string;
  readonly holder: string;
  /** The participants as resolveBattle takes them (no coastal defence: it places its own). */
  readonly participants: readonly Participant[];
  readonly bombarders: readonly BoardUnit[];
  readonly description: BattleDescription;
  readonly notes: string[];
}

const problem = (path: string, code: string, message: string, extra: Partial<Problem> = {}): Problem => ({ code, message, path, ...extra });

function unitList(text: string, flag: string, allowed: readonly string[], problems: Problem[]): Record<string, number> {
  const r = parseUnitList(text, 1, 1, allowed);
  if (r === 'all') {
    problems.push(problem(flag, 'missing-count', "give the number of each unit type, e.g. '5 infantry, 2 artillery'", { column: 1 }));
    return {};
  }
  if (Array.isArray(r)) {
    for (const { line: _line, ...p } of r) problems.push({ ...p, path: flag });
    return {};
  }
  const out: Record<string, number> = {};
  for (const [type, n] of Object.entries(r)) if (typeof n === 'number') out[type] = n;
  return out;
}

function nationId(state: GreatWarState, typed: string, flag: string, problems: Problem[]): string | undefined {
  const found = lookupNation(state, typed.trim());
  if (found.ok) return found.id;
  problems.push(problem(flag, 'unknown-nation', found.message, found.suggestion ? { suggestion: found.suggestion } : {}));
  return undefined;
}

/** The scenarios' opening states, set up once (a battle gets a copy). */
const openings = new Map<string, Result<GreatWarState, Problem[]>>();
clearedOnDataChange(() => openings.clear());
function openingOf(scenario: string): Result<GreatWarState, Problem[]> {
  let r = openings.get(scenario);
  if (!r) openings.set(scenario, (r = setup(scenario)));
  return r;
}

/** Put the battle of `req` on a copy of the scenario's opening state; the located problems of the request otherwise. */
function prepare(req: OddsRequest): Result<Prepared, Problem[]> {
  const problems: Problem[] = [];
  const opening = openingOf(req.scenario ?? 'august-1914');
  if (!opening.ok) return opening;
  const state = structuredClone(opening.value);
  const world = theWorld(state.scenario);
  const attackerNation = nationId(state, req.attackerNation ?? 'germany', '--attacker-nation', problems);
  const defenderNations = (req.defenderNations?.length ? req.defenderNations : ['france']).map((n) => nationId(state, n, '--defender-nations', problems));
  const attackers = unitList(req.attacker, '--attacker', attackerTypes(), problems);
  const defenders = unitList(req.defender, '--defender', defenderTypes(), problems);
  const support = req.support ? unitList(req.support, '--support', ['artillery'], problems) : {};
  if (!Object.keys(attackers).length && !problems.some((p) => p.path === '--attacker')) problems.push(problem('--attacker', 'no-attackers', 'an attack needs units, e.g. "5 infantry, 2 artillery"'));
  if (attackers['artillery'] && !req.navalInvasion) {
    // Artillery attacks by firing in, and stays where it is (GW-P10-LAND-06): read as support.
    support['artillery'] = (support['artillery'] ?? 0) + attackers['artillery'];
    delete attackers['artillery'];
    if (!Object.keys(attackers).length) problems.push(problem('--attacker', 'artillery-alone', 'artillery alone does not attack: it fires in beside attacking land units, 3 for each at most (GW-P10-LAND-06, -07, -10)'));
  }
  if (req.navalInvasion && attackers['tank']) problems.push(problem('--attacker', 'tank-invasion', 'tanks may not take part in naval invasions (GW-P10-INV-03)'));
  const terrain = (req.terrain ?? 'plain').toLowerCase();
  if (!TERRAINS.includes(terrain)) {
    const suggestion = closestName(terrain, TERRAINS);
    problems.push(problem('--terrain', 'unknown-terrain', `there is no terrain '${req.terrain}' (${TERRAINS.join(', ')})`, suggestion ? { suggestion } : {}));
  }
  if (req.trench && req.superTrench) problems.push(problem('--super-trench', 'two-trenches', 'one trench faces an attack: --trench or --super-trench'));
  if (req.bombard && !req.navalInvasion) problems.push(problem('--bombard', 'no-invasion', 'battleships shore-bombard a naval invasion only (GW-UNIT-14): add --naval-invasion'));
  if (req.bombard !== undefined && !(Number.isInteger(req.bombard) && req.bombard >= 0)) problems.push(problem('--bombard', 'bad-count', 'the battleships are a whole number, 0 or more'));
  if (req.airFuel !== undefined && !(Number.isInteger(req.airFuel) && req.airFuel >= 0)) problems.push(problem('--air-fuel', 'bad-fuel', 'fuel is a whole number, 0 or more'));

  // The territory: by name, or the first (by id) with the features asked for.
  const wantFacilities = { city: !!req.city, industrialComplex: !!req.industrialComplex, port: !!req.port };
  const landNeighbours = (id: string) => world.graph.neighbours(id, ['land']).map((n) => n.id).filter((n) => world.territory.has(n)).sort();
  const coasts = (id: string) => world.graph.neighbours(id, ['coast']).map((n) => n.id).filter((n) => world.sea.has(n)).sort();
  let area: string | undefined;
  if (req.territory !== undefined) {
    const r = lookupArea(req.territory, { world, kind: 'land' });
    if (r.ok) area = r.id;
    else problems.push(problem('--territory', r.reason === 'ambiguous' ? 'ambiguous-area' : 'unknown-area', r.reason === 'ambiguous' ? `'${req.territory}' could be ${r.names.join(', ')}: type more of the name` : `there is no territory '${req.territory}'`, r.reason === 'unknown' && r.suggestion ? { suggestion: r.suggestion } : {}));
    if (req.terrain && area && (terrainRules[area] ? area : 'plain') !== terrain) problems.push(problem('--terrain', 'territory-terrain', `--terrain goes without --territory: ${world.names.get(area)} has its own`));
  } else if (!problems.some((p) => p.path === '--terrain')) {
    const candidates = terrain !== 'plain' ? [terrain] : [...world.territory.keys()].filter((id) => !terrainRules[id]).sort();
    area = candidates.find((id) => {
      const t = world.territory.get(id)!;
      const features = terrain !== 'plain' || (t.city === wantFacilities.city && t.industrialComplex === wantFacilities.industrialComplex && t.port === wantFacilities.port);
      return features && landNeighbours(id).length > 0 && (!req.navalInvasion || coasts(id).length > 0);
    });
    if (!area) problems.push(problem(terrain !== 'plain' ? '--terrain' : '--city', 'no-such-territory', `no territory of the map has ${terrain !== 'plain' ? `${terrain}'s rules with ` : ''}these features${req.navalInvasion ? ' and a coast' : ''}: name one with --territory`));
  }
  let from: string | undefined;
  let sea: string | undefined;
  if (area) {
    const near = landNeighbours(area);
    if (req.from !== undefined) {
      const r = lookupArea(req.from, { world, kind: 'land' });
      if (!r.ok) problems.push(problem('--from', 'unknown-area', `there is no territory '${req.from}'`, r.reason === 'unknown' && r.suggestion ? { suggestion: r.suggestion } : {}));
      else if (!near.includes(r.id)) problems.push(problem('--from', 'not-adjacent', `${r.name} does not border ${world.names.get(area)} by land`, near.length ? { suggestion: world.names.get(near[0]!)! } : {}));
      else from = r.id;
    } else from = near.find((n) => state.board.territories[n]?.owner === attackerNation) ?? near[0];
    if (!from && req.from === undefined) problems.push(problem('--territory', 'no-neighbour', `${world.names.get(area)} has no land neighbour to attack from`));
    if (req.navalInvasion) {
      sea = coasts(area)[0];
      if (!sea) problems.push(problem('--naval-invasion', 'no-coast', `${world.names.get(area)} has no coast to land on`));
    }
  }
  if (problems.length || !area || !from || !attackerNation || defenderNations.some((n) => n === undefined)) return { ok: false, error: problems };
  const holders = defenderNations as string[];
  const holder = holders[0]!;
  if (allied(state, attackerNation, holder)) return { ok: false, error: [problem('--defender-nations', 'allies', `${attackerNation} and ${holder} are allies: name nations at war, or on opposing sides`)] };
  for (const n of holders.slice(1)) if (!allied(state, n, holder)) return { ok: false, error: [problem('--defender-nations', 'not-allies', `${n} is not an ally of ${holder}: the defenders of one territory are one side`)] };

  // The state: the territory held by the first defender, the origin by the attacker, everyone at war; the battle's units only.
  for (const n of holders) {
    for (const [x, y] of [
      [attackerNation, n],
      [n, attackerNation],
    ] as const) {
      const nation = state.nations.find((z) => z.id === x) ?? state.minors.find((z) => z.id === x)!;
      if (!nation.atWarWith.includes(y)) nation.atWarWith = [...nation.atWarWith, y].sort();
    }
  }
  state.board.territories[area] = { ...state.board.territories[area]!, owner: holder };
  state.board.territories[from] = { ...state.board.territories[from]!, owner: attackerNation };
  state.board.units = [];
  state.board.trenches = req.trench || req.superTrench ? [{ nation: holder, territory: area, facing: from, super: !!req.superTrench }] : [];
  state.air = emptyAirTurn();
  state.invasion = emptyInvasionTurn();
  state.land = { ...state.land, battles: [area], moves: [], support: [], acted: [] };
  const participants: Participant[] = [];
  let serial = 0;
  const place = (nation: string, type: string, at: string): BoardUnit => {
    const unit: BoardUnit = { id: `odds-${++serial}`, nation, type, at, damage: 0 };
    state.board.units.push(unit);
    return unit;
  };
  const fuel: Record<string, number> = {};
  for (const [type, n] of Object.entries(attackers)) {
    for (let i = 0; i < n; i++) {
      const unit = place(attackerNation, type, area);
      if (isAircraft(type)) {
        // Aircraft fly in from the territory the attack comes from (1 fuel), or with the fuel they are given.
        const left = req.airFuel ?? Math.max(0, fuelOf(state, attackerNation, type) - 1);
        fuel[type] = left;
        state.air.flights.push({ unit: unit.id, nation: attackerNation, base: from, to: area, path: [from, area], entry: from, fuel: left, mission: 'attack' });
        participants.push({ unit: unit.id, role: 'air', from });
      } else participants.push({ unit: unit.id, role: 'ground', from: sea ?? from });
    }
  }
  for (const [type, n] of Object.entries(support)) for (let i = 0; i < n; i++) participants.push({ unit: place(attackerNation, type, from).id, role: 'support', from });
  let k = 0;
  for (const [type, n] of Object.entries(defenders)) for (let i = 0; i < n; i++) participants.push({ unit: place(holders[k++ % holders.length]!, type, area).id, role: 'defender' });
  // Phase 9 sends home the aircraft that may not join the land battle: too little fuel (GW-P10-LAND-05, -21) or a
  // super trench between them and the defenders (GW-TRENCH-08). They are neither in the battle nor lost.
  const stayOut = new Map<string, string[]>();
  const out = new Set<string>();
  for (const p of participants.filter((x) => x.role === 'air')) {
    const unit = state.board.units.find((u) => u.id === p.unit)!;
    const why = joinsLandBattle(state, world, unit, area);
    if (why === 'yes') continue;
    stayOut.set(why, [...(stayOut.get(why) ?? []), unit.type]);
    out.add(unit.id);
  }
  if (out.size) {
    participants.splice(0, participants.length, ...participants.filter((x) => !out.has(x.unit)));
    state.board.units = state.board.units.filter((u) => !out.has(u.id));
    state.air.flights = state.air.flights.filter((f) => !out.has(f.unit));
  }
  const inBattle = new Set(participants.filter((x) => x.role === 'ground' || x.role === 'air').map((x) => x.unit));
  const fighting = countByType(state.board.units.filter((u) => inBattle.has(u.id)));
  const bombarders: BoardUnit[] = [];
  for (let i = 0; i < (req.bombard ?? 0); i++) bombarders.push(place(attackerNation, 'battleship', sea!));
  state.invasion.bombard = bombarders.map((u) => u.id);

  const t = world.territory.get(area)!;
  const notes: string[] = [];
  if (Object.keys(support).length) notes.push(`artillery attacks by firing in from ${world.names.get(from)}, at most 3 for each attacking land unit, and is never lost (GW-P10-LAND-06..10)`);
  if (holders.length > 1) notes.push(`the defending units are dealt out among ${holders.join(', ')} in turn`);
  if (sea) {
    notes.push(`a naval invasion from the ${world.names.get(sea)}: landing infantry attack at -3 and artillery at -4, and a coastal defence unit (defence 1) stands with the defenders as their first loss (GW-P10-INV-04, -05, -09, -10)`);
    if (bombarders.length) notes.push(`${bombarders.length} battleship${bombarders.length === 1 ? '' : 's'} shore-bombard${bombarders.length === 1 ? 's' : ''} once before the first round (GW-UNIT-14)`);
  }
  for (const [why, types] of stayOut) {
    notes.push(`${types.length} ${[...new Set(types)].join(' and ')} cannot join the battle (${why === 'super trench' ? 'a super trench shelters the defenders from aircraft, GW-TRENCH-08' : 'they need 2 fuel or more, and a round in hand to fly home, GW-P10-LAND-05 and -21'}) and fly home: they are left out`);
  }
  const description: BattleDescription = {
    territory: area,
    from,
    ...(sea ? { landingFrom: sea } : {}),
    attackerNation,
    defenderNations: holders,
    nationNames: [attackerNation, ...holders].map((n) => nationName(state, n)),
    attackers: fighting,
    defenders: { ...defenders },
    support: { ...support },
    facilities: [...(t.city ? ['city'] : []), ...(t.industrialComplex ? ['industrial-complex'] : []), ...(t.port ? ['port'] : [])],
    terrain: terrainRules[area] ? area : 'plain',
    trench: req.superTrench ? 'super trench' : req.trench ? 'trench' : 'none',
    aircraftRounds: {},
  };
  return { ok: true, value: { state, area, holder, participants, bombarders, description, notes } };
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

/** The unit types the calculator takes on each side (for help texts). */
export const oddsUnitTypes = {
  get attacker(): readonly string[] {
    return attackerTypes();
  },
  get defender(): readonly string[] {
    return defenderTypes();
  },
  terrains: TERRAINS,
};
