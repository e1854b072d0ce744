import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGame as newGame, openStep, replay, resolveStep, submitOrders, type Game, type GameRecord, type Result, type Problem } from '@umpire/engine';
import { greatWar, type GreatWarState } from '@umpire/great-war';
import { createGame, DataDirectoryInUse, keepSubmission, listGames, loadRecord, migrate, openPglite, saveRecord, schemaVersion, StaleRecord, submissionsOf } from '../src/index.js';

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

test('migrations run on start: a fresh database gets every version once, and a second start applies nothing', async () => {
  const sql = await openPglite();
  try {
    assert.deepEqual(await migrate(sql), [1]);
    assert.deepEqual(await migrate(sql), []);
    assert.equal(await schemaVersion(sql), 1);
  } finally {
    await sql.close();
  }
});

test('a game record goes in and comes back the same; a resolved turn is saved in one transaction and the stored record verifies', async () => {
  const sql = await openPglite();
  try {
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
  } finally {
    await sql.close();
  }
});

test('a save from a writer that read an older record is refused and changes nothing: a turn is adjudicated once', async () => {
  const sql = await openPglite();
  try {
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
  } finally {
    await sql.close();
  }
});

test('every set of orders a seat sends is kept, the replaced ones too', async () => {
  const sql = await openPglite();
  try {
    await migrate(sql);
    const { game } = openGame('store-3');
    await createGame(sql, game.record);
    await keepSubmission(sql, 'store-3', 't1', 'germany', { orders: [{ kind: 'research', tech: 'tanks' }] }, 'a'.repeat(64), 'email');
    await keepSubmission(sql, 'store-3', 't1', 'germany', { orders: [] }, 'b'.repeat(64), 'web');
    assert.deepEqual(
      (await submissionsOf(sql, 'store-3', 't1', 'germany')).map((s) => [s.via, s.orderHash[0]]),
      [['email', 'a'], ['web', 'b']],
    );
  } finally {
    await sql.close();
  }
});

test('the embedded database keeps its games in its data directory across restarts', async () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'umpire-db-')), 'data');
  const { game } = openGame('store-4');
  const first = await openPglite(dir);
  await migrate(first);
  await createGame(first, game.record);
  await first.close();
  const again = await openPglite(dir);
  try {
    assert.deepEqual(await migrate(again), []);
    assert.deepEqual(await loadRecord(again, 'store-4'), game.record);
  } finally {
    await again.close();
  }
});

test('a second process pointed at the same data directory refuses to start with a clear message; a lock left by a dead process is taken over', async () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'umpire-db-')), 'data');
  const sql = await openPglite(dir);
  try {
    await assert.rejects(openPglite(dir), (e: unknown) => e instanceof DataDirectoryInUse && e.pid === process.pid);
    const sqlModule = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'sql.js');
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
