import type { GameEvent, PhaseContext, ReportSection, SeatId } from '@umpire/engine';
import { areaName } from '../orders/names.js';
import type { BoardUnit } from '../base/board.js';
import { areaLabel, capitalOf, captureTerritory, nationName, isConquered, nationIndex } from '../base/conquest.js';
import { scenarioData, unitTable } from '../data/load.js';
import { resolveBattleOutOfTurn } from '../land/land-combat.js';
import { type Participant } from '../combat/battle.js';
import { countByType, describeCounts, isLandOrAir, movableLandTypes, unitOrder } from '../base/counting.js';
import { atWar, minorOf, nationOf, type GreatWarState, type MinorState } from '../base/nations.js';
import type { GreatWarOrders, OrderSpec } from '../orders/language.js';
import { declareWar, laterMinor, makePeace } from '../p01-diplomacy/politics.js';
import { specialRules } from '../data/special-rules.js';
import { theWorld } from '../data/world.js';

declare module '../base/nations.js' {
  interface PoliticsSlices {
    mutiny: MutinyState;
  }
}

/**
 * Mutinies after over-limit infantry (GW-P15-MUTINY, GW-MANP-03), rolled in phase 15 (the 'mutiny' phase).
 * Decisions D-MUT-1 to D-MUT-7 of docs/great-war/mutiny-and-spain.md; the numbers are in data/special-rules.json.
 * A nation that bought infantry over its manpower limit this turn (its ledger's `overLimitInfantry`) rolls once:
 * 2 in 10 a mutiny. Its severity (1D10) is small (1-4: a quarter of the units of one territory disband), large
 * (5-7: half of those of two territories) or disastrous (8-10: three quarters of the first territory disband, and
 * every unit of the second rebels). Territories are drawn by dice among those holding the nation's units, in id
 * order. The rebels become the nation's mutineers, a minor nation the software runs: at war with their nation, they
 * take the territory they rose in (in land their nation held alone; elsewhere they desert), and hold it; if it is their nation's capital, the
 * nation must offer its enemies a surrender (recorded for the surrender rules).
 */

export type MutinySeverity = 'small' | 'large' | 'disastrous';

/** One mutiny, for the record and the reports. */
export type MutinyRecord = { turn: number; nation: string; severity: MutinySeverity; territories: string[] };

/** This part's record in `state.politics`. */
export type MutinyState = {
  /** Every mutiny so far, in the order they broke out. */
  mutinies: MutinyRecord[];
  /** The mutineers of disastrous mutinies, one minor nation for each nation that suffered one (D-MUT-5). */
  mutineers: { id: string; home: string; since: number }[];
  /**
   * Nations whose capital their mutineers took (GW-P15-MUTINY-13): each must offer its enemies a surrender under the
   * normal rules. Recorded once a capture; the surrender rules read it (`forcedSurrenderOffers`).
   */
  forcedSurrenders: { nation: string; mutineers: string; turn: number }[];
};

export function openingMutiny(): MutinyState {
  return { mutinies: [], mutineers: [], forcedSurrenders: [] };
}

const mutinyRules = () => specialRules().mutiny;

/** Whether a nation id is the mutineers of a disastrous mutiny. */
export const isMutineers = (state: GreatWarState, id: string): boolean => state.politics.mutiny.mutineers.some((m) => m.id === id);

/** The forced surrender offers not yet dealt with by the surrender rules: the nations whose capital their mutineers took. */
export const forcedSurrenderOffers = (state: GreatWarState): readonly { nation: string; mutineers: string; turn: number }[] => state.politics.mutiny.forcedSurrenders;

/** Whether a nation bought infantry over its manpower limit this turn, which risks a mutiny (GW-MANP-03, GW-P15-MUTINY-01). */
export const risksMutiny = (state: GreatWarState, nation: string): boolean => (nationOf(state, nation)?.ledger.overLimitInfantry ?? 0) > 0;

/** The severity of a roll of the severity die (GW-P15-MUTINY-02..04). */
export function severityOf(roll: number): MutinySeverity {
  const r = mutinyRules();
  return roll <= r.smallUpTo ? 'small' : roll <= r.largeUpTo ? 'large' : 'disastrous';
}

/** A nation's units standing in a land territory (not aboard a ship). */
const unitsOf = (state: GreatWarState, nation: string, territory: string): BoardUnit[] =>
  state.board.units.filter((u) => u.nation === nation && u.at === territory && u.aboard === undefined);

/** The territories where a mutiny may break out: land territories holding the nation's units, sorted by id (GW-P15-MUTINY-06, -08; D-MUT-3). */
export function mutinyCandidates(state: GreatWarState, nation: string): string[] {
  const world = theWorld(state.scenario);
  return [...new Set(state.board.units.filter((u) => u.nation === nation && u.aboard === undefined && world.territory.has(u.at)).map((u) => u.at))].sort();
}

/** Draw up to `count` different territories by dice over the sorted candidates; a single candidate is taken without a roll (D-MUT-3). */
export function drawTerritories(state: GreatWarState, nation: string, count: number, ctx: PhaseContext): string[] {
  const left = mutinyCandidates(state, nation);
  const out: string[] = [];
  while (out.length < count && left.length) {
    const index = left.length === 1 ? 0 : ctx.roll(left.length, `Where the ${nationName(state, nation)} mutiny breaks out: ${left.join(', ')}`) - 1;
    out.push(left.splice(index, 1)[0]!);
  }
  return out;
}

/**
 * The units that go when `share` percent (rounded up) of these units disband, divided evenly among their types
 * (GW-P15-MUTINY-05, D-MUT-4): one of each type in the unit table's order, round after round, while a type has units
 * left; within a type the newest units first. The remainder falls to the types first in the table.
 */
export function unitsToDisband(units: readonly BoardUnit[], share: number): BoardUnit[] {
  let left = Math.ceil((units.length * share) / 100);
  const order = unitTable().list.map((u) => u.id as string);
  const byType = [...new Set(units.map((u) => u.type))]
    .sort((a, b) => order.indexOf(a) - order.indexOf(b))
    .map((type) => units.filter((u) => u.type === type).sort((a, b) => unitOrder(b, a)));
  const out: BoardUnit[] = [];
  while (left > 0 && byType.some((g) => g.length)) {
    for (const group of byType) {
      if (left === 0) break;
      const unit = group.shift();
      if (unit) {
        out.push(unit);
        left--;
      }
    }
  }
  return out;
}

/** Disband `share` percent of a nation's units in a territory (GW-P15-MUTINY-05, -07, -10). */
export function disband(state: GreatWarState, nation: string, territory: string, share: number, ctx: PhaseContext): BoardUnit[] {
  const gone = unitsToDisband(unitsOf(state, nation, territory), share);
  const ids = new Set(gone.map((u) => u.id));
  state.board.units = state.board.units.filter((u) => !ids.has(u.id));
  ctx.emit({ type: 'mutiny-disbanded', nation, territory, percent: share, units: countByType(gone), ids: [...ids] });
  return gone;
}

/**
 * The mutineers of a nation (GW-P15-MUTINY-12, D-MUT-5): a minor nation named after the scenario's 'mutineers',
 * run by the software, neutral in the main war and at war with their nation. Created at their first rising; a
 * later disastrous mutiny of the same nation joins them.
 */
export function mutineersOf(state: GreatWarState, home: string, ctx: PhaseContext): MinorState {
  const r = mutinyRules();
  const later = scenarioData(state.scenario).laterNations.find((n) => n.id === r.mutineers);
  const homeNation = nationOf(state, home)!;
  const id = `${r.mutineers}-${home}`;
  if (!minorOf(state, id)) state.politics.mutiny.mutineers.push({ id, home, since: ctx.turn });
  const minor = laterMinor(state, id, r.mutineers, {
    name: `${later?.name ?? 'Mutineers'} of ${homeNation.name}`,
    abbreviation: `${later?.abbreviation ?? 'MUT'}-${homeNation.abbreviation}`,
    productionPercent: scenarioData(state.scenario).minorIncome.percent,
  });
  declareWar(state, ctx, id, home, 'triggered');
  return minor;
}

/**
 * Every unit of the nation in the territory rebels (GW-P15-MUTINY-11, D-MUT-5): in land their nation holds alone they
 * become the mutineers' units and take the territory; in land held by another nation, or where an ally's troops stand
 * too, they cannot hold it and desert (they disband). Returns the units that became mutineers.
 */
export function rebel(state: GreatWarState, nation: string, territory: string, ctx: PhaseContext): BoardUnit[] {
  const rebels = unitsOf(state, nation, territory);
  if (!rebels.length) return [];
  // Rebels who cannot hold the land they stand in (another's, or shared with an ally's troops) desert (D-MUT-5).
  const others = state.board.units.some((u) => u.at === territory && u.nation !== nation);
  if (state.board.territories[territory]?.owner !== nation || others) {
    const ids = new Set(rebels.map((u) => u.id));
    state.board.units = state.board.units.filter((u) => !ids.has(u.id));
    ctx.emit({ type: 'mutiny-deserted', nation, territory, units: countByType(rebels), ids: [...ids] });
    return [];
  }
  const mutineers = mutineersOf(state, nation, ctx);
  for (const u of rebels) u.nation = mutineers.id;
  ctx.emit({ type: 'mutiny-rebels', nation, mutineers: mutineers.id, name: mutineers.name, territory, units: countByType(rebels), ids: rebels.map((u) => u.id) });
  if (state.board.territories[territory]?.owner === nation) captureTerritory(state, territory, rebels, 'unopposed', ctx, theWorld(state.scenario));
  return rebels;
}

/** Roll whether a nation that bought over-limit infantry mutinies (GW-P15-MUTINY-01, D-MUT-1: once a turn). */
export function rollMutiny(state: GreatWarState, nation: string, ctx: PhaseContext): boolean {
  const r = mutinyRules();
  const overLimit = nationOf(state, nation)!.ledger.overLimitInfantry;
  const roll = ctx.roll(r.die, `Mutiny in the ${nationName(state, nation)} army after ${overLimit} over-limit infantry? (on ${r.chance} or less)`);
  const mutiny = roll <= r.chance;
  ctx.emit({ type: 'mutiny-roll', nation, overLimit, roll, chance: r.chance, mutiny });
  return mutiny;
}

/** A mutiny breaks out in a nation's army: its severity, its territories and what happens there (GW-P15-MUTINY-02..11). */
export function breakOut(state: GreatWarState, nation: string, ctx: PhaseContext): MutinyRecord {
  const r = mutinyRules();
  const severity = severityOf(ctx.roll(r.severityDie, `How bad is the ${nationName(state, nation)} mutiny? (1-${r.smallUpTo} small, ${r.smallUpTo + 1}-${r.largeUpTo} large, ${r.largeUpTo + 1}-${r.severityDie} disastrous)`));
  const count = severity === 'small' ? r.smallTerritories : r.largeTerritories;
  const territories = drawTerritories(state, nation, count, ctx);
  const record: MutinyRecord = { turn: ctx.turn, nation, severity, territories };
  state.politics.mutiny.mutinies.push(record);
  ctx.emit({ type: 'mutiny', nation, severity, territories });
  if (severity === 'small') for (const t of territories) disband(state, nation, t, r.smallPercent, ctx);
  else if (severity === 'large') for (const t of territories) disband(state, nation, t, r.largePercent, ctx);
  else {
    const [first, second] = territories;
    if (first !== undefined) disband(state, nation, first, r.disastrousPercent, ctx);
    if (second !== undefined) rebel(state, nation, second, ctx);
  }
  return record;
}

/**
 * Mutineers who hold their nation's capital force it to offer its enemies a surrender (GW-P15-MUTINY-13, D-MUT-7):
 * recorded once for each capture and announced; the surrender rules (surrender.ts, `offerSurrender(state, ctx,
 * nation, 'mutiny')`) carry out the offer.
 */
export function checkMutineerCapitals(state: GreatWarState, ctx: PhaseContext): void {
  const world = theWorld(state.scenario);
  const record = state.politics.mutiny;
  for (const m of record.mutineers) {
    const capital = capitalOf(world, m.home);
    if (capital === undefined) continue;
    const holds = state.board.territories[capital]?.owner === m.id;
    const pending = record.forcedSurrenders.some((f) => f.nation === m.home && f.mutineers === m.id);
    if (!holds) {
      // The capital retaken: a later capture forces a new offer.
      record.forcedSurrenders = record.forcedSurrenders.filter((f) => !(f.nation === m.home && f.mutineers === m.id));
      continue;
    }
    if (pending) continue;
    record.forcedSurrenders.push({ nation: m.home, mutineers: m.id, turn: ctx.turn });
    ctx.emit({ type: 'mutiny-forces-surrender', nation: m.home, mutineers: m.id, capital });
  }
}

/** Mutineers with no unit and no territory left are crushed: their war with their nation ends (D-MUT-6). */
export function crushMutineers(state: GreatWarState, ctx: PhaseContext): void {
  for (const m of state.politics.mutiny.mutineers) {
    const minor = minorOf(state, m.id);
    if (!minor?.atWarWith.includes(m.home)) continue;
    const units = state.board.units.some((u) => u.nation === m.id);
    const land = Object.values(state.board.territories).some((t) => t.owner === m.id);
    if (units || land) continue;
    ctx.emit({ type: 'mutiny-crushed', nation: m.home, mutineers: m.id });
    makePeace(state, ctx, m.id, m.home, 'the mutiny is crushed');
  }
}

/**
 * The mutineers march on their nation's capital (GW-P15-MUTINY-12, -13; D-MUT-8): from the turn after their rising, in
 * the 'mutiny' phase, every land unit of theirs in a territory bordering the capital by land moves into it and attacks,
 * as a battle of phase 10 fought to the end, while their nation holds it and every unit there is of a nation at war
 * with them. Returns the capitals taken.
 */
export function marchOnCapitals(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): string[] {
  const world = theWorld(state.scenario);
  const land = new Set(movableLandTypes());
  const taken: string[] = [];
  for (const m of state.politics.mutiny.mutineers) {
    const capital = capitalOf(world, m.home);
    if (m.since >= ctx.turn || capital === undefined || state.board.territories[capital]?.owner !== m.home || !atWar(state, m.id, m.home)) continue;
    const there = state.board.units.filter((u) => u.at === capital);
    if (there.some((u) => !atWar(state, u.nation, m.id))) continue;
    const borders = new Set(world.graph.neighbours(capital, ['land']).map((n) => n.id));
    const marchers = state.board.units.filter((u) => u.nation === m.id && u.aboard === undefined && land.has(u.type) && borders.has(u.at)).sort(unitOrder);
    if (!marchers.length) continue;
    const from = new Map(marchers.map((u) => [u.id, u.at]));
    ctx.emit({ type: 'mutineers-march', nation: m.home, mutineers: m.id, capital, units: countByType(marchers), from: [...new Set(from.values())].sort() });
    for (const u of marchers) u.at = capital;
    const defenders = there.filter((u) => isLandOrAir(u.type));
    if (!defenders.length) captureTerritory(state, capital, marchers, 'unopposed', ctx, world);
    else {
      const participants: Participant[] = [
        ...marchers.map((u) => ({ unit: u.id, role: 'ground' as const, from: from.get(u.id)! })),
        ...defenders.sort((a, b) => nationIndex(state, a.nation) - nationIndex(state, b.nation) || unitOrder(a, b)).map((u) => ({ unit: u.id, role: 'defender' as const })),
      ];
      resolveBattleOutOfTurn(state, { area: capital, key: `${capital}.mutiny`, holder: m.home, participants }, orders, ctx);
    }
    if (state.board.territories[capital]?.owner === m.id) taken.push(capital);
  }
  return taken;
}

/** The order kinds of this part, in phase order: none (the mutineers are the software's). */
export const mutinySpecs: readonly OrderSpec[] = [];
export type MutinyOrder = never;

/**
 * The 'mutiny' phase (phase 15): crushed mutineers make peace; mutineers next to their nation's capital march on it; every nation that bought over-limit infantry this turn,
 * in seat order, rolls for a mutiny; then mutineers holding a capital force their nation's surrender offer.
 */
export function resolveMutinies(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState | void {
  crushMutineers(state, ctx);
  marchOnCapitals(state, orders, ctx);
  for (const nation of state.nations) {
    if (!risksMutiny(state, nation.id) || isConquered(state, nation.id)) continue;
    if (rollMutiny(state, nation.id, ctx)) breakOut(state, nation.id, ctx);
  }
  checkMutineerCapitals(state, ctx);
  return state;
}

// ---------------------------------------------------------------------------------------------------------------
// Reports and invariants

/** An area's display name from the id an event carries. */
const placeName = (id: unknown): string => areaName(String(id));

/** Counts by type in the unit table's order (events carry them with their keys sorted). */
function inTableOrder(counts: unknown): Record<string, number> {
  const c = (counts ?? {}) as Record<string, number>;
  const order = unitTable().list.map((u) => u.id as string);
  return Object.fromEntries(Object.entries(c).sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0])));
}

export function describeMutinyEvent(event: GameEvent): string | undefined {
  const who = (id: unknown) => nationName(undefined, String(id));
  switch (event.type) {
    case 'mutiny-roll':
      return event['mutiny']
        ? `A mutiny breaks out in the ${who(event['nation'])} army after ${String(event['overLimit'])} over-limit infantry (rolled ${String(event['roll'])}).`
        : `The ${who(event['nation'])} army holds despite ${String(event['overLimit'])} over-limit infantry (rolled ${String(event['roll'])}; a mutiny on ${String(event['chance'])} or less).`;
    case 'mutiny': {
      const places = (event['territories'] as string[]).map(placeName);
      return `The ${who(event['nation'])} mutiny is ${String(event['severity'])}${places.length ? `: ${places.join(' and ')}` : ', but there are no troops to mutiny'}.`;
    }
    case 'mutiny-disbanded':
      return `In ${placeName(event['territory'])}, ${describeCounts(inTableOrder(event['units']))} of ${who(event['nation'])} disband (${String(event['percent'])}%, rounded up).`;
    case 'mutiny-deserted':
      return `In ${placeName(event['territory'])}, ${describeCounts(inTableOrder(event['units']))} of ${who(event['nation'])} rebel, but cannot hold land that is not theirs alone: they desert.`;
    case 'mutiny-rebels':
      return `In ${placeName(event['territory'])}, ${describeCounts(inTableOrder(event['units']))} of ${who(event['nation'])} rebel: they are now the ${String(event['name'])}.`;
    case 'mutiny-forces-surrender':
      return `The mutineers hold ${placeName(event['capital'])}, the capital of ${who(event['nation'])}: ${who(event['nation'])} must offer its enemies a surrender.`;
    case 'mutineers-march':
      return `The ${who(event['nation'])} mutineers march on ${placeName(event['capital'])} from ${(event['from'] as string[]).map(placeName).join(' and ')} with ${describeCounts(inTableOrder(event['units']))}.`;
    case 'mutiny-crushed':
      return `The mutiny in the ${who(event['nation'])} army is crushed: the mutineers have no troops and no land left.`;
    default:
      return undefined;
  }
}

export function mutinyInvariants(state: GreatWarState): string[] {
  const record = state.politics.mutiny as Partial<MutinyState> | undefined;
  if (!record || !Array.isArray(record.mutinies) || !Array.isArray(record.mutineers) || !Array.isArray(record.forcedSurrenders)) return ['the state has no record of the mutinies'];
  const out: string[] = [];
  for (const m of record.mutineers) {
    const minor = minorOf(state, m.id);
    if (!minor) out.push(`the mutineers '${m.id}' are not a minor nation of the game`);
    else if (minor.side !== 'neutral') out.push(`the mutineers '${m.id}' are on side '${minor.side}'; they stay out of the main war`);
    if (!nationOf(state, m.home)) out.push(`the mutineers '${m.id}' rose against unknown nation '${m.home}'`);
  }
  for (const m of record.mutinies) if (!['small', 'large', 'disastrous'].includes(m.severity)) out.push(`a mutiny of unknown severity '${m.severity}'`);
  for (const f of record.forcedSurrenders) if (!record.mutineers.some((m) => m.id === f.mutineers && m.home === f.nation)) out.push(`a forced surrender offer of ${f.nation} to unknown mutineers '${f.mutineers}'`);
  return out;
}

export function mutinySections(state: GreatWarState, seat: SeatId | undefined): ReportSection[] {
  const record = state.politics.mutiny;
  const seen = record.mutinies.filter((m) => seat === undefined || m.nation === seat);
  const world = theWorld(state.scenario);
  const lines = seen.map((m) => `Turn ${m.turn}: ${m.severity} mutiny in the ${nationName(state, m.nation)} army${m.territories.length ? ` (${m.territories.map((t) => areaLabel(world, t)).join(', ')})` : ''}.`);
  for (const m of record.mutineers) {
    if (seat !== undefined && seat !== m.home) continue;
    const units = state.board.units.filter((u) => u.nation === m.id);
    const at = Object.entries(state.board.territories).filter(([, t]) => t.owner === m.id).map(([id]) => areaLabel(world, id));
    lines.push(`${nationName(state, m.id)}: ${describeCounts(countByType(units))}${at.length ? `; hold ${at.join(', ')}` : ''}.`);
  }
  return lines.length ? [{ title: 'Mutinies', lines }] : [];
}
