import type { AnyRuleset } from '@umpire/engine';
import { ToolError, type RulesetTools } from '@umpire/engine';
import { toolOf } from '@umpire/rulesets';
import { rulesetById } from '@umpire/server';

/** Every ruleset this build of Umpire knows, by id: the server's registry, one list for the CLI and the server. */
export { rulesets } from '@umpire/server';

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

export function getRuleset(id: string): AnyRuleset {
  const found = rulesetById(id);
  if (found.ok) return found.ruleset;
  throw new CliError(`unknown ruleset '${id}'${found.suggestion ? ` (did you mean '${found.suggestion}'?)` : ''}; known: ${found.known.join(', ')}`, 2);
}

/** The game options of repeated `--option KEY=VALUE` flags. */
export function parseOptionPairs(pairs: readonly string[]): Record<string, string> {
  const options: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new CliError(`--option takes KEY=VALUE, not '${pair}'`, 2);
    options[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return options;
}

/** Commander's collector of a repeated option's values. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Commander's parser of an option that takes a whole number from `min` up. */
export function wholeNumber(name: string, min: number): (v: string) => number {
  return (v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new CliError(`${name} takes a whole number from ${min} up, not '${v}'`, 2);
    return n;
  };
}

/** One tool of a ruleset (its map, data, odds...), or a usage error naming the closest ruleset or those with the tool. */
export function toolFor<K extends Exclude<keyof RulesetTools, 'ruleset'>>(rulesetId: string, tool: K, what: string): NonNullable<RulesetTools[K]> {
  const found = toolOf(rulesetId, tool, what);
  if (!found.ok) throw new CliError(`${found.message}${found.suggestion ? ` (did you mean '${found.suggestion}'?)` : ''}`, 2);
  return found.value;
}

/** A tool's mistake said as the CLI says it: a usage error exits 2, a data error 1. */
export function told<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof ToolError) throw new CliError(e.message, e.usage ? 2 : 1);
    throw e;
  }
}
