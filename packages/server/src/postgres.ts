import type { Sql } from './sql.js';

/** A PostgreSQL server by connection URL (DATABASE_URL), through a pool of `pg` connections. */
export async function openPostgres(url: string): Promise<Sql> {
  throw new Error(`PostgreSQL servers are not supported yet (${url.replace(/:[^:@/]*@/, ':***@')})`);
}
