/**
 * Clauses: VB-MOVE-02, VB-ZOC-04, VB-CRT-02, VB-CRT-09, VB-CRT-11, VV-ART-09, VV-ART-17..19.
 * Orders by clicking a hex of vernian's map (the board tool's `plans`), worked out on the draft the orders text makes:
 * the units a unit or stack may move with, the hexes they can all reach (the movement rules' `reachableHexes`) and
 * the enemy's zones of control they stop in (`zoneOf`); every attack the ruleset offers at the hex (its `actionsAt`),
 * with the column, the shifts and the exact chance of each result of the table (`combatOdds`, the report's numbers);
 * the bombards the seat's HQs with a gun may fire at the hex or from it, with the exact chance of each number of hits;
 * the set-up and the units placed from the Available Units box (placing-plans.ts); the air orders of the Zeppelins and
 * Ether Flyers there (air-plans.ts); and any other order the ruleset offers at the hex, as it writes it. The player sees
 * each order and what it would do before it is added to the orders text, and its line is checked as the editor will
 * check it (plan-check.ts).
 */
import {
  hexesWithin,
  hitDistribution,
  type Json,
  type OrdersContext,
  type Plan,
  type PlanOffer,
  type PlanPreview,
  type PlanUnit,
} from '@umpire/engine';
import { hexBoard, ruleNumbers } from '../data/files.js';
import { hexFacts, hexLabel } from '../base/hexes.js';
import { occupancy } from '../base/positions.js';
import { otherSide, type Side } from '../base/sides.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { byNumber, pieceStateLabel, piecesIn } from '../base/pieces.js';
import { zoneOf } from '../base/zoc.js';
import { language } from '../orders/language.js';
import { moveWorld, pathTo, reachableHexes } from '../movement/movement.js';
import { combatOdds, fmt } from '../combat/odds.js';
import { bombardable, bombardModifier, gunProblem } from '../artillery/bombard.js';
import { kindsAt, legalAt, lineOf, pct, phaseDrafts, plural, previewOf, type Ctx, type Order } from './plan-check.js';
import { AIR_KINDS, airPlans } from './air-plans.js';
import { PLACING_KINDS, placingPlans } from './placing-plans.js';

const unitOf = (state: VernianState, id: string): PlanUnit => ({ id, label: `${unitInfo(id).name} (${id})`, at: state.units[id]!.at });

/** A unit move: the hexes every picked unit reaches, the enemy's zones of control shaded, the path of each unit shown. */
function movePlan(text: string, ctx: Ctx, after: VernianState, side: Side, here: readonly string[], area: string): Plan {
  const world = moveWorld(after, side);
  const turn = ctx.step.turn;
  const zone = zoneOf(after, otherSide(side));
  return {
    id: 'move',
    kind: 'move',
    title: `Move from ${hexLabel(area)}`,
    hint:
      'Tick the units to move together, then click a hex outlined on the map (every unit ticked can reach it). ' +
      'The cross-hatched hexes are the enemy zones of control, where a move stops.',
    units: here.map((id) => ({ ...unitOf(after, id), picked: !unitInfo(id).hq || here.every((u) => unitInfo(u).hq) })),
    targets(units) {
      if (!units.length) return [];
      const reach = units.map((u) => reachableHexes(world, u, turn));
      return [...reach[0]!.keys()]
        .filter((hex) => reach.every((r) => r.has(hex)))
        .map((id) => ({ id, name: `${hexLabel(id)}${zone.has(id) ? ' (enemy zone of control)' : ''}` }));
    },
    shades: { label: 'enemy zones of control', areas: [...zone.keys()] },
    preview(units, target) {
      const facts = units.map((u) => {
        const r = pathTo(world, u, target, turn);
        const a = unitInfo(u);
        return r
          ? `${a.name}: ${plural(r.path.length - 1, 'hex')} (${r.path.slice(1).join(' → ')}), ${plural(r.cost, 'movement point')}`
          : `${a.name} cannot reach ${hexLabel(target)}`;
      });
      if (zone.has(target)) facts.push(`${hexLabel(target)} is in an enemy zone of control: the move ends there (VB-ZOC-04).`);
      return previewOf(text, ctx, `move ${units.join(', ')} to ${target}`, facts);
    },
  };
}

/** An attack the ruleset offers: the units next to the hex ticked, the odds and every result's chance shown. */
function attackPlan(text: string, ctx: Ctx, after: VernianState, side: Side, order: { target: string; units: string[] }): Plan {
  const target = order.target;
  return {
    id: `attack ${target}`,
    kind: 'attack',
    title: `Attack ${hexLabel(target)}`,
    hint:
      'Tick the units that attack: the odds and the chance of each result change with them. ' +
      'Those that survive advance if the hex is emptied (edit the line to advance fewer).',
    units: order.units.map((id) => ({ ...unitOf(after, id), picked: true })),
    target,
    shades: { label: 'the attackers’ hexes', areas: [...new Set(order.units.map((u) => after.units[u]!.at))] },
    preview(units) {
      const line = `attack ${target} with ${units.join(', ')} advance all`;
      if (!units.length) return { problem: 'tick at least one unit to attack with', facts: [] };
      const odds = combatOdds(after, side, { target, units });
      if (!odds.ok) return { problem: odds.error.message, facts: [] };
      const o = odds.value;
      const shifts = o.shifts.map((s) => `${s.source} ${s.columns > 0 ? '+' : ''}${s.columns}`).join(', ') || 'none';
      const defenders = [...o.defenders.map((d) => unitInfo(d).name), ...(o.fortress ? ['the fortress'] : [])].join(', ');
      const e = o.expected;
      const facts = [
        `Against ${defenders}.`,
        `Strength ${fmt(o.strengths.attack)} to ${fmt(o.strengths.defence)}: ${o.odds.name}; ` +
          `shifts: ${shifts}; the column read: ${o.column}.`,
        `Expected steps lost: yours ${e.attackerSteps.value.toFixed(2)}, the defenders' ${e.defenderSteps.value.toFixed(2)}; ` +
          `the defenders retreat with ${pct(e.defenderRetreats.value)}.`,
        ...o.dropped.map((d) => `Left out: ${d.why}.`),
        'Key: AL/DL steps the attacker/defender loses, AR/DR hexes retreated, EX an exchange, AE/DE eliminated, - no effect.',
      ];
      const table = {
        caption: `Every result on the ${o.column} column, one die`,
        columns: ['result', 'rolls', 'chance'],
        rows: o.outcomes.map((r) => [
          r.result,
          r.rolls.join(', '),
          `${r.chance.numerator}/${r.chance.denominator} (${pct(r.chance.value)})`,
        ]),
      };
      return previewOf(text, ctx, line, facts, table);
    },
  };
}

/** The HQs of a side with a gun that have not fired in the draft, on the map. */
function guns(after: VernianState, side: Side, fired: ReadonlySet<string>): string[] {
  return Object.keys(after.units)
    .filter((id) => {
      const u = unitInfo(id);
      return u.hq && u.side === side && (u.type.guns ?? 0) > 0 && !fired.has(id) && isOnMap(after.units[id]!.at);
    })
    .sort();
}

/** The exact chance of each number of hits of HQs firing at a hex (VV-ART-05, VV-ART-17 to VV-ART-19). */
function bombardPreview(text: string, ctx: Ctx, after: VernianState, side: Side, hqs: readonly string[], target: string): PlanPreview {
  if (!hqs.length) return { problem: 'tick at least one HQ to fire', facts: [] };
  const line = `bombard ${target} with ${hqs.join(', ')}`;
  const out = hqs.map((h) => gunProblem(after, side, h, target)).find((p) => p !== undefined);
  if (out) return { problem: out, facts: [] };
  const die = ruleNumbers().artillery.die;
  const mod = bombardModifier(after, side, target);
  const dice = hqs.map((h) => ({ value: (unitInfo(h).type.kill ?? 0) - mod.total, dice: unitInfo(h).type.guns ?? 0 }));
  const dist = hitDistribution(dice, { sides: die });
  const tank = piecesIn(after, target, 'tank', otherSide(side)).length > 0;
  const facts = [
    ...hqs.map((h) => {
      const { guns = 0, kill = 0 } = unitInfo(h).type;
      const need = kill - mod.total;
      const hits = need <= 0 ? 'never a hit' : need >= die ? 'always a hit' : need === 1 ? 'a hit on a 1' : `a hit on 1 to ${need}`;
      const why = `kill number ${kill}${mod.total ? `, +${mod.total} on the die` : ''}`;
      return `${unitInfo(h).name}: ${plural(guns, 'die')}, each ${hits} (${why}).`;
    }),
    mod.total ? `+${mod.total} on every die: ${mod.why.join(', ')}.` : 'No modifier: the hex is clear and a unit of yours is next to it.',
    `Expected hits: ${dist.reduce((s, p, k) => s + p * k, 0).toFixed(2)}.`,
    ...(tank ? ['An enemy Tank there ignores the first hit (VV-TANK-13).'] : []),
  ];
  const table = { caption: 'Hits and their chances', columns: ['hits', 'chance'], rows: dist.map((p, k) => [String(k), pct(p)]) };
  return previewOf(text, ctx, line, facts, table);
}

function bombardPlans(text: string, ctx: Ctx, after: VernianState, side: Side, area: string, fired: ReadonlySet<string>): Plan[] {
  const ready = guns(after, side, fired);
  const plans: Plan[] = [];
  const inRange = ready.filter((h) => gunProblem(after, side, h, area) === undefined);
  if (bombardable(after, side, area) && inRange.length)
    plans.push({
      id: `bombard ${area}`,
      kind: 'bombard',
      title: `Bombard ${hexLabel(area)}`,
      hint: 'Tick the HQs that fire: the chance of each number of hits changes with them.',
      units: inRange.map((id) => ({ ...unitOf(after, id), picked: true })),
      target: area,
      shades: { label: 'the firing HQs’ hexes', areas: [...new Set(inRange.map((h) => after.units[h]!.at))] },
      preview: (hqs) => bombardPreview(text, ctx, after, side, hqs, area),
    });
  const here = ready.filter((h) => after.units[h]!.at === area);
  const occ = occupancy(after);
  const within = (hqs: readonly string[]) =>
    hqs.length
      ? [...hexesWithin(hexBoard(), area, Math.min(...hqs.map((h) => unitInfo(h).type.kill ?? 0))).keys()]
          .filter((h) => bombardable(after, side, h, occ))
          .sort()
      : [];
  if (within(here).length) {
    plans.push({
      id: 'bombard from here',
      kind: 'bombard',
      title: `Bombard from ${hexLabel(area)}`,
      hint: 'Tick the HQs that fire, then click an enemy hex outlined on the map (within the range of every HQ ticked).',
      units: here.map((id) => ({ ...unitOf(after, id), picked: true })),
      targets: (hqs) => within(hqs).map((id) => ({ id, name: hexLabel(id) })),
      preview: (hqs, target) => bombardPreview(text, ctx, after, side, hqs, target),
    });
  }
  return plans;
}

/** Any other order the ruleset offers at the hex: added as it stands. */
function offeredPlan(text: string, ctx: Ctx, order: Order, area: string, i: number): Plan {
  const line = lineOf(order);
  return {
    id: `${order.kind} ${i}`,
    kind: order.kind,
    title: line,
    hint: 'Add it to your orders as it stands.',
    units: [],
    target: area,
    preview: () => previewOf(text, ctx, line, []),
  };
}

/** The orders by clicking from one hex, on the draft the orders text makes (none of it when the text does not read). */
export function vernianPlans(text: string, octx: OrdersContext<Json>, area: string): PlanOffer {
  const ctx: Ctx = { ...octx, state: octx.state as unknown as VernianState };
  const none: PlanOffer = { area, units: [], plans: [], draftUnread: false };
  if ((ctx.seat !== 'germany' && ctx.seat !== 'allies') || !hexFacts(area)) return none;
  const side = ctx.seat as Side;
  const parsed = language.parseOrders(text, ctx);
  const orders = parsed.ok ? (parsed.value.orders as readonly Order[]) : [];
  // The state the turn's later orders are checked on (after the draft's moves), and each kind's draft in phase order.
  const drafts = phaseDrafts(orders, ctx);
  const after = drafts.after;
  const admitted = drafts.admitted;
  const moved = new Set(admitted.filter((o) => o.kind === 'move').flatMap((o) => o['units'] as string[]));
  const fired = new Set(admitted.filter((o) => o.kind === 'bombard').flatMap((o) => o['hqs'] as string[]));
  const mine = (occupancy(after).get(area) ?? []).filter((id) => unitInfo(id).side === side);
  const ownTurn = ctx.step.segment === (side === 'germany' ? 'german' : 'allied');
  const plans: Plan[] = [];
  const movers = mine.filter((id) => !moved.has(id) && unitInfo(id).type.full.move > 0);
  if (ownTurn && movers.length) plans.push(movePlan(text, ctx, after, side, movers, area));
  const ground = { text, orders, drafts, ctx, after, side, area };
  plans.push(...placingPlans(ground), ...airPlans(ground));
  for (const o of legalAt('attack', drafts, ctx, side, area))
    plans.push(attackPlan(text, ctx, after, side, o as unknown as { target: string; units: string[] }));
  // A kind of order the plans above do not know, given at a hex: each order offered as it stands.
  const known = new Set(['attack', ...AIR_KINDS, ...PLACING_KINDS]);
  for (const kind of kindsAt().filter((k) => !known.has(k)))
    legalAt(kind, drafts, ctx, side, area).forEach((o, i) => plans.push(offeredPlan(text, ctx, o, area, i)));
  if (ownTurn) plans.push(...bombardPlans(text, ctx, after, side, area, fired));
  // The seat's own units there, and its pieces (Zeppelins, Ether Flyers, Tanks, the Armored Front Buster).
  const pieces = Object.keys(after.pieces)
    .filter((id) => after.pieces[id]!.at === area && after.pieces[id]!.side === side)
    .sort(byNumber)
    .map((id) => ({ id, label: pieceStateLabel(id, after.pieces[id]!), at: area }));
  return { area, units: [...mine.map((id) => unitOf(after, id)), ...pieces], plans, draftUnread: !parsed.ok };
}
