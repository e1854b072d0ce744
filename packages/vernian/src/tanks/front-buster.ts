import { hexBeyond, type HexReach, type PhaseContext } from '@umpire/engine';
import { hexBoard, ruleNumbers, terrainData } from '../data/files.js';
import { hexFacts, hexLabel, isPlayable } from '../base/hexes.js';
import { pieceStateLabel, pieceType, piecesIn } from '../base/pieces.js';
import { enemyGroundPiece, fortressOwner, fortressStands, stackingSteps, takeControl, unitsIn } from '../base/positions.js';
import { otherSide, type Side } from '../base/sides.js';
import type { VernianState } from '../base/state.js';
import { unitInfo, unitLabel } from '../base/units.js';
import { destroyFortress } from '../combat/losses.js';
import { supplyPicture } from '../supply/supply.js';

/**
 * Clauses: VV-AFB-09, VV-AFB-10, VV-AFB-11, VV-AFB-12, VV-AFB-13, VV-AFB-14, VV-AFB-15, VV-AFB-16, VV-AFB-17, VV-AFB-18.
 * The Armored Front Buster's move (D-AMB-47, D-AMB-49). Once in each Allied Ground Movement Phase, while its hex is in
 * Attack Supply at the moment it moves, the AFB may move one hex (none otherwise), whatever the terrain costs, the
 * zones of control and Storms: never into a Mountain or sea hex (nor a neutral one), across an all-sea hexside or the
 * Channel link, or where the friendly units already there and its two steps would pass the stacking limit. It may
 * always enter a hex holding enemy units: all the enemy's ground units there (HQs and Tanks too) are pushed straight
 * back one hex, into the hex beyond it on the line of the AFB's move. Where that hex is full, the units that were
 * there first move on the same way, as few as bring it within the limit (their owner picks them; unanswered the most
 * steps first, then the lowest id), and so on down the line. Pushed units that cannot go on (off the map, into sea or
 * a neutral hex, across an all-sea hexside, or into a hex of the Allies' units, pieces or standing fortress) are
 * destroyed. A push ignores zones of control, terrain and the defenders' own fortresses, and takes control of the
 * hexes a ground combat unit enters, like a retreat. A standing German fortress in the hex the AFB enters is destroyed.
 * The AFB itself takes control of nothing: it is no combat unit (D-AMB-48).
 */

/** What a push needs of a phase: its report and the owner's choices (a check of orders answers every choice by default). */
export type PushContext = Pick<PhaseContext, 'emit' | 'decide'>;

/** A context that reports nothing and takes every default: the order check's view of a move. */
export const quietPush: PushContext = { emit: () => undefined, decide: (r) => r.default };

/** Why the AFB may not move from where it stands into a hex now, or undefined when it may (VV-AFB-09 to VV-AFB-13). */
export function busterStepRefusal(state: VernianState, piece: string, to: string): string | undefined {
  const p = state.pieces[piece]!;
  const t = pieceType(p.type);
  const name = pieceStateLabel(piece, p);
  const crossing = hexBoard().crossing(p.at, to);
  if (!crossing) return `${name} moves one hex a turn, and ${hexLabel(to)} is not next to ${hexLabel(p.at)} (VV-AFB-09)`;
  if (crossing.link !== undefined || crossing.features.some((f) => terrainData().hexsides[f]?.move === 'prohibited'))
    return `${name} may not cross an all-sea hexside (VV-AFB-12)`;
  const h = hexFacts(to);
  if (!h || h.terrain === 'sea' || !h.land) return `${name} may not enter a sea hex (VV-AFB-13)`;
  if ((t.barredTerrain ?? []).includes(h.terrain)) return `${name} may not enter ${h.terrain} hexes such as ${hexLabel(to)} (VV-AFB-11)`;
  if (!isPlayable(h)) return `${hexLabel(to)} is no hex a unit may stand on (VB-MAP-05)`;
  if (supplyPicture(state, p.side).stateAt(p.at) !== 'attack')
    return `${name} is not in Attack Supply in ${hexLabel(p.at)}: its movement rate is 0 (VV-AFB-10)`;
  const friends = unitsIn(state, to).filter((id) => unitInfo(id).side === p.side);
  if (friends.length && stackingSteps(state, to).steps + (t.stacking ?? 0) > ruleNumbers().stacking.steps)
    return `${hexLabel(to)} would hold more than six steps: the AFB counts as a division (VB-STACK-04, VV-AFB-08)`;
  return undefined;
}

/** The hexes the AFB may move into now, each with its one-hex path (VV-AFB-09, VV-AFB-14). */
export function busterSteps(state: VernianState, piece: string): Map<string, HexReach> {
  const out = new Map<string, HexReach>();
  const from = state.pieces[piece]!.at;
  for (const c of hexBoard().neighbours(from)) {
    if (busterStepRefusal(state, piece, c.to) === undefined) out.set(c.to, { id: c.to, cost: 1, path: [from, c.to], ended: true });
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Why a path given for the AFB is refused: it goes one hex (VV-AFB-09). */
export function busterPathRefusal(state: VernianState, piece: string, path: readonly string[]): string | undefined {
  if (path.length !== 2) return `${pieceStateLabel(piece, state.pieces[piece]!)} moves one hex a turn (VV-AFB-09)`;
  return busterStepRefusal(state, piece, path[1]!);
}

/** Move the AFB one hex: the enemy there pushed back, a German fortress there destroyed (VV-AFB-14 to VV-AFB-18). */
export function busterMove(state: VernianState, piece: string, to: string, ctx: PushContext): void {
  const p = state.pieces[piece]!;
  const from = p.at;
  const enemy = otherSide(p.side);
  const units = unitsIn(state, to).filter((id) => unitInfo(id).side === enemy);
  const tanks = piecesIn(state, to, 'tank', enemy);
  p.at = to;
  ctx.emit({ type: 'piece-moved', piece, label: pieceStateLabel(piece, p), path: [from, to] });
  if (units.length || tanks.length) pushBack(state, ctx, from, to, units, tanks, enemy);
  if (fortressStands(state, to) && fortressOwner(to) === enemy) destroyFortress(state, ctx, to, 'the Armored Front Buster entered it');
}

/** Why units pushed from `here` (coming from `behind`) may not go on into `beyond`, or undefined when they may. */
function pushBarred(state: VernianState, here: string, beyond: string | undefined, side: Side): string | undefined {
  if (beyond === undefined) return 'pushed off the map';
  const crossing = hexBoard().crossing(here, beyond);
  if (!crossing || crossing.link !== undefined || crossing.features.some((f) => terrainData().hexsides[f]?.move === 'prohibited'))
    return 'pushed against an all-sea hexside';
  if (!isPlayable(hexFacts(beyond))) return `pushed into ${hexLabel(beyond)}, where no unit may stand`;
  if (unitsIn(state, beyond).some((id) => unitInfo(id).side !== side) || enemyGroundPiece(state, beyond, side))
    return `pushed against the enemy in ${hexLabel(beyond)}`;
  if (fortressStands(state, beyond) && fortressOwner(beyond) !== side) return `pushed against the enemy fortress of ${hexLabel(beyond)}`;
  return undefined;
}

/**
 * Push units (and their Tanks) out of `here` straight away from `behind`, one hex; the surplus of the hex they enter
 * goes on the same way (VV-AFB-15 to VV-AFB-17).
 */
function pushBack(
  state: VernianState,
  ctx: PushContext,
  behind: string,
  here: string,
  units: readonly string[],
  tanks: readonly string[],
  side: Side,
): void {
  const beyond = hexBeyond(hexBoard(), behind, here);
  const barred = pushBarred(state, here, beyond, side);
  if (barred) {
    for (const id of units) state.units[id]!.at = 'out';
    for (const id of tanks) state.pieces[id]!.at = 'out';
    ctx.emit({ type: 'push-destroyed', units: [...units], pieces: [...tanks], names: names(state, units, tanks), hex: here, why: barred });
    return;
  }
  const to = beyond!;
  const already = unitsIn(state, to).filter((id) => unitInfo(id).side === side);
  const tanksThere = piecesIn(state, to, 'tank', side);
  for (const id of units) {
    state.units[id]!.at = to;
    if (unitInfo(id).combat) takeControl(state, to, side);
  }
  for (const id of tanks) state.pieces[id]!.at = to;
  ctx.emit({ type: 'pushed', units: [...units], pieces: [...tanks], names: names(state, units, tanks), from: here, to });
  // The units that were there first move on, as few as bring the hex within the limit (VV-AFB-16).
  const limit = ruleNumbers().stacking;
  const surplus: string[] = [];
  for (let n = 1; ; n++) {
    const { steps, hqs } = stackingSteps(state, to);
    const leaving = surplus.reduce(
      (a, id) => (unitInfo(id).hq ? { ...a, hqs: a.hqs + 1 } : { ...a, steps: a.steps + state.units[id]!.steps }),
      { steps: 0, hqs: 0 },
    );
    const overHqs = hqs - leaving.hqs > limit.hqs;
    if (steps - leaving.steps <= limit.steps && !overHqs) break;
    const options = already.filter((id) => !surplus.includes(id) && unitInfo(id).hq === overHqs);
    if (!options.length) break;
    const fallback = [...options].sort((a, b) => state.units[b]!.steps - state.units[a]!.steps || (a < b ? -1 : 1))[0]!;
    const pick = ctx.decide<string>({
      id: `push.${to}.${n}`,
      seat: side,
      kind: 'push-surplus',
      prompt: `${hexLabel(to)} is over the stacking limit after the push: which unit that was there moves on, away from the AFB?`,
      options,
      default: fallback,
    });
    surplus.push(options.includes(pick) ? pick : fallback);
  }
  // Two Tanks may not share the hex (VV-TANK-02): the one that was there goes on with the surplus.
  const tanksOn = tanks.length && tanksThere.length ? tanksThere : [];
  if (surplus.length || tanksOn.length) pushBack(state, ctx, here, to, surplus, tanksOn, side);
}

/** The units and pieces of a push as the report names them. */
const names = (state: VernianState, units: readonly string[], pieces: readonly string[]): string[] => [
  ...units.map(unitLabel),
  ...pieces.map((id) => pieceStateLabel(id, state.pieces[id]!)),
];
