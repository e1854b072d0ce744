import { rollPool, type GameEvent, type PhaseContext } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { aircraftOverSea, carrierRefusal, carryAboard, unitsAboard } from './aboard.js';
import { isAircraft } from '../base/counting.js';
import { commanderOf, displayNationName, nationIndex, nationName } from '../base/conquest.js';
import { ordersOf, unknownFieldProblems } from '../orders/grammar.js';
import { areaDisplay, campOf, countByType, describeCounts, groupBy, unitOrder, unitWord } from '../base/counting.js';
import type { Territory, WorldMap } from '../data/map.js';
import { atWar, type GreatWarState } from '../base/nations.js';
import { enemyFleetIn, isSurface, navalTypes, zoneAndWayJson, zoneAndWayText } from './fleet.js';
import type { GreatWarOrders, OrderSpec } from '../orders/language.js';
import { buildsOutOf, colonyRefusal, ownSince1914, placingKind, type PlaceOk, type PlacementView, type PlaceRefusal, type Tally } from '../economy/placement-rules.js';
import { ruleNumbers } from '../data/rules.js';
import type { UnitType } from '../data/schema.js';
import { unitStats } from '../base/units.js';
import { theWorld } from '../data/world.js';
import { isEquipment } from './fleet.js';

/**
 * Equipment on ships (docs/great-war/ship-equipment.md, decisions D-EQUIP-1 to D-EQUIP-11): radar and sonar bought
 * in phase 3 and fitted in phase 13 to a ship of the nation in a sea zone next to one of its ports (GW-P13-PLACE-11,
 * GW-TECH-64, -69); improved AA guns mounted on ships the same way (GW-TECH-25); fighters built directly onto a carrier
 * next to an industrial complex (GW-TECH-44). What is fitted stands aboard its ship, follows it and goes down with it
 * (GW-TECH-67); it never rolls and is never a casualty. Radar costs enemy aircraft 1 attack over its sea zone and may
 * warn its ships of a strike, which they may evade (GW-TECH-65, -66: the standing `evade` order); sonar costs
 * submarines that fire at its ships 1 attack (GW-TECH-70).
 *
 * The phases call in here through small hooks: placement.ts (checkPlacement, relocation, resolvePlacement),
 * build.ts (the tally, candidates), naval-rounds.ts (valueOf, fleetFire), air-at-sea.ts (openingFireAtAircraft and
 * the on-board helpers), naval-odds.ts.
 */

const rules = () => ruleNumbers.equipment;

/** What can be fitted to a ship when it is placed: radar, sonar, an AA gun on a mount, a fighter on a carrier. */
export type FitKind = 'radar' | 'sonar' | 'aa-gun' | 'fighter';



/** Whether units of a type may be fitted to ships when placed: radar, sonar, AA guns, fighters (the build order's `on`). */
export function mayGoOnShips(unit: string): boolean {
  return isEquipment(unit) || unit === 'aa-gun' || unit === 'fighter';
}

/** Whether a build of `unit` at `at` fits units to ships: radar and sonar always; AA guns and fighters bought for a sea zone. */
export function fitsToShips(world: WorldMap, unit: string, at: string): boolean {
  if (isEquipment(unit)) return true;
  return (unit === 'aa-gun' || unit === 'fighter') && world.sea.has(at);
}

/** How many units of a kind a ship of `type` of the nation takes: radar and sonar by the rules' fits, AA guns by mounts, fighters by the carrier's capacity. */
function slotsOf(state: GreatWarState, nation: string, type: string, kind: FitKind): number {
  if (kind === 'aa-gun') return unitStats(state, nation, type as never).aaMounts ?? 0;
  if (kind === 'fighter') return type === 'carrier' ? (unitStats(state, nation, 'carrier').fighterCapacity ?? 0) : 0;
  const fit = rules().fits[kind];
  return fit?.ships.includes(type) ? fit.perShip : 0;
}

/** How many units of a kind are on board a ship now (AA guns aboard a transport count only mounted, not as cargo). */
function usedOn(state: GreatWarState, ship: BoardUnit, kind: FitKind): number {
  return unitsAboard(state, ship).filter((u) => (kind === 'fighter' ? isAircraft(u.type) : u.type === kind && (kind !== 'aa-gun' || ship.type !== 'transport' || u.mounted === true))).length;
}

/** The ship types of a nation that take a kind, in the unit table's order. */
export function shipTypesFor(state: GreatWarState, nation: string, kind: FitKind): string[] {
  return navalTypes().filter((t) => slotsOf(state, nation, t, kind) > 0);
}

function shipsWord(types: readonly string[]): string {
  if (types.length === navalTypes().length) return 'ships';
  return types.map((t) => unitWord(t, 2)).join(' or ');
}

const lacking = (kind: FitKind): string =>
  kind === 'radar' ? 'without radar' : kind === 'sonar' ? 'without sonar' : kind === 'aa-gun' ? 'with a free AA mount' : 'with room for a fighter';

const kindName = (kind: FitKind, count = 1): string => (kind === 'radar' || kind === 'sonar' ? kind : unitWord(kind, count));

// ---------------------------------------------------------------------------------------------------------------
// Placing: which ship takes it (phase 3 checks, phase 13 places).

/** Ships ordered this turn, not yet on the board, that the tally of a nation's build orders knows of. */
interface PendingShip {
  readonly key: string;
  readonly type: string;
  readonly at: string;
}

/** What the build orders admitted so far fit to which ship (ids, or the keys of pending ships), and the ships they buy. */
interface FitTally {
  /** 'ship|kind' to units fitted by the orders so far. */
  readonly used: Map<string, number>;
  readonly pending: PendingShip[];
}

const fitTallies = new WeakMap<Tally, FitTally>();

function fitTally(tally: Tally): FitTally {
  let t = fitTallies.get(tally);
  if (!t) {
    t = { used: new Map(), pending: [] };
    fitTallies.set(tally, t);
  }
  return t;
}

/**
 * Count an admitted build order in the fitting tally (phase 3 and order checks only): ships it buys may take
 * equipment ordered after it (D-EQUIP-3), and the units it fits use up room on their ships. Phase 13 reads the board.
 */
export function recordFitting(tally: Tally, unit: UnitType, at: string, count: number, placed: PlaceOk): void {
  const t = fitTally(tally);
  if (placingKind(unit) === 'ship') for (let k = 0; k < count; k++) t.pending.push({ key: `new:${at}:${t.pending.length + 1}`, type: unit, at });
  for (const key of placed.aboard ?? []) t.used.set(`${key}|${unit}`, (t.used.get(`${key}|${unit}`) ?? 0) + 1);
}

const refuse = (code: string, message: string, field: string = 'at'): PlaceRefusal => ({ ok: false, code, message, field });

/** The territories a fitting is built out of, best first as for ships (D-ECON-6): its ports (or for fighters its industrial complexes) on the zone's coast. */
function sourcesOf(view: PlacementView, at: string, facility: 'port' | 'industrial-complex'): Territory[] {
  const { world, nation } = view;
  const rank = (t: Territory) => (!ownSince1914(view.state, nation.id, t.id, world) ? 2 : t.colony === null ? 0 : 1);
  return world.graph
    .neighbours(at, ['coast'])
    .map((n) => world.territory.get(n.id)!)
    .filter((t) => buildsOutOf(view, t.id, facility))
    .sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Whether `count` units of a type may be fitted to the nation's ships in the sea zone `at` after what the tally
 * holds (D-EQUIP-1 to D-EQUIP-6): undefined when the build is no fitting (a land unit placed on land). `on` names a
 * ship type; without it the first ships in id order that have room take them. The result's `aboard` lists the ships
 * (ids, or keys of ships ordered this turn), one for each unit.
 */
export function checkFitting(view: PlacementView, unit: UnitType, at: string, count: number, tally: Tally, on?: string): PlaceOk | PlaceRefusal | undefined {
  const { world, nation, state } = view;
  const name = unitWord(unit);
  if (!fitsToShips(world, unit, at)) {
    return on === undefined ? undefined : refuse('unexpected-on', `${name} placed on land goes on no ship: 'on' names the ship type for radar, sonar, AA guns and fighters placed in a sea zone`, 'on');
  }
  const territory = world.territory.get(at);
  if (territory) {
    if (unit === 'radar') return refuse('radar-on-land', `radar is fitted to a battleship or aircraft carrier in a sea zone; the rule book gives no place for radar on land, and Umpire places none (D-EQUIP-8): ${territory.name} is a land territory`);
    return refuse('not-at-sea', `${name} is fitted to a ship in a sea zone: ${territory.name} is a land territory`);
  }
  const sea = world.sea.get(at);
  if (!sea) return refuse('unknown-area', `there is no area '${at}'`);
  const kind = unit as FitKind;
  if (kind === 'aa-gun' && !unitStats(state, nation, 'aa-gun').abilities.includes('ship-mounted')) {
    return refuse('not-ship-mounted', `${nation.name} mounts AA guns on ships only with the Improved Anti-Aircraft Guns advance (GW-TECH-25): without it AA guns are placed on land, at an industrial complex`, 'unit');
  }
  if (kind === 'fighter') {
    const why = carrierRefusal(state, nation.id, 'fighter');
    if (why) return refuse('not-carrier-fighters', `fighters are built onto a carrier only if they may serve on one: ${why}`, 'unit');
  }
  const types = shipTypesFor(state, nation.id, kind);
  if (on !== undefined && !types.includes(on)) {
    return refuse('wrong-ship', `${kind === 'radar' || kind === 'sonar' ? `${kind} goes` : `${unitWord(kind, 2)} go`} only on ${shipsWord(types)}, not on ${unitWord(on, 2)}${kind === 'radar' ? ' (GW-TECH-64)' : kind === 'fighter' ? ' (GW-TECH-44)' : kind === 'aa-gun' ? ` (GW-TECH-26: ${unitWord(on, 2)} have no AA mount)` : ''}`, 'on');
  }
  const facility = kind === 'fighter' ? 'industrial-complex' : 'port';
  const sources = sourcesOf(view, at, facility);
  if (!sources.length) {
    return refuse(
      kind === 'fighter' ? 'no-industrial-complex' : 'no-port',
      kind === 'fighter'
        ? `${nation.name} builds fighters onto a carrier only in a sea zone next to one of its industrial complexes held since the start of the turn (GW-TECH-44): none borders the ${sea.name}`
        : `${nation.name} fits ${kindName(kind, 2)} to ships only in a sea zone next to one of its own ports held since the start of the turn (${kind === 'sonar' ? 'GW-P13-PLACE-11' : 'D-EQUIP-3'}): none borders the ${sea.name}`,
    );
  }
  let source: Territory | undefined;
  let first: PlaceRefusal | undefined;
  for (const s of sources) {
    const r = colonyRefusal(view, s, count, tally);
    if (!r) {
      source = s;
      break;
    }
    first ??= r;
  }
  if (!source) return first!;
  const fits = fitTally(tally);
  const wanted = (type: string) => types.includes(type) && (on === undefined || type === on);
  const room = [
    ...state.board.units
      .filter((u) => u.at === at && u.nation === nation.id && wanted(u.type))
      .sort(unitOrder)
      .map((u) => ({ key: u.id, room: slotsOf(state, nation.id, u.type, kind) - usedOn(state, u, kind) - (fits.used.get(`${u.id}|${kind}`) ?? 0) })),
    ...fits.pending.filter((p) => p.at === at && wanted(p.type)).map((p) => ({ key: p.key, room: slotsOf(state, nation.id, p.type, kind) - (fits.used.get(`${p.key}|${kind}`) ?? 0) })),
  ];
  const aboard: string[] = [];
  for (const r of room) for (let left = r.room; left > 0 && aboard.length < count; left--) aboard.push(r.key);
  if (aboard.length < count) {
    const total = room.reduce((a, r) => a + Math.max(0, r.room), 0);
    const ships = on !== undefined ? unitWord(on, 2) : shipsWord(types);
    if (total === 0) return refuse('no-ship', `${nation.name} has no ${ships} ${lacking(kind)} in the ${sea.name} (its ships there, and those its earlier orders build there)`);
    return refuse('no-room', `${nation.name}'s ${ships} in the ${sea.name} have room for ${total} more ${kindName(kind, total)}; the order fits ${count}`);
  }
  return { ok: true, source: source.id, surcharge: 0, aboard };
}

/**
 * Sea zones where a purchase that fits units to ships could go instead (D-EQUIP-4), in map order: next to a port
 * the nation builds out of (for fighters, an industrial complex); undefined when the purchase is no fitting.
 */
export function fittingPlaces(view: PlacementView, unit: UnitType, at: string): string[] | undefined {
  if (!fitsToShips(view.world, unit, at)) return undefined;
  return seasServed(view, unit === 'fighter' ? 'industrial-complex' : 'port');
}

/** The sea zones next to a facility of the kind the nation builds out of, in map order. */
function seasServed(view: PlacementView, facility: 'port' | 'industrial-complex'): string[] {
  return view.world.seas.filter((s) => sourcesOf(view, s.id, facility).length > 0).map((s) => s.id);
}

/** Put a newly placed unit aboard the ship its placement chose (phase 13); an AA gun is mounted (D-EQUIP-5). */
export function fitAboard(state: GreatWarState, ctx: PhaseContext, id: string, ship: string | undefined): void {
  const unit = state.board.units.find((u) => u.id === id);
  const carrier = ship === undefined ? undefined : state.board.units.find((u) => u.id === ship);
  if (!unit || !carrier) return;
  unit.aboard = carrier.id;
  unit.at = carrier.at;
  if (unit.type === 'aa-gun') unit.mounted = true;
  ctx.emit({ type: 'fitted', nation: unit.nation, unit: unit.type, id: unit.id, ship: carrier.id, shipType: carrier.type, at: carrier.at });
}

/** Build orders for random play: a sonar, a radar, a mounted AA gun or a carrier fighter where the nation has ships that take them. */
export function fittingCandidates(view: PlacementView): { unit: UnitType; at: string }[] {
  const { state, nation } = view;
  const out: { unit: UnitType; at: string }[] = [];
  const may = (unit: UnitType) => unitStats(state, nation, unit).mayBuild;
  const kinds: FitKind[] = [];
  if (may('sonar')) kinds.push('sonar');
  if (may('radar')) kinds.push('radar');
  if (unitStats(state, nation, 'aa-gun').abilities.includes('ship-mounted')) kinds.push('aa-gun');
  if (carrierRefusal(state, nation.id, 'fighter') === undefined) kinds.push('fighter');
  for (const kind of kinds) {
    const types = shipTypesFor(state, nation.id, kind);
    const at = seasServed(view, kind === 'fighter' ? 'industrial-complex' : 'port').find((z) =>
      state.board.units.some((u) => u.at === z && u.nation === nation.id && types.includes(u.type) && usedOn(state, u, kind) < slotsOf(state, nation.id, u.type, kind)),
    );
    if (at) out.push({ unit: kind, at });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// On board.

/** The equipment invariants: radar and sonar only on the ship types that take them, no more than the rules allow a ship. */
export function equipmentInvariants(state: GreatWarState): string[] {
  const out: string[] = [];
  const byId = new Map(state.board.units.map((u) => [u.id, u]));
  const load = new Map<string, number>();
  for (const u of state.board.units) {
    if (!isEquipment(u.type)) continue;
    const ship = u.aboard === undefined ? undefined : byId.get(u.aboard);
    if (!ship) {
      out.push(`${u.type} ${u.id} is on no ship: radar and sonar are always fitted to one`);
      continue;
    }
    const fit = rules().fits[u.type];
    if (!fit?.ships.includes(ship.type)) out.push(`${u.type} ${u.id} is fitted to ${ship.id} (${ship.type}); it goes only on ${fit?.ships.join(', ') ?? 'no ship'}`);
    const key = `${ship.id}|${u.type}`;
    load.set(key, (load.get(key) ?? 0) + 1);
    if (load.get(key)! === (fit?.perShip ?? 0) + 1) out.push(`${ship.id} (${ship.type}) carries more than ${fit?.perShip ?? 0} ${u.type}`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Radar (GW-TECH-65, -66).

/** Whether a ship of a nation at war with `nation` carries radar in `zone`. */
export function radarAgainst(state: GreatWarState, zone: string, nation: string): boolean {
  const radars = state.board.units.filter((r) => r.type === 'radar' && r.aboard !== undefined);
  if (!radars.length) return false;
  const byId = new Map(state.board.units.map((u) => [u.id, u]));
  return radars.some((r) => {
    const ship = byId.get(r.aboard!);
    return ship !== undefined && ship.at === zone && atWar(state, nation, ship.nation);
  });
}

const lower = (value: number, penalty: number) => (value <= 0 ? value : Math.max(Math.min(value, rules().minimumAttack), value - penalty));

/** An aircraft's attack against ships, with radar's -1 where a ship of the enemy carries radar in its zone, never below 1 (D-EQUIP-8). */
export function aircraftAttackValue(state: GreatWarState, plane: BoardUnit, value: number): number {
  return radarAgainst(state, plane.at, plane.nation) ? lower(value, rules().radarAttackPenalty) : value;
}

/** The ships of a camp in a zone that carry radar, in unit order. */
function radarShips(state: GreatWarState, ships: readonly BoardUnit[]): BoardUnit[] {
  const ids = new Set(ships.map((u) => u.id));
  const carrying = new Set(state.board.units.filter((u) => u.type === 'radar' && u.aboard !== undefined && ids.has(u.aboard)).map((u) => u.aboard!));
  return ships.filter((u) => carrying.has(u.id)).sort(unitOrder);
}

/** Where ships warned by radar may evade to: a neighbouring sea zone with no enemy surface ship and no enemy aircraft over it (D-EQUIP-9). */
export function evasionZones(state: GreatWarState, world: WorldMap, zone: string, nation: string): string[] {
  return world.graph
    .neighbours(zone, ['sea'])
    .map((n) => n.id)
    .filter((z) => !enemyFleetIn(state, z, nation))
    .filter((z) => !aircraftOverSea(state, z).some((u) => atWar(state, nation, u.nation)))
    .sort();
}

/** `evade from North Sea [to Skagerrak]`: if radar warns of enemy aircraft coming to the zone, the seat's ships there leave before the strike. */
export type EvadeOrder = { kind: 'evade'; from: string; to?: string };

/**
 * Radar's warning (GW-TECH-66, D-EQUIP-9), in phase 7 before step 1 of a zone that enemy aircraft attack: camp by
 * camp in seat order, each ship of the camp there that carries radar rolls 1D10 and detects the aircraft at 5 or
 * under; if one does, each commander of the camp may take its surface ships (and what they carry) out to a
 * neighbouring sea zone with no enemy ships nor enemy aircraft, by its standing `evade` order for the zone.
 */
export function radarWarning(state: GreatWarState, ctx: PhaseContext, orders: ReadonlyMap<string, GreatWarOrders>, zone: string): void {
  const planes = aircraftOverSea(state, zone);
  if (!planes.length) return;
  const world = theWorld(state.scenario);
  const name = world.names.get(zone) ?? zone;
  const targets = state.board.units.filter((u) => u.at === zone && isSurface(u.type) && planes.some((p) => atWar(state, p.nation, u.nation)));
  const camps = [...groupBy(targets, (u) => campOf(state, u.nation)).values()].sort((a, b) => nationIndex(state, a[0]!.nation) - nationIndex(state, b[0]!.nation));
  for (const camp of camps) {
    const watching = radarShips(state, camp.filter((u) => state.board.units.includes(u) && u.at === zone));
    if (!watching.length) continue;
    const incoming = planes.filter((p) => state.board.units.includes(p) && atWar(state, p.nation, watching[0]!.nation));
    if (!incoming.length) continue;
    const counter = new Map<string, number>();
    const entries = watching.map((u) => {
      const k = (counter.get(u.type) ?? 0) + 1;
      counter.set(u.type, k);
      return { label: `${unitWord(u.type)} #${k}`, value: rules().radarDetectionChance };
    });
    const nations = [...new Set(watching.map((u) => u.nation))];
    const r = rollPool(ctx, entries, { sides: rules().radarDetectionDie, purpose: `${nations.map((n) => nationName(state, n)).join(' and ')}'s radar in the ${name} watches for aircraft` });
    const detected = r.hits > 0;
    ctx.emit({ type: 'radar-detection', area: zone, nations, ships: countByType(watching), ids: watching.map((u) => u.id), aircraft: countByType(incoming), detected });
    if (!detected) continue;
    for (const [seat, ships] of groupBy(camp.filter((u) => state.board.units.includes(u) && u.at === zone), (u) => commanderOf(state, u.nation) ?? '')) {
      if (!seat) continue;
      const open = evasionZones(state, world, zone, ships[0]!.nation);
      if (!open.length) continue;
      const order = ordersOf<EvadeOrder>(orders.get(seat), 'evade').find((o) => o.from === zone);
      const wanted = order ? (order.to !== undefined && open.includes(order.to) ? order.to : open[0]!) : undefined;
      const answer = ctx.decide<string>({
        id: `${zone}.radar.evade.${seat}`,
        seat,
        kind: 'evade',
        prompt: `Radar warns ${nationName(state, seat)}'s ships in the ${name} of ${describeCounts(countByType(incoming))} coming: stay, or evade to a neighbouring sea zone before the strike?`,
        options: ['stay', ...open],
        default: 'stay',
        ...(wanted !== undefined ? { standing: wanted } : {}),
      });
      if (answer === 'stay') continue;
      const ids = new Set(ships.map((u) => u.id));
      const carried = state.board.units.filter((u) => u.aboard !== undefined && ids.has(u.aboard));
      for (const u of [...ships, ...carried]) u.at = answer;
      ctx.emit({ type: 'radar-evasion', area: zone, nation: seat, to: answer, units: countByType(ships), ids: [...ships, ...carried].map((u) => u.id) });
    }
  }
  carryAboard(state);
}

const EVADE_RE = /^from\s+(?<from>.+?)(?:\s+to\s+(?<to>.+?))?$/di;

type Indexed = RegExpExecArray & { indices: { groups: Record<string, [number, number] | undefined> } };

export const evadeSpec: OrderSpec<EvadeOrder> = {
  kind: 'evade',
  words: ['evade'],
  example: 'evade from North Sea to Skagerrak',
  parseText(rest, at, ctx) {
    const world = theWorld(ctx.state.scenario);
    const m = EVADE_RE.exec(rest) as Indexed | null;
    if (!m?.groups) return [{ code: 'bad-evade', message: "an evade order reads 'evade from North Sea', or 'evade from North Sea to Skagerrak' to name where the ships go", line: at.line, column: at.column }];
    const { from, to, problems } = zoneAndWayText(m, at, world);
    if (problems.length || from === undefined) return problems;
    return { kind: 'evade', from, ...(to !== undefined ? { to } : {}) };
  },
  checkJson(item, path, ctx) {
    const world = theWorld(ctx.state.scenario);
    const way = zoneAndWayJson(item, path, world);
    const problems = [...unknownFieldProblems(item, path, ['kind', 'from', 'to'], 'an evade order'), ...way.problems];
    if (problems.length || way.from === undefined) return problems;
    return { kind: 'evade', from: way.from, ...(way.to !== undefined ? { to: way.to } : {}) };
  },
  format(order) {
    return `evade from ${areaDisplay(order.from)}${order.to !== undefined ? ` to ${areaDisplay(order.to)}` : ''}`;
  },
  refusal(order, ledger, ctx) {
    const world = theWorld(ctx.state.scenario);
    if (ledger.admitted.some((o) => o.kind === 'evade' && o['from'] === order.from)) return { code: 'one-evade-order', message: `one evade order a sea zone: the ${world.names.get(order.from)} has one already`, field: 'from' };
    if (order.to !== undefined && !world.graph.adjacent(order.from, order.to, ['sea'])) return { code: 'not-adjacent', message: `the ${world.names.get(order.to)} does not border the ${world.names.get(order.from)}: warned ships evade to a neighbouring sea zone`, field: 'to' };
    return undefined;
  },
  cost: () => 0,
  candidates(ledger, ctx, nation) {
    const state = ctx.state;
    const byId = new Map(state.board.units.map((u) => [u.id, u]));
    const zones = [...new Set(state.board.units.filter((u) => u.type === 'radar' && u.nation === nation.id && u.aboard !== undefined && byId.has(u.aboard)).map((u) => byId.get(u.aboard!)!.at))].sort();
    const zone = zones.find((z) => !ledger.admitted.some((o) => o.kind === 'evade' && o['from'] === z));
    return zone ? [{ kind: 'evade', from: zone }] : [];
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Sonar (GW-TECH-70).

/** Whether any of these ships carries sonar. */
export function carriesSonar(state: GreatWarState, ships: readonly BoardUnit[]): boolean {
  const ids = new Set(ships.map((u) => u.id));
  return state.board.units.some((u) => u.type === 'sonar' && u.aboard !== undefined && ids.has(u.aboard));
}

/**
 * How submarines' values change when they fire at `targets` in a fight of submarines (D-EQUIP-10): -1 if one of the
 * targets carries sonar, never below 1; undefined when none does.
 */
export function sonarAdjustment(state: GreatWarState, targets: readonly BoardUnit[]): ((u: BoardUnit, value: number) => number) | undefined {
  if (!carriesSonar(state, targets)) return undefined;
  return (u, value) => (u.type === 'submarine' ? lower(value, rules().sonarAttackPenalty) : value);
}

// ---------------------------------------------------------------------------------------------------------------
// Odds (D-EQUIP-11).

/**
 * The attack value the odds give an aircraft attacking ships: radar's -1 where it applies when the battle begins.
 * The odds cannot follow a radar ship sunk during the battle, so they are approximate when radar changes a value.
 */
export function oddsAircraftValue(state: GreatWarState, plane: BoardUnit, value: number): { value: number; approximate: boolean } {
  const v = aircraftAttackValue(state, plane, value);
  return { value: v, approximate: v !== value };
}

// ---------------------------------------------------------------------------------------------------------------
// Reports.

/** One line of plain text for the events of equipment on ships; undefined for others. */
export function describeEquipmentEvent(event: GameEvent, state?: GreatWarState): string | undefined {
  const world = theWorld(state?.scenario);
  const area = (id: unknown) => world.names.get(String(id)) ?? String(id);
  const who = (id: unknown) => (state ? nationName(state, String(id)) : displayNationName(String(id)));
  const counts = (c: unknown) => describeCounts((c ?? {}) as Record<string, number>);
  switch (event.type) {
    case 'fitted': {
      const what = event['unit'] === 'fighter' ? 'A new fighter' : event['unit'] === 'aa-gun' ? 'A new AA gun' : `New ${String(event['unit'])}`;
      const how = event['unit'] === 'fighter' ? 'goes on board' : event['unit'] === 'aa-gun' ? 'is mounted on' : 'is fitted to';
      return `${what} of ${who(event['nation'])} (${String(event['id'])}) ${how} ${unitWord(String(event['shipType']))} ${String(event['ship'])} in the ${area(event['at'])}.`;
    }
    case 'radar-detection': {
      const nations = ((event['nations'] ?? []) as string[]).map(who).join(' and ');
      return `${nations}'s radar in the ${area(event['area'])} (${counts(event['ships'])}) ${event['detected'] ? 'detects' : 'does not detect'} the incoming ${counts(event['aircraft'])}.`;
    }
    case 'radar-evasion':
      return `Warned by radar, ${who(event['nation'])}'s ${counts(event['units'])} evade from the ${area(event['area'])} to the ${area(event['to'])} before the strike.`;
    default:
      return undefined;
  }
}
