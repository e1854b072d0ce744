import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatProblems, loadGame, parseRecord, type AnyRuleset, type Game, type GameRecord } from '@umpire/engine';
import { CliError, getRuleset } from './rulesets.js';

/**
 * A game directory: record.json (the public record, the same the server keeps), secrets.json (the umpire's
 * secret for the open step, never shown to players), inbox/ (every file a player submitted, valid or not,
 * so nothing is lost) and reports/ (turn reports per seat).
 */
export const RECORD_FILE = 'record.json';
export const SECRETS_FILE = 'secrets.json';

export function writeFileAtomic(path: string, text: string, mode?: number): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text, mode === undefined ? undefined : { mode });
  renameSync(tmp, path);
}

export function readJsonFile(path: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new CliError(`cannot read ${what} ${path}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    const m = /position (\d+)/.exec((e as Error).message);
    if (m) {
      const pos = Number(m[1]);
      const before = text.slice(0, pos);
      const line = before.split('\n').length;
      const column = pos - before.lastIndexOf('\n');
      throw new CliError(`${path}:${line}:${column}: not valid JSON (${(e as Error).message})`);
    }
    throw new CliError(`${path}: not valid JSON (${(e as Error).message})`);
  }
}

export interface LoadedGame {
  readonly dir: string;
  readonly ruleset: AnyRuleset;
  readonly game: Game;
}

export function readRecord(dir: string): GameRecord {
  const path = join(dir, RECORD_FILE);
  if (!existsSync(path)) throw new CliError(`${dir} is not a game directory (no ${RECORD_FILE}); create one with 'umpire new'`);
  const parsed = parseRecord(readJsonFile(path, 'the game record'));
  if (!parsed.ok) throw new CliError(`${path} is not a valid game record:\n${formatProblems(parsed.error)}`);
  return parsed.value;
}

export function loadGameDir(dir: string): LoadedGame {
  const record = readRecord(dir);
  const ruleset = getRuleset(record.header.ruleset.id);
  const loaded = loadGame(ruleset, record);
  if (!loaded.ok) throw new CliError(`${join(dir, RECORD_FILE)} does not replay: ${loaded.error.path}: ${loaded.error.message}\nRun 'umpire verify ${dir}' for details.`);
  return { dir: resolve(dir), ruleset, game: loaded.value };
}

export function saveRecord(dir: string, record: GameRecord): void {
  mkdirSync(dir, { recursive: true });
  writeFileAtomic(join(dir, RECORD_FILE), `${JSON.stringify(record, null, 1)}\n`);
}

type Secrets = Record<string, string>;

export function readSecrets(dir: string): Secrets {
  const path = join(dir, SECRETS_FILE);
  return existsSync(path) ? (readJsonFile(path, 'the secrets file') as Secrets) : {};
}

/** A step's dice secret: the server's, drawn the same way. */
export { newDiceSecret as newSecret } from '@umpire/server';

/** Keep the secret of a step until it is resolved and revealed in the record. */
export function storeSecret(dir: string, stepId: string, secret: string): void {
  const secrets = readSecrets(dir);
  secrets[stepId] = secret;
  writeFileAtomic(join(dir, SECRETS_FILE), `${JSON.stringify(secrets, null, 1)}\n`, 0o600);
}

export function forgetRevealedSecrets(dir: string, record: GameRecord): void {
  const secrets = readSecrets(dir);
  for (const step of record.steps) if (step.secret !== undefined) delete secrets[step.id];
  writeFileAtomic(join(dir, SECRETS_FILE), `${JSON.stringify(secrets, null, 1)}\n`, 0o600);
}

/** Keep a copy of everything a player sends, before it is checked. */
export function keepInInbox(dir: string, seat: string, text: string, stamp: string): string {
  const inbox = join(dir, 'inbox');
  mkdirSync(inbox, { recursive: true });
  const n = readdirSync(inbox).length + 1;
  const name = `${String(n).padStart(4, '0')}-${stamp.replace(/[:.]/g, '-')}-${seat.replace(/[^\w-]/g, '_')}.txt`;
  writeFileSync(join(inbox, name), text);
  return join(inbox, name);
}
