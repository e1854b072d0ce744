import pg from 'pg';
import type { Sql, SqlTx } from './sql.js';

/** A connection URL with its password hidden, for messages and `Sql.where`. */
export function hidePassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url.replace(/:[^:@/]*@/, ':***@');
  }
}

/**
 * Values come back as PGlite gives them, so that the store reads the same from both engines: json and jsonb parsed,
 * integer and count(*)::int as numbers, timestamptz as Date (pg's defaults), and int8 (bigserial ids, count(*)) as a
 * number while it is exact, a bigint beyond that (pg's default would be a string).
 */
function pgliteTypes(): pg.CustomTypesConfig {
  const types = new pg.TypeOverrides();
  types.setTypeParser(pg.types.builtins.INT8, (text: string) => {
    const n = BigInt(text);
    return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
  });
  return types;
}

/** What to check when the server cannot be reached or refuses us, by the error's code. */
function connectAdvice(e: { code?: string }, url: URL): string {
  const at = `${url.hostname || 'localhost'}:${url.port || '5432'}`;
  switch (e.code) {
    case 'ECONNREFUSED':
      return `nothing accepts connections at ${at}: is the PostgreSQL server running, and listening on that address and port?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host ${url.hostname} is not known: check the host in DATABASE_URL.`;
    case 'ETIMEDOUT':
      return `no answer from ${at}: check the address, and that no firewall stands between.`;
    case '28P01':
    case '28000':
      return `the server refuses the user ${decodeURIComponent(url.username) || '(none)'}: check the user and password in DATABASE_URL, and the server's pg_hba.conf.`;
    case '3D000':
      return `the database ${decodeURIComponent(url.pathname.slice(1)) || '(none)'} does not exist on the server: create it (createdb), or name another in DATABASE_URL.`;
    case '53300':
      return 'the server has no connection left (max_connections): close other clients, or raise max_connections.';
    default:
      return 'check that the server runs and that the user, password and database in DATABASE_URL are right.';
  }
}

/**
 * A PostgreSQL server by connection URL (DATABASE_URL), through a pool of `pg` connections. A transaction runs on one
 * connection of the pool (BEGIN, the work, COMMIT; ROLLBACK when the work throws), which goes back to the pool in
 * every case. Connects once on open, so that a wrong URL or a server that is down is said at once, clearly.
 */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Sql> {
  const where = hidePassword(url);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`DATABASE_URL is not a connection URL: ${where}. Write it as postgres://user:password@host:port/database.`);
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new Error(`DATABASE_URL must be a postgres:// URL, not ${parsed.protocol}// (${where})`);
  }
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types: pgliteTypes(), application_name: 'umpire', connectionTimeoutMillis: 15_000 });
  // A connection that breaks while idle in the pool (the server restarts) is dropped by the pool; without a listener
  // the error would end the process. The next query opens a new connection, and says so if the server is gone.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    client.release();
  } catch (e) {
    await pool.end().catch(() => undefined);
    const err = e as Error & { code?: string };
    throw new Error(`cannot connect to the PostgreSQL server ${where}: ${err.message}. ${connectAdvice(err, parsed)}`, { cause: e });
  }

  const run = async <T>(q: pg.Pool | pg.PoolClient, text: string, params?: readonly unknown[]): Promise<T[]> =>
    (await q.query(text, params ? [...params] : undefined)).rows as T[];
  let closing: Promise<void> | undefined;
  return {
    engine: 'postgres',
    where,
    query: (text, params) => run(pool, text, params),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
      } catch (e) {
        client.release(e as Error);
        throw e;
      }
      let broken: Error | undefined;
      try {
        const tx: SqlTx = {
          query: (text, params) => run(client, text, params),
          // Without parameters pg sends the simple query protocol, which runs a script of several statements.
          exec: async (script) => void (await client.query(script)),
        };
        try {
          const result = await work(tx);
          await client.query('COMMIT');
          return result;
        } catch (e) {
          try {
            await client.query('ROLLBACK');
          } catch (rollbackError) {
            // The connection is no use any more: the pool must not hand it out again.
            broken = rollbackError as Error;
          }
          throw e;
        }
      } finally {
        client.release(broken);
      }
    },
    close: () => (closing ??= pool.end()),
  };
}
