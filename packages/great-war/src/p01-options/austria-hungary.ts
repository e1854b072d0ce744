/**
 * Clauses: GW-OPT-AUH (option 1).
 * Austrian option 1: peace with Serbia, offered once a game while no other Allied units stand in Serbia's lands;
 * accepted, Serbia leaves the war (D-OPT-10).
 */
import { type PhaseContext } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { nationName, sideOf } from '../base/conquest.js';
import { isLandOrAir } from '../base/counting.js';
import { minorOf, nationOf, type GreatWarState, type MinorState, type NationState } from '../base/nations.js';
import { makePeace, membersOf } from '../p01-diplomacy/politics.js';
import { theWorld } from '../data/world.js';
import { numbers, record, type SerbianPeaceOrder, plainSpec, serbiaAtHand, pay } from './shared.js';

/** The non-Serbian Allied land units in Serbia's own territories (GW-OPT-AUH-03). */
export function foreignAlliesInSerbia(state: GreatWarState): BoardUnit[] {
  const { to } = numbers().serbianPeace;
  const world = theWorld(state.scenario);
  const lands = new Set(world.territories.filter((t) => t.owner === to).map((t) => t.id));
  return state.board.units.filter((u) => lands.has(u.at) && u.nation !== to && isLandOrAir(u.type) && sideOf(state, u.nation) === 'allied');
}

/** Austrian option 1: peace with Serbia (GW-OPT-AUH-01..03). */
export const serbianPeaceSpec = plainSpec<SerbianPeaceOrder>(
  'serbian-peace',
  { nations: () => [numbers().serbianPeace.nation], title: 'Austrian option 1 (peace with Serbia)' },
  () => numbers().serbianPeace.cost,
  (_l, ctx, nation) => {
    const { to } = numbers().serbianPeace;
    const refusal = serbiaAtHand(ctx.state, to);
    if (refusal) return refusal;
    const tried = record(ctx.state).serbianPeace;
    if (tried) return { code: 'once-per-game', message: `Austria-Hungary offered Serbia peace on turn ${tried.turn}: the option is used once a game (GW-OPT-AUH-02)` };
    if (!nation.atWarWith.includes(to)) return { code: 'not-at-war', message: `${nation.name} is not at war with ${nationName(ctx.state, to)}` };
    const foreign = foreignAlliesInSerbia(ctx.state);
    if (foreign.length) {
      const where = [...new Set(foreign.map((u) => theWorld(ctx.state.scenario).names.get(u.at) ?? u.at))].join(', ');
      return { code: 'allies-in-serbia', message: `no peace while other Allied units stand in Serbia's lands (${where}; GW-OPT-AUH-03)` };
    }
    return undefined;
  },
);

/**
 * Austria-Hungary's peace offer to Serbia (GW-OPT-AUH-01..03, D-OPT-10): Serbia keeps the 25; on 1-5 it accepts and
 * leaves the war: peace with every nation of the Central Powers it is at war with, and it is neutral from then on.
 */
export function runSerbianPeace(state: GreatWarState, nation: NationState, ctx: PhaseContext): void {
  const p = numbers().serbianPeace;
  const serbia = nationOf(state, p.to) ?? minorOf(state, p.to);
  if (!serbia || record(state).serbianPeace || foreignAlliesInSerbia(state).length || !pay(nation, p.cost, 'serbian-peace', ctx)) return;
  serbia.treasury += p.cost;
  const roll = ctx.roll(p.die, `${serbia.name} accepts ${nation.name}'s peace offer on ${p.acceptOn.join(', ')}`);
  const accepted = p.acceptOn.includes(roll);
  record(state).serbianPeace = { turn: ctx.turn, accepted };
  ctx.emit({ type: 'serbian-peace', nation: nation.id, to: p.to, roll, accepted, cost: p.cost });
  if (!accepted) return;
  leaveTheWar(state, serbia, ctx);
}

/** A nation leaves the main war (D-OPT-10): peace with every enemy of the other side, then it is neutral. */
function leaveTheWar(state: GreatWarState, who: NationState | MinorState, ctx: PhaseContext): void {
  const enemies = who.atWarWith.filter((e) => sideOf(state, e) === 'central' || membersOf(state, 'central').includes(e));
  for (const enemy of enemies) makePeace(state, ctx, who.id, enemy, 'peace-treaty');
  const from = who.side;
  who.side = 'neutral';
  if ('diplomacy' in who) who.diplomacy = 'neutral';
  ctx.emit({ type: 'left-the-war', nation: who.id, from, peace: enemies });
}
