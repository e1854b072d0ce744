import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * The one SQL interface the store speaks: PostgreSQL, embedded (PGlite, a directory on disk or memory) or a server.
 * Every change a step makes goes through `transaction`, so that it is all done or not at all.
 */
export interface Sql extends Queryable {
  transaction<T>(work: (tx: SqlTx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Which engine: 'pglite' or 'postgres'; where: the data directory or the server. */
  readonly engine: 'pglite' | 'postgres';
  readonly where: string;
}

/** Something that runs queries: the database, or one transaction of it. */
export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
}

/** The queries of one transaction. */
export interface SqlTx extends Queryable {
  /** Run a script of several statements (no parameters): a migration. */
  exec(script: string): Promise<void>;
}

/** Raised when a PGlite data directory is already served by another process. */
export class DataDirectoryInUse extends Error {
  constructor(
    readonly directory: string,
    readonly pid: number,
  ) {
    super(
      `the data directory ${directory} is in use by process ${pid}: the embedded database serves one process. ` +
        'Stop that process, or point DATABASE_URL at a PostgreSQL server to run several server processes on one database.',
    );
    this.name = 'DataDirectoryInUse';
  }
}

const LOCK_FILE = 'umpire.lock';

/** Whether a process is alive (signal 0 checks without sending anything). */
function alive(pid: number): boolean {
  if (pid <= 0) return false; // garbage in a lock file; and kill(-1) would ask about every process
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Take the directory's lock for this process: a file holding our pid, made whole beside it and linked into place, so
 * that nobody ever reads a lock half written. A lock left by a process that no longer runs (or that names our own pid:
 * a container restarted) is stale: it is renamed aside, which only one process can do, and taken over. A live one
 * refuses with `DataDirectoryInUse`.
 */
export function lockDataDirectory(directory: string): () => void {
  mkdirSync(directory, { recursive: true });
  const path = join(directory, LOCK_FILE);
  if (heldHere.has(path)) throw new DataDirectoryInUse(directory, process.pid);
  const mine = `${path}.${process.pid}`;
  writeFileSync(mine, String(process.pid));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(mine, path);
        heldHere.add(path);
        return () => {
          heldHere.delete(path);
          rmSync(path, { force: true });
        };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const held = readPid(path);
      if (held === undefined) continue; // gone meanwhile: try again
      if (held !== process.pid && alive(held)) throw new DataDirectoryInUse(directory, held);
      const aside = `${path}.stale.${process.pid}`;
      try {
        renameSync(path, aside);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue; // another process moved it first
        throw e;
      }
      // What we moved may be a lock another process made since we read the stale one: put it back and give way.
      const moved = readPid(aside);
      if (moved !== undefined && moved !== held && moved !== process.pid && alive(moved)) {
        try {
          linkSync(aside, path);
        } finally {
          rmSync(aside, { force: true });
        }
        throw new DataDirectoryInUse(directory, moved);
      }
      rmSync(aside, { force: true });
    }
  } finally {
    rmSync(mine, { force: true });
  }
  throw new Error(`could not lock the data directory ${directory}: other processes keep taking its lock`);
}

/** The locks this process holds: our own pid in a lock we do not hold is a former process's (a restarted container). */
const heldHere = new Set<string>();

function readPid(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isInteger(pid) ? pid : -1;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/** The embedded database: in a directory (locked to this process), or in memory when `directory` is undefined. */
export async function openPglite(directory?: string): Promise<Sql> {
  const where = directory === undefined ? 'memory' : resolve(directory);
  const unlock = directory === undefined ? () => undefined : lockDataDirectory(where);
  let db: PGlite;
  try {
    db = directory === undefined ? new PGlite() : new PGlite(join(where, 'pgdata'));
    await db.waitReady;
  } catch (e) {
    unlock();
    throw e;
  }
  const run = async <T>(q: { query: PGlite['query'] }, text: string, params?: readonly unknown[]) => (await q.query<T>(text, params ? [...params] : undefined)).rows;
  return {
    engine: 'pglite',
    where,
    query: (text, params) => run(db, text, params),
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          query: (text, params) => run(tx, text, params),
          exec: async (script) => void (await tx.exec(script)),
        }),
      ),
    close: async () => {
      await db.close();
      unlock();
    },
  };
}
