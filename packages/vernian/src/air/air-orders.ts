import { jsonPath, unknownFieldProblems, type Ledger, type OrdersContext, type Problem } from '@umpire/engine';
import { hexLabel } from '../base/hexes.js';
import { copyState, isOnMap, type VernianState } from '../base/state.js';
import type { SeatPlayer } from '../orders/player.js';
import { no, type Spec } from '../orders/specs.js';
import { checkHexField, checkPlaceableField, readHex, readPlaceable, splitOn, type Located } from '../orders/words.js';
import { checkPieceField, readPiece } from './piece-words.js';
import { flightReach, mayEndFlight } from './flight.js';
import { basesInReach } from './bases.js';
import { airKind, baseChangeRange, barredHexes, sideAirPieces, sortieRange } from './air-rules.js';
import { fly, nearestBase, rebaseRefusal, type RebaseOrder } from './base-change.js';
import { embark, embarkRefusal, sortieRefusal, zeppelinRefusal, type EmbarkOrder, type SortieOrder } from './zeppelins.js';

/**
 * Clauses: VV-SEQ-03, VV-SEQ-04, VV-SEQ-05, VV-SEQ-12, VV-ZEP-16, VV-ZEP-21, VV-ZEP-25, VV-ETH-07.
 * The air orders of the Base Change, Airmobile Embarkation and Sortie Phases, given with the rest of a player-turn's
 * orders: `rebase <piece> to <hex>` (a Zeppelin or Ether Flyer of the phasing side), `embark <Crack Troop> on
 * <Zeppelin>` and `sortie <Zeppelin> to <hex>` (German only). Pieces are named by id ('zep-3', 'fl-fr-1') or plainly
 * ('Zeppelin 3', 'French flyer 1'). Each is checked against the state the orders admitted before it leave, so an
 * embarkation follows its Zeppelin's base change; the phases check them again when they run (a Storm placed at the
 * start of the Operational Turn or a failed escape roll may still cancel a flight). The orders a player may give by
 * clicking a hex (`candidatesAt`) come from the rules' own reach: each of the side's air pieces there to every base in
 * reach (`basesInReach`), each Zeppelin there to every hex its Sortie reaches (`flightReach`), each Crack Troop there
 * aboard each Zeppelin there; the order language keeps those its checks admit.
 */

const ownTurn = (ctx: OrdersContext<VernianState>, player: SeatPlayer) =>
  ctx.step.segment === (player.side === 'germany' ? 'german' : 'allied');

const admitted = (ledger: Ledger, kind: string) => ledger.admitted.filter((o) => o.kind === kind);

/** '<a> <keyword> <b>' read by two readers, each problem located. */
function twoParts(
  rest: string,
  at: Located,
  keyword: string,
  expected: string,
  first: (t: string, at: Located) => string | Problem,
  second: (t: string, at: Located) => string | Problem,
): [string, string] | Problem[] {
  const split = splitOn(rest, keyword, at.column);
  if (!split || split[0].trim() === '' || split[1].trim() === '')
    return [{ code: 'bad-order', message: `expected ${expected}`, line: at.line, column: at.column }];
  const a = first(split[0], at);
  const b = second(split[1], { line: at.line, column: split[2] });
  const problems = [a, b].filter((x): x is Problem => typeof x !== 'string');
  return problems.length ? problems : [a as string, b as string];
}

/** Two fields of a JSON order, each read by its checker. */
function twoFields(
  item: Record<string, unknown>,
  path: readonly (string | number)[],
  what: string,
  fields: readonly [string, (v: unknown, p: string) => string | Problem, string, (v: unknown, p: string) => string | Problem],
): [string, string] | Problem[] {
  const [f1, c1, f2, c2] = fields;
  const problems = unknownFieldProblems(item, path, ['kind', f1, f2], what);
  const a = c1(item[f1], jsonPath([...path, f1]));
  const b = c2(item[f2], jsonPath([...path, f2]));
  for (const x of [a, b]) if (typeof x !== 'string') problems.push(x);
  return problems.length ? problems : [a as string, b as string];
}

const REBASE = "'rebase <piece> to <hex>', as in 'rebase zep-1 to Liege'";

export const rebaseSpec: Spec<RebaseOrder> = {
  kind: 'rebase',
  words: ['rebase'],
  example: 'rebase zep-1 to Liege',
  parseText(rest, at) {
    const r = twoParts(rest, at, 'to', REBASE, readPiece, readHex);
    return typeof r[0] === 'string' ? { kind: 'rebase', piece: r[0], to: r[1] as string } : (r as Problem[]);
  },
  checkJson(item, path) {
    const r = twoFields(item, path, 'a rebase order', ['piece', checkPieceField, 'to', checkHexField]);
    return typeof r[0] === 'string' ? { kind: 'rebase', piece: r[0], to: r[1] as string } : (r as Problem[]);
  },
  format: (o) => `rebase ${o.piece} to ${hexLabel(o.to)}`,
  refusal(order, ledger, ctx, player) {
    if (!ownTurn(ctx, player)) return no('not-now', 'air pieces change base in their own Base Change Phase (VV-SEQ-03, VV-SEQ-12)');
    if (admitted(ledger, 'rebase').some((o) => o['piece'] === order.piece))
      return no('twice', `${order.piece} changes base once a phase (VV-ZEP-13)`, 'piece');
    const why = rebaseRefusal(ctx.state, player.side, order.piece, order.to);
    const mine = airKind(ctx.state, order.piece) !== undefined && ctx.state.pieces[order.piece]?.side === player.side;
    return why ? no('bad-rebase', why, mine ? 'to' : 'piece') : undefined;
  },
  cost: () => 0,
  candidates(ledger, ctx, player) {
    if (!ownTurn(ctx, player)) return [];
    const done = new Set(admitted(ledger, 'rebase').map((o) => o['piece']));
    const out: RebaseOrder[] = [];
    // One destination a piece, the nearest legal base, and a few pieces: enough for random play.
    for (const id of sideAirPieces(ctx.state, player.side)) {
      if (done.has(id) || out.length >= 4) continue;
      const to = nearestBase(ctx.state, player.side, id, baseChangeRange(ctx.state, id));
      if (to && rebaseRefusal(ctx.state, player.side, id, to) === undefined) out.push({ kind: 'rebase', piece: id, to });
    }
    return out;
  },
  candidatesAt(ledger, ctx, player, area) {
    if (!ownTurn(ctx, player)) return [];
    const done = new Set(admitted(ledger, 'rebase').map((o) => o['piece']));
    const state = ctx.state;
    const out: RebaseOrder[] = [];
    // Pieces of one kind and range reach the same bases: worked out once for each.
    const reach = new Map<string, string[]>();
    for (const id of sideAirPieces(state, player.side)) {
      if (done.has(id) || state.pieces[id]!.at !== area) continue;
      const kind = airKind(state, id)!;
      const range = baseChangeRange(state, id);
      const key = `${kind} ${range}`;
      if (!reach.has(key)) reach.set(key, basesInReach(state, player.side, kind, area, range, barredHexes(state, player.side, kind)));
      for (const to of reach.get(key)!) if (to !== area) out.push({ kind: 'rebase', piece: id, to });
    }
    return out;
  },
  prospect(order, state) {
    const next = copyState(state);
    fly(next, order.piece, order.to);
    return next;
  },
};

const EMBARK = "'embark <Crack Troop> on <Zeppelin>', as in 'embark de-71 on zep-1'";

export const embarkSpec: Spec<EmbarkOrder> = {
  kind: 'embark',
  words: ['embark'],
  example: 'embark de-71 on zep-1',
  parseText(rest, at) {
    const r = twoParts(rest, at, 'on', EMBARK, readPlaceable, readPiece);
    return typeof r[0] === 'string' ? { kind: 'embark', troop: r[0], zeppelin: r[1] as string } : (r as Problem[]);
  },
  checkJson(item, path) {
    const r = twoFields(item, path, 'an embark order', ['troop', checkPlaceableField, 'zeppelin', checkPieceField]);
    return typeof r[0] === 'string' ? { kind: 'embark', troop: r[0], zeppelin: r[1] as string } : (r as Problem[]);
  },
  format: (o) => `embark ${o.troop} on ${o.zeppelin}`,
  refusal(order, ledger, ctx, player) {
    if (player.side !== 'germany') return no('not-yours', 'only German Zeppelins carry troops (VV-ZEP-21)');
    if (!ownTurn(ctx, player)) return no('not-now', 'troops embark in the German Airmobile Embarkation Phase (VV-SEQ-04)');
    if (admitted(ledger, 'embark').some((o) => o['zeppelin'] === order.zeppelin))
      return no('twice', `${order.zeppelin} takes one Crack Troop aboard (VV-ZEP-22)`, 'zeppelin');
    if (admitted(ledger, 'move').some((o) => (o['units'] as string[]).includes(order.troop)))
      return no('moved', `${order.troop} has a move order: a flown Crack Troop makes no other move (VV-ZEP-35)`, 'troop');
    const bad = zeppelinRefusal(ctx.state, player.side, order.zeppelin);
    if (bad) return no('bad-embark', bad, 'zeppelin');
    const why = embarkRefusal(ctx.state, player.side, order.troop, order.zeppelin);
    return why ? no('bad-embark', why, 'troop') : undefined;
  },
  cost: () => 0,
  candidates(_ledger, ctx, player) {
    if (player.side !== 'germany' || !ownTurn(ctx, player)) return [];
    const out: EmbarkOrder[] = [];
    const state = ctx.state;
    // The Crack Troops on the map by hex: the only units that may board.
    const troops = new Map<string, string[]>();
    for (const id in state.units) {
      const u = state.units[id]!;
      if (u.crack && isOnMap(u.at)) troops.set(u.at, [...(troops.get(u.at) ?? []), id]);
    }
    for (const z of sideAirPieces(state, 'germany')) {
      if (airKind(state, z) !== 'zeppelin' || state.pieces[z]!.carrying) continue;
      const here = troops.get(state.pieces[z]!.at) ?? [];
      const troop = here.find((id) => embarkRefusal(state, 'germany', id, z) === undefined);
      if (troop) out.push({ kind: 'embark', troop, zeppelin: z });
      if (out.length >= 3) break;
    }
    return out;
  },
  candidatesAt(ledger, ctx, player, area) {
    if (player.side !== 'germany' || !ownTurn(ctx, player)) return [];
    const state = ctx.state;
    const boarded = new Set(admitted(ledger, 'embark').map((o) => o['zeppelin']));
    const troops = Object.keys(state.units)
      .filter((id) => state.units[id]!.crack && state.units[id]!.at === area)
      .sort();
    const zeps = sideAirPieces(state, 'germany').filter(
      (z) => airKind(state, z) === 'zeppelin' && state.pieces[z]!.at === area && !state.pieces[z]!.carrying && !boarded.has(z),
    );
    return zeps.flatMap((zeppelin) => troops.map((troop) => ({ kind: 'embark' as const, troop, zeppelin })));
  },
  prospect(order, state) {
    const next = copyState(state);
    embark(next, order.troop, order.zeppelin);
    return next;
  },
};

const SORTIE = "'sortie <Zeppelin> to <hex>', as in 'sortie zep-1 to W7412'";

export const sortieSpec: Spec<SortieOrder> = {
  kind: 'sortie',
  words: ['sortie'],
  example: 'sortie zep-1 to W7412',
  parseText(rest, at) {
    const r = twoParts(rest, at, 'to', SORTIE, readPiece, readHex);
    return typeof r[0] === 'string' ? { kind: 'sortie', zeppelin: r[0], to: r[1] as string } : (r as Problem[]);
  },
  checkJson(item, path) {
    const r = twoFields(item, path, 'a sortie order', ['zeppelin', checkPieceField, 'to', checkHexField]);
    return typeof r[0] === 'string' ? { kind: 'sortie', zeppelin: r[0], to: r[1] as string } : (r as Problem[]);
  },
  format: (o) => `sortie ${o.zeppelin} to ${hexLabel(o.to)}`,
  refusal(order, ledger, ctx, player) {
    if (player.side !== 'germany') return no('not-yours', 'only German Zeppelins sortie; Allied flyers fly Missions (VV-ZEP-25)');
    if (!ownTurn(ctx, player)) return no('not-now', 'Zeppelins sortie in the German Zeppelin Sortie Phase (VV-SEQ-05)');
    if (admitted(ledger, 'sortie').some((o) => o['zeppelin'] === order.zeppelin))
      return no('twice', `${order.zeppelin} sorties once a turn (VV-ZEP-13)`, 'zeppelin');
    const bad = zeppelinRefusal(ctx.state, player.side, order.zeppelin);
    if (bad) return no('bad-sortie', bad, 'zeppelin');
    const why = sortieRefusal(ctx.state, player.side, order.zeppelin, order.to);
    return why ? no('bad-sortie', why, 'to') : undefined;
  },
  cost: () => 0,
  candidates(ledger, ctx, player) {
    if (player.side !== 'germany' || !ownTurn(ctx, player)) return [];
    const done = new Set(admitted(ledger, 'sortie').map((o) => o['zeppelin']));
    const state = ctx.state;
    const out: SortieOrder[] = [];
    // Carrying Zeppelins first (their passengers want a landing hex), then a few others: the farthest hex in range.
    const zeps = sideAirPieces(state, 'germany').filter((z) => airKind(state, z) === 'zeppelin' && !done.has(z));
    zeps.sort((a, b) => Number(!state.pieces[a]!.carrying) - Number(!state.pieces[b]!.carrying));
    for (const z of zeps.slice(0, 4)) {
      const reach = [...flightReach(state.pieces[z]!.at, sortieRange(state, z), barredHexes(state, 'germany', 'zeppelin')).keys()];
      const ends = reach
        .reverse()
        .filter((hex) => mayEndFlight(hex) && !state.inventions.storms.includes(hex))
        .slice(0, 4);
      const to = ends.find((hex) => sortieRefusal(state, 'germany', z, hex) === undefined);
      if (to) out.push({ kind: 'sortie', zeppelin: z, to });
    }
    return out;
  },
  candidatesAt(ledger, ctx, player, area) {
    if (player.side !== 'germany' || !ownTurn(ctx, player)) return [];
    const done = new Set(admitted(ledger, 'sortie').map((o) => o['zeppelin']));
    const state = ctx.state;
    const barred = barredHexes(state, 'germany', 'zeppelin');
    const out: SortieOrder[] = [];
    for (const z of sideAirPieces(state, 'germany')) {
      if (airKind(state, z) !== 'zeppelin' || state.pieces[z]!.at !== area || done.has(z)) continue;
      for (const [to, d] of flightReach(area, sortieRange(state, z), barred))
        if (d > 0 && mayEndFlight(to)) out.push({ kind: 'sortie', zeppelin: z, to });
    }
    return out;
  },
  prospect(order, state) {
    const next = copyState(state);
    fly(next, order.zeppelin, order.to);
    return next;
  },
};
