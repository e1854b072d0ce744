import type { GameEvent, PhaseContext } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { allied, nationName, isConquered, nationIndex, captureTerritory } from '../base/conquest.js';
import { resolveBattleOutOfTurn } from '../land/land-combat.js';
import { type Participant } from '../combat/battle.js';
import { countByType, describeCounts, isLandOrAir, unitOrder, unitWord } from '../base/counting.js';
import { atWar, minorOf, nationOf, type GreatWarState } from '../base/nations.js';
import type { GreatWarOrders } from '../orders/language.js';
import { newUnit } from '../economy/placement.js';
import { ruleNumbers } from '../data/rules.js';
import type { UnitType } from '../data/schema.js';
import { theWorld } from '../data/world.js';

declare module '../base/nations.js' {
  interface GreatWarSlices {
    afghanistan: AfghanState;
  }
}

/**
 * Afghanistan's rebellion (GW-TERR-16 to GW-TERR-22), rolled in phase 15, the special rules, after the turn's
 * income (decisions D-TERR-1 to D-TERR-7 of docs/great-war/special-territories.md). While Afghanistan is conquered
 * and held by another nation, 1D10 each turn; on a 1 a rebellion breaks out. A second 1D10 raises one rebel
 * infantry of Afghanistan for every full 2 points (a 1 raises none). The rebels attack the occupier's units in
 * Afghanistan as a battle of phase 10. If they take Afghanistan, it is free: every war between it and the nations
 * that held it ends, and it keeps the rebels. Once a rebellion has broken out, nobody may influence Afghanistan
 * diplomatically (`mayBeInfluenced`, for phase 1.2); it may still be attacked.
 */

/** What the state keeps of the Afghan rebellion: plain JSON. */
export type AfghanState = {
  /** The nations that have held Afghanistan since it was last conquered, in the order they were first seen holding it at the end of a turn; emptied when it is free. */
  occupiers: string[];
  /** The turns in which a rebellion broke out. Once one has, no nation may influence Afghanistan (GW-TERR-21). */
  rebellions: number[];
};

/** The rule book's numbers for the rebellion (data/rules.json, `afghanRebellion`). */
export const afghanRebellion = ruleNumbers.afghanRebellion;

/** How the rebellion of a turn ended. */
export type RebellionOutcome = 'free' | 'crushed' | 'no-rebels';

/**
 * The nation holding Afghanistan while it is conquered (GW-TERR-16, D-TERR-1): Afghanistan is marked conquered and
 * its territory is held by another nation. Undefined while it is free, or while it holds its capital again and waits
 * for its liberation (GW-CONQ-09): then there is no occupier to rise against.
 */
export function occupierOfAfghanistan(state: GreatWarState): string | undefined {
  const { nation, territory } = afghanRebellion;
  if (!isConquered(state, nation)) return undefined;
  const holder = state.board.territories[territory]?.owner;
  return holder !== undefined && holder !== nation ? holder : undefined;
}

/** Rebels raised by a roll of the rebel die (GW-TERR-17, D-TERR-2): one for every full 2 points, never fewer than zero. */
export function rebelsFor(roll: number): number {
  return Math.max(afghanRebellion.minimumRebels, Math.floor(roll / afghanRebellion.pointsPerRebel));
}

/** Roll whether a rebellion breaks out in occupied Afghanistan this turn (GW-TERR-16): 1D10, on a 1. */
export function rollAfghanRebellion(state: GreatWarState, occupier: string, ctx: PhaseContext): boolean {
  const { rebellionDie, rebellionOn } = afghanRebellion;
  const roll = ctx.roll(rebellionDie, `Rebellion in Afghanistan, held by ${nationName(state, occupier)}? (on ${rebellionOn.join(' or ')})`);
  const rebellion = rebellionOn.includes(roll);
  ctx.emit({ type: 'afghan-rebellion-roll', holder: occupier, roll, rebellion });
  return rebellion;
}

/** Roll the size of the rebellion and put the rebels in Afghanistan as new units of Afghanistan (GW-TERR-17, D-TERR-3). */
export function raiseRebels(state: GreatWarState, occupier: string, ctx: PhaseContext): BoardUnit[] {
  const { nation, territory, rebelDie, rebelType } = afghanRebellion;
  const roll = ctx.roll(rebelDie, `Rebel ${unitWord(rebelType, 2)} in Afghanistan: one for every ${afghanRebellion.pointsPerRebel} points`);
  const count = rebelsFor(roll);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(newUnit(state, nation, rebelType as UnitType, territory));
  ctx.emit({ type: 'afghan-rebels', holder: occupier, roll, rebels: count, units: { [rebelType]: count }, ids });
  return state.board.units.filter((u) => ids.includes(u.id));
}

/**
 * The rebels attack the units in Afghanistan (GW-TERR-18, D-TERR-4): a battle as in phase 10, the rebels the
 * attackers, every land unit and aircraft there of the occupier's side the defenders; with no defenders the
 * rebels take Afghanistan unopposed. Returns whether Afghanistan is now Afghanistan's.
 */
export function fightRebellion(state: GreatWarState, occupier: string, rebels: readonly BoardUnit[], orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): boolean {
  const { nation, territory } = afghanRebellion;
  const rebelIds = new Set(rebels.map((u) => u.id));
  const defenders = state.board.units
    .filter((u) => u.at === territory && !rebelIds.has(u.id) && isLandOrAir(u.type) && allied(state, u.nation, occupier))
    .sort((a, b) => nationIndex(state, a.nation) - nationIndex(state, b.nation) || unitOrder(a, b));
  if (!defenders.length) {
    captureTerritory(state, territory, rebels, 'unopposed', ctx, theWorld(state.scenario));
  } else {
    const participants: Participant[] = [...rebels.map((u) => ({ unit: u.id, role: 'ground' as const })), ...defenders.map((u) => ({ unit: u.id, role: 'defender' as const }))];
    resolveBattleOutOfTurn(state, { area: territory, key: `${territory}.rebellion`, holder: occupier, participants }, orders, ctx);
  }
  return state.board.territories[territory]?.owner === nation;
}

/** End the state of war between two nations, majors or minors. */
function makePeace(state: GreatWarState, a: string, b: string): void {
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    const n = nationOf(state, x) ?? minorOf(state, x);
    if (n) n.atWarWith = n.atWarWith.filter((id) => id !== y);
  }
}

/**
 * A successful rebellion frees Afghanistan (GW-TERR-19, GW-TERR-20, D-TERR-5): every war between it and the nations
 * that held it since its conquest ends, it is no longer conquered, it holds its land incorporated again (its own
 * land, retaken: GW-P12-INC-05), and it keeps every surviving unit. Returns the nations it made peace with.
 */
export function freeAfghanistan(state: GreatWarState): string[] {
  const { nation, territory } = afghanRebellion;
  const formerOwners = [...new Set(state.afghanistan.occupiers)].sort((a, b) => nationIndex(state, a) - nationIndex(state, b));
  const peace = formerOwners.filter((owner) => atWar(state, nation, owner));
  for (const owner of peace) makePeace(state, nation, owner);
  delete state.conquered[nation];
  const hold = state.board.territories[territory];
  if (hold?.owner === nation) hold.incorporated = true;
  state.afghanistan.occupiers = [];
  return peace;
}

/** Whether a rebellion has broken out in Afghanistan in this game (GW-TERR-21). */
export const afghanRebellionOccurred = (state: GreatWarState): boolean => state.afghanistan.rebellions.length > 0;

/**
 * The guard for diplomatic influence (phase 1.2): whether any nation may still try to influence this nation. Once a
 * rebellion has broken out in Afghanistan, nobody may influence Afghanistan again (GW-TERR-21, D-TERR-6); it may still
 * be attacked (GW-TERR-22). Every other nation: nothing here forbids it.
 */
export function mayBeInfluenced(state: GreatWarState, target: string): boolean {
  return !(target === afghanRebellion.nation && afghanRebellionOccurred(state));
}

/**
 * The 'afghanistan' phase (phase 15, special rules; D-TERR-1): if Afghanistan is occupied, note its holder among its
 * former owners and roll for a rebellion; fight it out if it breaks out.
 */
export function resolveAfghanistan(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const record = state.afghanistan;
  const occupier = occupierOfAfghanistan(state);
  if (occupier === undefined) {
    if (!isConquered(state, afghanRebellion.nation)) record.occupiers = [];
    return state;
  }
  if (!record.occupiers.includes(occupier)) record.occupiers.push(occupier);
  if (!rollAfghanRebellion(state, occupier, ctx)) return state;
  record.rebellions.push(ctx.turn);
  const rebels = raiseRebels(state, occupier, ctx);
  let outcome: RebellionOutcome = 'no-rebels';
  let peace: string[] = [];
  if (rebels.length) {
    outcome = fightRebellion(state, occupier, rebels, orders, ctx) ? 'free' : 'crushed';
    if (outcome === 'free') peace = freeAfghanistan(state);
  }
  const kept = state.board.units.filter((u) => u.nation === afghanRebellion.nation && u.at === afghanRebellion.territory);
  ctx.emit({ type: 'afghan-rebellion-result', holder: occupier, outcome, ...(outcome === 'free' ? { peace, kept: countByType(kept) } : {}) });
  return state;
}

/** Rule invariants of the rebellion's record: known nations, turns in order, no occupier of a free Afghanistan. */
export function afghanInvariants(state: GreatWarState): string[] {
  const out: string[] = [];
  const record = state.afghanistan;
  for (const id of record.occupiers) if (!nationOf(state, id) && !minorOf(state, id)) out.push(`unknown nation '${id}' is recorded as a holder of Afghanistan`);
  if (new Set(record.occupiers).size !== record.occupiers.length) out.push('a holder of Afghanistan is recorded twice');
  if (record.rebellions.some((t, i) => !Number.isInteger(t) || t < 1 || (i > 0 && t <= record.rebellions[i - 1]!))) out.push(`the Afghan rebellions' turns ${record.rebellions.join(', ')} are not whole turns in order`);
  if (record.occupiers.length && !isConquered(state, afghanRebellion.nation)) out.push('Afghanistan is free but has holders recorded');
  return out;
}

/** One line of plain text for the rebellion's events; undefined for other events. */
export function describeAfghanEvent(event: GameEvent, state?: GreatWarState): string | undefined {
  const who = (id: unknown) => nationName(state, String(id));
  const afghanistan = who(afghanRebellion.nation);
  switch (event.type) {
    case 'afghan-rebellion-roll':
      return event['rebellion']
        ? `A rebellion breaks out in ${afghanistan} against ${who(event['holder'])} (rolled ${String(event['roll'])}).`
        : `${afghanistan}, held by ${who(event['holder'])}, stays quiet (rolled ${String(event['roll'])}; a rebellion breaks out on ${afghanRebellion.rebellionOn.join(' or ')}).`;
    case 'afghan-rebels': {
      const n = Number(event['rebels']);
      return `${afghanistan} raises ${n ? `${n} rebel ${unitWord(afghanRebellion.rebelType, n)}` : 'no rebels'} (rolled ${String(event['roll'])}: one for every ${afghanRebellion.pointsPerRebel} points).`;
    }
    case 'afghan-rebellion-result': {
      const holder = who(event['holder']);
      if (event['outcome'] === 'no-rebels') return `The rebellion in ${afghanistan} against ${holder} finds no rebels and comes to nothing.`;
      if (event['outcome'] === 'crushed') return `The rebellion in ${afghanistan} against ${holder} is crushed.`;
      const peace = (event['peace'] ?? []) as string[];
      return `The rebellion succeeds: ${afghanistan} is free and keeps ${describeCounts((event['kept'] ?? {}) as Record<string, number>)}${peace.length ? `; its war with ${peace.map(who).join(' and ')} ends` : ''}.`;
    }
    default:
      return undefined;
  }
}
