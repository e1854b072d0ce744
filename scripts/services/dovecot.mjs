// Makes sure a Dovecot IMAP server runs for the tests: installs Debian's dovecot-imapd when missing and starts it
// with the project's own configuration. Returns the environment the tests read.
//
// The instance is the project's own, apart from any system Dovecot: its configuration, sockets, state, log and
// mail live under /tmp/umpire-dovecot (UMPIRE_DOVECOT_DIR overrides), it listens on 127.0.0.1:10143 (plain IMAP,
// plaintext login allowed, no TLS; UMPIRE_DOVECOT_PORT overrides) and knows the users of its own passwd-file:
// `umpire`, the game's mailbox, with a password drawn once and kept in that file. Mail is stored as Maildir owned
// by the system user `mail`. One instance serves every checkout of the machine: a second call finds it running
// (pid file and port) and reuses it. Tests keep apart by each using IMAP folders of its own in that mailbox.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, closeSync, existsSync, openSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const DIR = process.env.UMPIRE_DOVECOT_DIR ?? '/tmp/umpire-dovecot';
const HOST = '127.0.0.1';
const PORT = Number(process.env.UMPIRE_DOVECOT_PORT ?? 10143);
const USER = 'umpire';
const DOVECOT = '/usr/sbin/dovecot';
const CONFIG = join(DIR, 'dovecot.conf');
const USERS = join(DIR, 'users');
const RUN = join(DIR, 'run');
const PID_FILE = join(RUN, 'master.pid');
const LOCK = join(DIR, 'lock');

function log(message) {
  console.error(`[dovecot] ${message}`);
}

/** Whether an IMAP server greets on the port; resolves to the greeting line or undefined. */
function imapGreeting(timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connect({ host: HOST, port: PORT });
    let data = '';
    const done = (value) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(timeoutMs, () => done(undefined));
    socket.on('error', () => done(undefined));
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      if (data.includes('\n')) done(data.split('\r\n')[0]);
    });
  });
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function runningPid() {
  try {
    const pid = Number(readFileSync(PID_FILE, 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return undefined;
    // A pid file left by a crash may name a process that is no Dovecot now: that one is not ours to stop.
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('dovecot') ? pid : undefined;
  } catch {
    return undefined;
  }
}

function aptGet(args) {
  return spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', ...args], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
}

function install() {
  if (existsSync(DOVECOT) && existsSync('/usr/lib/dovecot/imap')) return;
  if (process.getuid?.() !== 0) {
    throw new Error('Dovecot is not installed and installing it needs root: run `apt-get install dovecot-imapd` as root, then the tests again.');
  }
  log('installing dovecot-imapd from Debian');
  let result = aptGet(['install', '-y', '--no-install-recommends', 'dovecot-imapd']);
  if (result.status !== 0) {
    log('install failed; updating the package lists and trying again');
    const update = aptGet(['update']);
    if (update.status !== 0) throw new Error(`apt-get update failed (needed to install Dovecot):\n${update.stderr}`);
    result = aptGet(['install', '-y', '--no-install-recommends', 'dovecot-imapd']);
  }
  if (result.status !== 0 || !existsSync(DOVECOT)) {
    throw new Error(`Installing dovecot-imapd failed; install it by hand (apt-get install dovecot-imapd) and run the tests again:\n${result.stderr}`);
  }
}

/** The password of the test user: drawn once, kept in the passwd-file, read back afterwards. */
function password() {
  try {
    for (const line of readFileSync(USERS, 'utf8').split('\n')) {
      const [name, pass] = line.split(':');
      if (name === USER && pass?.startsWith('{PLAIN}')) return pass.slice('{PLAIN}'.length);
    }
  } catch {
    // no file yet
  }
  const pass = randomBytes(12).toString('hex');
  writeFileSync(USERS, `${USER}:{PLAIN}${pass}::::::\n`, { mode: 0o644 });
  return pass;
}

function configText() {
  return `# The Umpire tests' own Dovecot, written by scripts/services/dovecot.mjs; changes here are overwritten.
base_dir = ${RUN}
state_dir = ${join(DIR, 'state')}
log_path = ${join(DIR, 'dovecot.log')}
instance_name = umpire-dovecot
protocols = imap
listen = ${HOST}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# A wrong password is answered at once: the tests try one on purpose.
auth_failure_delay = 0
default_internal_user = dovecot
default_login_user = dovenull
first_valid_uid = 1
mail_location = maildir:~/Maildir
mail_privileged_group = mail
namespace inbox {
  inbox = yes
  separator = /
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${USERS}
}
userdb {
  driver = static
  args = uid=mail gid=mail home=${join(DIR, 'mail')}/%u
}
service imap-login {
  inet_listener imap {
    address = ${HOST}
    port = ${PORT}
  }
  inet_listener imaps {
    port = 0
  }
}
# No growing delay for an address after failed logins (the tests fail some on purpose).
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`;
}

/** Hold a lock directory while setting up, so two test runs on the machine do not start two instances. */
async function withLock(fn) {
  mkdirSync(DIR, { recursive: true });
  const deadline = Date.now() + 600_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, 'pid'), String(process.pid));
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      let holder;
      try {
        holder = Number(readFileSync(join(LOCK, 'pid'), 'utf8'));
      } catch {
        holder = undefined;
      }
      const age = (() => {
        try {
          return Date.now() - statSync(LOCK).mtimeMs;
        } catch {
          return 0;
        }
      })();
      if ((holder !== undefined && !alive(holder)) || (holder === undefined && age > 10_000)) {
        rmSync(LOCK, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`Another process (${holder}) holds ${LOCK} for too long; remove it if that process is gone.`, { cause: err });
      await sleep(200);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

function stop(pid) {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

async function start() {
  install();
  for (const sub of ['run', 'state', 'mail']) mkdirSync(join(DIR, sub), { recursive: true });
  const mailUid = Number(execFileSync('id', ['-u', 'mail'], { encoding: 'utf8' }).trim());
  const mailGid = Number(execFileSync('id', ['-g', 'mail'], { encoding: 'utf8' }).trim());
  chownSync(join(DIR, 'mail'), mailUid, mailGid);
  const pass = password();
  const config = configText();
  const previous = existsSync(CONFIG) ? readFileSync(CONFIG, 'utf8') : undefined;
  const env = { UMPIRE_TEST_IMAP_HOST: HOST, UMPIRE_TEST_IMAP_PORT: String(PORT), UMPIRE_TEST_IMAP_USER: USER, UMPIRE_TEST_IMAP_PASS: pass };

  const pid = runningPid();
  if (pid !== undefined && previous === config && (await imapGreeting())?.startsWith('* OK')) return env;
  if (pid !== undefined) {
    log(previous === config ? `instance ${pid} does not answer on ${HOST}:${PORT}; restarting it` : 'configuration changed; restarting');
    stop(pid);
    for (let i = 0; i < 50 && alive(pid); i++) await sleep(100);
  }
  const greeting = await imapGreeting();
  if (greeting !== undefined) {
    throw new Error(`Port ${HOST}:${PORT} is taken by another server ("${greeting}"), not the tests' Dovecot: stop it, or set UMPIRE_DOVECOT_PORT to a free port.`);
  }
  writeFileSync(CONFIG, config);
  log(`starting Dovecot on ${HOST}:${PORT} (config ${CONFIG})`);
  // The daemon's processes inherit the standard streams: they go to a file, not to pipes this process would wait on.
  const startLog = join(DIR, 'start.log');
  const out = openSync(startLog, 'w');
  const run = spawnSync(DOVECOT, ['-c', CONFIG], { stdio: ['ignore', out, out] });
  closeSync(out);
  if (run.status !== 0) {
    throw new Error(`Dovecot did not start (dovecot -c ${CONFIG}): ${readFileSync(startLog, 'utf8')}; see ${join(DIR, 'dovecot.log')}.`);
  }
  for (let i = 0; i < 100; i++) {
    if ((await imapGreeting())?.startsWith('* OK')) return env;
    await sleep(100);
  }
  throw new Error(`Dovecot started but does not answer on ${HOST}:${PORT} after 10 s; see ${join(DIR, 'dovecot.log')}.`);
}

export async function ensureDovecot() {
  return withLock(start);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const env = await ensureDovecot();
  for (const [k, v] of Object.entries(env)) console.log(`${k}=${v}`);
}
