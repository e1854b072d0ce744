import { jsonPath, unknownFieldProblems, type OrderList, type PhaseContext, type Problem } from '@umpire/engine';
import { airWar } from '../data/files.js';
import { hexLabel } from '../base/hexes.js';
import { byNumber, pieceEntry, pieceStateLabel, pieceType } from '../base/pieces.js';
import { otherSide, type Side } from '../base/sides.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { no, type Spec } from '../orders/specs.js';
import { checkListField } from '../orders/words.js';
import { checkFlyerField, readFlyerList } from './air-words.js';
import { fightOut, type AbortHandler } from './air-combat.js';
import { airPiecesOf, baseRefusal } from './bases.js';
import { flightDistance } from './flight.js';
import { barredTo, flyerRole, groundedWhy, markInterdictions, missionReturn, returnToBase, zeppelinsIn } from './missions.js';

/**
 * Clauses: VV-SEQ-06, VV-SEQ-14, VV-ETH-02, VV-ETH-15, VV-ETH-17, VV-ETH-18, VV-ETH-19, VV-ETH-22, VV-ETH-23, VV-ETH-33,
 * VV-AIR-02, VV-AIR-03, VV-AIR-04, VV-AIR-16, VV-AIR-26, VV-ZEP-05.
 * The Interception Phases and the Sweeps. In the other side's Interception Phase a player's F types based within three
 * hexes (VV-ETH-15, flying round Storms and, for the Allies, generators) of a hex where the phasing side's air pieces
 * are in the air may fly there and fight (VV-ETH-22, VV-ETH-23, D-AMB-35): Allied fighters in the German turn attack
 * the Zeppelins of a hex where Zeppelins ended a flight (table (b), AMB-36); German fighters in the Allied turn attack a
 * hex where CS or B types fly an interdiction mission, fighting its escorts first (table (a), VV-AIR-02, VV-AIR-03),
 * then, if any is left, its CS and B types one at a time (table (c), VV-AIR-26, D-AMB-46). Allied fighters sweeping,
 * and German fighters on the ground, are no part of these fights (VV-AIR-04, D-AMB-36). Each interceptor returns to
 * base as soon as its fight is over (VV-ETH-33). The Sweeps are fought after the German interceptions, in the same
 * phase (D-AMB-37). Which fighters intercept is the non-phasing player's decision, one for each fighter that could:
 * his standing order `intercept with <F types>` answers it (each named fighter to the nearest hex it can reach, then
 * the lowest hex id), `intercept none` keeps them all home, and without either a live game asks him.
 */

export type InterceptOrder = { kind: 'intercept'; flyers: string[] };

const EXAMPLE = 'intercept with fl-de-1, fl-de-2';

/** Whether a catalogue piece is an F type of a side (it may not have arrived yet: a standing order lasts). */
function fighterOf(id: string, side: Side): boolean {
  const e = pieceEntry(id);
  return e !== undefined && e.side === side && pieceType(e.type).kind === 'flyer' && (pieceType(e.type).role ?? 'F') === 'F';
}

export const interceptSpec: Spec<InterceptOrder> = {
  kind: 'intercept',
  words: ['intercept'],
  example: EXAMPLE,
  parseText(rest, at) {
    if (/^\s*none\s*$/i.test(rest)) return { kind: 'intercept', flyers: [] };
    const m = /^(\s*with\s+)/i.exec(rest);
    const skip = m ? m[1]!.length : 0;
    if (rest.slice(skip).trim() === '') return [{ code: 'bad-order', message: `expected '${EXAMPLE}' or 'intercept none'`, ...at }];
    const flyers = readFlyerList(rest.slice(skip), { line: at.line, column: at.column + skip });
    return flyers.length && typeof flyers[0] === 'object' ? (flyers as Problem[]) : { kind: 'intercept', flyers: flyers as string[] };
  },
  checkJson(item, path) {
    const at = (f: string) => jsonPath([...path, f]);
    if (!Array.isArray(item['flyers'])) return [{ code: 'bad-field', message: 'flyers: a list of F-type flyer ids', path: at('flyers') }];
    const flyers: string[] = [];
    const problems = unknownFieldProblems(item, path, ['kind', 'flyers'], 'an intercept order');
    checkListField(item['flyers'], at('flyers'), checkFlyerField, flyers, problems);
    return problems.length ? problems : { kind: 'intercept', flyers };
  },
  format: (o) => (o.flyers.length ? `intercept with ${o.flyers.join(', ')}` : 'intercept none'),
  refusal(order, ledger, _ctx, { side }) {
    if (ledger.admitted.some((o) => o.kind === 'intercept')) return no('twice', 'one intercept order a turn');
    for (const [i, f] of order.flyers.entries()) {
      if (order.flyers.indexOf(f) !== i) return no('twice', `${f} is named twice`, 'flyers');
      if (!fighterOf(f, side)) return no('not-a-fighter', `${f} is not one of your F types: only F types intercept (VV-ETH-02)`, 'flyers');
    }
    return undefined;
  },
  cost: () => 0,
  candidates(ledger, ctx, { side }) {
    if (ledger.admitted.some((o) => o.kind === 'intercept')) return [];
    const fighters = airPiecesOf(ctx.state, side, 'flyer').filter((id) => flyerRole(ctx.state, id) === 'F');
    return fighters.length ? [{ kind: 'intercept', flyers: fighters.sort(byNumber) }] : [];
  },
  // Clicking a hex with the side's fighters: the standing order naming them (a client lets the player add the others).
  candidatesAt(ledger, ctx, { side }, area) {
    if (ledger.admitted.some((o) => o.kind === 'intercept')) return [];
    const here = airPiecesOf(ctx.state, side, 'flyer').filter(
      (id) => flyerRole(ctx.state, id) === 'F' && ctx.state.pieces[id]!.at === area,
    );
    return here.length ? [{ kind: 'intercept', flyers: here.sort(byNumber) }] : [];
  },
};

/** The hexes the other side may intercept in, in hex id order. */
function targetHexes(state: VernianState, phasing: Side): string[] {
  if (phasing === 'germany') return state.air.flown.filter((hex) => zeppelinsIn(state, hex).length > 0).sort();
  const hexes = Object.values(state.air.missions)
    .filter((m) => m.kind === 'interdict')
    .map((m) => m.hex);
  return [...new Set(hexes)].sort();
}

/** Each fighter of a side that intercepts, by the hex it flies to (D-AMB-35): the decisions are all taken before any fight. */
function interceptors(state: VernianState, ctx: PhaseContext, side: Side, targets: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!targets.length) return out;
  const range = airWar().missions.interceptionRange;
  const barred = barredTo(state, side);
  const standing = (ctx.standing(side) as { intercept?: string[] } | undefined)?.intercept;
  const fighters = airPiecesOf(state, side, 'flyer')
    .filter((id) => flyerRole(state, id) === 'F')
    .sort(byNumber);
  for (const f of fighters) {
    const at = state.pieces[f]!.at;
    if (groundedWhy(state, f) || baseRefusal(state, side, 'flyer', at) !== undefined) continue;
    const reach = targets
      .map((hex) => ({ hex, d: flightDistance(at, hex, range, barred) }))
      .filter((t): t is { hex: string; d: number } => t.d !== undefined)
      .sort((a, b) => a.d - b.d || (a.hex < b.hex ? -1 : 1));
    if (!reach.length) continue;
    const label = pieceStateLabel(f, state.pieces[f]!);
    const answer = standing === undefined ? undefined : standing.includes(f) ? reach[0]!.hex : 'none';
    const options = ['none', ...reach.map((t) => t.hex)];
    const pick = ctx.decide<string>({
      id: `${ctx.step.id}.intercept.${f}`,
      seat: side,
      kind: 'interception',
      prompt: `${label} could intercept over ${reach.map((t) => hexLabel(t.hex)).join(', ')}: where does it fly ('none': it stays)?`,
      options,
      default: 'none',
      ...(answer !== undefined ? { standing: answer } : {}),
    });
    if (pick === 'none' || !options.includes(pick)) continue;
    out.set(pick, [...(out.get(pick) ?? []), f]);
    ctx.emit({ type: 'interception', piece: f, label, hex: pick, place: hexLabel(pick) });
  }
  return out;
}

/** An interceptor's return to base, within the interception range of the hex it fought over (VV-ETH-15, VV-ETH-33). */
const interceptorReturn: AbortHandler = (state, ctx, piece, hex) =>
  returnToBase(state, ctx, piece, hex, airWar().missions.interceptionRange);

/** The Allied pieces of a mission kind over a hex, still in the air, in id order. */
function onMission(state: VernianState, hex: string, kind: 'sweep' | 'escort' | 'interdict'): string[] {
  return Object.keys(state.air.missions)
    .filter((id) => state.air.missions[id]!.kind === kind && state.air.missions[id]!.hex === hex && isOnMap(state.pieces[id]!.at))
    .sort(byNumber);
}

/** The Zeppelins of a hex in the order fighters take them: those with a passenger first, then by id (designers-choices.md). */
function zeppelinTargets(state: VernianState, hex: string): string[] {
  const zeps = zeppelinsIn(state, hex).sort(byNumber);
  return [...zeps.filter((z) => state.pieces[z]!.carrying), ...zeps.filter((z) => !state.pieces[z]!.carrying)];
}

/** The Interception Phase of a player-turn (VV-SEQ-06, VV-SEQ-14); the Allied one also fights the Sweeps (D-AMB-37). */
export const interceptionPhase =
  (phasing: Side) =>
  (state: VernianState, _orders: ReadonlyMap<string, OrderList>, ctx: PhaseContext): void => {
    const side = otherSide(phasing);
    const sent = interceptors(state, ctx, side, targetHexes(state, phasing));
    for (const hex of [...sent.keys()].sort()) {
      const attackers = [...sent.get(hex)!];
      if (phasing === 'germany') {
        fightOut(state, ctx, { table: 'zeppelins', hex, attackers, defenders: zeppelinTargets(state, hex) }, interceptorReturn);
      } else {
        const escorts = onMission(state, hex, 'escort');
        const back: AbortHandler = (s, c, piece, over) =>
          (s.pieces[piece]!.side === 'allies' ? missionReturn : interceptorReturn)(s, c, piece, over);
        if (escorts.length) fightOut(state, ctx, { table: 'fighters', hex, attackers, defenders: escorts }, back);
        const bombers = onMission(state, hex, 'interdict');
        if (attackers.length && bombers.length) fightOut(state, ctx, { table: 'flyers', hex, attackers, defenders: bombers }, back);
      }
      for (const f of attackers) interceptorReturn(state, ctx, f, hex);
    }
    if (phasing !== 'allies') return;
    const sweeps = [
      ...new Set(
        Object.values(state.air.missions)
          .filter((m) => m.kind === 'sweep')
          .map((m) => m.hex),
      ),
    ].sort();
    for (const hex of sweeps) {
      const attackers = onMission(state, hex, 'sweep');
      fightOut(state, ctx, { table: 'zeppelins', hex, attackers, defenders: zeppelinTargets(state, hex) }, missionReturn);
    }
    markInterdictions(state, ctx);
  };
