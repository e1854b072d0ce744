import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { createGame, openStep, resolveStep, submitOrders, formatProblems } from '@umpire/engine';
import { greatWar, type GreatWarState } from '../src/index.js';
import { must, ordersContext, type GwGame, randomDraft } from './helpers.js';

/** The order kinds whose money the ledger of phases 3 to 15 accounts for, after the research of phase 2. */
const ECONOMY_KINDS = ['research', 'retool', 'build', 'incorporate', 'give', 'normalise'];

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
          // The land, air and sea orders have property tests of their own (adjudication.test.ts); their battles would need
          // more dice. The phase-1 options move money before the ledger below starts; their own tests check it.
          const draft = randomDraft(game, seat, choices[i]!, (kind) => ECONOMY_KINDS.includes(kind));
          const checked = greatWar.checkOrders(draft, ordersContext(game, seat));
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
