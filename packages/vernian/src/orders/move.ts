import { jsonPath, type Problem } from '@umpire/engine';
import { hexLabel } from '../base/hexes.js';
import { occupancy, takeControl } from '../base/positions.js';
import { copyState, isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { fits } from '../arrivals/setup-rules.js';
import { moverOf, moveWorld, pathRefusal, pathTo, reachableHexes } from '../movement/movement.js';
import { piecesIn, pieceType } from '../base/pieces.js';
import { busterMove, busterStepRefusal, quietPush, type PushContext } from '../tanks/front-buster.js';
import { supplyMoveRefusal } from '../supply/moving.js';
import { no, type Spec } from './specs.js';
import { closesTunnel, TUNNEL_KEEPER } from '../england/tunnel-guard.js';
import { carrierOf } from '../air/air-rules.js';
import { checkHexField, checkPlaceableField, readHex, readHexList, readPlaceableList, splitOn } from './words.js';

/**
 * Clauses: VB-MOVE-01, VB-MOVE-03, VB-MOVE-09, VB-MOVE-10, VB-STACK-03, VB-STACK-04, VB-CTRL-02, VB-HQ-06, VV-SEQ-07,
 * VV-SEQ-15, VV-TUN-02, VV-TUN-03, VV-TANK-02, VV-TANK-04, VV-TANK-07, VV-AFB-09, VV-AFB-14, VV-ZEP-35.
 * `move <units> to <hex> [via <hex>, ...]`: in the Ground Movement Phase, each unit named moves to the hex, by the
 * path given (through the `via` hexes in order) or by its cheapest legal path. A unit moves once a phase. The units
 * enter every hex of the path: a ground combat unit takes control of each and destroys enemy HQs it overruns. While
 * the Channel tunnel is open, no German order may take the last German infantry out of Dover (D-AMB-17).
 * A Tank or the Armored Front Buster moves by the same order, named by its id ('tank-al-1', 'afb-1') or, for the AFB,
 * its name: a Tank by the movement rules of a unit with its 4 movement points (VV-TANK-04), ending each order in a hex
 * with infantry of its side and no other Tank of its side (VV-TANK-07, VV-TANK-02: move the infantry first, or in
 * the same order); the AFB one hex, pushing the enemy back (tanks/front-buster.ts). A Crack Troop a Zeppelin carries
 * this turn lands instead of moving (VV-ZEP-35).
 */

export type MoveOrder = { kind: 'move'; units: string[]; to: string; via?: string[] };

/** The path a unit takes for an order: the `via` hexes and the end, or its cheapest legal path; undefined when none. */
export function pathFor(state: VernianState, unit: string, order: MoveOrder, turn: number): readonly string[] | undefined {
  const mover = moverOf(state, unit)!;
  const from = mover.at;
  const world = moveWorld(state, mover.side);
  if (order.via?.length) {
    const path = [from, ...order.via, order.to];
    return pathRefusal(world, unit, path, turn) === undefined ? path : undefined;
  }
  return pathTo(world, unit, order.to, turn)?.path;
}

/**
 * Move units along their paths: control taken and HQs overrun on the way (VB-CTRL-02, VB-MOVE-07, VB-HQ-06). A Tank
 * only changes hex; the AFB pushes the enemy back (its owner's choices asked of `push`, by default in a check).
 */
export function applyMove(
  state: VernianState,
  unit: string,
  path: readonly string[],
  occ?: ReadonlyMap<string, readonly string[]>,
  push: PushContext = quietPush,
): string[] {
  const piece = state.pieces[unit];
  if (piece) {
    if (pieceType(piece.type).kind === 'afb') busterMove(state, unit, path[path.length - 1]!, push);
    else piece.at = path[path.length - 1]!;
    return [];
  }
  const u = unitInfo(unit);
  const destroyed: string[] = [];
  if (u.combat) {
    occ ??= occupancy(state);
    for (const hex of path.slice(1)) {
      for (const id of occ.get(hex) ?? []) {
        if (unitInfo(id).side === u.side) continue;
        state.units[id]!.at = 'out';
        destroyed.push(id);
      }
      takeControl(state, hex, u.side);
    }
  }
  state.units[unit]!.at = path[path.length - 1]!;
  return destroyed;
}

const movedIn = (admitted: readonly { kind: string; [k: string]: unknown }[]) =>
  new Set(admitted.filter((o) => o.kind === 'move').flatMap((o) => o['units'] as string[]));

export const moveSpec: Spec<MoveOrder> = {
  kind: 'move',
  words: ['move', 'm'],
  example: 'move de-3, de-4 to W8012 via W8112',
  parseText(rest, at) {
    const toSplit = splitOn(rest, 'to', at.column);
    if (!toSplit)
      return [{ code: 'bad-order', message: "expected 'move <units> to <hex> [via <hex>, ...]'", line: at.line, column: at.column }];
    const [unitsText, after, toColumn] = toSplit;
    const viaSplit = splitOn(after, 'via', toColumn);
    const units = readPlaceableList(unitsText, { line: at.line, column: at.column });
    const to = readHex(viaSplit ? viaSplit[0] : after, { line: at.line, column: toColumn });
    const via = viaSplit ? readHexList(viaSplit[1], { line: at.line, column: viaSplit[2] }) : [];
    const problems = [...(isProblems(units) ? units : []), ...(typeof to === 'string' ? [] : [to]), ...(isProblems(via) ? via : [])];
    if (problems.length) return problems;
    return { kind: 'move', units: units as string[], to: to as string, ...((via as string[]).length ? { via: via as string[] } : {}) };
  },
  checkJson(item, path) {
    const at = (f: string | number) => jsonPath([...path, f]);
    const problems: Problem[] = [];
    for (const k of Object.keys(item))
      if (!['kind', 'units', 'to', 'via'].includes(k))
        problems.push({ code: 'unknown-field', message: `no field '${k}' here; the fields are kind, units, to, via`, path: at(k) });
    const units: string[] = [];
    if (!Array.isArray(item['units']) || item['units'].length === 0)
      problems.push({ code: 'bad-field', message: 'units: a list of unit ids (a Tank or the AFB by its piece id)', path: at('units') });
    else
      item['units'].forEach((u, i) => {
        const r = checkPlaceableField(u, `${at('units')}[${i}]`);
        if (typeof r === 'string') units.push(r);
        else problems.push(r);
      });
    const to = checkHexField(item['to'], at('to'));
    if (typeof to !== 'string') problems.push(to);
    const via: string[] = [];
    if (item['via'] !== undefined) {
      if (!Array.isArray(item['via'])) problems.push({ code: 'bad-field', message: 'via: a list of hexes', path: at('via') });
      else
        item['via'].forEach((h, i) => {
          const r = checkHexField(h, `${at('via')}[${i}]`);
          if (typeof r === 'string') via.push(r);
          else problems.push(r);
        });
    }
    return problems.length ? problems : { kind: 'move', units, to: to as string, ...(via.length ? { via } : {}) };
  },
  format: (o) => `move ${o.units.join(', ')} to ${hexLabel(o.to)}${o.via?.length ? ` via ${o.via.join(', ')}` : ''}`,
  refusal(order, ledger, ctx, player) {
    if (ctx.step.segment !== (player.side === 'germany' ? 'german' : 'allied')) return no('not-now', 'units move in their own player-turn');
    const moved = movedIn(ledger.admitted);
    let state = ctx.state;
    for (const unit of order.units) {
      const m = moverOf(state, unit);
      if (!m) return no('not-ground', `${unit} is no ground unit: Zeppelins and Ether Flyers move in their own phases`, 'units');
      if (m.side !== player.side) return no('not-yours', `${m.name} is not yours`, 'units');
      if (!isOnMap(m.at)) return no('not-on-map', `${m.name} is not on the map`, 'units');
      if (moved.has(unit) || order.units.indexOf(unit) !== order.units.lastIndexOf(unit))
        return no('moved', `${m.name} has already moved this phase`, 'units');
      if (carrierOf(state, unit))
        return no('flown', `${m.name} is flown by Zeppelin this turn and makes no other move (VV-ZEP-35)`, 'units');
      if (m.at === order.to) return no('no-move', `${m.name} is already in ${order.to}`, 'to');
      const path = pathFor(state, unit, order, ctx.step.turn);
      if (!path) {
        const why = m.kind === 'afb' ? busterStepRefusal(state, unit, order.to) : undefined;
        return no('unreachable', why ?? `${m.name} cannot reach ${hexLabel(order.to)} this turn`, 'to');
      }
      const next = copyState(state);
      applyMove(next, unit, path);
      const why = supplyMoveRefusal(player.start, next, unit);
      if (why) return no('supply', why, 'to');
      state = next;
    }
    if (player.side === 'germany' && closesTunnel(ctx.state, state)) return no('tunnel', TUNNEL_KEEPER, 'units');
    const occ = occupancy(state);
    for (const unit of order.units) {
      if (state.pieces[unit]) {
        const why = tankRefusal(state, unit, occ);
        if (why) return no('tank', why, 'units');
      } else if (!fits(state, unit, order.to, occ))
        return no('full', `${hexLabel(order.to)} would hold more than six steps or more than one HQ (VB-STACK-04)`, 'to');
    }
    return undefined;
  },
  cost: () => 0,
  candidates(ledger, ctx, player) {
    if (ctx.step.segment !== (player.side === 'germany' ? 'german' : 'allied')) return [];
    const moved = movedIn(ledger.admitted);
    const out: MoveOrder[] = [];
    const world = moveWorld(ctx.state, player.side);
    for (const id of Object.keys(ctx.state.units).sort()) {
      const s = ctx.state.units[id]!;
      if (!isOnMap(s.at) || moved.has(id) || unitInfo(id).side !== player.side || carrierOf(ctx.state, id)) continue;
      const reach = [...reachableHexes(world, id, ctx.step.turn).values()];
      // A few destinations a unit: the farthest it can go and a step beside it, so the list stays short.
      const picks = [reach[reach.length - 1], reach[Math.floor(reach.length / 2)], reach[0]].filter((r) => r !== undefined);
      for (const r of new Set(picks)) out.push({ kind: 'move', units: [id], to: r.id });
      if (out.length > 60) break;
    }
    const occ = occupancy(ctx.state);
    const infantryAt = (hex: string) => (occ.get(hex) ?? []).some((u) => unitInfo(u).infantry && unitInfo(u).side === player.side);
    for (const id of Object.keys(ctx.state.pieces).sort()) {
      const m = moverOf(ctx.state, id);
      if (!m || m.side !== player.side || !isOnMap(m.at) || moved.has(id)) continue;
      // A Tank goes where infantry of its side and no Tank stand already; the AFB anywhere it may go.
      const reach = [...reachableHexes(world, id, ctx.step.turn).values()].filter(
        (r) => m.kind === 'afb' || (infantryAt(r.id) && piecesIn(ctx.state, r.id, 'tank', m.side).length === 0),
      );
      for (const r of reach.slice(-3)) out.push({ kind: 'move', units: [id], to: r.id });
    }
    return out;
  },
  prospect(order, state, player) {
    const next = copyState(state);
    for (const unit of order.units) {
      const path = pathFor(next, unit, order, player.turn) ?? [next.units[unit]!.at, order.to];
      applyMove(next, unit, path);
    }
    return next;
  },
};

/** Why a Tank may not end an order where it stands: no infantry of its side there, or a second Tank (VV-TANK-07, VV-TANK-02). */
function tankRefusal(state: VernianState, piece: string, occ = occupancy(state)): string | undefined {
  const p = state.pieces[piece]!;
  if (pieceType(p.type).kind !== 'tank') return undefined;
  if (piecesIn(state, p.at, 'tank', p.side).length > 1)
    return `${hexLabel(p.at)} would hold two Tanks: a stack holds at most one (VV-TANK-02)`;
  if (!(occ.get(p.at) ?? []).some((id) => unitInfo(id).infantry && unitInfo(id).side === p.side))
    return (
      `a Tank moves with infantry of its side and ${hexLabel(p.at)} would hold none: ` +
      'move the infantry first, or in the same order (VV-TANK-07)'
    );
  return undefined;
}

function isProblems(x: unknown): x is Problem[] {
  return Array.isArray(x) && x.length > 0 && typeof x[0] === 'object';
}
