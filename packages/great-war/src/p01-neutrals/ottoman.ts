import { type GameEvent, type PhaseContext, type ReportSection, type SeatId, type Problem, ordersOf } from '@umpire/engine';
import { diplomaticPositions } from '../data/schema.js';
import { stepToward } from '../p01-diplomacy/diplomacy.js';
import type { BoardUnit } from '../base/board.js';
import { allied, captureTerritory, checkConquests, nationName, originalOwner } from '../base/conquest.js';
import { resolveBattleOutOfTurn } from '../land/land-combat.js';
import { type Participant } from '../combat/battle.js';
import { voidOrder } from '../orders/grammar.js';
import { isLandOrAir, unitOrder } from '../base/counting.js';
import { atWar, minorOf, nationOf, scenarioNation, type GreatWarState, type NationState } from '../base/nations.js';
import type { GreatWarOrders } from '../orders/language.js';
import { newUnit } from '../economy/placement.js';
import { declareWar, joinSide, sideOfNation, type WarChange, type JoinCause } from '../p01-diplomacy/politics.js';
import { type DiplomaticPosition, type UnitType } from '../data/schema.js';
import { theWorld } from '../data/world.js';
import { oiNumbers } from '../data/ottoman-italy.js';

declare module '../base/nations.js' {
  interface PoliticsSlices {
    ottoman: OttomanState;
  }
}

/**
 * Clauses: GW-NEUT-OTT.
 * The Ottoman Empire while neutral (GW-NEUT-OTT) and the British options that touch it (option 2, the destroyer deal;
 * option 5, aid to Persia and Arabia): decisions D-OTT-1 to D-OTT-12 of docs/great-war/ottoman-and-italy.md.
 * The Ottomans join the Central Powers on their entry turn (3, or 5 after the destroyer deal) in phase 1, unless a
 * war with a neutral minor holds them back; the Arabia/Persia and Bulgaria triggers bring them in the next turn, or
 * keep them neutral and open to influence; a war on the Central Powers may raise the German officers' revolt.
 * The numbers are in data/ottoman-italy.json (data/ottoman-italy.ts). This file holds the record, the triggers, the
 * officers' revolt, the sway attempts, the entry and the reports; the British options and the 'ottoman' phase that
 * resolves them are in ottoman-deals.ts.
 */

export const OTT = (): string => oiNumbers().ottoman.nation;

// ---------------------------------------------------------------------------------------------------------------
// State

/** This part's record in `state.politics`. */
export type OttomanState = {
  /** The turn the Ottomans enter the war by the schedule (GW-NEUT-OTT-02; 5 after the destroyer deal, GW-OPT-GBR-06). */
  entryTurn: number;
  /** The turn Britain gave the destroyer (GW-OPT-GBR-06); absent while it has not. */
  destroyerDeal?: number;
  /** A trigger's entry (GW-NEUT-OTT-08, -13, GW-OPT-GBR-20): the turn they join, and why. */
  joinOn?: { turn: number; why: string };
  /** Arabia or Persia joined the Central Powers first (GW-NEUT-OTT-09): no scheduled entry; these minors. */
  keptNeutralBy: string[];
  /** Where the Ottomans stand on the diplomatic chart while open to influence (GW-NEUT-OTT-10); absent before. */
  position?: DiplomaticPosition;
  /** The officers' revolt (GW-NEUT-OTT-14): the turn it was rolled for, the roll and whether it broke out. */
  revolt?: { turn: number; roll: number; broke: boolean };
};

export function openingOttoman(): OttomanState {
  return { entryTurn: oiNumbers().ottoman.entryTurn, keptNeutralBy: [] };
}

export const record = (state: GreatWarState): OttomanState => state.politics.ottoman;

/** A roll of the die at or under `chance` (every chance of these rules is 'N in 10'). */
export function rollChance(ctx: PhaseContext, die: number, chance: number, purpose: string): { roll: number; success: boolean } {
  const roll = ctx.roll(die, `${purpose} (on ${chance} or less)`);
  return { roll, success: roll <= chance };
}

/** The neutral minors a nation is at war with: its minor war (GW-NEUT-OTT-03, -07). */
export function minorWarEnemies(state: GreatWarState, nation: string): string[] {
  const n = nationOf(state, nation);
  return (n?.atWarWith ?? []).filter((x) => minorOf(state, x)?.side === 'neutral');
}

/**
 * A neutral major's income cap (GW-NEUT-OTT-01, -05, -06, GW-NEUT-ITA-02, -11, -12, D-OTT-3): on a side, none
 * (full income); neutral and at war with a major, none; otherwise the scenario's cap, which phase 14 raises to the
 * minor-war cap while every war is with a minor (resources.ts `incomeCapOf`).
 */
export function settleNeutralIncome(state: GreatWarState, nation: string): void {
  const n = nationOf(state, nation);
  const cap = scenarioNation(state, nation)?.incomeCap;
  if (!n || cap === undefined) return;
  const full = n.side !== 'neutral' || n.atWarWith.some((x) => nationOf(state, x) !== undefined);
  n.incomeCap = full ? null : cap;
}

/** Whether the Ottomans are in the main war. */
export const ottomanInWar = (state: GreatWarState): boolean => sideOfNation(state, OTT()) !== 'neutral';

/** Why the Ottomans cannot enter the main war now (GW-NEUT-OTT-07); undefined when they can. */
export function ottomanEntryBlock(state: GreatWarState): string | undefined {
  const enemies = minorWarEnemies(state, OTT());
  return enemies.length ? `the Ottomans fight a minor war with ${enemies.map((e) => nationName(state, e)).join(' and ')}` : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Hooks

/**
 * A war begins (GW-NEUT-OTT-03..06, -14): the Ottoman income follows its wars; an Ottoman war on a member of the
 * Central Powers rolls for the officers' revolt, once a game (D-OTT-9).
 */
export function ottomanOnWar(state: GreatWarState, ctx: PhaseContext, change: WarChange): void {
  const ott = OTT();
  if (change.by !== ott && change.on !== ott) return;
  settleNeutralIncome(state, ott);
  if (change.by === ott && sideOfNation(state, change.on) === 'central' && !record(state).revolt) officersRevolt(state, ctx);
}

/**
 * A nation joins a side (GW-NEUT-OTT-08, -09, -13): the triggers of the Ottoman entry, while the Ottomans are
 * neutral. Their own entry gives them their full income.
 */
export function ottomanOnJoin(state: GreatWarState, ctx: PhaseContext, nation: string, side: 'allied' | 'central', _cause: JoinCause): void {
  const o = oiNumbers().ottoman;
  const r = record(state);
  if (nation === o.nation) {
    delete r.joinOn;
    settleNeutralIncome(state, nation);
    return;
  }
  if (ottomanInWar(state)) return;
  if (side === 'central' && o.openToInfluenceFrom.includes(nation)) {
    r.keptNeutralBy = [...r.keptNeutralBy, nation];
    r.position ??= o.influencePosition;
    delete r.joinOn;
    ctx.emit({ type: 'ottoman-kept-neutral', by: nation, position: r.position });
    return;
  }
  if (r.keptNeutralBy.length) return;
  const trigger = (side === 'allied' && o.alliedTriggers.includes(nation)) || (side === 'central' && nation === o.centralTrigger);
  if (trigger && !r.joinOn) {
    r.joinOn = { turn: ctx.turn + 1, why: `${nationName(state, nation)} joined the ${side === 'allied' ? 'Allies' : 'Central Powers'}` };
    ctx.emit({ type: 'ottoman-entry-set', turn: r.joinOn.turn, why: r.joinOn.why });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The officers' revolt

/**
 * The pro-German officers' revolt (GW-NEUT-OTT-14..22, D-OTT-9, D-OTT-10): 7 in 10 that it breaks out; then every
 * Ottoman unit outside Constantinople rolls, 4 in 10 that it rebels and is replaced by a German unit of its type (no
 * German manpower is used); where rebels and loyal Ottoman land units share a territory they fight, the Germans
 * attacking and no trench counting; the Germans keep what they hold, occupied but not incorporated.
 */
export function officersRevolt(state: GreatWarState, ctx: PhaseContext): void {
  const { nation: ott, capital, revolt } = oiNumbers().ottoman;
  const first = rollChance(ctx, revolt.die, revolt.chance, "The German officers' revolt in the Ottoman Empire");
  record(state).revolt = { turn: ctx.turn, roll: first.roll, broke: first.success };
  ctx.emit({ type: 'ottoman-revolt-roll', roll: first.roll, broke: first.success });
  if (!first.success) return;
  const germany = revolt.rebelsJoin;
  if (!atWar(state, ott, germany)) declareWar(state, ctx, ott, germany, 'triggered');
  const candidates = state.board.units.filter((u) => u.nation === ott && u.at !== capital && u.aboard === undefined).sort(unitOrder);
  const rebels: BoardUnit[] = [];
  for (const u of candidates) {
    const r = rollChance(ctx, revolt.die, revolt.rebelChance, `Does the Ottoman ${u.type} in ${u.at} rebel?`);
    if (!r.success) continue;
    const newId = newUnit(state, germany, u.type as UnitType, u.at);
    const replacement = state.board.units.find((x) => x.id === newId)!;
    replacement.damage = u.damage;
    for (const cargo of state.board.units) if (cargo.aboard === u.id) cargo.aboard = newId;
    state.board.units = state.board.units.filter((x) => x.id !== u.id);
    rebels.push(replacement);
    ctx.emit({ type: 'ottoman-rebel', unit: u.id, becomes: newId, unitType: u.type, at: u.at, roll: r.roll });
  }
  const world = theWorld(state.scenario);
  const areas = [...new Set(rebels.filter((u) => world.territory.has(u.at)).map((u) => u.at))].sort();
  for (const area of areas) {
    const here = (nation: string) => state.board.units.filter((u) => u.at === area && u.nation === nation && isLandOrAir(u.type)).sort(unitOrder);
    const loyal = here(ott);
    if (loyal.length) {
      const participants: Participant[] = [...here(germany).map((u) => ({ unit: u.id, role: 'ground' as const })), ...loyal.map((u) => ({ unit: u.id, role: 'defender' as const }))];
      resolveBattleOutOfTurn(state, { area, key: `${area}.revolt`, holder: state.board.territories[area]!.owner, participants }, new Map(), ctx);
    }
    const left = here(germany).filter((u) => u.type !== 'aa-gun');
    const holder = state.board.territories[area]!.owner;
    if (left.length && here(ott).length === 0 && holder !== germany && !allied(state, holder, germany)) captureTerritory(state, area, left, loyal.length ? 'battle' : 'unopposed', ctx, world);
  }
  checkConquests(state, ctx, world);
  ctx.emit({ type: 'ottoman-revolt-result', rebels: rebels.length, german: state.board.units.filter((u) => rebels.some((r) => r.id === u.id)).length });
}

// ---------------------------------------------------------------------------------------------------------------
// Phases: the sway attempts and the entry (phase 1), the Allied attack on the minor that kept the Ottomans out (phase 15)

/** The sway attempts on the Ottomans while they are open to influence (GW-NEUT-OTT-10, -11, D-OTT-6), in seat order. */
export function swayOttomans(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): void {
  const s = oiNumbers().sway;
  for (const nation of state.nations) {
    for (const order of ordersOf<{ kind: 'sway'; target: string }>(orders.get(nation.id), 'sway')) {
      if (order.target !== OTT()) continue;
      const refusal = ottomanSwayRefusal(state, nation);
      if (refusal || nation.treasury < s.cost) {
        voidOrder(ctx, 'ottoman', nation.id, 'sway Ottoman Empire', refusal?.code ?? 'not-enough-resources', refusal?.message ?? `${nation.name} has ${nation.treasury}`);
        continue;
      }
      nation.treasury -= s.cost;
      const toward = swayDirection(state, nation.id)!;
      const r = rollChance(ctx, s.die, s.chance, `${nation.name} sways the Ottoman Empire toward the ${toward === 'allied' ? 'Allies' : 'Central Powers'}?`);
      const rec = record(state);
      const from = rec.position!;
      if (r.success) rec.position = stepToward(from, toward);
      ctx.emit({ type: 'ottoman-sway', by: nation.id, toward, roll: r.roll, success: r.success, from, to: rec.position! });
      if (rec.position === 'allied-camp' || rec.position === 'central-camp') {
        joinSide(state, ctx, OTT(), rec.position === 'allied-camp' ? 'allied' : 'central', 'influence');
        return;
      }
    }
  }
}

/** The side a nation's sway pushes the Ottomans toward: its own; the Ottomans' own, toward the Allies (GW-NEUT-OTT-11). */
export function swayDirection(state: GreatWarState, nation: string): 'allied' | 'central' | undefined {
  if (nation === OTT()) return 'allied';
  const side = sideOfNation(state, nation);
  return side === 'allied' || side === 'central' ? side : undefined;
}

/** Why a nation may not sway the Ottomans now; undefined when it may. */
export function ottomanSwayRefusal(state: GreatWarState, nation: NationState): Problem | undefined {
  if (ottomanInWar(state)) return { code: 'ottomans-at-war', message: 'the Ottomans are in the war already' };
  if (record(state).position === undefined) return { code: 'not-open', message: 'the Ottomans are open to influence only after Arabia or Persia joins the Central Powers first (GW-NEUT-OTT-09, -10)' };
  if (!swayDirection(state, nation.id)) return { code: 'neutral-nation', message: `${nation.name} is on neither side and sways nobody` };
  return undefined;
}

/** The Ottoman entry of this turn, if one is due (GW-NEUT-OTT-02, -07, -08, -13). */
export function enterOttomans(state: GreatWarState, ctx: PhaseContext): void {
  const r = record(state);
  const o = oiNumbers().ottoman;
  if (ottomanInWar(state)) return;
  const due = r.joinOn && r.joinOn.turn <= ctx.turn ? 'trigger' : !r.keptNeutralBy.length && ctx.turn >= r.entryTurn ? 'schedule' : undefined;
  if (!due) return;
  const block = ottomanEntryBlock(state);
  if (block) {
    ctx.emit({ type: 'ottoman-entry-held', why: block, cause: due });
    return;
  }
  joinSide(state, ctx, o.nation, o.side, due);
}

/**
 * The 'ottoman-end' phase (phase 15): the income of the turn's wars; and the Arabia or Persia that kept the Ottomans
 * neutral being attacked by the Allies (GW-NEUT-OTT-12, D-OTT-7): an Allied nation holding one of its territories
 * brings the Ottomans into the war the next turn.
 */
export function resolveOttomanEnd(state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  settleNeutralIncome(state, OTT());
  const r = record(state);
  if (ottomanInWar(state) || !r.keptNeutralBy.length || r.joinOn) return state;
  const world = theWorld(state.scenario);
  for (const minor of r.keptNeutralBy) {
    const taken = Object.entries(state.board.territories)
      .filter(([t, hold]) => originalOwner(world, t) === minor && sideOfNation(state, hold.owner) === 'allied')
      .map(([t]) => t)
      .sort();
    if (!taken.length) continue;
    r.keptNeutralBy = [];
    delete r.position;
    r.joinOn = { turn: ctx.turn + 1, why: `the Allies attacked ${nationName(state, minor)} and took ${taken.map((t) => world.names.get(t) ?? t).join(', ')}` };
    ctx.emit({ type: 'ottoman-entry-set', turn: r.joinOn.turn, why: r.joinOn.why });
    break;
  }
  return state;
}

// ---------------------------------------------------------------------------------------------------------------
// Reports and invariants

const who = (x: unknown): string => nationName(undefined, String(x));

export function describeOttomanEvent(event: GameEvent): string | undefined {
  switch (event.type) {
    case 'ottoman-kept-neutral':
      return `${who(event['by'])} joined the Central Powers before the Ottomans: the Ottoman Empire stays neutral and may be influenced (it stands ${String(event['position'])}).`;
    case 'ottoman-entry-set':
      return `The Ottoman Empire will join the Central Powers on turn ${String(event['turn'])}: ${String(event['why'])}.`;
    case 'ottoman-entry-held':
      return `The Ottoman Empire does not enter the war this turn: ${String(event['why'])}.`;
    case 'ottoman-destroyer-deal':
      return `Britain delivers a destroyer to the Ottoman Empire (${String(event['to'])}); the Ottomans now enter the war on turn ${String(event['entryTurn'])}.`;
    case 'ottoman-aid':
      return `Britain sends aid to ${who(event['to'])}: ${String(event['arrived'])} of ${String(event['paid'])} arrive; ${event['swayed'] ? 'it moves toward the Allies' : 'it does not move'} (rolled ${String(event['influenceRoll'])}); the Ottomans ${event['found'] ? 'find out' : 'do not find out'} (rolled ${String(event['discoveryRoll'])}).`;
    case 'ottoman-sway':
      return `${who(event['by'])} tries to sway the Ottoman Empire: ${event['success'] ? `success, it is now ${String(event['to'])}` : 'no effect'} (rolled ${String(event['roll'])}).`;
    case 'ottoman-revolt-roll':
      return event['broke'] ? `The German officers rise against the Ottoman government (rolled ${String(event['roll'])}).` : `The German officers stay quiet (rolled ${String(event['roll'])}).`;
    case 'ottoman-rebel':
      return `The Ottoman ${String(event['unitType'])} in ${String(event['at'])} follows the German officers and becomes German (rolled ${String(event['roll'])}).`;
    case 'ottoman-revolt-result':
      return `The officers' revolt is over: ${String(event['german'])} of ${String(event['rebels'])} rebel units remain, now German.`;
    case 'aid-moved-minor':
      return `${who(event['nation'])} moves from ${String(event['from'])} to ${String(event['to'])}.`;
    default:
      return undefined;
  }
}

export function ottomanInvariants(state: GreatWarState): string[] {
  const r = state.politics.ottoman as Partial<OttomanState> | undefined;
  if (!r || !Number.isInteger(r.entryTurn) || !Array.isArray(r.keptNeutralBy)) return ['the Ottoman record is missing or malformed'];
  const out: string[] = [];
  for (const m of r.keptNeutralBy) if (!minorOf(state, m)) out.push(`unknown minor '${m}' kept the Ottomans neutral`);
  if (r.position !== undefined && !(diplomaticPositions as readonly string[]).includes(r.position)) out.push(`the Ottomans stand at '${String(r.position)}', not a place on the chart`);
  return out;
}

export function ottomanSections(state: GreatWarState, _seat: SeatId | undefined): ReportSection[] {
  const r = record(state);
  const ott = nationOf(state, OTT());
  if (!ott || ott.side !== 'neutral') return [];
  const lines = [
    r.keptNeutralBy.length ? `Stays neutral (${r.keptNeutralBy.map((m) => nationName(state, m)).join(', ')} joined the Central Powers first); stands ${r.position ?? 'neutral'}` : `Joins the Central Powers on turn ${r.joinOn?.turn ?? r.entryTurn}${r.joinOn ? ` (${r.joinOn.why})` : ''}`,
    ...(ottomanEntryBlock(state) ? [`Held out of the main war: ${ottomanEntryBlock(state)!}`] : []),
  ];
  return [{ title: 'The Ottoman Empire', lines }];
}

