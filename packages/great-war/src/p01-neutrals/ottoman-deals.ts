/**
 * Clauses: GW-OPT-GBR (options 2 and 5), GW-NEUT-OTT.
 * The British options that touch the neutral Ottomans: option 2, a destroyer delivered on turn 1 or 2 that puts their
 * entry off to turn 5 (D-OTT-8), and option 5, aid to Persia or Arabia while the Ottomans fight them, which may sway
 * the minor and may bring the Ottomans in when they find out (D-OTT-11); the 'ottoman' phase of phase 1 resolves them
 * before the sway attempts and the entry of ottoman.ts.
 */
import { type PhaseContext, type Problem, type SeatId, unknownFieldProblems, ordersOf } from '@umpire/engine';
import { stepMinorToward, stepToward } from '../p01-diplomacy/diplomacy.js';
import type { BoardUnit } from '../base/board.js';
import { nationName } from '../base/conquest.js';
import { nationAt, nationIdAt, voidOrder } from '../orders/grammar.js';
import { unitOrder } from '../base/counting.js';
import { atWar, minorOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { AnyOrder, GreatWarOrders, OrderSpec, TextPosition } from '../orders/language.js';
import { newUnit } from '../economy/placement.js';
import { makePeace } from '../p01-diplomacy/politics.js';
import { type UnitType } from '../data/schema.js';
import { theWorld } from '../data/world.js';
import { oiNumbers } from '../data/ottoman-italy.js';
import { record, ottomanInWar, OTT, rollChance, minorWarEnemies, settleNeutralIncome, swayOttomans, enterOttomans } from './ottoman.js';

// ---------------------------------------------------------------------------------------------------------------
// Orders

/** `deliver destroyer`: British option 2 (GW-OPT-GBR-06..08, O-71). */
export type DeliverDestroyerOrder = { kind: 'deliver-destroyer' };

/** `send aid to Persia`: British option 5 (GW-OPT-GBR-16..20, O-72). */
export type SendAidOrder = { kind: 'send-aid'; to: string };

/** The undamaged ship of the giver's that the destroyer deal hands over: the lowest id at sea (D-OTT-8). */
export function dealShip(state: GreatWarState): BoardUnit | undefined {
  const { by, shipType } = oiNumbers().destroyerDeal;
  const world = theWorld(state.scenario);
  return state.board.units.filter((u) => u.nation === by && u.type === shipType && u.damage === 0 && world.sea.has(u.at)).sort(unitOrder)[0];
}

function deliverRefusal(state: GreatWarState, nation: NationState, turn: number): Problem | undefined {
  const deal = oiNumbers().destroyerDeal;
  if (nation.id !== deal.by) return { code: 'not-your-option', message: `only ${nationName(state, deal.by)} may deliver a destroyer to the Ottomans (British option 2)` };
  if (!deal.turns.includes(turn)) return { code: 'too-late', message: `the destroyer deal may be made on turn ${deal.turns.join(' or ')} only, and this is turn ${turn} (GW-OPT-GBR-08)` };
  if (record(state).destroyerDeal !== undefined) return { code: 'already-done', message: `the destroyer was delivered on turn ${record(state).destroyerDeal!}` };
  if (ottomanInWar(state)) return { code: 'ottomans-at-war', message: 'the Ottomans are in the war already' };
  if (!dealShip(state)) return { code: 'no-ship', message: `${nation.name} has no undamaged ${deal.shipType} at sea to deliver` };
  return undefined;
}

const onlyWords = (rest: string, pattern: RegExp, at: TextPosition, example: string, code: string): Problem[] | undefined =>
  pattern.test(rest.trim()) ? undefined : [{ code, message: `expected '${example}', not '${rest.trim()}'`, line: at.line, column: at.column }];

export const deliverDestroyerSpec: OrderSpec<DeliverDestroyerOrder> = {
  kind: 'deliver-destroyer',
  words: ['deliver'],
  example: 'deliver destroyer',
  parseText(rest, at) {
    return onlyWords(rest, /^destroyer(\s+to\s+(the\s+)?(ottomans?|ottoman\s+empire|turkey))?$/i, at, 'deliver destroyer', 'bad-deal') ?? { kind: 'deliver-destroyer' };
  },
  checkJson(item, path) {
    const problems = unknownFieldProblems(item, path, ['kind'], 'a deliver-destroyer order');
    return problems.length ? problems : { kind: 'deliver-destroyer' };
  },
  format: () => 'deliver destroyer',
  refusal(_order, ledger, ctx, nation) {
    if (ledger.admitted.some((o) => o.kind === 'deliver-destroyer')) return { code: 'one-deal', message: 'one destroyer is delivered, once' };
    return deliverRefusal(ctx.state, nation, ctx.step.turn);
  },
  cost: () => 0,
  candidates(_ledger, ctx, nation) {
    return deliverRefusal(ctx.state, nation, ctx.step.turn) ? [] : [{ kind: 'deliver-destroyer' }];
  },
};

const influenceTarget = (o: AnyOrder): unknown => o['target'] ?? o['nation'] ?? o['on'] ?? o['to'];

export function aidRefusal(state: GreatWarState, nation: NationState, to: string, admitted: readonly AnyOrder[]): Problem | undefined {
  const aid = oiNumbers().aid;
  if (nation.id !== aid.by) return { code: 'not-your-option', message: `only ${nationName(state, aid.by)} may send aid to ${aid.recipients.map((r) => nationName(state, r)).join(' or ')} (British option 5)` };
  if (!aid.recipients.includes(to)) return { code: 'not-a-recipient', message: `aid goes to ${aid.recipients.map((r) => nationName(state, r)).join(' or ')} only, not ${nationName(state, to)}`, field: 'to' };
  if (!atWar(state, OTT(), to)) return { code: 'no-ottoman-war', message: `the Ottomans are not at war with ${nationName(state, to)}: aid is sent only to a nation they fight (GW-OPT-GBR-16)`, field: 'to' };
  if (admitted.some((o) => o.kind === 'send-aid' && o['to'] === to)) return { code: 'one-aid', message: `one shipment of aid to ${nationName(state, to)} a turn`, field: 'to' };
  if (admitted.some((o) => o.kind === 'influence' && influenceTarget(o) === to)) return { code: 'aid-or-influence', message: `${nation.name} influences ${nationName(state, to)} this turn: aid and a normal influence attempt on the same nation do not go together (GW-OPT-GBR-19)`, field: 'to' };
  return undefined;
}

export const sendAidSpec: OrderSpec<SendAidOrder> = {
  kind: 'send-aid',
  words: ['send'],
  example: 'send aid to Persia',
  parseText(rest, at, ctx) {
    const m = /^(aid\s+to\s+)(.+)$/i.exec(rest.trim());
    if (!m) return [{ code: 'bad-aid', message: `send aid to whom? e.g. '${sendAidSpec.example}'`, line: at.line, column: at.column }];
    const column = at.column + (rest.length - rest.trimStart().length) + m[1]!.length;
    const found = nationAt(ctx.state, m[2]!, at.line, column);
    return typeof found === 'string' ? { kind: 'send-aid', to: found } : [found];
  },
  checkJson(item, path, ctx) {
    const problems = unknownFieldProblems(item, path, ['kind', 'to'], 'a send-aid order');
    const to = nationIdAt(ctx.state, item['to'], [...path, 'to'], 'to is the minor nation aided, e.g. "persia"', ctx.state.minors.map((m) => m.id));
    if (typeof to !== 'string') problems.push(to);
    return problems.length ? problems : { kind: 'send-aid', to: to as string };
  },
  format: (order) => `send aid to ${nationName(undefined, order.to)}`,
  refusal(order, ledger, ctx, nation) {
    const r = aidRefusal(ctx.state, nation, order.to, ledger.admitted);
    if (r) return r;
    const cost = oiNumbers().aid.cost;
    return cost > ledger.resources ? { code: 'not-enough-resources', message: `aid costs ${cost}, and ${nation.name} has ${ledger.resources} left` } : undefined;
  },
  cost: () => oiNumbers().aid.cost,
  candidates(ledger, ctx, nation) {
    return oiNumbers()
      .aid.recipients.filter((r) => !aidRefusal(ctx.state, nation, r, ledger.admitted))
      .map((to) => ({ kind: 'send-aid' as const, to }));
  },
};

export const ottomanSpecs: readonly OrderSpec[] = [deliverDestroyerSpec as unknown as OrderSpec, sendAidSpec as unknown as OrderSpec];

export type OttomanOrder = DeliverDestroyerOrder | SendAidOrder;

// ---------------------------------------------------------------------------------------------------------------
// Phase 1: the deals, then the sway attempts and the entry

/** British option 2 (GW-OPT-GBR-06, -07): the ship passes to the Ottomans in their fleet's sea zone; entry on turn 5. */
export function deliverDestroyer(state: GreatWarState, ctx: PhaseContext): void {
  const deal = oiNumbers().destroyerDeal;
  const ship = dealShip(state)!;
  const zone = ottomanFleetZone(state);
  const from = ship.at;
  const newId = newUnit(state, OTT(), ship.type as UnitType, zone);
  state.board.units = state.board.units.filter((u) => u.id !== ship.id);
  const r = record(state);
  r.destroyerDeal = ctx.turn;
  r.entryTurn = deal.entryTurn;
  ctx.emit({ type: 'ottoman-destroyer-deal', unit: ship.id, becomes: newId, from, to: zone, entryTurn: deal.entryTurn });
}

/** Where the Ottoman fleet is (GW-OPT-GBR-07, gap G10, D-OTT-8): the sea zone with most Ottoman ships (ties by id), else the data's zone. */
export function ottomanFleetZone(state: GreatWarState): string {
  const world = theWorld(state.scenario);
  const counts = new Map<string, number>();
  for (const u of state.board.units) if (u.nation === OTT() && world.sea.has(u.at)) counts.set(u.at, (counts.get(u.at) ?? 0) + 1);
  const best = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
  return best?.[0] ?? oiNumbers().destroyerDeal.fleetZone;
}

/**
 * A successful aid shipment: the minor moves one step toward `side` and at a camp joins it, as any influence does
 * (D-OTT-11; diplomacy.ts `stepMinorToward`).
 */
export function moveMinor(state: GreatWarState, ctx: PhaseContext, minorId: string, side: 'allied' | 'central', by: string): void {
  const m = minorOf(state, minorId);
  if (!m || m.side !== 'neutral') return;
  ctx.emit({ type: 'aid-moved-minor', nation: minorId, from: m.diplomacy, to: stepToward(m.diplomacy, side) });
  stepMinorToward(state, ctx, by, minorId, side);
}

/** British option 5 (GW-OPT-GBR-16..20, D-OTT-11): 15 paid, 10 arrive, 3 in 10 a step toward the Allies, 2 in 10 the Ottomans find out. */
export function sendAid(state: GreatWarState, ctx: PhaseContext, giver: NationState, to: string): void {
  const aid = oiNumbers().aid;
  const recipient = minorOf(state, to)!;
  giver.treasury -= aid.cost;
  recipient.treasury += aid.arrives;
  const influence = rollChance(ctx, aid.die, aid.influenceChance, `British aid to ${recipient.name} sways it toward the Allies?`);
  const found = rollChance(ctx, aid.die, aid.discoveryChance, `The Ottomans find out about the aid to ${recipient.name}?`);
  ctx.emit({ type: 'ottoman-aid', by: giver.id, to, paid: aid.cost, arrived: aid.arrives, influenceRoll: influence.roll, swayed: influence.success, discoveryRoll: found.roll, found: found.success });
  if (influence.success) moveMinor(state, ctx, to, 'allied', giver.id);
  if (found.success && !ottomanInWar(state)) {
    for (const enemy of minorWarEnemies(state, OTT())) makePeace(state, ctx, OTT(), enemy, 'the Ottomans end their minor war to join the Central Powers');
    const r = record(state);
    r.keptNeutralBy = [];
    r.joinOn = { turn: ctx.turn + 1, why: `they found out about British aid to ${recipient.name}` };
    settleNeutralIncome(state, OTT());
    ctx.emit({ type: 'ottoman-entry-set', turn: r.joinOn.turn, why: r.joinOn.why });
  }
}

/**
 * The 'ottoman' phase (phase 1): the income of the turn's wars; British option 2, British option 5, the sway
 * attempts on the Ottomans; then the entry, by a trigger of last turn or by the schedule, unless a minor war holds
 * them back (D-OTT-1, D-OTT-2).
 */
export function resolveOttoman(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const ott = OTT();
  settleNeutralIncome(state, ott);
  for (const nation of state.nations) {
    for (const _order of ordersOf<DeliverDestroyerOrder>(orders.get(nation.id), 'deliver-destroyer')) {
      const refusal = deliverRefusal(state, nation, ctx.turn);
      if (refusal) voidOrder(ctx, 'ottoman', nation.id, 'deliver destroyer', refusal.code, refusal.message);
      else deliverDestroyer(state, ctx);
    }
    const admitted: AnyOrder[] = (orders.get(nation.id)?.orders ?? []).filter((o) => o.kind === 'influence');
    for (const order of ordersOf<SendAidOrder>(orders.get(nation.id), 'send-aid')) {
      const refusal = aidRefusal(state, nation, order.to, admitted) ?? (nation.treasury < oiNumbers().aid.cost ? { code: 'not-enough-resources', message: `${nation.name} has ${nation.treasury}` } : undefined);
      if (refusal) voidOrder(ctx, 'ottoman', nation.id, `send aid to ${nationName(state, order.to)}`, refusal.code, refusal.message);
      else sendAid(state, ctx, nation, order.to);
      admitted.push(order as unknown as AnyOrder);
    }
  }
  swayOttomans(state, orders, ctx);
  enterOttomans(state, ctx);
  return state;
}
