// A game of vernian (20,000 Leagues under the Trenches) hosted on the server and played through the HTTP API, on both
// database engines: the German player sends orders (the general's, written as text, as a player with a helper would),
// the Allied seat nobody takes is played by the ruleset's default bot, combats are decided by standing orders, a
// deadline passes with no orders, and the published record replays under `umpire verify`'s check.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAnchors, parseRecord, replay, type GameEvent, type GameRecord } from '@umpire/engine';
import { rulesets } from '@umpire/rulesets';
import { botText, legalText } from './legal-orders.js';
import { engines } from './databases.js';
import { call, seatTokens, serverOn } from './hosting.js';

const GAME = 'leagues';

for (const engine of engines) {
  test(`${engine.name}: a vernian game through the HTTP API: the German player's orders, the Allied seat by the bot, decisions by standing orders, a missed deadline, reports, maps of both boards, a record that verifies`, async () => {
    const clock = { now: new Date('2026-05-04T08:00:00Z') };
    const { server, dispose } = await serverOn(engine, { http: { webDir: null }, now: () => clock.now });
    try {
      const created = await call(server, 'POST', '/api/games', {
        body: {
          id: GAME,
          title: 'Under the Trenches',
          ruleset: 'vernian',
          seats: [{ seat: 'germany', email: 'gus@example.org' }],
          deadlineHours: 48,
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      // The seat nobody was given goes to the ruleset's default bot.
      assert.deepEqual(
        created.body.seats.map((s: { seat: string; playedBy: string }) => `${s.seat}:${s.playedBy}`),
        ['germany:player', 'allies:bot'],
      );
      const tokens = await seatTokens(server, created.body);
      const rules = await call(server, 'GET', '/api/rulesets/vernian/orders');
      assert.equal(rules.status, 200, 'the order language is published');

      // The set-up: both seats of the ruleset take part; the bot's orders are in, the player's are not yet.
      let status = (await call(server, 'GET', `/api/games/${GAME}`)).body;
      assert.equal(status.open.step, 't1.setup');
      assert.equal(status.seats.find((s: { seat: string }) => s.seat === 'allies').submitted, true);
      const commitments: string[] = [status.open.commitment];
      const receipts: string[] = [];
      let record = (await call(server, 'GET', `/api/games/${GAME}/record`)).body as GameRecord;
      const setup = await call(server, 'PUT', `/api/games/${GAME}/orders`, {
        token: tokens['germany'],
        body: { text: legalText(record, 'germany'), step: 't1.setup', ready: true },
      });
      assert.equal(setup.status, 200, JSON.stringify(setup.body));
      // The set-up and the Strategic phases (no seat's orders) resolve at once; the German player-turn waits for orders.
      assert.deepEqual(setup.body.resolved, ['t1.setup', 't1.strategic']);
      receipts.push(setup.body.receipt);

      for (let turn = 1; turn <= 2; turn++) {
        status = (await call(server, 'GET', `/api/games/${GAME}`)).body;
        assert.equal(status.open.step, `t${turn}.german`);
        commitments.push(status.open.commitment);
        record = (await call(server, 'GET', `/api/games/${GAME}/record`)).body as GameRecord;
        const text = botText(record, 'germany', 'general', `turn ${turn}`);
        assert.match(text, /\S/, 'the Germans have orders to give');
        // A mistake first: refused with its place, and nothing kept.
        const wrong = await call(server, 'PUT', `/api/games/${GAME}/orders`, {
          token: tokens['germany'],
          body: { text: `${text}\nmove ge-999 to W0000\n`, step: `t${turn}.german` },
        });
        assert.equal(wrong.status, 422, JSON.stringify(wrong.body));
        assert.ok(
          wrong.body.problems.some((p: { line?: number }) => p.line === text.split('\n').length + 1),
          JSON.stringify(wrong.body.problems),
        );
        const sent = await call(server, 'PUT', `/api/games/${GAME}/orders`, {
          token: tokens['germany'],
          body: { text, step: `t${turn}.german`, ready: true },
        });
        assert.equal(sent.status, 200, JSON.stringify(sent.body));
        // The German player-turn resolves, then the Allied one, played by the bot at once.
        assert.deepEqual(sent.body.resolved.slice(0, 2), [`t${turn}.german`, `t${turn}.allied`]);
        receipts.push(sent.body.receipt);
        const report = await call(server, 'GET', `/api/games/${GAME}/reports/${turn}`, { token: tokens['germany'] });
        assert.equal(report.status, 200);
        const steps = report.body.steps.map((s: { id: string }) => s.id);
        assert.ok(steps.includes(`t${turn}.german`) && steps.includes(`t${turn}.allied`), JSON.stringify(steps));
        const visitors = await call(server, 'GET', `/api/games/${GAME}/reports/${turn}?format=text`);
        assert.match(visitors.body, /Operational Turn/);
      }

      // Turn 3: the German player sends nothing; the deadline passes and the umpire resolves with the empty orders, then
      // the bot's Allied player-turn and the Strategic phases of turn 4 (no seat's orders) follow at once.
      status = (await call(server, 'GET', `/api/games/${GAME}`)).body;
      assert.equal(status.open.step, 't3.german');
      commitments.push(status.open.commitment);
      clock.now = new Date(clock.now.getTime() + 49 * 3_600_000);
      await server.work();
      status = (await call(server, 'GET', `/api/games/${GAME}`)).body;
      assert.equal(status.open.step, 't4.german', JSON.stringify(status.open));
      assert.equal(status.turnsResolved, 3, 'turn 4 has begun, not ended');
      const listed = (await call(server, 'GET', '/api/games')).body.games;
      assert.deepEqual(
        listed.map((g: { id: string; ruleset: string; turnsResolved: number }) => [g.id, g.ruleset, g.turnsResolved]),
        [[GAME, 'vernian', 3]],
      );

      const published = parseRecord((await call(server, 'GET', `/api/games/${GAME}/record`)).body);
      assert.ok(published.ok);
      const steps = published.value.steps.filter((s) => s.status !== 'open');
      assert.deepEqual(
        steps.map((s) => s.id),
        ['t1.setup', 't1.strategic', 't1.german', 't1.allied', 't2.german', 't2.allied', 't3.german', 't3.allied', 't4.strategic'],
      );
      const source = (step: string, seat: string) => steps.find((s) => s.id === step)?.submissions.find((s) => s.seat === seat)?.source;
      assert.equal(source('t2.german', 'germany'), 'player');
      assert.equal(source('t2.allied', 'allies'), 'bot');
      assert.equal(source('t3.german', 'germany'), 'default', 'no orders by the deadline: the empty orders stand');
      // Losses, retreats and crack troops were decided by the standing orders of the seats (hosted games never wait).
      const decisions = steps.flatMap((s) => s.events).filter((e: GameEvent) => e.type === 'decision');
      assert.ok(decisions.length > 0, 'the combats asked for decisions');
      assert.ok(decisions.some((e) => e['kind'] === 'combat-loss' && e['seat'] === 'germany'));
      assert.ok(decisions.every((e) => e['source'] === 'default'));
      assert.ok(
        steps.flatMap((s) => s.events).some((e) => e.type === 'combat'),
        'the armies fought',
      );
      // What the player was shown (the commitments, the receipts) is in the record, and the record replays.
      assert.equal(checkAnchors(published.value, { commitments, receipts }).ok, true);
      const verified = replay(rulesets['vernian']!, published.value);
      assert.ok(verified.ok, verified.mismatch?.message);

      // Both boards are drawn: the West Front and southern England.
      for (const sheet of ['west', 'england']) {
        const map = await fetch(`${server.url}/api/games/${GAME}/map/2?format=png&sheet=${sheet}&width=800`);
        assert.equal(map.headers.get('content-type'), 'image/png', sheet);
        assert.ok((await map.arrayBuffer()).byteLength > 10_000, sheet);
      }
    } finally {
      await dispose();
    }
  });
}

test('the demo game may be of another ruleset (UMPIRE_DEMO_GAME=vernian:allies): bots on every seat but the one left for a visitor', async () => {
  const log: string[] = [];
  const { server, dispose } = await serverOn(engines[0]!, {
    demo: true,
    demoGame: { ruleset: 'vernian', seat: 'allies' },
    log: (line) => log.push(line),
    http: { webDir: null },
  });
  try {
    assert.ok(
      log.some((l) => /^demo game hosted; play allies at http:\/\/localhost:\d+\/games\/demo\?seat=allies&token=\S+$/.test(l)),
      log.join('\n'),
    );
    const demo = (await call(server, 'GET', '/api/games/demo')).body;
    assert.equal(demo.ruleset, 'vernian');
    assert.match(demo.title, /^Demo: 20,000 Leagues under the Trenches, bots on every seat but allies$/);
    assert.deepEqual(demo.seats.map((s: { seat: string; playedBy: string }) => `${s.seat}:${s.playedBy}`).sort(), [
      'allies:open',
      'germany:bot',
    ]);
    // Steps already played, so that there is something to look at; the visitor's seat is asked for orders.
    assert.ok(demo.open.step.endsWith('.allied') || demo.open.step === 't1.setup', demo.open.step);
    const record = (await call(server, 'GET', '/api/games/demo/record')).body as GameRecord;
    assert.ok(record.steps.filter((s) => s.status === 'resolved').length >= 2, JSON.stringify(record.steps.map((s) => s.id)));
  } finally {
    await dispose();
  }
});
