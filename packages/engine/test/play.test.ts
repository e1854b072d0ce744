import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { autoplay, fuzz, hashPosition, parseRecord, randomBot, Random, replay, stepInfo, type Bot, type Json } from '../src/index.js';
import { brokenDuel, duel, type Breakage } from './fixtures/duel.js';
import { must } from './fixtures/drive.js';

describe('autoplay', () => {
  it('is deterministic: the same seed gives the same game and final state hash', () => {
    const a = autoplay(duel, { seed: 'alpha', turns: 3 });
    const b = autoplay(duel, { seed: 'alpha', turns: 3 });
    assert.equal(a.finalStateHash, b.finalStateHash);
    assert.equal(JSON.stringify(a.game.record), JSON.stringify(b.game.record));
    assert.equal(a.finalStateHash, hashPosition(a.game.position));
    assert.equal(a.verdict, b.verdict);
  });

  it('gives a different game for a different seed', () => {
    const a = autoplay(duel, { seed: 'alpha', turns: 3 });
    const c = autoplay(duel, { seed: 'beta', turns: 3 });
    assert.notEqual(a.finalStateHash, c.finalStateHash);
    assert.notEqual(a.game.record.steps[1]!.secret, c.game.record.steps[1]!.secret);
  });

  it('writes an ordinary committed record that verifies and parses', () => {
    const r = autoplay(duel, { seed: 'verify', turns: 3, gameId: 'auto-1' });
    assert.equal(r.game.record.header.gameId, 'auto-1');
    assert.equal(r.game.record.header.dice.mode, 'committed');
    assert.ok(r.game.record.header.seats.every((s) => s.bot === 'random'));
    assert.ok(r.game.record.steps.every((s) => s.status === 'resolved' && s.secret && s.seed && s.commitment));
    assert.ok(r.game.record.steps.some((s) => s.submissions.some((x) => x.source === 'bot' && x.nonce)));
    const parsed = must(parseRecord(JSON.parse(JSON.stringify(r.game.record))));
    const report = replay(duel, parsed);
    assert.ok(report.ok, report.mismatch?.message);
    assert.equal(hashPosition(report.game!.position), r.finalStateHash);
  });

  it('plays to the end of the game, or stops after the given turns', () => {
    const full = autoplay(duel, { seed: 'end', turns: 10, options: { turns: 2 } });
    assert.ok(full.game.record.result);
    assert.equal(full.verdict, full.game.record.result.summary);
    assert.equal(full.turns, 2);
    const part = autoplay(duel, { seed: 'end', turns: 1, options: { turns: 3 } });
    assert.equal(part.game.record.result, undefined);
    assert.equal(part.turns, 1);
    assert.equal(part.verdict, 'stopped after turn 1');
    assert.equal(stepInfo(duel, part.game.position).id, 't2.upkeep');
    const prefix = full.game.record.steps.filter((s) => s.turn === 1);
    assert.deepEqual(part.game.record.steps.map((s) => s.id), prefix.map((s) => s.id), 'the same seed plays the same first turn');
  });

  it('uses the bots it is given, and calls onStep for every step', () => {
    const bidder: Bot = (ctx, _rng, ruleset) => (ctx.step.segment === 'bids' ? { bid: 1 } : (ruleset.emptyOrders(ctx) as Json));
    const stepped: string[] = [];
    const r = autoplay(duel, { seed: 'bots', turns: 1, bots: { red: bidder }, onStep: (_g, id) => stepped.push(id) });
    assert.deepEqual(r.game.record.header.seats, [{ id: 'red', bot: 'custom' }, { id: 'blue', bot: 'random' }]);
    const bids = r.game.record.steps.find((s) => s.id === 't1.bids')!;
    assert.deepEqual(bids.submissions[0]!.orders, { bid: 1 });
    assert.deepEqual(stepped, r.game.record.steps.map((s) => s.id));
  });

  it('throws when a bot sends orders the checker refuses', () => {
    const cheat: Bot = () => ({ bid: 99 });
    assert.throws(() => autoplay(duel, { seed: 'x', turns: 1, bots: { red: cheat } }), /were refused/);
  });

  it('randomBot builds orders only from legal actions', () => {
    const game = autoplay(duel, { seed: 'rb', turns: 1 }).game;
    const bot = randomBot(5);
    const rng = new Random('rb');
    const ctx = { state: game.position.state, seat: 'red', step: stepInfo(duel, { ...game.position, clock: { turn: 2, segment: 2 } }) };
    for (let i = 0; i < 50; i++) {
      const orders = bot(ctx, rng, duel);
      assert.ok(duel.checkOrders(orders, ctx as never).ok, JSON.stringify(orders));
    }
  });
});

describe('fuzz', () => {
  it('finds nothing wrong with the duel', () => {
    const report = fuzz(duel, { games: 12, seed: 'fuzz-ok', maxTurns: 4 });
    assert.deepEqual(report.failures, []);
    assert.equal(report.games, 12);
    assert.ok(report.steps > 12 * 9, `${report.steps} steps`);
  });

  it('reports progress per game', () => {
    const seen: [number, number][] = [];
    fuzz(duel, { games: 2, seed: 'p', maxTurns: 1, onGame: (done, failures) => seen.push([done, failures]) });
    assert.deepEqual(seen, [
      [1, 0],
      [2, 0],
    ]);
  });

  const catches: [Breakage, string, RegExp][] = [
    ['invariant', 'invariant', /tokens/],
    ['legal-actions', 'refused-legal-orders', /no token to attack with/],
    ['nondeterministic', 'replay', /\$\.steps\[0\]\.events/],
    ['crash', 'crash', /the bid phase fell over/],
  ];
  for (const [breakage, kind, message] of catches) {
    it(`catches a broken ruleset: ${breakage}`, () => {
      const report = fuzz(brokenDuel(breakage), { games: 8, seed: `fuzz-${breakage}`, maxTurns: 4 });
      assert.ok(report.failures.length > 0, `no failure found for ${breakage}`);
      const found = report.failures.filter((f) => f.kind === kind);
      assert.ok(found.length > 0, `expected a '${kind}' failure, got ${JSON.stringify(report.failures.slice(0, 3))}`);
      assert.match(found[0]!.message, message);
      assert.equal(found[0]!.seed, `fuzz-${breakage}/${found[0]!.game}`);
      if (breakage === 'invariant') assert.equal(found[0]!.step, 't1.upkeep');
    });
  }
});
