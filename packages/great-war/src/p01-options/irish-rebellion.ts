/**
 * Clauses: GW-OPT-GER (option 5).
 * German option 5: arms for an Irish rebellion while a Central Power holds the Irish Sea (D-OPT-6), and the rebellion:
 * the rebels' nation, run by the software, rising in the Irish territories and attacking at once (D-OPT-7).
 */
import { type PhaseContext } from '@umpire/engine';
import { allied, captureTerritory, nationIndex, sideOf } from '../base/conquest.js';
import { resolveBattleOutOfTurn } from '../land/land-combat.js';
import { type Participant } from '../combat/battle.js';
import { countByType, isLandOrAir, unitOrder } from '../base/counting.js';
import { minorOf, nationOf, type GreatWarState, type MinorState, type NationState } from '../base/nations.js';
import type { GreatWarOrders } from '../orders/language.js';
import { newUnit } from '../economy/placement.js';
import { declareWar, laterMinor } from '../p01-diplomacy/politics.js';
import type { UnitType } from '../data/schema.js';
import { theWorld } from '../data/world.js';
import { numbers, record, type IrishOrder, plainSpec, pay } from './shared.js';

/** Whether a Central Power has a ship or submarine in the Irish Sea (GW-OPT-GER-16). */
export function centralShipInIrishSea(state: GreatWarState): boolean {
  const { zone } = numbers().irishRebellion;
  return state.board.units.some((u) => u.at === zone && sideOf(state, u.nation) === 'central' && theWorld(state.scenario).sea.has(u.at) && !isLandOrAir(u.type));
}

/** German option 5: arms for an Irish rebellion (GW-OPT-GER-16). */
export const irishSpec = plainSpec<IrishOrder>(
  'irish-rebellion',
  { nations: () => [numbers().irishRebellion.nation], title: 'German option 5 (support for an Irish rebellion)' },
  () => numbers().irishRebellion.cost,
  (_l, ctx) => {
    const settled = record(ctx.state).irish;
    if (settled) return { code: 'irish-settled', message: settled === 'rebellion' ? 'Ireland has already risen: no more arms are sent (GW-OPT-GER-22)' : 'the Irish have turned to Britain: no more arms are sent (GW-OPT-GER-22)' };
    return centralShipInIrishSea(ctx.state) ? undefined : { code: 'no-ship-in-irish-sea', message: `arms reach Ireland only while a Central Power has a ship or submarine in the ${theWorld(ctx.state.scenario).names.get(numbers().irishRebellion.zone) ?? 'Irish Sea'}` };
  },
);

// ---------------------------------------------------------------------------------------------------------------
// The Irish rebellion

/** Arms for the Irish (GW-OPT-GER-16, -17, -20..22, D-OPT-6): 1D10; 9-10 Ireland rises, 1 the Irish back Britain. */
export function runIrishSupport(state: GreatWarState, nation: NationState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): void {
  const i = numbers().irishRebellion;
  const r = record(state);
  if (r.irish || !centralShipInIrishSea(state) || !pay(nation, i.cost, 'irish-rebellion', ctx)) return;
  const roll = ctx.roll(i.die, `Arms for the Irish: a rebellion on ${i.rebellionOn.join(' or ')}, the Irish back Britain on ${i.backBritainOn.join(' or ')}`);
  const result = i.rebellionOn.includes(roll) ? 'rebellion' : i.backBritainOn.includes(roll) ? 'back-britain' : 'no-effect';
  ctx.emit({ type: 'irish-support', nation: nation.id, roll, result, cost: i.cost });
  if (result === 'back-britain') {
    r.irish = 'back-britain';
    const pool = nationOf(state, i.against)?.manpower.find((m) => m.region === i.manpowerRegion);
    if (pool) {
      pool.limit += i.manpowerRaise;
      ctx.emit({ type: 'irish-back-britain', nation: i.against, region: pool.name, raise: i.manpowerRaise, limit: pool.limit });
    }
  }
  if (result === 'rebellion') {
    r.irish = 'rebellion';
    irishRebellion(state, orders, ctx);
  }
}

/**
 * The rebels' nation (D-OPT-7): the scenario's later nation, brought into the game as a minor run by the software,
 * neutral in the main war and at war with Britain only.
 */
export function irishRebelNation(state: GreatWarState, ctx: PhaseContext): MinorState {
  const i = numbers().irishRebellion;
  const existing = minorOf(state, i.rebels);
  if (existing) return existing;
  const rebels = laterMinor(state, i.rebels, i.rebels, { productionPercent: 0 });
  declareWar(state, ctx, i.rebels, i.against, 'option');
  return rebels;
}

/** How the rebels split between the Irish territories (D-OPT-7): the first takes the larger half and the artillery. */
export function rebelPlacement(infantry: number): { territory: string; infantry: number; artillery: number }[] {
  const i = numbers().irishRebellion;
  const n = i.territories.length;
  return i.territories.map((territory, k) => ({ territory, infantry: Math.floor(infantry / n) + (k < infantry % n ? 1 : 0), artillery: k === 0 ? i.artillery : 0 }));
}

/**
 * An Irish rebellion (GW-OPT-GER-18, -19, D-OPT-7): 1D10 infantry and 1 artillery of the rebels, placed in the two
 * Irish territories, each group attacking Britain's side's units there at once as a land battle (the rebels the
 * attackers); a territory without defenders falls to them unopposed.
 */
export function irishRebellion(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): void {
  const i = numbers().irishRebellion;
  const rebels = irishRebelNation(state, ctx);
  const count = ctx.roll(i.infantryDie, 'Irish rebel infantry');
  const groups = rebelPlacement(count);
  ctx.emit({ type: 'irish-rebellion', nation: rebels.id, against: i.against, roll: count, groups });
  const world = theWorld(state.scenario);
  for (const g of groups) {
    const ids: string[] = [];
    for (let k = 0; k < g.infantry; k++) ids.push(newUnit(state, rebels.id, 'infantry' as UnitType, g.territory));
    for (let k = 0; k < g.artillery; k++) ids.push(newUnit(state, rebels.id, 'artillery' as UnitType, g.territory));
    if (!ids.length) continue;
    const mine = state.board.units.filter((u) => ids.includes(u.id));
    const holder = state.board.territories[g.territory]?.owner ?? i.against;
    const defenders = state.board.units
      .filter((u) => u.at === g.territory && !ids.includes(u.id) && isLandOrAir(u.type) && allied(state, u.nation, i.against))
      .sort((a, b) => nationIndex(state, a.nation) - nationIndex(state, b.nation) || unitOrder(a, b));
    if (!defenders.length) {
      if (holder !== rebels.id) captureTerritory(state, g.territory, mine, 'unopposed', ctx, world);
      continue;
    }
    const participants: Participant[] = [...mine.map((u) => ({ unit: u.id, role: 'ground' as const })), ...defenders.map((u) => ({ unit: u.id, role: 'defender' as const }))];
    resolveBattleOutOfTurn(state, { area: g.territory, key: `${g.territory}.irish-rebellion`, holder, participants }, orders, ctx);
  }
  const held = i.territories.filter((t) => state.board.territories[t]?.owner === rebels.id);
  const kept = state.board.units.filter((u) => u.nation === rebels.id);
  ctx.emit({ type: 'irish-rebellion-result', nation: rebels.id, held, kept: countByType(kept) });
}
