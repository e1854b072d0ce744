/**
 * Runs spread over several machines through PostgreSQL: the lab puts one pg-boss job per game on a queue in the
 * database, lab workers anywhere take them and play them in their worker threads, and the summaries go into a table
 * of the lab's own (`lab_results`, in the pg-boss schema), which the lab reads as they arrive. A run's data overrides
 * are stored once (`lab_runs`), not in every job.
 */
import PgBoss from 'pg-boss';
import { WorkerPool } from './pool.js';
import { buildFingerprint } from './runner.js';
import type { GameSpec, GameSummary } from './runner.js';

export const LAB_QUEUE = 'umpire-lab-game';
export const DEFAULT_SCHEMA = 'umpire_lab';

export interface QueueConnection {
  /** postgres://user:password@host:port/database */
  readonly url: string;
  /** The schema of pg-boss and the lab's tables (default umpire_lab). */
  readonly schema?: string;
}

interface GameJob {
  readonly run: string;
  readonly spec: GameSpec;
  /** The build that queued it (buildFingerprint): a worker of another build would play other games. */
  readonly build: string;
}

const ident = (schema: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`'${schema}' is not a schema name the lab takes (lower-case letters, digits and _)`);
  return schema;
};

/** A started pg-boss with the lab's queue and tables. */
export async function openQueue(c: QueueConnection): Promise<{ boss: PgBoss; schema: string }> {
  const schema = ident(c.schema ?? DEFAULT_SCHEMA);
  const boss = new PgBoss({ connectionString: c.url, schema, max: 4, supervise: true, schedule: false });
  boss.on('error', (e: Error) => process.stderr.write(`job queue: ${e.message}\n`));
  await boss.start();
  await boss.createQueue(LAB_QUEUE, { name: LAB_QUEUE, retryLimit: 1, expireInSeconds: 3600 });
  const db = boss.getDb();
  await db.executeSql(`CREATE TABLE IF NOT EXISTS ${schema}.lab_runs (run text PRIMARY KEY, files jsonb NOT NULL, created_on timestamptz NOT NULL DEFAULT now())`, []);
  await db.executeSql(
    `CREATE TABLE IF NOT EXISTS ${schema}.lab_results (run text NOT NULL, game integer NOT NULL, summary jsonb NOT NULL, created_on timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (run, game))`,
    [],
  );
  return { boss, schema };
}

/**
 * Put the games of a run on the queue (those without a result yet) and call `onSummary` for each result as it comes,
 * including results already in the database from an earlier attempt. Resolves when every game has a result, or
 * when `signal` aborts (the jobs stay queued for a later run with the same settings).
 */
export async function playOnQueue(
  c: QueueConnection,
  run: string,
  files: Readonly<Record<string, unknown>>,
  specs: readonly GameSpec[],
  onSummary: (s: GameSummary) => void,
  opts: { readonly signal?: AbortSignal; readonly pollMs?: number } = {},
): Promise<void> {
  const { boss, schema } = await openQueue(c);
  const db = boss.getDb();
  try {
    await db.executeSql(`INSERT INTO ${schema}.lab_runs (run, files) VALUES ($1, $2) ON CONFLICT (run) DO NOTHING`, [run, JSON.stringify(files)]);
    const wanted = new Set(specs.map((s) => s.game));
    const seen = new Set<number>();
    const collect = async () => {
      const { rows } = await db.executeSql(`SELECT game, summary FROM ${schema}.lab_results WHERE run = $1 AND game = ANY($2::int[])`, [run, [...wanted]]);
      for (const r of rows as { game: number; summary: GameSummary }[]) {
        if (seen.has(r.game)) continue;
        seen.add(r.game);
        onSummary(r.summary);
      }
    };
    await collect();
    const missing = specs.filter((s) => !seen.has(s.game));
    if (missing.length) await boss.insert(missing.map((spec) => ({ name: LAB_QUEUE, data: { run, spec, build: buildFingerprint(spec.ruleset) } satisfies GameJob })));
    while (seen.size < wanted.size && !opts.signal?.aborted) {
      await new Promise((r) => setTimeout(r, opts.pollMs ?? 500));
      await collect();
      // A game whose job failed for good (its retries spent) or was cancelled will never have a result: say which.
      const { rows: lost } = await db.executeSql(
        `SELECT (data->'spec'->>'game')::int AS game, state::text AS state, output FROM ${schema}.job WHERE name = $1 AND data->>'run' = $2 AND state IN ('failed', 'cancelled')`,
        [LAB_QUEUE, run],
      );
      const given = (lost as { game: number; state: string; output: unknown }[]).filter((r) => wanted.has(r.game) && !seen.has(r.game));
      if (given.length) {
        await collect();
        const still = given.filter((r) => !seen.has(r.game));
        if (still.length) {
          const why = (o: unknown) => (o && typeof o === 'object' && 'message' in o ? String((o as { message: unknown }).message) : JSON.stringify(o));
          throw new Error(`the queue gave up on ${still.length} game${still.length === 1 ? '' : 's'} of run ${run}: ${still.map((r) => `game ${r.game} ${r.state} (${why(r.output)})`).join('; ')}`);
        }
      }
    }
  } finally {
    await boss.stop({ graceful: false, wait: true, close: true });
  }
}

export interface LabWorker {
  /** Stop taking jobs, end the worker threads and close the connection. */
  stop(): Promise<void>;
  /** Games played so far. */
  readonly played: () => number;
}

/**
 * Take the lab's jobs from the queue and play them in `threads` worker threads, storing each summary in the database.
 * Each run gets threads of its own, made for its data overrides; the threads of a run are closed once idle, when a
 * job of another run comes.
 */
export async function startLabWorker(c: QueueConnection & { readonly threads: number; readonly pollSeconds?: number; readonly onGame?: (s: GameSummary) => void }): Promise<LabWorker> {
  const { boss, schema } = await openQueue(c);
  const db = boss.getDb();
  // One pool of threads for each run's data overrides. A pool playing games is never closed under them: the pools of
  // other runs are closed only once idle, when a job of a new run needs threads.
  const pools = new Map<string, { pool: Promise<WorkerPool>; busy: number }>();
  let played = 0;
  const poolFor = (run: string): { pool: Promise<WorkerPool>; busy: number } => {
    let entry = pools.get(run);
    if (!entry) {
      for (const [other, e] of pools) {
        if (e.busy > 0) continue;
        pools.delete(other);
        void e.pool.then((p) => p.close()).catch(() => undefined);
      }
      const pool = (async () => {
        const { rows } = await db.executeSql(`SELECT files FROM ${schema}.lab_runs WHERE run = $1`, [run]);
        if (!rows.length) throw new Error(`run ${run} is not in ${schema}.lab_runs`);
        return new WorkerPool(c.threads, rows[0].files as Record<string, unknown>);
      })();
      const made = { pool, busy: 0 };
      pools.set(run, made);
      // A run that cannot be read is tried afresh by its next job.
      pool.catch(() => {
        if (pools.get(run) === made) pools.delete(run);
      });
      entry = made;
    }
    return entry;
  };
  const ids: string[] = [];
  for (let i = 0; i < Math.max(1, c.threads); i++) {
    ids.push(
      await boss.work<GameJob>(LAB_QUEUE, { batchSize: 1, pollingIntervalSeconds: c.pollSeconds ?? 1 }, async ([job]) => {
        if (!job) return;
        const { run, spec, build } = job.data;
        const mine = buildFingerprint(spec.ruleset);
        if (build !== mine) throw new Error(`this worker runs ${mine}, and the job was queued by ${build}: every machine of a run must run the same build of Umpire`);
        const { rows } = await db.executeSql(`SELECT 1 FROM ${schema}.lab_results WHERE run = $1 AND game = $2`, [run, spec.game]);
        if (rows.length) return;
        const entry = poolFor(run);
        entry.busy++;
        let summary: GameSummary;
        try {
          summary = await (await entry.pool).play(spec);
        } finally {
          entry.busy--;
        }
        await db.executeSql(`INSERT INTO ${schema}.lab_results (run, game, summary) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [run, spec.game, JSON.stringify(summary)]);
        played++;
        c.onGame?.(summary);
      }),
    );
  }
  return {
    played: () => played,
    async stop() {
      for (const id of ids) await boss.offWork({ id });
      for (const e of pools.values()) await (await e.pool.catch(() => undefined))?.close();
      await boss.stop({ graceful: false, wait: true, close: true });
    },
  };
}
