import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { createGame, openStep, resolveStep, submitOrders, formatProblems } from '@umpire/engine';
import { greatWar, type GreatWarOrders, type GreatWarState } from '../src/index.js';
import { must, ordersContext, type GwGame } from './helpers.js';

/** For each seat and turn, a list of choices: each picks one of the legal actions still open (modulo their number). */
const turnChoices = fc.array(fc.array(fc.nat(), { maxLength: 10 }), { minLength: 11, maxLength: 11 });

test('random legal orders built from legalActions are always accepted and never make a treasury negative', () => {
  fc.assert(
    fc.property(fc.array(turnChoices, { minLength: 1, maxLength: 4 }), fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 400, maxLength: 400 }), (turns, dice) => {
      let game: GwGame = must(createGame<GreatWarState>(greatWar, { gameId: 'prop', dice: { mode: 'scripted', script: dice } }));
      for (const choices of turns) {
        game = must(openStep(greatWar, game));
        const before = structuredClone(game.position.state);
        const attempts = new Map<string, number>();
        greatWar.seats(before).forEach((seat, i) => {
          const ctx = ordersContext(game, seat);
          let draft: GreatWarOrders = greatWar.emptyOrders(ctx);
          for (const pick of choices[i]!) {
            // The land orders have a property test of their own (adjudication.test.ts); their battles would need more dice.
            const actions = greatWar.legalActions(draft, ctx).filter((a) => !['upgrade', 'bomb', 'strike', 'hunt', 'disengage', 'repair', 'sail', 'embark', 'cover', 'ambush', 'evade', 'move', 'land', 'fly', 'intercept', 'losses', 'retreat', 'breakthrough', 'strategic', 'exile'].includes(a.next.orders.at(-1)!.kind));
            if (actions.length === 0) break;
            draft = actions[pick % actions.length]!.next;
          }
          const checked = greatWar.checkOrders(draft, ctx);
          assert.ok(checked.ok, checked.ok ? '' : formatProblems(checked.error));
          assert.deepEqual(checked.value, draft);
          const sent = submitOrders(greatWar, game, seat, { json: draft });
          assert.ok(sent.ok, sent.ok ? '' : formatProblems(sent.error));
          game = sent.value.game;
          attempts.set(seat, draft.orders.filter((o) => o.kind === 'research').length);
        });
        game = must(resolveStep(greatWar, game)).game;
        const after = game.position.state;
        assert.deepEqual(greatWar.invariants!(after), []);
        for (const n of after.nations) {
          assert.ok(n.treasury >= 0, `${n.id} has ${n.treasury}`);
          const was = before.nations.find((x) => x.id === n.id)!;
          assert.equal(n.ledger.start, was.treasury - 10 * (attempts.get(n.id) ?? 0), n.id);
          assert.equal(n.treasury, n.ledger.end, n.id);
        }
      }
    }),
    { numRuns: 60 },
  );
});
