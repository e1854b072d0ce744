// The services the tests use (PostgreSQL, Dovecot, and Chromium for the web client's end-to-end tests), installed from Debian's packages and started when not running.
// Run by scripts/run-tests.mjs before the tests; also runnable alone: `node scripts/services/index.mjs`.
import { ensurePostgres } from './postgres.mjs';
import { ensureDovecot } from './dovecot.mjs';
import { ensureChromium } from './chromium.mjs';
import { fileURLToPath } from 'node:url';

export async function ensureServices() {
  return { ...(await ensurePostgres()), ...(await ensureDovecot()), ...(await ensureChromium()) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const env = await ensureServices();
  for (const [k, v] of Object.entries(env)) console.log(`${k}=${v}`);
}
