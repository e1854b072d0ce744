import type { GameEvent, PhaseContext } from '@umpire/engine';
import { areaName } from '../orders/names.js';
import { nationName, isConquered, sideOf } from '../base/conquest.js';
import { unitTable } from '../data/load.js';
import { groupMembers, type WorldMap } from '../data/map.js';
import { atWar, nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { GreatWarOrders } from '../orders/language.js';
import { incomeOf } from '../economy/resources.js';
import { ruleNumbers } from '../data/rules.js';
import { theWorld } from '../data/world.js';
import { react } from '../base/reactions.js';

declare module '../base/nations.js' {
  interface GreatWarSlices {
    economicWar: EconomicWarState;
  }
}

/**
 * The economic war at sea, played in phase 15 after the turn's income (GW-P15-SUBW, GW-P15-STARVE, GW-P15-USTRADE;
 * decisions D-SEA-1 to D-SEA-14 of docs/great-war/war-at-sea.md). In the rule book's order:
 *
 * 1. Submarine warfare: Britain loses, in each numbered sea zone, the zone's number for each enemy warship there, at
 *    most 4 counted; the loss comes off this turn's collection.
 * 2. British starvation: German submarines in every sea zone around the British Isles two turns running cut the
 *    Isles' manpower limit by 3, then 6, 12, ... each further turn they stay surrounded.
 * 3. Variable US trade: while the USA is neutral it trades 10 to Britain, 8 to Germany, 5 to France and 5 to Russia
 *    out of the resources it does not collect, unless enemy warships blockade the route.
 *
 * Numbers and zones are in data/rules.json (`seaTrade`) and on the map (`britainSupply`).
 */

/** What the state keeps of the economic war: plain JSON. */
export type EconomicWarState = {
  /** Consecutive turns, up to the last one played, at whose end the British Isles were surrounded (GW-P15-STARVE); 0: none. */
  surroundedTurns: number;
  /** Whether Germany's unrestricted submarine warfare is in force (German option 4, declared and retracted by order: D-SEA-12, D-OPT-4). */
  unrestrictedSubmarineWarfare: boolean;
};

/** The rule book's numbers for the economic war (data/rules.json, `seaTrade`). */
export const seaTradeRules = ruleNumbers.seaTrade;

export type TradeRoute = (typeof seaTradeRules.usTrade.routes)[number];
export type TradePath = TradeRoute['paths'][number];

const worldOf = (state: GreatWarState): WorldMap => theWorld(state.scenario);

/** Whether a unit type is a warship: a ship with an attack value (every ship but the unarmed transport; D-SEA-2). */
export function isWarship(type: string): boolean {
  const entry = unitTable().byId.get(type as never);
  return entry?.category === 'sea' && entry.attack !== null;
}

/** The warships in a sea zone of the nations `counts` accepts. */
function warshipsIn(state: GreatWarState, zone: string, counts: (nation: string) => boolean) {
  return state.board.units.filter((u) => u.at === zone && isWarship(u.type) && counts(u.nation));
}

/** Whether a nation is hostile to another: at war with it (GW-P15-SUBW-02, D-SEA-2). */
export const hostileTo = (state: GreatWarState, nation: string, victim: string): boolean => nation !== victim && atWar(state, nation, victim);

// ---------------------------------------------------------------------------------------------------------------
// 1. Submarine warfare (GW-P15-SUBW)

/** The numbered sea zones around Britain and on its approaches, in map order, with their numbers (GW-P15-SUBW-05..09). */
export function numberedZones(world: WorldMap): { zone: string; value: number }[] {
  return world.seas.filter((s) => s.britainSupply !== undefined).map((s) => ({ zone: s.id, value: s.britainSupply! }));
}

/** One numbered zone's part of Britain's loss: enemy warships there, the ones counted (at most 4) and the loss. */
export type ZoneLoss = { zone: string; value: number; ships: number; counted: number; loss: number };

/**
 * What enemy ships cost Britain at the end of the turn (GW-P15-SUBW-01..04): in each numbered zone with enemy
 * warships, the zone's number times their count, at most 4 counted. Only the zones with enemy warships are listed.
 */
export function shippingLosses(state: GreatWarState, world: WorldMap = worldOf(state)): ZoneLoss[] {
  const { nation, shipsCountedPerZone } = seaTradeRules.submarineWarfare;
  const out: ZoneLoss[] = [];
  for (const { zone, value } of numberedZones(world)) {
    const ships = warshipsIn(state, zone, (n) => hostileTo(state, n, nation)).length;
    if (ships === 0) continue;
    const counted = Math.min(ships, shipsCountedPerZone);
    out.push({ zone, value, ships, counted, loss: value * counted });
  }
  return out;
}

/**
 * Take the losses off Britain's income (D-SEA-4): at most what it collected this turn in phase 14, so the treasury
 * never falls below what Britain had saved before, nor below 0. Returns what was taken.
 */
export function sinkBritishTrade(state: GreatWarState, ctx: PhaseContext, world: WorldMap = worldOf(state)): number {
  const victim = nationOf(state, seaTradeRules.submarineWarfare.nation);
  if (!victim) return 0;
  const zones = shippingLosses(state, world);
  if (!zones.length) return 0;
  const loss = zones.reduce((sum, z) => sum + z.loss, 0);
  const taken = Math.max(0, Math.min(loss, victim.ledger.collected, victim.treasury));
  victim.treasury -= taken;
  victim.ledger.lostAtSea += taken;
  victim.ledger.end = victim.treasury;
  ctx.emit({ type: 'shipping-losses', nation: victim.id, zones, loss, taken, collected: victim.ledger.collected, treasury: victim.treasury, visibleTo: [victim.id] });
  return taken;
}

// ---------------------------------------------------------------------------------------------------------------
// 2. British starvation (GW-P15-STARVE)

/** The sea zones directly around Britain (D-SEA-5): every sea zone on a coast of the British Isles, in map order. */
export function zonesAroundBritain(world: WorldMap): string[] {
  const isles = groupMembers(world, seaTradeRules.starvation.surrounded);
  const touching = new Set(isles.flatMap((t) => world.graph.neighbours(t, ['coast']).map((n) => n.id)));
  return world.seas.filter((s) => touching.has(s.id)).map((s) => s.id);
}

/** Whether the besieger (Germany), at war with Britain, has a submarine in every zone around Britain (GW-P15-STARVE-01). */
export function submarineCordon(state: GreatWarState, world: WorldMap = worldOf(state)): boolean {
  const { nation, besieger } = seaTradeRules.starvation;
  if (!hostileTo(state, besieger, nation)) return false;
  return zonesAroundBritain(world).every((zone) => state.board.units.some((u) => u.at === zone && u.nation === besieger && u.type === 'submarine'));
}

/** The zones around Britain with no enemy submarine or surface warship (GW-P15-STARVE-04): while there is one, the Isles are not surrounded. */
export function openZonesAroundBritain(state: GreatWarState, world: WorldMap = worldOf(state)): string[] {
  const { nation } = seaTradeRules.starvation;
  return zonesAroundBritain(world).filter((zone) => warshipsIn(state, zone, (n) => hostileTo(state, n, nation)).length === 0);
}

/** The manpower the Isles lose on the n-th consecutive turn surrounded (GW-P15-STARVE-02, -03): 0, 3, 6, 12, 24, ... */
export function starvationLoss(turns: number): number {
  const { turnsToStarve, firstLoss, lossFactor } = seaTradeRules.starvation;
  return turns < turnsToStarve ? 0 : firstLoss * lossFactor ** (turns - turnsToStarve);
}

/**
 * Count the turns the Isles stay surrounded and starve them (D-SEA-6). Before starvation has begun, a turn counts only
 * with German submarines in every zone around Britain; once it has, with any enemy warship in every zone. A turn
 * without either ends the count (GW-P15-STARVE-04, -05). From the second turn on, the British Isles' manpower limit
 * (only the Isles', GW-P15-STARVE-06) loses 3, then double the last loss each turn, never below 0.
 */
export function resolveBritishStarvation(state: GreatWarState, ctx: PhaseContext, world: WorldMap = worldOf(state)): void {
  const { nation: victimId, region, turnsToStarve } = seaTradeRules.starvation;
  const record = state.economicWar;
  const victim = nationOf(state, victimId);
  const open = openZonesAroundBritain(state, world);
  // Starving already: any enemy warship in every zone keeps the Isles surrounded; before that, German submarines must.
  const holds = record.surroundedTurns >= turnsToStarve ? open.length === 0 : submarineCordon(state, world);
  if (!holds) {
    if (record.surroundedTurns > 0) ctx.emit({ type: 'cordon-broken', nation: victimId, turns: record.surroundedTurns, open });
    record.surroundedTurns = 0;
    return;
  }
  record.surroundedTurns += 1;
  const pool = victim?.manpower.find((m) => m.region === region);
  const wanted = starvationLoss(record.surroundedTurns);
  const loss = pool ? Math.min(wanted, pool.limit) : 0;
  if (pool) pool.limit -= loss;
  ctx.emit({ type: 'cordon', nation: victimId, turns: record.surroundedTurns, zones: zonesAroundBritain(world), loss, ...(pool ? { region: pool.name } : {}) });
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Variable US trade (GW-P15-USTRADE)

/** The USA's US Entry track as it stands (D-SEA-8): the state's placeholder until the track's rules exist. */
export const usEntryOf = (state: GreatWarState): number => state.politics.usEntry;

/** Whether Germany's unrestricted submarine warfare is in force (D-SEA-12): the state's flag until German option 4 exists. */
export const unrestrictedSubmarineWarfare = (state: GreatWarState): boolean => state.economicWar.unrestrictedSubmarineWarfare;

/** Whether the USA is neutral (D-SEA-7): it has joined neither camp of the main war. */
export function usaNeutral(state: GreatWarState): boolean {
  return nationOf(state, seaTradeRules.usTrade.from)?.side === 'neutral';
}

/**
 * The USA's uncollected military resources (GW-P15-USTRADE-03, D-SEA-9): the value of the lands it holds less what
 * it collects under its cap. Once it collects everything (geared up to its maximum, GW-P15-USTRADE-04) none is left.
 */
export function uncollectedMilitaryResources(state: GreatWarState, world: WorldMap = worldOf(state)): number {
  const income = incomeOf(state, seaTradeRules.usTrade.from, world);
  return income.conquered ? 0 : Math.max(0, income.land - income.collected);
}

/**
 * Whether a nation is at full war with another (GW-P15-USTRADE-13, D-SEA-11): at war with it and collecting its full
 * resources, without a cap (GW-NEUT-JAP-12). A limited war keeps Japan's cap.
 */
export function atFullWar(state: GreatWarState, nation: string, enemy: string): boolean {
  return atWar(state, nation, enemy) && nationOf(state, nation)?.incomeCap === null;
}

/** Whether a nation's warships blockade a route (D-SEA-10, D-SEA-11): of the blockading camp and at war with the receiver, or at full war with it where the route says so. */
export function blockades(state: GreatWarState, route: TradeRoute, nation: string): boolean {
  if (nation === route.to) return false;
  if (sideOf(state, nation) === route.blockadedBy && atWar(state, nation, route.to)) return true;
  return (route.alsoBlockadedAtFullWarBy ?? []).includes(nation) && atFullWar(state, nation, route.to);
}

/** Why a path of a route is closed this turn; undefined: it is open. */
export type PathClosed =
  | { path: string; by: 'blockade'; zones: string[] }
  | { path: string; by: 'unrestricted-submarine-warfare'; zones: string[] }
  | { path: string; by: 'no-port'; needsOneOf: string[] };

/** The zones a path's blockade must hold (GW-P15-USTRADE-07): its own, and more while the receiver holds the named territory incorporated. */
export function blockadeZones(state: GreatWarState, route: TradeRoute, path: TradePath): string[] {
  const extra = path.ifHeld;
  const hold = extra ? state.board.territories[extra.territory] : undefined;
  return extra && hold?.owner === route.to && hold.incorporated ? [...path.blockade, ...extra.blockade] : [...path.blockade];
}

/** Whether one path of a route is closed, and why (GW-P15-USTRADE-06..15). */
export function pathClosed(state: GreatWarState, route: TradeRoute, path: TradePath): PathClosed | undefined {
  if (path.needsOneOf && !path.needsOneOf.some((t) => state.board.territories[t]?.owner === route.to)) return { path: path.id, by: 'no-port', needsOneOf: [...path.needsOneOf] };
  const by = (n: string) => blockades(state, route, n);
  if (path.unrestrictedSubmarineWarfare && unrestrictedSubmarineWarfare(state)) {
    if (path.unrestrictedSubmarineWarfare === 'always') return { path: path.id, by: 'unrestricted-submarine-warfare', zones: [] };
    const zones = seaTradeRules.usTrade.unrestrictedSubmarineWarfareZones;
    const subs = zones.filter((z) => state.board.units.some((u) => u.at === z && u.type === 'submarine' && by(u.nation)));
    if (subs.length) return { path: path.id, by: 'unrestricted-submarine-warfare', zones: subs };
  }
  // Only ships given the blockade task this turn blockade (D-NAV-27): the rule book's blockade is chosen turn by turn.
  const zones = blockadeZones(state, route, path);
  const declared = new Set(state.sea.blockade);
  if (zones.every((z) => warshipsIn(state, z, by).some((u) => declared.has(u.id)))) return { path: path.id, by: 'blockade', zones };
  return undefined;
}

/** Why a route's trade does not flow this turn, before its paths are looked at; undefined: it may. */
function tradeStopped(state: GreatWarState, route: TradeRoute): 'at-war' | 'conquered' | 'us-entry' | undefined {
  if (atWar(state, seaTradeRules.usTrade.from, route.to)) return 'at-war';
  if (isConquered(state, route.to)) return 'conquered';
  if (route.minimumUsEntry !== undefined && usEntryOf(state) < route.minimumUsEntry) return 'us-entry';
  return undefined;
}

/**
 * The US trade of the turn (GW-P15-USTRADE, D-SEA-7 to D-SEA-13): while the USA is neutral, each route in order (Britain,
 * Germany, France, Russia) gets its amount out of what the USA leaves uncollected, unless the USA is at war with the
 * receiver, the receiver is conquered, US Entry bars it (Russia) or every path of the route is closed.
 */
export function resolveUsTrade(state: GreatWarState, ctx: PhaseContext, world: WorldMap = worldOf(state)): void {
  if (!usaNeutral(state)) return;
  let left = uncollectedMilitaryResources(state, world);
  for (const route of seaTradeRules.usTrade.routes) {
    const receiver = nationOf(state, route.to);
    if (!receiver) continue;
    const base = { type: 'us-trade', nation: receiver.id, amount: route.amount };
    const stopped = tradeStopped(state, route);
    if (stopped) {
      ctx.emit({ ...base, received: 0, status: stopped, ...(stopped === 'us-entry' ? { usEntry: usEntryOf(state) } : {}) });
      continue;
    }
    const closed = route.paths.map((p) => pathClosed(state, route, p));
    if (closed.every((c) => c !== undefined)) {
      ctx.emit({ ...base, received: 0, status: 'blockaded', closed: closed as PathClosed[] });
      continue;
    }
    const received = Math.min(route.amount, left);
    if (received === 0) {
      ctx.emit({ ...base, received: 0, status: 'exhausted' });
      continue;
    }
    left -= received;
    payTrade(receiver, received);
    const open = route.paths.filter((_, i) => closed[i] === undefined).map((p) => p.id);
    ctx.emit({ ...base, received, status: 'delivered', paths: open, treasury: receiver.treasury, visibleTo: [receiver.id] });
  }
}

function payTrade(receiver: NationState, amount: number): void {
  receiver.treasury += amount;
  receiver.ledger.usTrade += amount;
  receiver.ledger.end = receiver.treasury;
}

// ---------------------------------------------------------------------------------------------------------------
// The phase, invariants, reports

/**
 * The 'economic-war' phase (phase 15, D-SEA-1): submarine warfare, then British starvation, then the US trade, after
 * the turn's collection (phase 14). No orders and no dice.
 */
export function resolveEconomicWar(state: GreatWarState, _orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const world = worldOf(state);
  sinkBritishTrade(state, ctx, world);
  resolveBritishStarvation(state, ctx, world);
  resolveUsTrade(state, ctx, world);
  react(state, ctx, { kind: 'us-trade-cut' }); // US Entry event 9: trade to Russia cut off, while the turn's blockades stand (D-USA-5)
  state.sea.blockade = [];
  return state;
}

/** Invariants of the economic war's record (D-SEA-14): whole counts, a boolean flag, a whole US Entry. */
export function economicWarInvariants(state: GreatWarState): string[] {
  const out: string[] = [];
  const record = state.economicWar as Partial<EconomicWarState> | undefined;
  if (!record) return ['the state has no record of the economic war'];
  if (!Number.isInteger(record.surroundedTurns) || record.surroundedTurns! < 0) out.push(`the British Isles are recorded surrounded for ${String(record.surroundedTurns)} turns; a whole number, never negative`);
  if (typeof record.unrestrictedSubmarineWarfare !== 'boolean') out.push('unrestricted submarine warfare is neither in force nor not');
  for (const n of state.nations) {
    if (!Number.isInteger(n.ledger.usTrade) || n.ledger.usTrade < 0 || !Number.isInteger(n.ledger.lostAtSea) || n.ledger.lostAtSea < 0) {
      out.push(`${n.name}'s ledger has US trade ${n.ledger.usTrade} and ${n.ledger.lostAtSea} lost at sea; whole numbers, never negative`);
    }
  }
  return out;
}

const zoneList = (zones: readonly string[]): string => {
  const names = zones.map((z) => `the ${areaName(z)}`);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
};
const ships = (n: number) => `${n} ${n === 1 ? 'ship' : 'ships'}`;

/** Why a path is closed, in words. */
function closedWords(c: PathClosed, receiver: string): string {
  switch (c.by) {
    case 'blockade':
      return `is blockaded in ${zoneList(c.zones)}`;
    case 'unrestricted-submarine-warfare':
      return c.zones.length ? `is cut by unrestricted submarine warfare (submarines in ${zoneList(c.zones)})` : 'is cut by unrestricted submarine warfare';
    case 'no-port':
      return `is closed: ${receiver} holds ${c.needsOneOf.length === 2 ? 'neither' : 'none of'} ${c.needsOneOf.map((t) => areaName(t)).join(c.needsOneOf.length === 2 ? ' nor ' : ', ')}`;
  }
}

/** A path's name in the reports ('the Atlantic'), from the receiver's route. */
const pathName = (receiver: string, id: string): string => seaTradeRules.usTrade.routes.find((r) => r.to === receiver)?.paths.find((p) => p.id === id)?.name ?? id;

/** One line for each event of the economic war; undefined for other events. */
export function describeSeaTradeEvent(event: GameEvent): string | undefined {
  const id = String(event['nation']);
  const who = nationName(undefined, id);
  switch (event.type) {
    case 'shipping-losses': {
      const zones = (event['zones'] ?? []) as unknown as ZoneLoss[];
      const parts = zones.map((z) => `${areaName(z.zone)} ${ships(z.ships)}${z.counted < z.ships ? ` (${z.counted} counted)` : ''} x ${z.value} = ${z.loss}`);
      const capped = Number(event['taken']) < Number(event['loss']) ? `; ${String(event['taken'])} taken, all of this turn's collection of ${String(event['collected'])}` : '';
      return `Enemy ships on ${who}'s trade routes cost it ${String(event['loss'])}: ${parts.join(', ')}${capped}; treasury now ${String(event['treasury'])}.`;
    }
    case 'cordon': {
      const turns = Number(event['turns']);
      const loss = Number(event['loss']);
      const isles = String(event['region'] ?? who);
      const head = `${isles}: surrounded by enemy ships in ${zoneList((event['zones'] ?? []) as string[])}, ${turns === 1 ? 'the first turn' : `${turns} turns running`}`;
      return loss > 0 ? `${head}; starvation: ${who}'s manpower limit there drops by ${loss}.` : `${head}; starvation begins if they stay surrounded.`;
    }
    case 'cordon-broken':
      return `The cordon around ${who} is broken after ${String(event['turns'])} turn(s): no enemy ship in ${zoneList((event['open'] ?? []) as string[])}${Number(event['turns']) > 1 ? '; starvation ends' : ''}.`;
    case 'us-trade': {
      const amount = String(event['amount']);
      switch (event['status']) {
        case 'delivered':
          return `${who} receives ${String(event['received'])} in US trade${Number(event['received']) < Number(event['amount']) ? ` (of ${amount}: the USA has no more to spare)` : ''} by ${((event['paths'] ?? []) as string[]).map((p) => pathName(id, p)).join(' or ')}; treasury now ${String(event['treasury'])}.`;
        case 'blockaded':
          return `No US trade reaches ${who} (${amount}): ${((event['closed'] ?? []) as unknown as PathClosed[]).map((c) => `the ${pathName(id, c.path).replace(/^the /, '')} route ${closedWords(c, who)}`).join('; ')}.`;
        case 'at-war':
          return `No US trade for ${who}: the USA is at war with it.`;
        case 'conquered':
          return `No US trade for ${who}: it is conquered.`;
        case 'us-entry':
          return `No US trade for ${who}: US Entry stands at ${String(event['usEntry'])}, below zero.`;
        case 'exhausted':
          return `No US trade for ${who}: the USA has no uncollected resources left to trade.`;
        default:
          return undefined;
      }
    }
    default:
      return undefined;
  }
}
