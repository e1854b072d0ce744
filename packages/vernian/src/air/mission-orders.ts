import { jsonPath, unknownFieldProblems, type Ledger, type OrdersContext, type Problem } from '@umpire/engine';
import { hexBoard } from '../data/files.js';
import { occupancy } from '../base/positions.js';
import { isOnMap, type Mission, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import type { SeatPlayer } from '../orders/player.js';
import { no, type Spec } from '../orders/specs.js';
import { checkHexField, checkListField, readHex, splitOn } from '../orders/words.js';
import { checkFlyerField, readFlyer, readFlyerList } from './air-words.js';
import { asksOf, flyerRole, missionReach, missionRefusal, zeppelinsIn, type MissionOrder } from './missions.js';

/**
 * Clauses: VV-ETH-13, VV-ETH-17, VV-ETH-18, VV-ETH-19, VV-ETH-20, VV-ETH-21, VV-ETH-24, VV-ETH-27, VV-SEQ-13.
 * The orders of the Allied Mission Allocation Phase, given with the Allied player-turn's orders:
 * `interdict <CS or B types> at <hex>`, `escort <F types> with <CS or B type>` (after that flyer's interdict order),
 * `sweep <F types> at <hex>`. Each flyer flies one mission a turn; the range is counted from the base the flyer has
 * when the order is checked (after the turn's base-change orders). The orders a player may give by clicking a hex
 * (`candidatesAt`) send each free flyer based there, alone, to each hex of its mission range (`missionReach`): an
 * interdiction, a sweep over Zeppelins, or an escort of each flyer the orders so far send to interdict; the order
 * language keeps those its checks admit.
 */

type InterdictOrder = Extract<MissionOrder, { kind: 'interdict' }>;
type EscortOrder = Extract<MissionOrder, { kind: 'escort' }>;
type SweepOrder = Extract<MissionOrder, { kind: 'sweep' }>;

const alliedTurn = (ctx: OrdersContext<VernianState>, player: SeatPlayer) => player.side === 'allies' && ctx.step.segment === 'allied';

/** The missions the orders admitted so far give, flyer by flyer, in the order the phase flies them. */
function missionsGiven(state: VernianState, ledger: Ledger): Record<string, Mission> {
  const given: Record<string, Mission> = {};
  for (const o of ledger.admitted) {
    if (o.kind !== 'interdict' && o.kind !== 'escort' && o.kind !== 'sweep') continue;
    for (const ask of asksOf(o as unknown as MissionOrder, given))
      if (!missionRefusal(state, ask, given))
        given[ask.flyer] = { kind: ask.kind, hex: ask.hex, ...(ask.escorts ? { escorts: ask.escorts } : {}) };
  }
  return given;
}

function refusal(order: MissionOrder, ledger: Ledger, ctx: OrdersContext<VernianState>, player: SeatPlayer): Problem | undefined {
  if (player.side !== 'allies') return no('not-yours', 'German flyers fly no missions but interception (VV-ETH-18)');
  if (!alliedTurn(ctx, player)) return no('not-now', 'missions are given in the Allied player-turn (VV-ETH-17, VV-SEQ-13)');
  if (order.flyers.length === 0) return no('no-flyers', 'name at least one flyer', 'flyers');
  const given = missionsGiven(ctx.state, ledger);
  for (const [i, ask] of asksOf(order, given).entries()) {
    if (order.flyers.indexOf(ask.flyer) !== i) return no('twice', `${ask.flyer} is named twice`, 'flyers');
    const why = missionRefusal(ctx.state, ask, given);
    if (why) return no('bad-mission', why, order.kind === 'escort' && /escort goes with/.test(why) ? 'with' : 'flyers');
    given[ask.flyer] = { kind: ask.kind, hex: ask.hex };
  }
  return undefined;
}

/** `<flyers> <keyword> <hex or flyer>`, with located problems. */
function flyersAnd(
  rest: string,
  at: { line: number; column: number },
  keyword: string,
  example: string,
  read: (text: string, at: { line: number; column: number }) => string | Problem,
): { flyers: string[]; other: string } | Problem[] {
  const split = splitOn(rest, keyword, at.column);
  if (!split || split[0].trim() === '' || split[1].trim() === '')
    return [{ code: 'bad-order', message: `expected '${example}'`, line: at.line, column: at.column }];
  const flyers = readFlyerList(split[0], at);
  const other = read(split[1], { line: at.line, column: split[2] });
  const problems = [
    ...(flyers.length && typeof flyers[0] === 'object' ? (flyers as Problem[]) : []),
    ...(typeof other === 'string' ? [] : [other]),
  ];
  return problems.length ? problems : { flyers: flyers as string[], other: other as string };
}

/** JSON: `flyers` and one more field. */
function flyersJson(
  item: Record<string, unknown>,
  path: readonly (string | number)[],
  field: 'hex' | 'with',
  what: string,
): { flyers: string[]; other: string } | Problem[] {
  const at = (f: string) => jsonPath([...path, f]);
  const problems: Problem[] = unknownFieldProblems(item, path, ['kind', 'flyers', field], what);
  const flyers: string[] = [];
  if (!Array.isArray(item['flyers']) || item['flyers'].length === 0)
    problems.push({ code: 'bad-field', message: 'flyers: a list of flyer ids, such as ["fl-al-1"]', path: at('flyers') });
  else checkListField(item['flyers'], at('flyers'), checkFlyerField, flyers, problems);
  const other = field === 'hex' ? checkHexField(item[field], at(field)) : checkFlyerField(item[field], at(field));
  if (typeof other !== 'string') problems.push(other);
  return problems.length ? problems : { flyers, other: other as string };
}

/** The Allied flyers of a role on the map (in a hex, when given) with no mission yet in the draft, in id order. */
function freeFlyers(state: VernianState, ledger: Ledger, roles: readonly string[], hex?: string): string[] {
  const given = missionsGiven(state, ledger);
  return Object.keys(state.pieces)
    .filter((id) => {
      const p = state.pieces[id]!;
      return (
        p.side === 'allies' &&
        isOnMap(p.at) &&
        (hex === undefined || p.at === hex) &&
        roles.includes(flyerRole(state, id) ?? '') &&
        !given[id]
      );
    })
    .sort();
}

/** Each free flyer of a role based in a hex, alone, to each hex of its mission range that passes a test. */
function missionsFrom(
  ctx: OrdersContext<VernianState>,
  player: SeatPlayer,
  ledger: Ledger,
  area: string,
  roles: readonly string[],
  keep: (hex: string) => boolean = () => true,
): { flyer: string; hex: string }[] {
  if (!alliedTurn(ctx, player)) return [];
  return freeFlyers(ctx.state, ledger, roles, area).flatMap((flyer) =>
    missionReach(ctx.state, flyer)
      .filter(keep)
      .map((hex) => ({ flyer, hex })),
  );
}

const EXAMPLES = {
  interdict: 'interdict fl-al-7 at W5020',
  escort: 'escort fl-al-1 with fl-al-7',
  sweep: 'sweep fl-al-1, fl-al-2 at Aachen',
};

export const interdictSpec: Spec<InterdictOrder> = {
  kind: 'interdict',
  words: ['interdict'],
  example: EXAMPLES.interdict,
  parseText(rest, at) {
    const r = flyersAnd(rest, at, 'at', EXAMPLES.interdict, readHex);
    return Array.isArray(r) ? r : { kind: 'interdict', flyers: r.flyers, hex: r.other };
  },
  checkJson(item, path) {
    const r = flyersJson(item, path, 'hex', 'an interdict order');
    return Array.isArray(r) ? r : { kind: 'interdict', flyers: r.flyers, hex: r.other };
  },
  format: (o) => `interdict ${o.flyers.join(', ')} at ${o.hex}`,
  refusal,
  cost: () => 0,
  candidates(ledger, ctx, player) {
    if (!alliedTurn(ctx, player)) return [];
    const state = ctx.state;
    const occ = occupancy(state);
    const german = (hex: string) => (occ.get(hex) ?? []).some((id) => unitInfo(id).side === 'germany');
    const out: InterdictOrder[] = [];
    for (const flyer of freeFlyers(state, ledger, ['CS', 'B']).slice(0, 3)) {
      const heavy = flyerRole(state, flyer) === 'B';
      // A B type over German troops; a CS type over an empty hex next to them, on their supply lines.
      const hex = missionReach(state, flyer).find((h) => (heavy ? german(h) : !german(h) && !occ.has(h) && nearGerman(h, german)));
      if (hex) out.push({ kind: 'interdict', flyers: [flyer], hex });
    }
    return out;
  },
  candidatesAt: (ledger, ctx, player, area) =>
    missionsFrom(ctx, player, ledger, area, ['CS', 'B']).map(({ flyer, hex }) => ({ kind: 'interdict', flyers: [flyer], hex })),
};

/** Whether a hex has German ground units next to it. */
function nearGerman(hex: string, german: (hex: string) => boolean): boolean {
  return missionNeighbours(hex).some(german);
}

const missionNeighbours = (hex: string): string[] =>
  hexBoard()
    .neighbours(hex)
    .map((c) => c.to);

export const escortSpec: Spec<EscortOrder> = {
  kind: 'escort',
  words: ['escort'],
  example: EXAMPLES.escort,
  parseText(rest, at) {
    const r = flyersAnd(rest, at, 'with', EXAMPLES.escort, readFlyer);
    return Array.isArray(r) ? r : { kind: 'escort', flyers: r.flyers, with: r.other };
  },
  checkJson(item, path) {
    const r = flyersJson(item, path, 'with', 'an escort order');
    return Array.isArray(r) ? r : { kind: 'escort', flyers: r.flyers, with: r.other };
  },
  format: (o) => `escort ${o.flyers.join(', ')} with ${o.with}`,
  refusal,
  cost: () => 0,
  candidates(ledger, ctx, player) {
    if (!alliedTurn(ctx, player)) return [];
    const given = missionsGiven(ctx.state, ledger);
    const escorted = Object.keys(given).filter((id) => given[id]!.kind === 'interdict');
    const fighters = freeFlyers(ctx.state, ledger, ['F']);
    const out: EscortOrder[] = [];
    for (const target of escorted) for (const f of fighters.slice(0, 2)) out.push({ kind: 'escort', flyers: [f], with: target });
    return out;
  },
  candidatesAt(ledger, ctx, player, area) {
    if (!alliedTurn(ctx, player)) return [];
    const given = missionsGiven(ctx.state, ledger);
    const escorted = Object.keys(given).filter((id) => given[id]!.kind === 'interdict');
    return freeFlyers(ctx.state, ledger, ['F'], area).flatMap((f) =>
      escorted.map((target) => ({ kind: 'escort' as const, flyers: [f], with: target })),
    );
  },
};

export const sweepSpec: Spec<SweepOrder> = {
  kind: 'sweep',
  words: ['sweep'],
  example: EXAMPLES.sweep,
  parseText(rest, at) {
    const r = flyersAnd(rest, at, 'at', EXAMPLES.sweep, readHex);
    return Array.isArray(r) ? r : { kind: 'sweep', flyers: r.flyers, hex: r.other };
  },
  checkJson(item, path) {
    const r = flyersJson(item, path, 'hex', 'a sweep order');
    return Array.isArray(r) ? r : { kind: 'sweep', flyers: r.flyers, hex: r.other };
  },
  format: (o) => `sweep ${o.flyers.join(', ')} at ${o.hex}`,
  refusal,
  cost: () => 0,
  candidates(ledger, ctx, player) {
    if (!alliedTurn(ctx, player)) return [];
    const out: SweepOrder[] = [];
    for (const flyer of freeFlyers(ctx.state, ledger, ['F']).slice(0, 3)) {
      const hex = missionReach(ctx.state, flyer).find((h) => zeppelinsIn(ctx.state, h).length > 0);
      if (hex) out.push({ kind: 'sweep', flyers: [flyer], hex });
    }
    return out;
  },
  candidatesAt: (ledger, ctx, player, area) =>
    missionsFrom(ctx, player, ledger, area, ['F'], (hex) => zeppelinsIn(ctx.state, hex).length > 0).map(({ flyer, hex }) => ({
      kind: 'sweep',
      flyers: [flyer],
      hex,
    })),
};
