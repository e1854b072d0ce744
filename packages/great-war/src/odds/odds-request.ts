/**
 * Clauses: GW-P10-LAND, GW-P10-INV, GW-UNIT, GW-TRENCH (the battle as the odds calculator sets it up).
 * A request to the odds calculator (docs/great-war/odds.md) and the battle it stands for: the units as the order
 * language names them, the nations on each side, the territory by name or by its features, the territory the attack
 * comes from, a naval invasion with its bombarding battleships, the aircraft's fuel. `prepare` puts the battle on a
 * copy of the scenario's opening state, everyone at war and only the battle's units on the board, or returns the
 * request's problems, each naming its flag.
 */
import { closestName, type Problem, type Result } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { allied, nationName } from '../base/conquest.js';
import { joinsLandBattle } from '../air/air-combat.js';
import { fuelOf } from '../air/aircraft.js';
import { isAircraft } from '../base/counting.js';
import { type Participant } from '../combat/battle.js';
import { lookupArea } from '../orders/names.js';
import { lookupNation, parseUnitList } from '../orders/grammar.js';
import { countByType } from '../base/counting.js';
import { emptyAirTurn, emptyInvasionTurn, type GreatWarState } from '../base/nations.js';
import { setup } from '../opening.js';
import { terrainRules } from '../data/terrain.js';
import { theWorld } from '../data/world.js';
import { unitTable, clearedOnDataChange } from '../data/load.js';

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
export interface Prepared {
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
export function prepare(req: OddsRequest): Result<Prepared, Problem[]> {
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
