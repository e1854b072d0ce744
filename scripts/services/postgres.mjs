// Makes sure a PostgreSQL server runs for the tests: installs Debian's postgresql when the server is missing, creates
// a cluster when there is none, starts it when it is down, and creates the test role `umpire` (LOGIN CREATEDB, with a
// password kept in PASSWORD_FILE so that every run on this machine uses the same one). Returns the environment the
// tests read: UMPIRE_TEST_DATABASE_URL, the role's URL on the server's `postgres` database; each test creates (and
// drops) its own database with it. A UMPIRE_TEST_DATABASE_URL already set is returned as it is, nothing is touched.
//
// Idempotent and quick when the server already runs: one `pg_lsclusters`, one psql as the server's owner and one
// login check. Needs root (apt-get, running psql as the cluster's owner) unless UMPIRE_TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROLE = 'umpire';
const PASSWORD_FILE = '/var/lib/postgresql/umpire-test-password';
const SERVER_ROOT = '/usr/lib/postgresql';

export async function ensurePostgres() {
  const given = process.env.UMPIRE_TEST_DATABASE_URL;
  if (given) return { UMPIRE_TEST_DATABASE_URL: given };
  if (process.getuid?.() !== 0) {
    throw new Error(
      'the tests need a PostgreSQL server: scripts/services/postgres.mjs installs and starts one as root only. Run the tests as root, ' +
        'or set UMPIRE_TEST_DATABASE_URL=postgres://user:password@host:port/postgres (a role with CREATEDB) to use a server of your own.',
    );
  }
  if (serverVersions().length === 0) installServer();
  const cluster = startedCluster();
  const password = testPassword();
  ensureRole(cluster, password);
  const url = `postgres://${ROLE}:${password}@127.0.0.1:${cluster.port}/postgres`;
  checkLogin(cluster, password);
  return { UMPIRE_TEST_DATABASE_URL: url };
}

/** The installed server versions (those with a server binary), highest first. */
function serverVersions() {
  if (!existsSync(SERVER_ROOT)) return [];
  return readdirSync(SERVER_ROOT)
    .filter((v) => existsSync(join(SERVER_ROOT, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
}

/** Run a command; returns its result, or throws with its output when `check` and it failed. */
function run(command, args, { check = true, env, input } = {}) {
  const r = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, ...env }, input, maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw new Error(`could not run ${command}: ${r.error.message}`);
  if (check && r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${r.status}):\n${tail(r.stderr || r.stdout)}`);
  return r;
}

const tail = (text, lines = 30) => String(text ?? '').trimEnd().split('\n').slice(-lines).join('\n');

/** apt-get install postgresql, non-interactive; `apt-get update` first only when the install fails without it. */
function installServer() {
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  // Wait for another apt-get (a second test run installing at the same time) rather than fail on its lock.
  const install = () => run('apt-get', ['install', '-y', '-q', '-o', 'DPkg::Lock::Timeout=600', 'postgresql'], { check: false, env });
  console.error('PostgreSQL server not installed: apt-get install postgresql ...');
  let r = install();
  if (r.status !== 0) {
    run('apt-get', ['update', '-q', '-o', 'DPkg::Lock::Timeout=600'], { env });
    r = install();
  }
  if (r.status !== 0 || serverVersions().length === 0) {
    throw new Error(`could not install the PostgreSQL server (apt-get install postgresql, exit ${r.status}):\n${tail(r.stderr || r.stdout)}`);
  }
}

/** The clusters pg_lsclusters knows. */
function clusters() {
  const out = run('pg_lsclusters', ['--json']).stdout.trim();
  const list = out ? JSON.parse(out) : [];
  return list.map((c) => ({ version: String(c.version), name: c.cluster, port: Number(c.port), running: Boolean(c.running), socketdir: c.socketdir, logfile: c.logfile }));
}

/** A running cluster: one that runs, else the highest version's (created when there is none), started. */
function startedCluster() {
  const pick = () => {
    const all = clusters().sort((a, b) => Number(b.version) - Number(a.version));
    return all.find((c) => c.running) ?? all.find((c) => c.name === 'main') ?? all[0];
  };
  let cluster = pick();
  if (!cluster) {
    const version = serverVersions()[0];
    console.error(`No PostgreSQL cluster: pg_createcluster ${version} main ...`);
    const created = run('pg_createcluster', [version, 'main'], { check: false });
    cluster = pick();
    if (!cluster) throw new Error(`could not create a PostgreSQL ${version} cluster (pg_createcluster ${version} main):\n${tail(created.stderr || created.stdout)}`);
  }
  if (!cluster.running) {
    console.error(`PostgreSQL ${cluster.version}/${cluster.name} is down: pg_ctlcluster ${cluster.version} ${cluster.name} start ...`);
    // Another run may be starting it at the same moment: what counts is that it runs afterwards.
    const started = run('pg_ctlcluster', [cluster.version, cluster.name, 'start'], { check: false });
    const again = clusters().find((c) => c.version === cluster.version && c.name === cluster.name);
    if (!again?.running) {
      throw new Error(
        `could not start PostgreSQL ${cluster.version}/${cluster.name} (pg_ctlcluster ${cluster.version} ${cluster.name} start):\n${tail(started.stderr || started.stdout)}\n` +
          `See its log ${cluster.logfile}.`,
      );
    }
    cluster = again;
  }
  return cluster;
}

/** The test role's password: made once for this machine and kept, so that runs at the same time agree on it. */
function testPassword() {
  if (!existsSync(PASSWORD_FILE)) {
    // Written aside, then linked in place: a run starting at the same moment reads the whole password or makes its own
    // attempt fail on the link, never reads half a file.
    const aside = `${PASSWORD_FILE}.${process.pid}`;
    try {
      writeFileSync(aside, randomBytes(18).toString('hex'), { mode: 0o600 });
      linkSync(aside, PASSWORD_FILE);
    } catch (e) {
      if (e.code !== 'EEXIST') throw new Error(`could not keep the test role's password in ${PASSWORD_FILE}: ${e.message}`, { cause: e });
    } finally {
      rmSync(aside, { force: true });
    }
  }
  const password = readFileSync(PASSWORD_FILE, 'utf8').trim();
  if (!/^[0-9a-f]{16,}$/.test(password)) throw new Error(`${PASSWORD_FILE} does not hold a password made by this script: remove it and run again`);
  return password;
}

/** The role `umpire` with LOGIN, CREATEDB and the password, created when missing (as the cluster's owner, by its socket). */
function ensureRole(cluster, password) {
  const script = `
    DO $$ BEGIN
      CREATE ROLE ${ROLE};
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$;
    ALTER ROLE ${ROLE} WITH LOGIN CREATEDB PASSWORD '${password}';
  `;
  const r = run('runuser', ['-u', 'postgres', '--', 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', cluster.socketdir, '-p', String(cluster.port), '-d', 'postgres'], {
    check: false,
    input: script,
  });
  if (r.status !== 0) throw new Error(`could not create the test role ${ROLE} on PostgreSQL ${cluster.version}/${cluster.name} (psql as postgres):\n${tail(r.stderr || r.stdout)}`);
}

/** The tests log in by TCP with the password: check that the server lets them (listen_addresses, pg_hba.conf). */
function checkLogin(cluster, password) {
  const r = run('psql', ['-X', '-q', '-t', '-h', '127.0.0.1', '-p', String(cluster.port), '-U', ROLE, '-d', 'postgres', '-c', 'SELECT 1'], {
    check: false,
    env: { PGPASSWORD: password, PGCONNECT_TIMEOUT: '10' },
  });
  if (r.status !== 0) {
    throw new Error(
      `the test role ${ROLE} cannot log in to PostgreSQL ${cluster.version}/${cluster.name} at 127.0.0.1:${cluster.port}:\n${tail(r.stderr)}\n` +
        `Check that the server listens on localhost (listen_addresses) and that pg_hba.conf allows password logins from 127.0.0.1; see its log ${cluster.logfile}.`,
    );
  }
}
