/**
 * The lab through a real PostgreSQL server (UMPIRE_TEST_DATABASE_URL, set by scripts/run-tests.mjs, which starts the
 * server): on a fresh database (`umpire_test_<random>`, as the server's tests make them), dropped at the end.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import pg from 'pg';
import { setDataOverrides } from '@umpire/great-war';
import { LAB_QUEUE, openQueue, readOverrides, runGame, runId, runLab, startLabWorker, type QueueConnection, type RunSettings } from '../src/index.js';

/** Run one statement on the server's maintenance database (CREATE and DROP DATABASE). */
async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: server(), connectionTimeoutMillis: 15_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function server(): string {
  const url = process.env.UMPIRE_TEST_DATABASE_URL;
  if (!url) throw new Error('UMPIRE_TEST_DATABASE_URL is not set: run the lab tests with `node scripts/run-tests.mjs lab`, which starts PostgreSQL (scripts/services/postgres.mjs)');
  return url;
}

test('queue mode: 3 short games go through a pg-boss queue in PostgreSQL to a lab worker, and come back with the summaries one thread gives', { timeout: 240_000 }, async () => {
  const name = `umpire_test_${randomBytes(6).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(server());
  url.pathname = `/${name}`;
  const queue: QueueConnection = { url: url.toString(), schema: 'lab_test' };
  try {
    await queueRun(queue);
  } finally {
    await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
});

async function queueRun(queue: QueueConnection): Promise<void> {
  const worker = await startLabWorker({ ...queue, threads: 1, pollSeconds: 0.5 });
  let stopped = false;
  try {
    const settings: RunSettings = { ruleset: 'great-war', scenario: 'august-1914', seed: 'queue', bot: 'random', turns: 2, options: {}, set: ['scenario:nations.usa.treasury=30'] };
    const out = mkdtempSync(join(tmpdir(), 'umpire-lab-queue-'));
    // This process only queues and collects (--workers 0): the games are the worker's.
    const outcome = await runLab({ settings, games: 3, out, workers: 0, queue });
    assert.equal(outcome.played, 3);
    // The run is known by its settings and by what else decides its games: the build's data and bots.
    assert.match(outcome.summary.settings.build ?? '', /^great-war@[0-9.]+\/[0-9a-f]{16}$/);
    assert.equal(worker.played(), 3);
    const { boss, schema } = await openQueue(queue);
    try {
      const { rows } = await boss.getDb().executeSql(`SELECT game, summary FROM ${schema}.lab_results WHERE run = $1 ORDER BY game`, [runId(outcome.summary.settings)]);
      assert.deepEqual(rows.map((r: { game: number }) => r.game), [0, 1, 2]);
      // The same games in this thread, with the same override.
      const read = readOverrides(settings.ruleset, settings.set, settings.scenario);
      assert.ok(read.ok && setDataOverrides(read.value.files).ok);
      try {
        for (const r of rows as { game: number; summary: unknown }[]) {
          const here = runGame({ ruleset: 'great-war', scenario: 'august-1914', seed: 'queue', game: r.game, bot: 'random', turns: 2 });
          assert.deepEqual(r.summary, JSON.parse(JSON.stringify(here)));
        }
      } finally {
        setDataOverrides({});
      }
      assert.equal(outcome.summary.series['usa']!.length, 2, 'production turn by turn');
      // A rerun finds every result in the database (and in games.jsonl): nothing is queued again.
      const again = await runLab({ settings, games: 3, out: mkdtempSync(join(tmpdir(), 'umpire-lab-queue-')), workers: 0, queue });
      assert.equal(again.played, 3);
      assert.deepEqual(again.summary.wins, outcome.summary.wins);
      assert.equal(worker.played(), 3);
      // A job queued by another build is refused by the worker (it would play other games), and fails with the reason.
      await boss.insert([{ name: LAB_QUEUE, data: { run: runId(outcome.summary.settings), spec: { ruleset: 'great-war', scenario: 'august-1914', seed: 'queue', game: 9, bot: 'random', turns: 1 }, build: 'great-war@0.0.1/0000000000000000' }, retryLimit: 0 }]);
      let failed: { output: { message?: string } } | undefined;
      for (let i = 0; i < 60 && !failed; i++) {
        await new Promise((r) => setTimeout(r, 250));
        const { rows: jobs } = await boss.getDb().executeSql(`SELECT output FROM ${schema}.job WHERE name = $1 AND state = 'failed'`, [LAB_QUEUE]);
        failed = (jobs as { output: { message?: string } }[])[0];
      }
      assert.match(failed?.output.message ?? '', /queued by great-war@0\.0\.1\/0{16}: every machine of a run must run the same build/);
      assert.equal(worker.played(), 3);
    } finally {
      await worker.stop();
      stopped = true;
      await boss.stop({ graceful: false, wait: true, close: true });
    }
  } finally {
    if (!stopped) await worker.stop();
  }
}
