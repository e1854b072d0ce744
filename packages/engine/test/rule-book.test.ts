import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countRules, findRules, renderRules, type BookRule, type RuleBook } from '../src/rule-book.js';
import { renderTurnReport, type TurnReport } from '../src/report.js';

const rule = (id: string, text: string, status: BookRule['status'], more: Partial<BookRule> = {}): BookRule => ({
  id,
  part: id.replace(/-\d+$/, ''),
  text,
  status,
  decidedBy: [],
  readBy: [],
  tests: [],
  ...more,
});

const book: RuleBook = {
  ruleset: 'toy',
  title: 'Toy War',
  statusFrom: 'a test run',
  counts: { total: 3, tested: 1, decided: 1, failing: 0, open: 1 },
  parts: [
    { id: 'TW-LAND', title: 'Land combat', source: 'docs/toy/clauses.md' },
    { id: 'TW-SEA', title: 'The war at sea', source: 'docs/toy/clauses.md' },
  ],
  rules: [
    rule('TW-LAND-01', 'Artillery fires first.', 'tested', { readBy: ['D-1'], tests: [{ title: 'TW-LAND-01: guns', passed: true }] }),
    rule('TW-LAND-02', 'Trenches halve the attack.', 'decided', { decidedBy: ['D-1'], readBy: ['D-1'] }),
    rule('TW-SEA-01', 'Fleets fight in sea zones.', 'open'),
  ],
  decisions: [
    {
      id: 'D-1',
      title: 'Guns and trenches',
      doc: 'docs/toy/decisions.md#d-1-guns-and-trenches',
      decides: ['TW-LAND-02'],
      clauses: ['TW-LAND-01', 'TW-LAND-02'],
    },
  ],
};

test('findRules: every word of a search must match the rule, its part, its decisions or its tests; ids of rules, parts, decisions', () => {
  const ids = (q: Parameters<typeof findRules>[1]) => findRules(book, q).map((r) => r.id);
  assert.deepEqual(ids({ search: 'artillery' }), ['TW-LAND-01']);
  assert.deepEqual(ids({ search: 'land halve' }), ['TW-LAND-02'], 'the part title counts as the rule\'s words');
  assert.deepEqual(ids({ search: 'guns' }), ['TW-LAND-01', 'TW-LAND-02'], 'a decision title and a test title count');
  assert.deepEqual(ids({ search: 'artillery sea' }), []);
  assert.deepEqual(ids({ id: 'tw-sea-01' }), ['TW-SEA-01']);
  assert.deepEqual(ids({ id: 'TW-LAND' }), ['TW-LAND-01', 'TW-LAND-02']);
  assert.deepEqual(ids({ id: 'd-1' }), ['TW-LAND-01', 'TW-LAND-02']);
  assert.deepEqual(ids({ status: 'open' }), ['TW-SEA-01']);
  assert.deepEqual(countRules(book.rules), book.counts);
});

test('renderRules: text and Markdown, grouped by part, with the decisions and tests of each rule', () => {
  const text = renderRules(book, findRules(book, { id: 'TW-LAND' }), 'text');
  assert.match(text, /^Toy War: the rule book\n\n2 rule\(s\): 1 tested, 1 decided, 0 open\. Statuses from a test run\./);
  assert.match(text, /^TW-LAND — Land combat\n-+\n\nTW-LAND-01 \[tested\] Artillery fires first\.\n/m);
  const said = '\n    read by D-1 Guns and trenches (docs/toy/decisions.md#d-1-guns-and-trenches)\n    test ✔ TW-LAND-01: guns\n';
  assert.ok(text.includes(said), text);
  assert.match(text, /^TW-LAND-02 \[decided\] Trenches halve the attack\.\n {4}decided by D-1 Guns and trenches/m);
  assert.doesNotMatch(text, /TW-SEA/);
  const md = renderRules(book, book.rules, 'markdown');
  assert.match(md, /^- <a id="TW-SEA-01"><\/a>\*\*TW-SEA-01\*\* \(open\): Fleets fight in sea zones\.$/m);
  assert.match(md, /^ {2}- decided by \[D-1 Guns and trenches\]\(docs\/toy\/decisions\.md#d-1-guns-and-trenches\)$/m);
  assert.match(renderRules(book, [], 'text'), /No rule matches\./);
});

test('a report names the rules an event applied: ids in text, links in Markdown when the rule book has an address', () => {
  const report: TurnReport = {
    game: 'g',
    ruleset: 'toy 1.0.0',
    turn: 1,
    title: 'Turn 1',
    steps: [
      {
        id: 't1',
        status: 'resolved',
        orders: [],
        events: [
          { type: 'battle', text: 'Battle of Verdun.', rules: ['TW-LAND-01', 'TW-LAND-02'] },
          { type: 'note', text: 'Rain.' },
        ],
      },
    ],
    sections: [],
  };
  const text = renderTurnReport(report, 'text');
  assert.match(text, /^ {2}Battle of Verdun\.\n {6}rules: TW-LAND-01, TW-LAND-02\n {2}Rain\.$/m);
  assert.match(text, /The rules named are in the game's rule book \(umpire rules toy book --id ID\)\./);
  const md = renderTurnReport(report, 'markdown', { ruleBookUrl: (r) => `https://umpire.example/rules/${r}` });
  const link = (id: string) => `[${id}](https://umpire.example/rules/toy#${id})`;
  assert.ok(md.includes(`\n  - rules: ${link('TW-LAND-01')}, ${link('TW-LAND-02')}\n`), md);
  assert.match(md, /rule book at https:\/\/umpire\.example\/rules\/toy\./);
  const quiet = { ...report, steps: [{ ...report.steps[0]!, events: [{ type: 'note', text: 'Rain.' }] }] };
  assert.doesNotMatch(renderTurnReport(quiet, 'text'), /rule book/);
});
