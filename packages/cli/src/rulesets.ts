import type { AnyRuleset } from '@umpire/engine';
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
