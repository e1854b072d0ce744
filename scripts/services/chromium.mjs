// Chromium for the web client's end-to-end tests, driven by playwright-core: Debian's `chromium` package,
// installed when /usr/bin/chromium is missing. Run by scripts/run-tests.mjs (through index.mjs) before the tests;
// also runnable alone: `node scripts/services/chromium.mjs`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CHROMIUM = '/usr/bin/chromium';

function log(message) {
  console.error(`[chromium] ${message}`);
}

function aptGet(args) {
  return spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', ...args], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
}

/**
 * Installs Debian's Chromium when it is missing (apt-get update only when the install fails without it) and returns
 * { UMPIRE_TEST_CHROMIUM: '/usr/bin/chromium' }. When UMPIRE_TEST_CHROMIUM is already set, that browser is used.
 */
export async function ensureChromium() {
  const given = process.env.UMPIRE_TEST_CHROMIUM;
  if (given) {
    if (!existsSync(given)) throw new Error(`UMPIRE_TEST_CHROMIUM is ${given}, which does not exist: point it at a Chromium executable or unset it`);
    return { UMPIRE_TEST_CHROMIUM: given };
  }
  if (existsSync(CHROMIUM)) return { UMPIRE_TEST_CHROMIUM: CHROMIUM };
  if (process.getuid?.() !== 0) {
    throw new Error(`Chromium is not installed (${CHROMIUM}) and installing it needs root: run \`apt-get install chromium\` as root, or set UMPIRE_TEST_CHROMIUM to a Chromium executable`);
  }
  log('installing chromium from Debian');
  let result = aptGet(['install', '-y', 'chromium']);
  if (result.status !== 0) {
    log('install failed; updating the package lists and trying again');
    const update = aptGet(['update']);
    if (update.status !== 0) throw new Error(`apt-get update failed (needed to install Chromium):\n${update.stderr}`);
    result = aptGet(['install', '-y', 'chromium']);
  }
  if (result.status !== 0 || !existsSync(CHROMIUM)) {
    throw new Error(`Installing chromium failed; install it by hand (apt-get install chromium) and run the tests again:\n${result.stderr}`);
  }
  return { UMPIRE_TEST_CHROMIUM: CHROMIUM };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const env = await ensureChromium();
  for (const [k, v] of Object.entries(env)) console.log(`${k}=${v}`);
}
