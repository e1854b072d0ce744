import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { projectRoot } from './paths.js';
import { CliError } from './rulesets.js';

/**
 * Rules coverage: every clause of a ruleset's clause index is 'tested' (a test naming its id passed in the
 * last test run), 'decided' (a docs/ section says, with a reason, how the project decided otherwise: the
 * section holds a line 'Decides: ID, ID...'), 'failing' (tests name it but none passed) or 'open'.
 */
export interface Clause {
  readonly id: string;
  readonly section: string;
  readonly text: string;
}

export interface ClauseCoverage {
  readonly id: string;
  readonly status: 'tested' | 'decided' | 'failing' | 'open';
  readonly tests: readonly string[];
  readonly doc?: string;
}

export interface CoverageReport {
  readonly ruleset: string;
  readonly total: number;
  readonly tested: number;
  readonly decided: number;
  readonly open: number;
  readonly failing: number;
  readonly resultsFrom?: string;
  /** The statuses come from the rule book's snapshot of a test run, not from a run here. */
  readonly snapshot?: boolean;
  readonly clauses: readonly ClauseCoverage[];
  readonly sections: readonly { readonly section: string; readonly total: number; readonly tested: number; readonly decided: number; readonly open: number }[];
}

const ID = /[A-Z]{2}(?:-[A-Z0-9]+)+-\d+/;

export function parseClauseIndex(markdown: string): Clause[] {
  const clauses: Clause[] = [];
  let section = '';
  for (const line of markdown.split('\n')) {
    const heading = /^#{2,3}\s+(.*)$/.exec(line);
    if (heading) {
      section = heading[1]!.trim();
      if (/^(gaps|ambiguities|counts)/i.test(section)) section = '';
      continue;
    }
    if (!section) continue;
    const row = new RegExp(`^\\|\\s*(${ID.source})\\s*\\|\\s*(.*?)\\s*\\|\\s*$`).exec(line);
    if (row) clauses.push({ id: row[1]!, section: section.split(/\s+[—-]\s+/)[0]!, text: row[2]! });
  }
  return clauses;
}

/** The clause ids a test title names; 'GW-TECH-02..05' names 02, 03, 04 and 05. */
export function idsNamedIn(title: string): Set<string> {
  const out = new Set<string>();
  const re = new RegExp(`(${ID.source})(?:\\.\\.(\\d+))?`, 'g');
  for (const m of title.matchAll(re)) {
    const id = m[1]!;
    out.add(id);
    if (m[2]) {
      const base = /^(.*-)(\d+)$/.exec(id)!;
      const width = base[2]!.length;
      for (let n = Number(base[2]) + 1; n <= Number(m[2]); n++) out.add(`${base[1]}${String(n).padStart(width, '0')}`);
    }
  }
  return out;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, '').replace(/\s/g, '-');
}

function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? markdownFiles(path) : name.endsWith('.md') ? [path] : [];
  });
}

/** Clause ids that docs/ decides, each with a link to the section that says why. */
export function decidedClauses(root: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of markdownFiles(join(root, 'docs')).sort()) {
    let heading = '';
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const h = /^#{1,6}\s+(.*)$/.exec(line);
      if (h) heading = h[1]!;
      const d = /^\s*(?:[-*]\s*)?\**Decides:?\**:?\s*(.*)$/i.exec(line);
      if (d) for (const id of idsNamedIn(d[1]!)) if (!out.has(id)) out.set(id, `${relative(root, file)}${heading ? `#${slug(heading)}` : ''}`);
    }
  }
  return out;
}

interface TestResult {
  readonly fullName: string;
  readonly status: string;
  readonly kind?: string;
}

export function readTestResults(root: string): { tests: TestResult[]; file?: string } {
  const file = join(root, '.umpire', 'test-results.json');
  if (!existsSync(file)) return { tests: [] };
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { tests: TestResult[] };
    return { tests: data.tests.filter((t) => t.kind !== 'suite'), file };
  } catch {
    throw new CliError(`${file} is not a complete test-results file; run \`npm test\` again`);
  }
}

/**
 * The ruleset's own rule book, when it writes the base game itself: `docs/<ruleset>/base-rules.md` (or the files of
 * `docs/<ruleset>/base-rules/`), whose numbered rules count beside the clauses of the index.
 */
export function ownRules(root: string, rulesetId: string): Clause[] {
  const file = join(root, 'docs', rulesetId, 'base-rules.md');
  const files = [...(existsSync(file) ? [file] : []), ...markdownFiles(join(root, 'docs', rulesetId, 'base-rules')).sort()];
  return files.flatMap((f) => parseClauseIndex(readFileSync(f, 'utf8')));
}

/**
 * A game's clause index, kept in the repository at `docs/<ruleset>/clauses.md` (a copy of the shared rules folder's
 * `<ruleset>-clauses.md`; the file's opening note says how the two are kept the same).
 */
export function clauseIndexPath(rulesetId: string, root = projectRoot()): string {
  return join(root, 'docs', rulesetId, 'clauses.md');
}

/**
 * The coverage of a ruleset from the last test run here (.umpire/test-results.json), or where there is none (a fresh
 * clone) from `snapshot`: the tests of the rule book's checked-in snapshot.
 */
export function coverage(rulesetId: string, snapshot?: { readonly tests: readonly TestResult[]; readonly from: string }): CoverageReport {
  const root = projectRoot();
  const indexPath = clauseIndexPath(rulesetId, root);
  if (!existsSync(indexPath)) throw new CliError(`no clause index for '${rulesetId}' at ${indexPath}`, 2);
  const clauses = [...parseClauseIndex(readFileSync(indexPath, 'utf8')), ...ownRules(root, rulesetId)];
  const run = readTestResults(root);
  const results = run.file || !snapshot ? run : { tests: snapshot.tests, file: undefined, from: snapshot.from };
  const named = new Map<string, { passed: string[]; other: string[] }>();
  for (const t of results.tests) {
    for (const id of idsNamedIn(t.fullName)) {
      if (!named.has(id)) named.set(id, { passed: [], other: [] });
      (t.status === 'passed' ? named.get(id)!.passed : named.get(id)!.other).push(t.fullName);
    }
  }
  const decided = decidedClauses(root);
  const rows: ClauseCoverage[] = clauses.map((c) => {
    const t = named.get(c.id);
    const doc = decided.get(c.id);
    const tests = t ? [...t.passed, ...t.other] : [];
    if (t && t.passed.length) return { id: c.id, status: 'tested', tests, ...(doc ? { doc } : {}) };
    if (doc) return { id: c.id, status: 'decided', tests, doc };
    if (t) return { id: c.id, status: 'failing', tests };
    return { id: c.id, status: 'open', tests };
  });
  const count = (s: ClauseCoverage['status'], list = rows) => list.filter((r) => r.status === s).length;
  const sectionNames = [...new Set(clauses.map((c) => c.section))];
  return {
    ruleset: rulesetId,
    total: rows.length,
    tested: count('tested'),
    decided: count('decided'),
    open: count('open') + count('failing'),
    failing: count('failing'),
    ...(results.file ? { resultsFrom: relative(root, results.file) } : {}),
    ...('from' in results ? { resultsFrom: results.from, snapshot: true } : {}),
    clauses: rows,
    sections: sectionNames.map((section) => {
      const list = rows.filter((_, i) => clauses[i]!.section === section);
      return { section, total: list.length, tested: count('tested', list), decided: count('decided', list), open: count('open', list) + count('failing', list) };
    }),
  };
}

