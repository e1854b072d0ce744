import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const bin = join(root, 'packages', 'cli', 'bin', 'umpire.js');

/** Start a command and wait until its output matches `ready` (or it exits). */
function start(cmd: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, cwd = root): Promise<{ child: ChildProcess; output: () => string; exited: Promise<number | null> }> {
  const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${ready}' within 120 s; output:\n${output}`)), 120_000);
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve({ child, output: () => output, exited });
      }
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    void exited.then(() => {
      clearTimeout(timer);
      resolve({ child, output: () => output, exited });
    });
  });
}

// A server stopped once (by a signal: its exit code stays null) is not signalled again.
const stop = async (p: { child: ChildProcess; exited: Promise<number | null> }) => {
  if (p.child.exitCode === null && p.child.signalCode === null) process.kill(-p.child.pid!, 'SIGTERM');
  return p.exited;
};

test('npm start serves the demo game on PORT with the embedded database in UMPIRE_DATA_DIR; a second server on the same directory refuses to start', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-serve-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const env = { PORT: String(port), UMPIRE_DATA_DIR: join(dir, 'data') };
  const server = await start('npm', ['start', '--silent'], env, /Umpire serves/);
  try {
    assert.match(server.output(), /demo game hosted; play britain at http:\/\/localhost:\d+\/games\/demo\?seat=britain&token=\S+/);
    const games = (await (await fetch(`http://127.0.0.1:${port}/api/games`)).json()) as { games: { id: string; turnsResolved: number; openSeats: number }[] };
    assert.deepEqual(games.games.map((g) => [g.id, g.turnsResolved, g.openSeats]), [['demo', 2, 1]]);
    // The web client, built by npm start's build, at / and at a game's address, with its script.
    const home = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    assert.match(home, /<div id="root"><\/div>/);
    assert.equal(await (await fetch(`http://127.0.0.1:${port}/games/demo`)).text(), home);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(home)?.[1];
    assert.ok(script, home);
    const js = await fetch(`http://127.0.0.1:${port}${script}`);
    assert.equal(js.status, 200);
    assert.match(js.headers.get('content-type') ?? '', /javascript/);
    const second = await start(process.execPath, [bin, 'serve', '--port', String(port + 1)], env, /did not start/);
    assert.equal(await second.exited, 1);
    assert.match(second.output(), /the data directory .* is in use by process \d+: the embedded database serves one process/);
    await stop(server);
    // Started again on the same data: no build (the build is in step), and a new link to the demo seat, which works.
    const again = await start('npm', ['start', '--silent'], env, /Umpire serves/);
    try {
      assert.doesNotMatch(again.output(), /Building first/);
      const link = /demo game hosted already; play britain at http:\/\/localhost:\d+\/games\/demo\?seat=britain&token=(\S+)/.exec(
        again.output(),
      );
      assert.ok(link, again.output());
      const view = await fetch(`http://127.0.0.1:${port}/api/games/demo/view`, { headers: { authorization: `Bearer ${link[1]}` } });
      const body = await view.text();
      assert.equal(view.status, 200, body);
      assert.equal((JSON.parse(body) as { seat: string }).seat, 'britain');
    } finally {
      await stop(again);
    }
  } finally {
    await stop(server);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('umpire serve: a bad PORT is refused with a clear message', async () => {
  const run = await start(process.execPath, [bin, 'serve', '--port', 'eighty'], {}, /PORT/);
  assert.equal(await run.exited, 2);
  assert.match(run.output(), /PORT must be a port number, 0 to 65535, not 'eighty'/);
});

test('umpire serve: a bad setting in the environment stops the start with a message naming the setting, its value and what it takes', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-serve-'));
  try {
    for (const value of ['abc', '0', '-5']) {
      const port = 20000 + Math.floor(Math.random() * 20000);
      // Started today, the server would spin its clock work (every millisecond); it must not start at all.
      const run = await start(process.execPath, [bin, 'serve', '--no-demo'], { PORT: String(port), UMPIRE_DATA_DIR: join(dir, 'data'), UMPIRE_TICK_SECONDS: value }, /UMPIRE_TICK_SECONDS|Umpire serves/);
      try {
        assert.match(run.output(), new RegExp(`UMPIRE_TICK_SECONDS must be a number of seconds from 1 to 86400, not '${value}'`));
        assert.equal(await run.exited, 2);
        assert.doesNotMatch(run.output(), /Umpire serves/);
      } finally {
        await stop(run);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
