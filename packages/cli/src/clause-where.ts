// `umpire rules <ruleset> where <ID>`: where a clause of the rule book lives in the code, the docs and the tests.
// A rule file names the clause families it implements (and often single clauses) in its opening comment and its
// JSDoc; a test names the clauses it plays in its title; a decision names what it decides on a `Decides:` line.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { closestName } from '@umpire/engine';
import { clauseIndexPath, decidedClauses, idsNamedIn, parseClauseIndex, readTestResults } from './coverage.js';
import { projectRoot } from './paths.js';
import { CliError } from './rulesets.js';

export interface ClauseMention {
  readonly file: string;
  /** 1-based lines that name the clause itself, or (when none does) its family. */
  readonly lines: readonly number[];
  readonly how: 'clause' | 'family';
}

export interface ClauseWhere {
  readonly id: string;
  readonly family: string;
  readonly text: string;
  readonly code: readonly ClauseMention[];
  readonly tests: readonly { readonly title: string; readonly status: string }[];
  readonly decided?: string;
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The clause's family: its id without the clause number (GW-P10-LAND-06 → GW-P10-LAND). */
export const familyOf = (id: string): string => id.replace(/-\d+[a-z]?$/, '');

/** Where a clause is implemented, tested and decided. The ruleset's sources are `packages/<ruleset>/src`. */
export function clauseWhere(rulesetId: string, wanted: string): ClauseWhere {
  const root = projectRoot();
  const indexPath = clauseIndexPath(rulesetId, root);
  if (!existsSync(indexPath)) throw new CliError(`no clause index for '${rulesetId}' at ${indexPath}`, 2);
  const clauses = parseClauseIndex(readFileSync(indexPath, 'utf8'));
  const id = wanted.toUpperCase();
  const clause = clauses.find((c) => c.id === id);
  if (!clause) {
    const near = closestName(id, clauses.map((c) => c.id));
    throw new CliError(`no clause '${wanted}' in ${relative(root, indexPath)}${near ? ` (did you mean ${near}?)` : ''}`, 2);
  }
  const family = familyOf(id);
  const exact = new RegExp(`\\b${id}\\b`);
  const familyRe = new RegExp(`\\b${family}(?![A-Z])`);
  const code: ClauseMention[] = [];
  for (const file of sourceFiles(join(root, 'packages', rulesetId, 'src')).sort()) {
    const lines = readFileSync(file, 'utf8').split('\n');
    const named = lines.flatMap((l, i) => (exact.test(l) || [...idsNamedIn(l)].includes(id) ? [i + 1] : []));
    if (named.length) code.push({ file: relative(root, file), lines: named, how: 'clause' });
    else {
      const fam = lines.flatMap((l, i) => (familyRe.test(l) ? [i + 1] : []));
      if (fam.length) code.push({ file: relative(root, file), lines: fam, how: 'family' });
    }
  }
  const tests = readTestResults(root).tests.filter((t) => idsNamedIn(t.fullName).has(id)).map((t) => ({ title: t.fullName, status: t.status }));
  const decided = decidedClauses(root).get(id);
  return { id, family, text: clause.text, code, tests, ...(decided ? { decided } : {}) };
}

export function renderClauseWhere(w: ClauseWhere): string {
  const out = [`${w.id}: ${w.text}`, ''];
  const own = w.code.filter((c) => c.how === 'clause');
  const fam = w.code.filter((c) => c.how === 'family');
  const lines = (c: ClauseMention) => `${c.file}:${c.lines.slice(0, 4).join(',')}${c.lines.length > 4 ? ',…' : ''}`;
  out.push(own.length ? `Named in the code (${own.length}):` : 'Named in no source file by its own id.');
  for (const c of own) out.push(`  ${lines(c)}`);
  if (fam.length) out.push(`Its family ${w.family} in the code (${fam.length}):`, ...fam.slice(0, 12).map((c) => `  ${lines(c)}`));
  if (fam.length > 12) out.push(`  … and ${fam.length - 12} more`);
  out.push(w.tests.length ? `Tests (${w.tests.length}):` : 'No test names it in the last run (run `npm test`).');
  for (const t of w.tests) out.push(`  ${t.status === 'passed' ? '✔' : '✖'} ${t.title}`);
  if (w.decided) out.push(`Decided in ${w.decided}`);
  return out.join('\n');
}
