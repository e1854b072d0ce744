import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { autoplay, type OrdersContext } from '@umpire/engine';
import { hexBoard } from '../src/data/files.js';
import { hexFacts, isPlayable } from '../src/base/hexes.js';
import { pieceType } from '../src/base/pieces.js';
import { copyState, isOnMap, type VernianState } from '../src/base/state.js';
import { unitInfo } from '../src/base/units.js';
import { generalBot, generalOrders } from '../src/bots/general.js';
import { vernian } from '../src/index.js';

/**
 * Every order the general gives passes the same check as a player's (vernian.checkOrders), on the positions a game
 * between two generals reaches (every player-turn of its first nine Operational Turns: the Tanks, the AFB, the CS
 * types and the German fighters have come by then) and on those positions shaken at random: units and air pieces
 * moved to other land hexes or taken off, Crack Troops made, Storms and WCPDs given. The general checks each order
 * as it writes it; this holds it to the umpire's check of the whole list, read again in phase order.
 */

type Ctx = OrdersContext<VernianState>;

/** The contexts the generals played in a game, and a check of every order list they sent. */
function playedPositions(): { contexts: Ctx[]; refused: string[]; kinds: Set<string> } {
  const contexts: Ctx[] = [];
  const refused: string[] = [];
  const kinds = new Set<string>();
  const watched = (ctx: Ctx, rng: never, ruleset: never) => {
    const orders = generalBot(ctx, rng, ruleset);
    for (const o of orders.orders) kinds.add(o.kind);
    if (ctx.step.segment === 'german' || ctx.step.segment === 'allied') contexts.push({ ...ctx, state: copyState(ctx.state) });
    const checked = vernian.checkOrders(orders, ctx);
    if (!checked.ok) refused.push(`${ctx.step.id} ${ctx.seat}: ${JSON.stringify(checked.error)}`);
    return orders;
  };
  autoplay(vernian, { seed: 'general-property', turns: 9, bots: { germany: watched as never, allies: watched as never } });
  return { contexts, refused, kinds };
}

const landHexes = hexBoard().ids.filter((h) => isPlayable(hexFacts(h)));

/** A change to a position: what the property test shakes. */
type Shake =
  | { kind: 'move-unit'; pick: number; to: number }
  | { kind: 'remove-unit'; pick: number }
  | { kind: 'move-piece'; pick: number; to: number }
  | { kind: 'box-piece'; pick: number }
  | { kind: 'crack'; pick: number }
  | { kind: 'wcpd'; storms: number[] };

const shake: fc.Arbitrary<Shake> = fc.oneof(
  fc.record({ kind: fc.constant('move-unit' as const), pick: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('remove-unit' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('move-piece' as const), pick: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('box-piece' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('crack' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('wcpd' as const), storms: fc.array(fc.nat(), { maxLength: 2 }) }),
);

function shaken(state: VernianState, changes: readonly Shake[]): VernianState {
  const s = copyState(state);
  const units = Object.keys(s.units)
    .filter((id) => isOnMap(s.units[id]!.at))
    .sort();
  const pieces = Object.keys(s.pieces)
    .filter((id) => isOnMap(s.pieces[id]!.at))
    .sort();
  for (const c of changes) {
    if (c.kind === 'wcpd') {
      s.inventions.wcpd = Math.max(s.inventions.wcpd, c.storms.length);
      s.inventions.storms = [...new Set(c.storms.map((i) => landHexes[i % landHexes.length]!))].filter((h) =>
        ['france', 'britain'].includes(hexFacts(h)?.nation ?? ''),
      );
      continue;
    }
    if (c.kind === 'move-piece' || c.kind === 'box-piece') {
      if (!pieces.length) continue;
      const id = pieces[c.pick % pieces.length]!;
      if (s.pieces[id]!.carrying) continue;
      // Ground pieces stay on the ground they can stand on: a Tank only where its infantry is.
      if (c.kind === 'box-piece') s.pieces[id]!.at = 'box';
      else if (pieceType(s.pieces[id]!.type).kind !== 'tank') s.pieces[id]!.at = landHexes[c.to % landHexes.length]!;
      continue;
    }
    if (!units.length) continue;
    const id = units[c.pick % units.length]!;
    if (c.kind === 'remove-unit') s.units[id]!.at = 'out';
    else if (c.kind === 'crack') {
      if (unitInfo(id).side === 'germany' && unitInfo(id).combat) s.units[id]!.crack = true;
    } else {
      // A unit moved only where no enemy unit stands: the two sides never share a hex.
      const to = landHexes[c.to % landHexes.length]!;
      const enemy = Object.keys(s.units).some((u) => s.units[u]!.at === to && unitInfo(u).side !== unitInfo(id).side);
      if (!enemy) s.units[id]!.at = to;
    }
  }
  return s;
}

describe('the general gives only orders a player could', () => {
  const played = playedPositions();

  it("VB-TURN-13, VV-SEQ-01: in a game between two generals every order list it sent passes the umpire's check", () => {
    assert.deepEqual(played.refused, []);
    // The game reaches the air war and the armour: the general gives these orders in it.
    for (const kind of ['place', 'rebase', 'sortie', 'sweep', 'move', 'bombard', 'attack', 'intercept'])
      assert.ok(played.kinds.has(kind), `the general gave a ${kind} order`);
  });

  it('VB-TURN-13: on positions shaken at random every order it gives passes the check', () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(shake, { minLength: 1, maxLength: 8 }), (pick, changes) => {
        const ctx = played.contexts[pick % played.contexts.length]!;
        const state = shaken(ctx.state, changes);
        const given = { ...ctx, state };
        const orders = generalOrders(given);
        const checked = vernian.checkOrders(orders, given);
        assert.ok(checked.ok, JSON.stringify(checked.ok ? '' : checked.error));
      }),
      { numRuns: 12, seed: 20261128 },
    );
  });
});
