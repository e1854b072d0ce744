/**
 * The database engines the store's tests run against: the embedded PGlite (memory, or a temporary data directory) and
 * a PostgreSQL server, on a fresh database a test (`umpire_test_<random>`), created through UMPIRE_TEST_DATABASE_URL
 * and dropped at the end. scripts/run-tests.mjs sets UMPIRE_TEST_DATABASE_URL (scripts/services/postgres.mjs installs
 * and starts the server); without it the PostgreSQL tests fail, saying so, rather than being skipped unseen.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPglite, type Sql } from '../src/storage/sql.js';
import { hidePassword, openPostgres } from '../src/storage/postgres.js';

export type EngineName = 'pglite' | 'postgres';

export interface TestDatabase {
  /** The database, open (not migrated). */
  readonly sql: Sql;
  /** postgres: the fresh database's URL, for another connection or another process. */
  readonly url?: string;
  /** pglite on disk: its data directory. */
  readonly dataDir?: string;
  /**
   * Open the same database again: a restart (pglite: close `sql` first, the directory serves one process) or, on
   * postgres, another connection at the same time. Closed by `dispose`.
   */
  reopen(): Promise<Sql>;
  /** Close every connection opened here and remove the database (postgres) or its directory (pglite on disk). */
  dispose(): Promise<void>;
}

export interface TestEngine {
  readonly name: EngineName;
  /** A fresh, empty database. `onDisk`: PGlite in a temporary directory rather than memory (postgres is always on disk). */
  open(options?: { onDisk?: boolean }): Promise<TestDatabase>;
}

/** `sql` with a close that may be called again (by the test, then by dispose). */
function closeOnce(sql: Sql): Sql {
  let closing: Promise<void> | undefined;
  return {
    engine: sql.engine,
    where: sql.where,
    query: (text, params) => sql.query(text, params),
    transaction: (work) => sql.transaction(work),
    close: () => (closing ??= sql.close()),
  };
}

const pglite: TestEngine = {
  name: 'pglite',
  async open(options = {}) {
    const parent = options.onDisk ? mkdtempSync(join(tmpdir(), 'umpire-db-')) : undefined;
    const dataDir = parent === undefined ? undefined : join(parent, 'data');
    const opened: Sql[] = [closeOnce(await openPglite(dataDir))];
    return {
      sql: opened[0]!,
      ...(dataDir === undefined ? {} : { dataDir }),
      async reopen() {
        if (dataDir === undefined) throw new Error('a PGlite database in memory cannot be opened again: open it with { onDisk: true }');
        const sql = closeOnce(await openPglite(dataDir));
        opened.push(sql);
        return sql;
      },
      async dispose() {
        for (const sql of opened) await sql.close();
        if (parent !== undefined) rmSync(parent, { recursive: true, force: true });
      },
    };
  },
};

/** The server's URL for the tests, or a failure that says how to get one. */
function serverUrl(): string {
  const url = process.env.UMPIRE_TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'UMPIRE_TEST_DATABASE_URL is not set: the PostgreSQL tests need a server. Run them with `node scripts/run-tests.mjs server`, ' +
        'which installs and starts one (scripts/services/postgres.mjs), or set UMPIRE_TEST_DATABASE_URL=postgres://user:password@host:port/postgres ' +
        'for a role that may create databases (CREATEDB).',
    );
  }
  return url;
}

/** Run one statement on the server's maintenance database (CREATE/DROP DATABASE cannot run in a pool's transaction). */
async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 15_000 });
  try {
    await client.connect();
  } catch (e) {
    throw new Error(`cannot connect to the test PostgreSQL server ${hidePassword(url)} (UMPIRE_TEST_DATABASE_URL): ${(e as Error).message}`, { cause: e });
  }
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const postgres: TestEngine = {
  name: 'postgres',
  async open() {
    const server = serverUrl();
    const name = `umpire_test_${randomBytes(6).toString('hex')}`;
    await onServer(server, `CREATE DATABASE ${name}`);
    const u = new URL(server);
    u.pathname = `/${name}`;
    const url = u.toString();
    const opened: Sql[] = [];
    const dispose = async () => {
      for (const sql of opened) await sql.close();
      // FORCE: a connection a failed test left open does not keep the database.
      await onServer(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
    try {
      opened.push(closeOnce(await openPostgres(url, { max: 4 })));
    } catch (e) {
      await dispose();
      throw e;
    }
    return {
      sql: opened[0]!,
      url,
      async reopen() {
        const sql = closeOnce(await openPostgres(url, { max: 4 }));
        opened.push(sql);
        return sql;
      },
      dispose,
    };
  },
};

export const engines: readonly TestEngine[] = [pglite, postgres];

/** Run `body` on a fresh database of `engine`, disposed of afterwards whatever happens. */
export async function withDatabase<T>(engine: TestEngine, body: (db: TestDatabase) => Promise<T>, options?: { onDisk?: boolean }): Promise<T> {
  const db = await engine.open(options);
  try {
    return await body(db);
  } finally {
    await db.dispose();
  }
}
