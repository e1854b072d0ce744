// `umpire rules <ruleset> coverage | where <ID>`: the rules coverage of a game, and where one clause lives.
import { Argument, type Command } from 'commander';
import { renderTable } from '@umpire/engine';
import { CliError } from './rulesets.js';
import { clauseWhere, renderClauseWhere } from './clause-where.js';
import { coverage } from './coverage.js';

/** Register `umpire rules <ruleset> coverage` on the program. */
export function addRulesCommand(program: Command, out: (text: string) => void): void {
  program
    .command('rules')
    .description('what the clause index of a game says and how much of it Umpire covers')
    .argument('<ruleset>', 'the game (great-war, vernian, ttw)')
    .addArgument(
      new Argument('<what>', 'coverage: count every clause as tested, decided otherwise, or open; where: the files and tests of one clause').choices([
        'coverage',
        'where',
      ]),
    )
    .argument('[clause]', 'for where: a clause id, e.g. GW-P10-LAND-06')
    .option('--json', 'print {ruleset, total, tested, decided, open, clauses}')
    .option('--list [status]', 'list only the clauses of one status (tested, decided, failing, open)')
    .option('--summary', 'print the table of sections and the totals, not every clause')
    .action((rulesetId: string, what: string, clause: string | undefined, o: { json?: boolean; list?: string | boolean; summary?: boolean }) => {
      if (what === 'where') {
        if (!clause) throw new CliError('rules <ruleset> where takes a clause id, e.g. GW-P10-LAND-06', 2);
        const where = clauseWhere(rulesetId, clause);
        out(o.json ? JSON.stringify(where, null, 2) : renderClauseWhere(where));
        return;
      }
      const report = coverage(rulesetId);
      if (o.json) {
        const { sections: _s, resultsFrom: _r, failing: _f, ...rest } = report;
        out(JSON.stringify(rest, null, 2));
        return;
      }
      const statuses = ['tested', 'decided', 'failing', 'open'];
      if (typeof o.list === 'string' && !statuses.includes(o.list)) throw new CliError(`--list takes one of ${statuses.join(', ')}`, 2);
      const lines: string[] = [];
      if (!report.resultsFrom) lines.push('No test results yet: run `npm test` first; until then no clause counts as tested.', '');
      if (!o.summary) {
        for (const c of report.clauses) {
          if (typeof o.list === 'string' && c.status !== o.list) continue;
          const why = c.status === 'decided' ? c.doc : c.tests.length ? `${c.tests[0]}${c.tests.length > 1 ? ` (+${c.tests.length - 1} more)` : ''}` : '';
          lines.push(`${c.id.padEnd(20)} ${c.status.padEnd(8)} ${why ?? ''}`.trimEnd());
        }
        lines.push('');
      }
      lines.push(`Rules coverage of ${rulesetId} (clause index ../shared/rules/${rulesetId}-clauses.md${report.resultsFrom ? `, test results ${report.resultsFrom}` : ''}):`, '');
      lines.push(...renderTable(['section', 'clauses', 'tested', 'decided', 'open'], report.sections.map((s) => [s.section, s.total, s.tested, s.decided, s.open]), false));
      const pct = (n: number) => `${((100 * n) / Math.max(1, report.total)).toFixed(1)}%`;
      lines.push('');
      if (report.failing) lines.push(`${report.failing} clause(s) are named only by failing tests and count as open.`);
      lines.push(`total ${report.total}, tested ${report.tested} (${pct(report.tested)}), decided ${report.decided} (${pct(report.decided)}), open ${report.open}`);
      out(lines.join('\n'));
    });
}
