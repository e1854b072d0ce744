import type { Sql } from './sql.js';

/**
 * The SQL schema, one migration per version, applied in order on start; a version once shipped never changes. What
 * is stored is the game record of the engine (orders, dice commitments and reveals, events, state hashes): the
 * record is the truth, and anything else can be computed again from it.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'games, steps and every submission',
    sql: `
      CREATE TABLE games (
        id text PRIMARY KEY,
        ruleset text NOT NULL,
        header jsonb NOT NULL,
        header_hash text NOT NULL,
        initial_state_hash text NOT NULL,
        result jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE steps (
        game_id text NOT NULL REFERENCES games(id),
        idx integer NOT NULL CHECK (idx >= 0),
        step_id text NOT NULL,
        turn integer NOT NULL,
        status text NOT NULL CHECK (status IN ('open', 'paused', 'resolved')),
        record jsonb NOT NULL,
        PRIMARY KEY (game_id, idx)
      );
      -- Every set of orders a seat ever sent, kept even when a later one replaces it: nothing a player submitted is lost.
      CREATE TABLE submissions (
        id bigserial PRIMARY KEY,
        game_id text NOT NULL REFERENCES games(id),
        step_id text NOT NULL,
        seat text NOT NULL,
        orders jsonb NOT NULL,
        order_hash text NOT NULL,
        via text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX submissions_by_step ON submissions (game_id, step_id, seat, id);
    `,
  },
];

/**
 * The advisory lock key that serializes migration runs on one database ('umpire' in ASCII): several server processes
 * starting at once on one PostgreSQL server take turns, and the later ones find the schema up to date.
 */
export const MIGRATION_LOCK = 0x756d70697265;

/**
 * Apply the migrations the database lacks; returns the versions applied. The run is one transaction that first takes
 * the transaction-level advisory lock MIGRATION_LOCK, so that processes starting at once on one database migrate one
 * after the other: the first applies what is missing, the others wait for its commit and then find nothing to do. A
 * migration that fails leaves the schema as it was (PostgreSQL's DDL is transactional) and the server refuses to start.
 */
export async function migrate(sql: Sql): Promise<number[]> {
  return sql.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version));
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}

/** The schema version of a database: the highest migration applied, 0 for none. */
export async function schemaVersion(sql: Sql): Promise<number> {
  const rows = await sql.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
  return rows[0]?.v ?? 0;
}
