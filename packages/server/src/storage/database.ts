import { migrate } from './migrations.js';
import { openPostgres } from './postgres.js';
import { openPglite, type Sql } from './sql.js';

export interface DatabaseConfig {
  /** A PostgreSQL server (postgres://...); when absent, the embedded database in `dataDir`. */
  readonly databaseUrl?: string;
  /** The embedded database's directory; undefined with no `databaseUrl` means memory (tests). */
  readonly dataDir?: string;
}

/** Open the database the configuration names and bring its schema up to date. */
export async function openDatabase(config: DatabaseConfig): Promise<Sql> {
  const sql = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    await migrate(sql);
  } catch (e) {
    await sql.close();
    throw e;
  }
  return sql;
}
