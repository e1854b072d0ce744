/**
 * Several server processes on one PostgreSQL database never adjudicate the same step twice: each change locks the
 * game's row first (games.ts), so a process that finds a step due waits for the one resolving it, then finds it
 * resolved and the next step not yet due. Two child processes (fixtures/adjudicator.ts, mode 'tick') run the
 * server's clock work, `tick(host)`, at the same time over the same games, whose deadlines pass every second, until
 * every game has had a number of steps resolved.
 *
 * The embedded database serves one process: a second process on the same PGlite data directory refuses to start with
 * DataDirectoryInUse, tested in store.test.ts ('a second process on the same data directory is refused ...').
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { publicRecord, replay } from '@umpire/engine';
import { greatWar } from '@umpire/great-war';
import { acceptSeat, hostGame, loadRecord, makeHost, openDatabase } from '../src/index.js';
import { engines, withDatabase } from './databases.js';
import { mustFinish, runChild } from './fixtures/child.js';

const postgres = engines.find((e) => e.name === 'postgres')!;
const GAMES = ['gw-a', 'gw-b', 'gw-c', 'gw-d'];
const PLAYERS = ['britain', 'germany'];
/** Steps each game has resolved before the processes stop. */
const STEPS = 3;

test('two server processes on one PostgreSQL database resolve every due step exactly once between them, and the records replay', async (t) => {
  await withDatabase(postgres, async (db) => {
    await db.sql.close();
    const sql = await openDatabase({ databaseUrl: db.url! });
    try {
      // Deadlines of a second: far below the hour a host may set, for this test only.
      const host = makeHost(sql, { process: 'test', log: () => undefined, minDeadlineHours: 0 });
      for (const id of GAMES) {
        // A deadline every second, and players who send nothing: each step is due a second after it opens.
        const hosted = await hostGame(host, { id, ruleset: 'great-war', seats: PLAYERS.map((seat) => ({ seat, email: `${seat}@example.org` })), deadlineHours: 1 / 3600, reminderHours: null });
        assert.ok(hosted.ok);
        // The players have taken their seats up (until then an invited address gets nothing but its invitation).
        for (const seat of PLAYERS) await acceptSeat(sql, id, seat);
      }
      const config = { mode: 'tick', databaseUrl: db.url!, gameIds: GAMES, steps: STEPS };
      // A runs the server's tick (due games, earliest deadline first); B goes over the games the other way round,
      // so that the two meet on the same games rather than one trailing the other.
      const [a, b] = await Promise.all([runChild({ ...config, process: 'A' }), runChild({ ...config, process: 'B', order: [...GAMES].reverse() })]);
      mustFinish(a!, 'process A');
      mustFinish(b!, 'process B');

      // One adjudication a step: none twice, none missing.
      const rows = await sql.query<{ game_id: string; step_idx: number; step_id: string; process: string }>('SELECT game_id, step_idx, step_id, process FROM adjudications ORDER BY id');
      const twice = await sql.query('SELECT game_id, step_idx, count(*)::int AS n FROM adjudications GROUP BY game_id, step_idx HAVING count(*) > 1');
      assert.deepEqual(twice, [], 'no step adjudicated twice');
      for (const id of GAMES) {
        const record = (await loadRecord(sql, id))!;
        const resolved = record.steps.filter((s) => s.status === 'resolved');
        assert.ok(resolved.length >= STEPS, `${id}: ${resolved.length} steps resolved`);
        assert.equal(record.steps.at(-1)!.status, 'open', `${id}: the step after the last resolved is open`);
        assert.deepEqual(
          rows.filter((r) => r.game_id === id).map((r) => [r.step_idx, r.step_id]),
          resolved.map((s, i) => [i, s.id]),
          `${id}: one adjudication for each resolved step, in order`,
        );
        const verified = replay(greatWar, publicRecord(record));
        assert.ok(verified.ok, `${id}: the record replays: ${verified.mismatch?.path} ${verified.mismatch?.message}`);
        const reports = await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE game_id = $1 AND kind = 'report'", [id]);
        assert.equal(reports[0]!.n, resolved.length * PLAYERS.length, `${id}: one report a player a resolved step`);
      }

      // What each process did, and that they worked at the same time.
      const by = (p: string) => rows.filter((r) => r.process === p);
      for (const p of ['A', 'B']) t.diagnostic(`process ${p} resolved ${by(p).map((r) => `${r.game_id}/${r.step_id}`).join(', ') || 'nothing'}`);
      const resolvedSaid = (run: typeof a) => run!.events.filter((e) => e.event === 'resolved').map((e) => String(e.step)).sort();
      assert.deepEqual(resolvedSaid(a), by('A').map((r) => `${r.game_id}/${r.step_id}`).sort(), 'what process A says it resolved is what the database says');
      assert.deepEqual(resolvedSaid(b), by('B').map((r) => `${r.game_id}/${r.step_id}`).sort(), 'what process B says it resolved is what the database says');
      assert.ok(by('A').length > 0 && by('B').length > 0, `both processes resolved steps (A ${by('A').length}, B ${by('B').length})`);
      // Each process's life, from its database open to its close, overlaps the other's.
      const life = (run: typeof a) => [Number(run!.events.find((e) => e.event === 'opened')!.wall), Number(run!.events.find((e) => e.event === 'done')!.wall)] as const;
      const [a0, a1] = life(a);
      const [b0, b1] = life(b);
      assert.ok(a0 < b1 && b0 < a1, 'the two processes ran at the same time');
    } finally {
      await sql.close();
    }
  });
});
