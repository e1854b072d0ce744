import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decidedClauses, idsNamedIn, parseClauseIndex, slug } from '../src/coverage.js';

test('clause ids are read from test titles, with ranges, and not confused with longer ids', () => {
  assert.deepEqual([...idsNamedIn('GW-P02-TECH-03: a roll of 9 succeeds')], ['GW-P02-TECH-03']);
  assert.deepEqual([...idsNamedIn('GW-ALLY-01..03 and GW-MISC-02')].sort(), ['GW-ALLY-01', 'GW-ALLY-02', 'GW-ALLY-03', 'GW-MISC-02']);
  assert.ok(!idsNamedIn('GW-TECH-10').has('GW-TECH-1'));
  assert.deepEqual([...idsNamedIn('VV-MOVE-12, TW-13.25-04')].sort(), ['VV-MOVE-12']);
});

test('the clause index parser reads rows of rule sections and skips gaps and ambiguities', () => {
  const md = ['# X', '## GW-A — Alpha', '| id | clause |', '|---|---|', '| GW-A-01 | one |', '| GW-A-02 | two |', '## Gaps — data', '| G01 | x | GW-A-01 | y |', '## Ambiguities', '| A01 | t | GW-A-02 | u |'].join('\n');
  const clauses = parseClauseIndex(md);
  assert.deepEqual(clauses.map((c) => c.id), ['GW-A-01', 'GW-A-02']);
  assert.equal(clauses[0]!.section, 'GW-A');
});

test('docs sections with a Decides line count as decided, linked by their heading anchor', () => {
  const root = mkdtempSync(join(tmpdir(), 'umpire-cov-'));
  mkdirSync(join(root, 'docs', 'g'), { recursive: true });
  writeFileSync(join(root, 'docs', 'g', 'decisions.md'), '# Decisions\n\n## D-1: Upgrades are free for now\n\nWhy...\n\nDecides: GW-P02-TECH-04, GW-P02-TECH-05\n');
  const decided = decidedClauses(root);
  assert.equal(decided.get('GW-P02-TECH-04'), `docs/g/decisions.md#${slug('D-1: Upgrades are free for now')}`);
  assert.equal(slug('D-1: Upgrades are free for now'), 'd-1-upgrades-are-free-for-now');
});

test('umpire rules great-war where: the files that name a clause, then those of its family; an unknown id gets the closest one', async () => {
  const { clauseWhere, familyOf, renderClauseWhere } = await import('../src/clause-where.js');
  assert.equal(familyOf('GW-P10-LAND-06'), 'GW-P10-LAND');
  assert.equal(familyOf('GW-USENTRY-21'), 'GW-USENTRY');
  const w = clauseWhere('great-war', 'gw-p10-land-06');
  assert.equal(w.id, 'GW-P10-LAND-06');
  assert.match(w.text, /artillery/i);
  const own = w.code.filter((c) => c.how === 'clause').map((c) => c.file);
  assert.ok(own.includes('packages/great-war/src/combat/battle-odds.ts'), own.join(', '));
  assert.ok(w.code.some((c) => c.how === 'family' && c.file === 'packages/great-war/src/land/land-combat.ts'));
  assert.ok(w.code.every((c) => c.lines.length > 0 && c.file.startsWith('packages/great-war/src/')));
  assert.match(renderClauseWhere(w), /^GW-P10-LAND-06: .*\n\nNamed in the code/);
  assert.throws(() => clauseWhere('great-war', 'GW-P10-LAND-66'), /no clause 'GW-P10-LAND-66' .*did you mean GW-P10-LAND-06\?/);
});
