import { closestName, type AnyRuleset } from '@umpire/engine';
import { greatWar } from '@umpire/great-war';

/** Every ruleset this build of Umpire knows, by id. */
export const rulesets: Readonly<Record<string, AnyRuleset>> = {
  [greatWar.id]: greatWar,
};

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

export function getRuleset(id: string): AnyRuleset {
  const r = rulesets[id];
  if (r) return r;
  const suggestion = closestName(id, Object.keys(rulesets));
  throw new CliError(`unknown ruleset '${id}'${suggestion ? ` (did you mean '${suggestion}'?)` : ''}; known: ${Object.keys(rulesets).join(', ')}`, 2);
}
