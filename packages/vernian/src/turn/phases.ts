import type { Phase, PhaseContext } from '@umpire/engine';
import { ordersOf, type OrderList } from '@umpire/engine';
import type { Side } from '../base/sides.js';
import type { VernianState } from '../base/state.js';
import { setUp } from '../arrivals/opening.js';
import { placeUnit } from '../arrivals/new-units.js';
import { receiveReinforcements } from '../arrivals/schedule.js';
import { flipPieces, receivePieces } from '../arrivals/piece-arrivals.js';
import { placePiece } from '../arrivals/piece-placement.js';
import { knownPiece, pieceStateLabel, pieceType } from '../base/pieces.js';
import { applyMove, pathFor, type MoveOrder } from '../orders/move.js';
import { moveWorld, phasePaths } from '../movement/movement.js';
import { relocate } from '../base/positions.js';
import type { PlaceOrder, SetupOrder } from '../orders/specs.js';
import { attrition, fortressSurrender } from '../supply/attrition.js';
import { generatorAttrition, generatorsEntered, inventionPhase, overrunGenerators } from '../inventions/inventions.js';
import { liftStorms, placeStorms } from '../inventions/storms.js';
import { unitInfo } from '../base/units.js';
import { checkVictory } from '../victory/victory.js';
import { englandWithdrawal } from '../england/withdrawal.js';
import { tunnelReinforcements, watchTunnel } from '../england/tunnel.js';
import { combatPhase } from '../combat/resolve.js';
import { bombardPhase } from '../artillery/bombard.js';
import { tanksLeftAlone } from '../tanks/tanks.js';
import { allocateMissions, returnFromMissions } from '../air/missions.js';
import { interceptionPhase } from '../air/interception.js';
import { ALLIED_PHASES, GERMAN_PHASES, STRATEGIC_PHASES } from './plan.js';
import { enforceStacking } from './stacking.js';
import { baseChangePhase, clearEscapes } from '../air/base-change.js';
import { embarkationPhase, landPassengers, sortiePhase } from '../air/zeppelins.js';
import { displaceFlyers } from '../air/displacement.js';
import { carrierOf } from '../air/air-rules.js';

/**
 * Clauses: VB-TURN-05, VB-TURN-07, VB-TURN-08, VB-TURN-12, VB-REIN-04, VB-REIN-14, VB-REIN-15..19, VB-MOVE-01,
 * VB-CRT-01, VV-SEQ-01, VV-SEQ-02, VV-SEQ-07, VV-SEQ-11, VV-SEQ-15, VV-SEQ-20, VV-WIN-06, VV-TUN-04, VV-TUN-11, VV-TUN-18.
 * The phases of the turn. Each runs the orders admitted for it in the order given; after each, the checks of every
 * phase run (generators overrun, stacking, the tunnel's seal) and victory is judged, and once a side has won no phase
 * does anything more. The Reinforcement Phase fills the Available Units boxes, brings the tunnel stack due (into Dover,
 * or into Germany once the tunnel is sealed, the one place tunnel units arrive), then the variant's pieces, then the
 * Zeppelin flips (VB-TURN-07); the New Units Phase places units and pieces alike. The Interception Phases, the Allied
 * Mission Allocation Phase and the Ether Flyer Return to Base Phase play the air war (air/); the other air phases of
 * the variant's sequence are empty steps until their rules are played.
 */

type VPhase = Phase<VernianState, OrderList>;

/**
 * What is checked after every phase, in order, before victory: generators overrun by Allied troops (VV-VDG-10), the
 * stacking limit, then the rules that watch the board whatever the phase did (a Tank with no infantry beside it is
 * destroyed, VV-TANK-06; an Ether Flyer whose hex an enemy ground unit entered is displaced, VV-ETH-11; the tunnel
 * seals the instant Dover holds no German infantry, VV-TUN-04).
 */
const AFTER_EVERY_PHASE: readonly ((state: VernianState, ctx: PhaseContext) => void)[] = [
  overrunGenerators,
  enforceStacking,
  tanksLeftAlone,
  displaceFlyers,
  watchTunnel,
];

/** A phase that does nothing once the game is over, and runs the checks and judges victory after it ran. */
const judged =
  (run: (state: VernianState, orders: ReadonlyMap<string, OrderList>, ctx: PhaseContext) => void): VPhase =>
  (state, orders, ctx) => {
    if (state.over) return;
    run(state, orders, ctx);
    for (const check of AFTER_EVERY_PHASE) check(state, ctx);
    checkVictory(state);
  };

const empty: VPhase = () => undefined;

const setupPhase = judged((state, orders, ctx) => {
  for (const seat of ['germany', 'allies']) {
    for (const o of ordersOf<SetupOrder>(orders.get(seat), 'setup')) {
      setUp(state, o.unit, o.hex);
      ctx.emit({ type: 'set-up', unit: o.unit, hex: o.hex });
    }
  }
});

const newUnits = (side: Side) =>
  judged((state, orders, ctx) => {
    for (const o of ordersOf<PlaceOrder>(orders.get(side), 'place')) {
      const piece = state.pieces[o.unit];
      if (piece && knownPiece(o.unit)) {
        placePiece(state, o.unit, o.hex);
        ctx.emit({ type: 'piece-placed', piece: o.unit, hex: o.hex, label: pieceStateLabel(o.unit, piece) });
        continue;
      }
      placeUnit(state, o.unit, o.hex);
      ctx.emit({ type: 'placed', unit: o.unit, hex: o.hex });
    }
  });

const moveUnits =
  (side: Side) =>
  (state: VernianState, orders: ReadonlyMap<string, OrderList>, ctx: PhaseContext): void => {
    // The enemy's zone stays as it is while a side moves (but for the AFB's pushes); units' places are kept up to date.
    let world = moveWorld(state, side);
    let pathTo = phasePaths(world, ctx.turn);
    for (const o of ordersOf<MoveOrder>(orders.get(side), 'move')) {
      for (const unit of o.units) {
        const piece = state.pieces[unit];
        const path = carrierOf(state, unit) ? undefined : o.via?.length ? pathFor(state, unit, o, ctx.turn) : pathTo(unit, o.to)?.path;
        if (!path) {
          ctx.emit({ type: 'move-blocked', unit, to: o.to, ...(piece ? { label: pieceStateLabel(unit, piece) } : {}) });
          continue;
        }
        if (piece) {
          const afb = pieceType(piece.type).kind === 'afb';
          if (!afb) ctx.emit({ type: 'piece-moved', piece: unit, label: pieceStateLabel(unit, piece), path: [...path] });
          applyMove(state, unit, path, undefined, ctx);
          // The AFB's push moves the enemy: the zones and the board are seen anew.
          if (afb) {
            world = moveWorld(state, side);
            pathTo = phasePaths(world, ctx.turn);
          }
          continue;
        }
        const from = state.units[unit]!.at;
        const overrun = applyMove(state, unit, path, world.occ);
        relocate(world.occ, unit, from, state.units[unit]!.at);
        for (const hq of overrun) relocate(world.occ, hq, path.find((h) => world.occ.get(h)?.includes(hq)) ?? '', 'out');
        ctx.emit({ type: 'moved', unit, path: [...path] });
        if (side === 'allies' && unitInfo(unit).combat) generatorsEntered(state, ctx, path.slice(1));
        for (const hq of overrun) ctx.emit({ type: 'overrun', unit: hq, hex: state.units[unit]!.at });
      }
    }
  };

/** A Combat Phase, after which the hexes its Bombard Phase cleared may be attacked again (VV-ART-15). */
const afterBombard =
  (run: (state: VernianState, orders: ReadonlyMap<string, OrderList>, ctx: PhaseContext) => void) =>
  (state: VernianState, orders: ReadonlyMap<string, OrderList>, ctx: PhaseContext): void => {
    run(state, orders, ctx);
    state.bombarded = [];
  };

const reinforcements = judged((state, _orders, ctx) => {
  const arrived = receiveReinforcements(state, ctx.turn);
  if (arrived.length) ctx.emit({ type: 'reinforcements', units: arrived });
  tunnelReinforcements(state, ctx);
  const pieces = receivePieces(state, ctx.turn);
  if (pieces.length) ctx.emit({ type: 'pieces-arrived', pieces, labels: pieces.map((id) => pieceStateLabel(id, state.pieces[id]!)) });
  flipPieces(state, ctx);
});

export const phases: Record<string, VPhase> = {
  setup: setupPhase,
  ...Object.fromEntries(STRATEGIC_PHASES.map((p) => [p, empty])),
  reinforcements,
  'england-withdrawal': judged((state, _orders, ctx) => englandWithdrawal(state, ctx)),
  ...Object.fromEntries(GERMAN_PHASES.map((p) => [p, empty])),
  ...Object.fromEntries(ALLIED_PHASES.map((p) => [p, empty])),
  inventions: judged((state, _orders, ctx) => inventionPhase(state, ctx)),
  storms: judged((state, _orders, ctx) => placeStorms(state, ctx)),
  'german-new-units': newUnits('germany'),
  'allied-new-units': newUnits('allies'),
  'german-air-base': judged(baseChangePhase('germany')),
  'german-embarkation': judged(embarkationPhase),
  'german-sortie': judged(sortiePhase),
  'german-interception': judged(interceptionPhase('germany')),
  'german-movement': judged((state, orders, ctx) => (moveUnits('germany')(state, orders, ctx), landPassengers(state, ctx))),
  'allied-air-base': judged(baseChangePhase('allies')),
  'allied-missions': judged(allocateMissions),
  'allied-interception': judged(interceptionPhase('allies')),
  'allied-air-return': judged((state, _orders, ctx) => returnFromMissions(state, ctx)),
  'allied-movement': judged(moveUnits('allies')),
  'german-bombard': judged(bombardPhase('germany')),
  'allied-bombard': judged(bombardPhase('allies')),
  'german-combat': judged(afterBombard(combatPhase('germany'))),
  'allied-combat': judged(afterBombard(combatPhase('allies'))),
  'german-attrition': judged(attrition('germany')),
  'allied-attrition': judged((state, orders, ctx) => {
    attrition('allies')(state, orders, ctx);
    generatorAttrition(state, ctx);
    liftStorms(state);
    clearEscapes(state);
  }),
  'fortress-surrender': judged(fortressSurrender),
};
