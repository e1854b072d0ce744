// Builds a game's rule book (engine rule-book.ts) from the docs and a test run: the clause index
// (docs/<ruleset>/clauses.md), the base rules a ruleset writes itself (docs/<ruleset>/base-rules.md), the decisions of
// docs/<ruleset>/ (each heading with `Clauses:` and `Decides:` lines) and the titles of the tests that name clause ids.
// scripts/rule-books.mjs writes the result into the ruleset's data/rule-book.json, which is what everything reads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countRules, type BookDecision, type BookPart, type BookRule, type RuleBook, type RuleTest } from '@umpire/engine';
import { clauseIndexPath, decidedClauses, idsNamedIn, slug } from './coverage.js';
import { CliError } from './rulesets.js';

/** One test of a run: its full title (suites and test) and whether it passed. */
export interface RunTest {
  readonly fullName: string;
  readonly status: string;
}

const SECTION = /^#{2,3}\s+(.*)$/;
const ROW = /^\|\s*([A-Z]{2}(?:-[A-Z0-9]+)+-\d+)\s*\|\s*(.*?)\s*\|\s*$/;

/** The parts and rules of one clause file, in file order; gaps, ambiguities and counts are no rules. */
export function readRuleFile(markdown: string, source: string): { parts: BookPart[]; rules: { id: string; part: string; text: string }[] } {
  const parts: BookPart[] = [];
  const rules: { id: string; part: string; text: string }[] = [];
  let part: BookPart | undefined;
  for (const line of markdown.split('\n')) {
    const heading = SECTION.exec(line);
    if (heading) {
      const text = heading[1]!.trim();
      const [id, ...title] = text.split(/\s+[—-]\s+/);
      part = /^(gaps|ambiguities|counts)/i.test(text) ? undefined : { id: id!, title: title.join(' — ') || id!, source };
      continue;
    }
    const row = part && ROW.exec(line);
    if (!part || !row) continue;
    if (!parts.includes(part)) parts.push(part);
    rules.push({ id: row[1]!, part: part.id, text: row[2]! });
  }
  return { parts, rules };
}

/**
 * The decisions written in the ruleset's docs: each heading that has a `Clauses:` or a `Decides:` line. A `Clauses:`
 * item goes on over the lines indented under it; a `Decides:` line names what it decides on its first line (its
 * reason follows in words), as the coverage count reads it.
 */
export function readDecisions(root: string, rulesetId: string): BookDecision[] {
  const dir = join(root, 'docs', rulesetId);
  if (!existsSync(dir)) return [];
  const out: BookDecision[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.md') && n !== 'clauses.md').sort()) {
    let current: { id: string; title: string; doc: string; decides: Set<string>; clauses: Set<string> } | undefined;
    let inClauses = false;
    const flush = () => {
      if (current && (current.decides.size || current.clauses.size)) {
        out.push({ id: current.id, title: current.title, doc: current.doc, decides: [...current.decides], clauses: [...current.clauses] });
      }
    };
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      const h = /^#{1,6}\s+(.*)$/.exec(line);
      if (h) {
        flush();
        const heading = h[1]!.trim();
        const id = /^([A-Z]+(?:-[A-Z0-9]+)*-\d+)\b[:.]?\s*(.*)$/.exec(heading);
        const doc = `docs/${rulesetId}/${name}#${slug(heading)}`;
        current = { id: id ? id[1]! : heading, title: id ? id[2]! || heading : heading, doc, decides: new Set(), clauses: new Set() };
        inClauses = false;
        continue;
      }
      const key = /^\s*(?:[-*]\s*)?\**(Clauses|Decides):?\**:?\s*(.*)$/i.exec(line);
      if (key && current) {
        inClauses = key[1]!.toLowerCase() === 'clauses';
        for (const id of idsNamedIn(key[2]!)) (inClauses ? current.clauses : current.decides).add(id);
        continue;
      }
      const goesOn = /^\s{2,}\S/.test(line) && !/^\s*[-*]\s/.test(line);
      if (inClauses && current && goesOn) for (const id of idsNamedIn(line)) current.clauses.add(id);
      else inClauses = false;
    }
    flush();
  }
  return out;
}

/** The rule files of a ruleset, base rules first: the base game a ruleset writes itself, then the clause index. */
function ruleFiles(root: string, rulesetId: string): { path: string; source: string }[] {
  const files: { path: string; source: string }[] = [];
  const base = join(root, 'docs', rulesetId, 'base-rules.md');
  if (existsSync(base)) files.push({ path: base, source: `docs/${rulesetId}/base-rules.md` });
  const index = clauseIndexPath(rulesetId, root);
  if (!existsSync(index)) throw new CliError(`no clause index for '${rulesetId}' at ${index}`, 2);
  files.push({ path: index, source: `docs/${rulesetId}/clauses.md` });
  return files;
}

/** The rule book of one ruleset from the docs under `root` and the tests of a run. */
export function buildRuleBook(root: string, rulesetId: string, title: string, tests: readonly RunTest[], statusFrom: string): RuleBook {
  const parts: BookPart[] = [];
  const raw: { id: string; part: string; text: string }[] = [];
  for (const f of ruleFiles(root, rulesetId)) {
    const read = readRuleFile(readFileSync(f.path, 'utf8'), f.source);
    parts.push(...read.parts);
    raw.push(...read.rules);
  }
  const named = new Map<string, RuleTest[]>();
  for (const t of tests) {
    for (const id of idsNamedIn(t.fullName)) {
      const list = named.get(id) ?? [];
      if (!list.some((x) => x.title === t.fullName)) list.push({ title: t.fullName, passed: t.status === 'passed' });
      named.set(id, list);
    }
  }
  const decided = decidedClauses(root);
  const decisions = readDecisions(root, rulesetId);
  const rules: BookRule[] = raw.map((r) => {
    const ruleTests = (named.get(r.id) ?? []).sort((a, b) => Number(b.passed) - Number(a.passed) || a.title.localeCompare(b.title));
    const status = ruleTests.some((t) => t.passed) ? 'tested' : decided.has(r.id) ? 'decided' : ruleTests.length ? 'failing' : 'open';
    return {
      ...r,
      status,
      decidedBy: decisions.filter((d) => d.decides.includes(r.id)).map((d) => d.id),
      readBy: decisions.filter((d) => d.clauses.includes(r.id)).map((d) => d.id),
      tests: ruleTests,
    };
  });
  const known = new Set(rules.map((r) => r.id));
  return {
    ruleset: rulesetId,
    title,
    statusFrom,
    counts: countRules(rules),
    parts,
    rules,
    // Only the decisions that name a rule of this book.
    decisions: decisions.filter((d) => [...d.decides, ...d.clauses].some((id) => known.has(id))),
  };
}
