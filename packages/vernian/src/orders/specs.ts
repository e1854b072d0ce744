import { jsonPath, type AnyOrder, type OrderSpec, type Problem } from '@umpire/engine';
import { allHexes, hexFacts, hexLabel } from '../base/hexes.js';
import { occupancy } from '../base/positions.js';
import type { Side } from '../base/sides.js';
import type { SeatPlayer } from './player.js';
import type { VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { fits, setupCandidates, setupGroup, setupRefusal } from '../arrivals/setup-rules.js';
import { placementRefusal, placeUnit } from '../arrivals/new-units.js';
import { setUp } from '../arrivals/opening.js';
import { checkHexField, checkPlaceableField, checkUnitField, readHex, readPlaceable, readUnit, splitOn } from './words.js';
import { byNumber, knownPiece } from '../base/pieces.js';
import { pieceCandidates, piecePlacementRefusal, placePiece } from '../arrivals/piece-placement.js';
import { copyState } from '../base/state.js';

/**
 * Clauses: VB-SETUP-02, VB-SETUP-03, VB-REIN-04, VB-REIN-15, VB-REIN-16, VB-REIN-17, VB-REIN-18.
 * The order kinds of the set-up and the New Units Phase: `setup <unit> at <hex>` (the set-up step) and
 * `place <unit> at <hex>` (a unit or one of the variant's pieces, by its id, from the Available Units box). Each is
 * checked against the state after the orders admitted before it. Clicking a hex (`candidatesAt`) offers the seat's
 * units there in the set-up step to each hex their set-up group may use (`setupCandidates`), and in a New Units Phase
 * every unit and piece of the seat's Available Units box that may be placed in the hex.
 */

export type Spec<O extends AnyOrder> = OrderSpec<O, VernianState, SeatPlayer>;
export type SetupOrder = { kind: 'setup'; unit: string; hex: string };
export type PlaceOrder = { kind: 'place'; unit: string; hex: string };

const clone = (s: VernianState): VernianState => copyState(s);

/** A refusal: why the order cannot be given, with the field it is about. */
export const no = (code: string, message: string, field?: string): Problem => ({ code, message, ...(field ? { field } : {}) });

/** `<unit> at <hex>`, with located problems. */
function unitAtHex(
  rest: string,
  line: number,
  column: number,
  example: string,
  read: (text: string, at: { line: number; column: number }) => string | Problem = readUnit,
): { unit: string; hex: string } | Problem[] {
  const parts = splitOn(rest, 'at', column);
  if (!parts) return [{ code: 'bad-order', message: `expected '<unit> at <hex>', as in '${example}'`, line, column }];
  const [u, h, hexColumn] = parts;
  const unit = read(u, { line, column });
  const hex = readHex(h, { line, column: hexColumn });
  const problems = [unit, hex].filter((x): x is Problem => typeof x !== 'string');
  return problems.length ? problems : { unit: unit as string, hex: hex as string };
}

function unitHexJson(
  item: Record<string, unknown>,
  path: readonly (string | number)[],
  check: (value: unknown, path: string) => string | Problem = checkUnitField,
): { unit: string; hex: string } | Problem[] {
  const at = (f: string) => jsonPath([...path, f]);
  const extra = Object.keys(item).filter((k) => !['kind', 'unit', 'hex'].includes(k));
  const unit = check(item['unit'], at('unit'));
  const hex = checkHexField(item['hex'], at('hex'));
  const problems = [unit, hex].filter((x): x is Problem => typeof x !== 'string');
  for (const k of extra)
    problems.push({ code: 'unknown-field', message: `no field '${k}' here; the fields are kind, unit, hex`, path: at(k) });
  return problems.length ? problems : { unit: unit as string, hex: hex as string };
}

export const setupSpec: Spec<SetupOrder> = {
  kind: 'setup',
  words: ['setup', 'set'],
  example: 'setup de-3 at W8405',
  parseText(rest, at) {
    const r = unitAtHex(rest, at.line, at.column, 'setup de-3 at W8405');
    return Array.isArray(r) ? r : { kind: 'setup', ...r };
  },
  checkJson(item, path) {
    const r = unitHexJson(item, path);
    return Array.isArray(r) ? r : { kind: 'setup', ...r };
  },
  format: (o) => `setup ${o.unit} at ${hexLabel(o.hex)}`,
  refusal(order, ledger, ctx, { side }) {
    if (ctx.step.segment !== 'setup') return no('not-now', 'set-up orders are given in the set-up step only');
    const u = unitInfo(order.unit);
    if (u.side !== side) return no('not-yours', `${u.name} is not yours`, 'unit');
    if (!setupGroup(u)) return no('no-setup', `${u.name} does not start on a map (code ${u.entry.code})`, 'unit');
    if (ledger.admitted.some((o) => o.kind === 'setup' && o['unit'] === order.unit))
      return no('twice', `${u.name} is set up twice`, 'unit');
    const state = ctx.state;
    const why = setupRefusal(state, order.unit, order.hex);
    if (why) return no('bad-setup', why, 'hex');
    if (!fits(state, order.unit, order.hex)) return no('full', `${order.hex} is full: six steps and one HQ (VB-STACK-01)`, 'hex');
    return undefined;
  },
  cost: () => 0,
  candidates: () => [],
  candidatesAt(ledger, ctx, { side }, area) {
    if (ctx.step.segment !== 'setup') return [];
    const done = new Set(ledger.admitted.filter((o) => o.kind === 'setup').map((o) => o['unit']));
    const here = Object.keys(ctx.state.units)
      .filter((id) => ctx.state.units[id]!.at === area && !done.has(id) && unitInfo(id).side === side && setupGroup(unitInfo(id)))
      .sort();
    return here.flatMap((unit) =>
      setupCandidates(unit)
        .filter((hex) => hex !== area)
        .map((hex) => ({ kind: 'setup' as const, unit, hex })),
    );
  },
  prospect(order, state) {
    const next = clone(state);
    setUp(next, order.unit, order.hex);
    return next;
  },
};

export const placeSpec: Spec<PlaceOrder> = {
  kind: 'place',
  words: ['place'],
  example: 'place fr-42 at Paris',
  parseText(rest, at) {
    const r = unitAtHex(rest, at.line, at.column, 'place fr-42 at Paris', readPlaceable);
    return Array.isArray(r) ? r : { kind: 'place', ...r };
  },
  checkJson(item, path) {
    const r = unitHexJson(item, path, checkPlaceableField);
    return Array.isArray(r) ? r : { kind: 'place', ...r };
  },
  format: (o) => `place ${o.unit} at ${hexLabel(o.hex)}`,
  refusal(order, _ledger, ctx, { side }) {
    if (ctx.step.segment === 'setup' || ctx.step.segment === 'strategic') return no('not-now', 'units are placed in the New Units Phase');
    if (knownPiece(order.unit)) {
      const p = ctx.state.pieces[order.unit];
      if (p && p.side !== side) return no('not-yours', `${order.unit} is not yours`, 'unit');
      if (!p || p.at !== 'box') return no('not-boxed', `${order.unit} is not in the Available Units box`, 'unit');
      const why = piecePlacementRefusal(ctx.state, side, order.unit, order.hex);
      return why ? no('bad-placement', why, 'hex') : undefined;
    }
    const why = placementRefusal(ctx.state, side, order.unit, order.hex);
    return why ? no('bad-placement', why, 'hex') : undefined;
  },
  cost: () => 0,
  candidates(_ledger, ctx, { side }) {
    const boxed = Object.keys(ctx.state.units).filter((id) => ctx.state.units[id]!.at === 'box' && unitInfo(id).side === side);
    // Pieces of one type are alike: the first of each type in the box stands for the others.
    const pieces = new Map<string, string>();
    for (const id of Object.keys(ctx.state.pieces).sort(byNumber)) {
      const p = ctx.state.pieces[id]!;
      if (p.at === 'box' && p.side === side && !pieces.has(p.type)) pieces.set(p.type, id);
    }
    return [
      ...boxed.slice(0, 20).flatMap((unit) => placeCandidates(ctx.state, side, unit).map((hex) => ({ kind: 'place' as const, unit, hex }))),
      ...[...pieces.values()].flatMap((unit) =>
        pieceCandidates(ctx.state, side, unit).map((hex) => ({ kind: 'place' as const, unit, hex })),
      ),
    ];
  },
  candidatesAt(_ledger, ctx, { side }, area) {
    if (ctx.step.segment === 'setup' || ctx.step.segment === 'strategic' || !hexFacts(area)) return [];
    const state = ctx.state;
    const occ = occupancy(state);
    const units = Object.keys(state.units)
      .filter((id) => state.units[id]!.at === 'box' && unitInfo(id).side === side)
      .filter((id) => placementRefusal(state, side, id, area, occ) === undefined)
      .sort();
    const pieces = Object.keys(state.pieces)
      .filter((id) => state.pieces[id]!.at === 'box' && state.pieces[id]!.side === side)
      .filter((id) => piecePlacementRefusal(state, side, id, area, occ) === undefined)
      .sort(byNumber);
    return [...units, ...pieces].map((unit) => ({ kind: 'place' as const, unit, hex: area }));
  },
  prospect(order, state) {
    const next = clone(state);
    if (knownPiece(order.unit)) placePiece(next, order.unit, order.hex);
    else placeUnit(next, order.unit, order.hex);
    return next;
  },
};

function placeCandidates(state: VernianState, side: Side, unit: string): string[] {
  const out: string[] = [];
  const occ = occupancy(state);
  for (const h of allHexes()) {
    if (!(h.city || h.edge || h.port || h.town)) continue;
    if (placementRefusal(state, side, unit, h.id, occ) === undefined) out.push(h.id);
    if (out.length >= 4) break;
  }
  return out;
}
