import { Option, type Command } from 'commander';
import { installed } from '@umpire/rulesets';
import { CliError, told, toolFor } from './rulesets.js';

/**
 * `umpire odds <ruleset>`: the odds of a battle that is not on the board, from the ruleset's odds tool (its flags, its
 * answer as a short table or JSON). The flags of every installed ruleset's tool are offered; each tool reads its own.
 */

export type OddsOptions = Readonly<Record<string, string | number | boolean | undefined>> & { readonly json?: boolean };

/** Commander's name of a flag: '--air-fuel <n>' → 'airFuel'. */
const optionName = (flags: string) => flags.replace(/^--/, '').split(' ')[0]!.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

/** Run the command: the text or JSON to print; a CliError with exit code 2 for a request with problems. */
export function oddsCommand(rulesetId: string, o: OddsOptions): string {
  const tool = toolFor(rulesetId, 'odds', 'odds calculator');
  const missing = tool.flags.filter((f) => f.required && o[optionName(f.flags)] === undefined).map((f) => f.flags.split(' ')[0]);
  if (missing.length) throw new CliError(`${rulesetId}'s odds need ${missing.join(' and ')}`, 2);
  return told(() => tool.run(o, !!o.json));
}

const count = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new CliError(`expected a whole number, not '${v}'`, 2);
  return n;
};

/** Register `umpire odds` on the program, with the flags of every installed ruleset's odds tool. */
export function addOddsCommand(program: Command, out: (text: string) => void): void {
  const tools = installed.filter((t) => t.odds);
  const command = program
    .command('odds')
    .description(tools.map((t) => `${t.ruleset.id}: ${t.odds!.description}`).join('; ') || 'the odds of a battle (no installed ruleset has an odds tool)')
    .argument('<ruleset>', `the game (${tools.map((t) => t.ruleset.id).join(', ')})`);
  const seen = new Set<string>();
  for (const t of tools)
    for (const f of t.odds!.flags) {
      const name = optionName(f.flags);
      if (seen.has(name)) continue;
      seen.add(name);
      const option = new Option(f.flags, tools.length > 1 ? `${f.description} (${t.ruleset.id})` : f.description);
      if (f.choices) option.choices(f.choices);
      if (f.count) option.argParser(count);
      if (f.default !== undefined) option.default(f.default);
      command.addOption(option);
    }
  command.option('--json', 'print the answer as JSON').action((rulesetId: string, o: OddsOptions) => {
    out(oddsCommand(rulesetId, o));
  });
}
