/**
 * Nothing is lost when a server process dies: adjudicating a turn is one transaction, so a process killed at any
 * point leaves the turn fully done or not done at all, the orders sent stay as sent, and running it again gives the
 * same result. For each engine (PGlite in a data directory, a PostgreSQL database) a child process
 * (fixtures/adjudicator.ts) sends the players' orders and resolves the open step, and is SIGKILLed at random points
 * (a seeded PRNG: while it opens the database, at the n-th line it writes, which it writes at every query, before
 * each COMMIT and after it, or at the adjudication's COMMIT). After each kill the database is checked here; then a child
 * finishes, and the step it resolved must be the very step a run without crashes resolved from a copy of the
 * database taken before the first kill.
 */
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { publicRecord, replay, stepCommitment, type GameRecord, type StepRecord } from '@umpire/engine';
import { greatWar } from '@umpire/great-war';
import { hostGame, loadRecord, makeHost, openDatabase, submitOrders, type Sql } from '../src/index.js';
import { engines, withDatabase, type TestDatabase, type TestEngine } from './databases.js';
import { mustFinish, prng, runChild, type ChildRun, type Kill } from './fixtures/child.js';
import { firstLegalOrders } from './fixtures/orders.js';

const GAME = 'gw-crash';
const PLAYERS = ['britain', 'germany'];
const NOW = '2026-01-05T12:00:00Z';
/** Turns resolved under fire, and the kills over them (an engine). */
const TURNS = 2;
const KILLS = 20;

interface Where {
  readonly dataDir?: string;
  readonly databaseUrl?: string;
}

const whereOf = (db: TestDatabase): Where => (db.url ? { databaseUrl: db.url } : { dataDir: db.dataDir! });

/** Open the database, do `work`, close it (PGlite's directory serves one process: the children need it closed). */
async function withSql<T>(where: Where, work: (sql: Sql) => Promise<T>): Promise<T> {
  const sql = await openDatabase(where);
  try {
    return await work(sql);
  } finally {
    await sql.close();
  }
}

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.UMPIRE_TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A copy of the database as it is now (closed): the starting point of the run without crashes. */
async function copyOf(where: Where, name: string): Promise<{ where: Where; drop(): Promise<void> }> {
  if (where.dataDir) {
    const parent = mkdtempSync(join(tmpdir(), 'umpire-ref-'));
    cpSync(where.dataDir, join(parent, 'data'), { recursive: true });
    return { where: { dataDir: join(parent, 'data') }, drop: async () => rmSync(parent, { recursive: true, force: true }) };
  }
  const url = new URL(where.databaseUrl!);
  const source = url.pathname.slice(1);
  const copy = `${source}_${name}`;
  // A killed child's server backend may take a moment to notice and go: the template must have no sessions.
  for (let attempt = 0; ; attempt++) {
    try {
      await onServer(`CREATE DATABASE ${copy} TEMPLATE ${source}`);
      break;
    } catch (e) {
      if (attempt >= 20 || !/being accessed by other users/.test((e as Error).message)) throw e;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  url.pathname = `/${copy}`;
  return { where: { databaseUrl: url.toString() }, drop: () => onServer(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`) };
}

/**
 * The invariants of a stored game whatever moment its server died at: the record parses and replays; every step but
 * the last is resolved, with its secret revealed, one adjudication, one report mail to each player; the last step is
 * open, with its secret stored (matching its commitment) and no adjudication or report; each step was opened once
 * (one turn mail each player); the players' orders in the record are the ones kept as they were sent, once each.
 */
async function checkConsistent(sql: Sql, label: string): Promise<{ record: GameRecord; resolved: StepRecord[]; open: StepRecord }> {
  const record = await loadRecord(sql, GAME);
  assert.ok(record, `${label}: the game is stored`);
  const verified = replay(greatWar, publicRecord(record));
  assert.ok(verified.ok, `${label}: the published record replays: ${verified.mismatch?.path} ${verified.mismatch?.message}`);
  const steps = record.steps;
  const open = steps.at(-1)!;
  const resolved = steps.slice(0, -1);
  for (const s of resolved) assert.equal(s.status, 'resolved', `${label}: step ${s.id}, before the last, is resolved`);
  assert.equal(open.status, 'open', `${label}: the last step (${open.id}) is open: a resolved step is always followed by the next, opened`);
  resolved.forEach((s, i) => assert.equal(stepCommitment(record, i, s.secret ?? ''), s.commitment, `${label}: ${s.id} reveals the secret it committed to`));
  assert.equal(open.secret, undefined, `${label}: the open step's secret is not in the record`);

  const adjudications = await sql.query<{ step_idx: number; step_id: string }>('SELECT step_idx, step_id FROM adjudications WHERE game_id = $1 ORDER BY id', [GAME]);
  assert.deepEqual(
    adjudications.map((a) => [a.step_idx, a.step_id]),
    resolved.map((s, i) => [i, s.id]),
    `${label}: one adjudication a resolved step, and none for the open one`,
  );
  const secrets = await sql.query<{ step_idx: number; secret: string }>('SELECT step_idx, secret FROM step_secrets WHERE game_id = $1 ORDER BY step_idx', [GAME]);
  assert.deepEqual(secrets.map((s) => s.step_idx), [steps.length - 1], `${label}: the open step's secret is stored, and only its`);
  assert.equal(stepCommitment(record, steps.length - 1, secrets[0]!.secret), open.commitment, `${label}: the stored secret is the one the open step committed to`);

  const mails = await sql.query<{ kind: string; seat: string | null; params: { step?: string } }>('SELECT kind, seat, params FROM outbox WHERE game_id = $1 ORDER BY id', [GAME]);
  const count = (kind: string, step: string, seat: string) => mails.filter((m) => m.kind === kind && m.seat === seat && m.params.step === step).length;
  for (const seat of PLAYERS) {
    for (const s of steps) assert.equal(count('turn-opened', s.id, seat), 1, `${label}: one turn-opened mail to ${seat} for ${s.id}`);
    for (const s of resolved) assert.equal(count('report', s.id, seat), 1, `${label}: one report to ${seat} for ${s.id}`);
    assert.equal(count('report', open.id, seat), 0, `${label}: no report for the open step ${open.id}`);
  }

  const kept = await sql.query<{ step_id: string; seat: string; order_hash: string | null }>('SELECT step_id, seat, order_hash FROM submissions WHERE game_id = $1 ORDER BY id', [GAME]);
  for (const s of steps) {
    for (const seat of PLAYERS) {
      const sent = kept.filter((k) => k.step_id === s.id && k.seat === seat);
      const inRecord = s.submissions.find((x) => x.seat === seat);
      assert.ok(sent.length <= 1, `${label}: ${seat}'s orders for ${s.id} were kept once (${sent.length})`);
      if (sent.length) assert.deepEqual([inRecord?.source, inRecord?.orderHash], ['player', sent[0]!.order_hash], `${label}: ${seat}'s orders for ${s.id} are in the record as sent`);
      else assert.notEqual(inRecord?.source, 'player', `${label}: the record holds no orders ${seat} did not send for ${s.id}`);
    }
  }
  return { record, resolved, open };
}

/** Where the child was when it died, from the last lines it wrote. */
function killedAt(run: ChildRun): string {
  const names = run.events.map((e) => e.event);
  if (!names.includes('opened')) return 'opening the database';
  if (names.includes('not-open') || names.includes('done')) return 'after the work (step resolved already)';
  if (!names.includes('adjudicating')) return 'sending orders';
  const adjudicating = names.slice(names.indexOf('adjudicating'));
  if (adjudicating.includes('committed')) return 'after the commit';
  return names.at(-1) === 'work-done' ? 'at the commit' : 'adjudicating';
}

for (const engine of engines) {
  test(`crash test (${engine.name}): a server process killed at random points while it resolves turns leaves each turn done or not done, and the rerun resolves it as a run without crashes does`, (t) =>
    crashTest(engine, t),
  );
}

async function crashTest(engine: TestEngine, t: TestContext): Promise<void> {
    await withDatabase(
      engine,
      async (db) => {
        await db.sql.close();
        const where = whereOf(db);
        const random = prng(engine.name === 'pglite' ? 1914 : 1918);
        const started = performance.now();
        await withSql(where, async (sql) => {
          const host = makeHost(sql, { now: () => new Date(NOW), process: 'test', log: () => undefined });
          const hosted = await hostGame(host, { id: GAME, ruleset: 'great-war', seats: PLAYERS.map((seat) => ({ seat, email: `${seat}@example.org` })) });
          assert.ok(hosted.ok);
          for (const seat of PLAYERS) {
            const orders = (await firstLegalOrders(sql, GAME, seat))!;
            assert.ok((await submitOrders(host, GAME, seat, { text: orders.text }, 'api')).ok);
          }
        });
        const tally = new Map<string, { kills: number; done: number }>();
        let kills = 0;
        let stepsCompared = 0;
        // More turns when kills that came too late (the child had finished) leave the count short.
        for (let turn = 1; turn <= TURNS || (kills < KILLS && turn <= TURNS + 4); turn++) {
          const step = `t${turn}.orders`;
          const config = { mode: 'adjudicate', ...where, process: `crash-${engine.name}`, now: NOW, gameIds: [GAME], players: PLAYERS, step };
          const before = await withSql(where, (sql) => checkConsistent(sql, `before ${step}`));
          assert.equal(before.open.id, step);

          // The run without crashes, from a copy of the database as it is before the first kill: the orders sent, then
          // the step resolved, by two children, whose lines and times say where to kill the children under fire.
          const copy = await copyOf(where, `ref${turn}`);
          let reference: { step: StepRecord; orders: ChildRun; resolve: ChildRun };
          try {
            const orders = mustFinish(await runChild({ ...config, ...copy.where, ordersOnly: true }), `the run without crashes of ${step} (orders)`);
            const resolve = mustFinish(await runChild({ ...config, ...copy.where }), `the run without crashes of ${step}`);
            const ref = await withSql(copy.where, (sql) => checkConsistent(sql, `the run without crashes of ${step}`));
            assert.equal(ref.resolved.length, before.resolved.length + 1);
            reference = { step: ref.resolved.at(-1)!, orders, resolve };
          } finally {
            await copy.drop();
          }

          // Under fire: kill while the child opens the database (after a delay within the time that takes), or at one of
          // the lines it writes as it works (every query, before and after each COMMIT): the lines of the run without
          // crashes, or, once the players' orders are in, those of its second child. A turn done by a kill (or by a
          // child that finished before its kill) ends the turn's kills; the turns go on until there have been enough.
          const submitted: { step: string; seat: string; orderHash: string }[] = [];
          let wasDone = false;
          let ordersIn = PLAYERS.every((seat) => before.open.submissions.some((s) => s.seat === seat));
          const target = Math.ceil((KILLS - kills) / Math.max(1, TURNS - turn + 1));
          for (let k = 0; k < target && !wasDone; k++) {
            const { resolve, orders } = reference;
            const opening = resolve.events.find((e) => e.event === 'opened')!.ms;
            // The second child's lines from 'opened' on; 'done' (after close) is left out, as it races the exit.
            const lines = ordersIn ? resolve.events.length - 1 : orders.events.length - 2 + resolve.events.length - 1;
            // The last kill of a turn lands at the adjudication's COMMIT or just after it, or anywhere; the others land
            // before the COMMIT (the last three lines of a run are the COMMIT's and 'resolved'), so that the turn
            // stays to be done until its last kill.
            const last = k === target - 1;
            const dice = random();
            const kill: Kill =
              last && dice < 0.4
                ? { killAt: { event: 'work-done', after: 'adjudicating' } }
                : last && dice < 0.7
                  ? { killAt: { event: 'resolved' } }
                  : dice < 0.25
                    ? { killAfterMs: random() * opening * 1.2 }
                    : { killAtEvent: 1 + Math.floor(random() * (last ? lines : lines - 3)) };
            const run = await runChild(config, kill);
            for (const e of run.events) if (e.event === 'submitted') submitted.push({ step: String(e.step), seat: String(e.seat), orderHash: String(e.orderHash) });
            if (!run.killed) {
              mustFinish(run, 'a child not killed');
              break;
            }
            kills++;
            const label = `${engine.name} ${step}, kill ${kills} (${JSON.stringify(kill)}, ${killedAt(run)})`;
            const after = await withSql(where, (sql) => checkConsistent(sql, label));
            const done = after.resolved.length === before.resolved.length + 1;
            assert.ok(done || after.resolved.length === before.resolved.length, `${label}: the turn is done or not done`);
            // The child wrote 'resolved' after its COMMIT returned, and 'adjudicating' before it began.
            if (run.events.some((e) => e.event === 'resolved')) assert.ok(done, `${label}: a committed turn stays done`);
            if (!run.events.some((e) => e.event === 'adjudicating')) assert.ok(!done, `${label}: a child killed before it began the turn did not do it`);
            wasDone = done;
            ordersIn = done || PLAYERS.every((seat) => after.open.submissions.some((s) => s.seat === seat));
            for (const s of submitted) {
              const inRecord = after.record.steps.find((x) => x.id === s.step)?.submissions.find((x) => x.seat === s.seat);
              assert.equal(inRecord?.orderHash, s.orderHash, `${label}: ${s.seat}'s orders for ${s.step}, accepted, are kept`);
            }
            const entry = tally.get(killedAt(run)) ?? { kills: 0, done: 0 };
            tally.set(killedAt(run), { kills: entry.kills + 1, done: entry.done + (done ? 1 : 0) });
          }

          // The run that finishes resolves the step exactly as the run without crashes did.
          mustFinish(await runChild(config), `the last run of ${step}`);
          const after = await withSql(where, (sql) => checkConsistent(sql, `after ${step}`));
          assert.equal(after.resolved.length, before.resolved.length + 1, `${step} is resolved once`);
          const resolvedStep = after.resolved.at(-1)!;
          assert.equal(resolvedStep.id, step);
          assert.equal(resolvedStep.stateHash, reference.step.stateHash, `${step}: the state after it is the one the run without crashes reached`);
          assert.deepEqual(resolvedStep, reference.step, `${step}: the same orders, dice and events as the run without crashes`);
          stepsCompared++;
        }
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        t.diagnostic(`${engine.name}: ${kills} kills over ${stepsCompared} turns in ${seconds} s, each resolved as in a run without crashes`);
        for (const [at, n] of tally) t.diagnostic(`  killed ${at}: ${n.kills} (turn done after it: ${n.done})`);
        assert.ok(kills >= KILLS, `at least ${KILLS} kills (${kills})`);
      },
      { onDisk: true },
    );
}
