import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGame as newGame, openStep, RECORD_FORMAT, RECORD_FORMAT_1, replay, resolveStep, submitOrders, type Game, type GameRecord, type Result, type Problem } from '@umpire/engine';
import { greatWar, type GreatWarState } from '@umpire/great-war';
import {
  createGame,
  DataDirectoryInUse,
  hidePassword,
  keepSubmission,
  listGames,
  loadRecord,
  migrate,
  migrations,
  openPglite,
  openPostgres,
  saveRecord,
  schemaVersion,
  StaleRecord,
  submissionsOf,
  type Sql,
} from '../src/index.js';
import { engines, withDatabase } from './databases.js';

const must = <T>(r: Result<T, Problem[]>): T => {
  if (!r.ok) assert.fail(r.error.map((p) => p.message).join('; '));
  return r.value;
};

/** A 1914 game with committed dice and its first turn open. */
function openGame(id: string): { game: Game<GreatWarState>; secret: string } {
  const secret = '11'.repeat(32);
  const game = must(newGame<GreatWarState>(greatWar, { gameId: id, dice: { mode: 'committed' } }));
  return { game: must(openStep(greatWar, game, secret)), secret };
}

const versions = migrations.map((m) => m.version);

// Every store test runs on both engines: the embedded PGlite and a PostgreSQL server (a fresh database a test).
for (const engine of engines) {
  const on = (title: string) => `${engine.name}: ${title}`;

  test(on('migrations run on start: a fresh database gets every version once, and a second start applies nothing'), () =>
    withDatabase(engine, async ({ sql }) => {
      assert.deepEqual(await migrate(sql), versions);
      assert.deepEqual(await migrate(sql), []);
      assert.equal(await schemaVersion(sql), versions.at(-1));
    }));

  test(on('migration runs started at once on a fresh database take turns: each version is applied once'), () =>
    withDatabase(engine, async (db) => {
      // On a server, separate connections as separate server processes would have; PGlite has one connection.
      const connections: Sql[] = [db.sql];
      for (let i = 1; i < 4; i++) connections.push(engine.name === 'postgres' ? await db.reopen() : db.sql);
      const runs = await Promise.all(connections.map((c) => migrate(c)));
      assert.deepEqual(runs.flat().sort((a, b) => a - b), versions, `runs applied ${JSON.stringify(runs)}`);
      assert.equal(runs.filter((r) => r.length > 0).length, 1, 'one run applies everything, the others find it done');
      const rows = await db.sql.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      assert.deepEqual(rows.map((r) => r.version), versions);
      assert.deepEqual(await migrate(connections.at(-1)!), []);
    }));

  test(on('values come back alike from both engines: jsonb parsed, integers and bigserial ids as numbers, timestamps as dates'), () =>
    withDatabase(engine, async ({ sql }) => {
      const [row] = await sql.query<Record<string, unknown>>(
        `SELECT '{"a":[1,"x"],"b":null}'::jsonb AS j, json_agg(x) AS agg, count(*)::int AS n, 7::int8 AS big, 9007199254740993::int8 AS huge, now() AS at FROM (VALUES (1), (2)) v(x)`,
      );
      assert.deepEqual(row, { j: { a: [1, 'x'], b: null }, agg: [1, 2], n: 2, big: 7, huge: 9007199254740993n, at: row!.at });
      assert.ok(row!.at instanceof Date);
      await migrate(sql);
      const { game } = openGame(`types-${engine.name}`);
      await createGame(sql, game.record);
      const first = await keepSubmission(sql, game.record.header.gameId, 't1', 'germany', { n: 1 }, 'a'.repeat(64), 'api');
      const second = await keepSubmission(sql, game.record.header.gameId, 't1', 'germany', { n: 2 }, 'b'.repeat(64), 'api');
      assert.equal(typeof first, 'number');
      assert.equal(second, first + 1);
    }));

  test(on('a failed transaction changes nothing and gives its connection back'), () =>
    withDatabase(engine, async ({ sql }) => {
      await migrate(sql);
      const { game } = openGame('store-tx');
      // More failures than the pool has connections: a connection kept by a failed transaction would hang the next.
      for (let i = 0; i < 10; i++) {
        await assert.rejects(
          sql.transaction(async (tx) => {
            await tx.query('INSERT INTO games (id, ruleset, header, header_hash, initial_state_hash) VALUES ($1, $2, $3, $4, $5)', ['store-tx', 'great-war', '{}', 'h', 'i']);
            throw new Error('the work failed');
          }),
          /the work failed/,
        );
        await assert.rejects(sql.transaction((tx) => tx.query('SELECT * FROM no_such_table')), /no_such_table/);
      }
      assert.deepEqual(await sql.query('SELECT id FROM games'), []);
      await createGame(sql, game.record);
      assert.deepEqual(await loadRecord(sql, 'store-tx'), game.record);
    }));

  test(on('a game record goes in and comes back the same; a resolved turn is saved in one transaction and the stored record verifies'), () =>
    withDatabase(engine, async ({ sql }) => {
      await migrate(sql);
      const { game, secret } = openGame('store-1');
      await createGame(sql, game.record);
      assert.deepEqual(await loadRecord(sql, 'store-1'), game.record);
      assert.equal(await loadRecord(sql, 'nothing'), undefined);
      await assert.rejects(createGame(sql, game.record), /exists already/);

      const sent = must(submitOrders(greatWar, game, 'germany', { text: 'research tanks' })).game;
      await saveRecord(sql, sent.record, 1);
      const resolved = must(resolveStep(greatWar, sent, secret)).game;
      await saveRecord(sql, resolved.record, 1);
      const stored = (await loadRecord(sql, 'store-1'))!;
      assert.deepEqual(stored, resolved.record);
      const verified = replay<GreatWarState>(greatWar, stored as GameRecord);
      assert.ok(verified.ok, verified.mismatch?.message);
      assert.deepEqual(await listGames(sql), [{ id: 'store-1', ruleset: 'great-war', scenario: 'august-1914', seats: greatWar.seats(game.position.state), steps: 1, over: false }]);
    }));

  test(on("each game keeps its record format: games stored before format 2 come back as format 1, go on in it and verify"), () =>
    withDatabase(engine, async ({ sql }) => {
      await migrate(sql);
      const { game } = openGame('store-format-2');
      assert.equal(game.record.format, RECORD_FORMAT);
      await createGame(sql, game.record);
      assert.equal((await loadRecord(sql, 'store-format-2'))?.format, RECORD_FORMAT);
      // a game stored before the format was (migration 4 gives it format 1), played on in format 1
      const created = must(newGame<GreatWarState>(greatWar, { gameId: 'store-format-1', dice: { mode: 'committed' } }));
      const secret = '22'.repeat(32);
      const old = must(openStep(greatWar, { ...created, record: { ...created.record, format: RECORD_FORMAT_1 } }, secret));
      const r = old.record;
      await sql.query('INSERT INTO games (id, ruleset, header, header_hash, initial_state_hash) VALUES ($1, $2, $3, $4, $5)', [r.header.gameId, r.header.ruleset.id, JSON.stringify(r.header), r.headerHash, r.initialStateHash]);
      await sql.query('INSERT INTO steps (game_id, idx, step_id, turn, status, record) VALUES ($1, 0, $2, 1, $3, $4)', [r.header.gameId, r.steps[0]!.id, 'open', JSON.stringify(r.steps[0])]);
      const loaded = (await loadRecord(sql, 'store-format-1'))!;
      assert.deepEqual(loaded, r);
      const resolved = must(resolveStep(greatWar, { record: loaded, position: old.position }, secret)).game;
      await saveRecord(sql, resolved.record, 1);
      const stored = (await loadRecord(sql, 'store-format-1'))!;
      assert.equal(stored.format, RECORD_FORMAT_1);
      const verified = replay<GreatWarState>(greatWar, stored);
      assert.ok(verified.ok, verified.mismatch?.message);
    }));

  test(on('a save from a writer that read an older record is refused and changes nothing: a turn is adjudicated once'), () =>
    withDatabase(engine, async ({ sql }) => {
      await migrate(sql);
      const { game, secret } = openGame('store-2');
      await createGame(sql, game.record);
      const first = must(resolveStep(greatWar, game, secret)).game;
      const second = must(openStep(greatWar, first, '22'.repeat(32)));
      await saveRecord(sql, second.record, 1);
      // Another writer still holding the one-step record tries to save its own resolution of turn 1.
      const other = must(resolveStep(greatWar, must(submitOrders(greatWar, game, 'france', { text: 'research radar' })).game, secret)).game;
      await assert.rejects(saveRecord(sql, other.record, 1), (e: unknown) => e instanceof StaleRecord && e.foundSteps === 2);
      assert.deepEqual(await loadRecord(sql, 'store-2'), second.record);
    }));

  test(on('two writers saving the same turn at once: one save is kept, the other is refused as stale'), () =>
    withDatabase(engine, async (db) => {
      await migrate(db.sql);
      const { game, secret } = openGame('store-race');
      await createGame(db.sql, game.record);
      // Two processes read the open turn and each resolve it their own way (different orders).
      const byGermany = must(openStep(greatWar, must(resolveStep(greatWar, must(submitOrders(greatWar, game, 'germany', { text: 'research tanks' })).game, secret)).game, '22'.repeat(32)));
      const byFrance = must(openStep(greatWar, must(resolveStep(greatWar, must(submitOrders(greatWar, game, 'france', { text: 'research radar' })).game, secret)).game, '22'.repeat(32)));
      const other = engine.name === 'postgres' ? await db.reopen() : db.sql;
      const outcomes = await Promise.allSettled([saveRecord(db.sql, byGermany.record, 1), saveRecord(other, byFrance.record, 1)]);
      const kept = outcomes.findIndex((o) => o.status === 'fulfilled');
      const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      assert.equal(refused.length, 1, JSON.stringify(outcomes));
      assert.ok(refused[0]!.reason instanceof StaleRecord, String(refused[0]!.reason));
      assert.deepEqual(await loadRecord(other, 'store-race'), [byGermany, byFrance][kept]!.record);
    }));

  test(on('every set of orders a seat sends is kept, the replaced ones too'), () =>
    withDatabase(engine, async ({ sql }) => {
      await migrate(sql);
      const { game } = openGame('store-3');
      await createGame(sql, game.record);
      await keepSubmission(sql, 'store-3', 't1', 'germany', { orders: [{ kind: 'research', tech: 'tanks' }] }, 'a'.repeat(64), 'email');
      await keepSubmission(sql, 'store-3', 't1', 'germany', { orders: [] }, 'b'.repeat(64), 'web');
      assert.deepEqual(
        (await submissionsOf(sql, 'store-3', 't1', 'germany')).map((s) => [s.via, s.orderHash[0], s.orders]),
        [
          ['email', 'a', { orders: [{ kind: 'research', tech: 'tanks' }] }],
          ['web', 'b', { orders: [] }],
        ],
      );
    }));

  test(on('the database keeps its games across restarts'), () =>
    withDatabase(
      engine,
      async (db) => {
        const { game } = openGame('store-4');
        await migrate(db.sql);
        await createGame(db.sql, game.record);
        await db.sql.close();
        const again = await db.reopen();
        assert.deepEqual(await migrate(again), []);
        assert.deepEqual(await loadRecord(again, 'store-4'), game.record);
      },
      { onDisk: true },
    ));
}

test('postgres: a second server process on the same database starts, finds the schema up to date and reads the games', () =>
  withDatabase(engines.find((e) => e.name === 'postgres')!, async (db) => {
    await migrate(db.sql);
    const { game } = openGame('store-5');
    await createGame(db.sql, game.record);
    const index = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'index.js');
    const script = `import { openPostgres, migrate, listGames } from ${JSON.stringify(index)};
const sql = await openPostgres(process.env.DATABASE_URL);
try { console.log(JSON.stringify({ applied: await migrate(sql), games: (await listGames(sql)).map((g) => g.id) })); } finally { await sql.close(); }`;
    const second = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: db.url } });
    assert.equal(second.status, 0, second.stderr);
    assert.deepEqual(JSON.parse(second.stdout), { applied: [], games: ['store-5'] });
  }));

test('postgres: a server that cannot be reached, or that refuses the password, is said clearly, without the password', async () => {
  const server = new URL(process.env.UMPIRE_TEST_DATABASE_URL ?? 'postgres://umpire:secret@127.0.0.1:5432/postgres');
  const password = server.password;
  const down = new URL(server);
  down.port = '1';
  await assert.rejects(openPostgres(down.toString()), (e: Error) => {
    assert.ok(e.message.startsWith(`cannot connect to the PostgreSQL server ${hidePassword(down.toString())}: `), e.message);
    assert.match(e.message, /is the PostgreSQL server running/);
    assert.ok(!e.message.includes(password), e.message);
    return true;
  });
  assert.ok(process.env.UMPIRE_TEST_DATABASE_URL, 'UMPIRE_TEST_DATABASE_URL is not set: run the tests with `node scripts/run-tests.mjs server`');
  const wrong = new URL(server);
  wrong.password = 'not-the-password';
  await assert.rejects(openPostgres(wrong.toString()), /refuses the user \S+: check the user and password in DATABASE_URL/);
  const missing = new URL(server);
  missing.pathname = '/umpire_no_such_database';
  await assert.rejects(openPostgres(missing.toString()), /the database umpire_no_such_database does not exist on the server/);
  await assert.rejects(openPostgres('mysql://localhost/x'), /DATABASE_URL must be a postgres:\/\/ URL/);
});

test('a second process pointed at the same data directory refuses to start with a clear message; a lock left by a dead process is taken over', async () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'umpire-db-')), 'data');
  const sql = await openPglite(dir);
  try {
    await assert.rejects(openPglite(dir), (e: unknown) => e instanceof DataDirectoryInUse && e.pid === process.pid);
    const sqlModule = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'storage', 'sql.js');
    const script = join(dirname(dir), 'second.mjs');
    writeFileSync(script, `import { openPglite } from ${JSON.stringify(sqlModule)};\ntry { await openPglite(${JSON.stringify(dir)}); process.exit(0); } catch (e) { console.error(e.message); process.exit(3); }\n`);
    const second = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    assert.equal(second.status, 3);
    assert.match(second.stderr, new RegExp(`the data directory .* is in use by process ${process.pid}: the embedded database serves one process`));
    assert.match(second.stderr, /point DATABASE_URL at a PostgreSQL server/);
  } finally {
    await sql.close();
  }
  // A process that died holding the lock: its pid no longer runs.
  const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
  writeFileSync(join(dir, 'umpire.lock'), dead);
  const reopened = await openPglite(dir);
  await reopened.close();
});

test('a lock naming our own pid that this process does not hold (a restarted container), or holding garbage, is stale and taken over', async () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'umpire-db-')), 'data');
  mkdirSync(dir, { recursive: true });
  for (const content of [String(process.pid), 'not a pid', '']) {
    writeFileSync(join(dir, 'umpire.lock'), content);
    const sql = await openPglite(dir);
    assert.equal(readFileSync(join(dir, 'umpire.lock'), 'utf8'), String(process.pid));
    await sql.close();
    assert.equal(existsSync(join(dir, 'umpire.lock')), false, 'closing gives the lock back');
  }
});
