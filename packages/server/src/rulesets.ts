import { closestName, type AnyRuleset } from '@umpire/engine';
import { greatWar } from '@umpire/great-war';

/** The rulesets this server hosts, by id. */
export const rulesets: Readonly<Record<string, AnyRuleset>> = { [greatWar.id]: greatWar };

/** A ruleset by id, or a message naming the closest one. */
export function rulesetById(id: string): { ok: true; ruleset: AnyRuleset } | { ok: false; message: string; known: string[]; suggestion?: string } {
  const ruleset = rulesets[id];
  if (ruleset) return { ok: true, ruleset };
  const suggestion = closestName(id, Object.keys(rulesets));
  return { ok: false, message: `no ruleset '${id}'; this server hosts ${Object.keys(rulesets).join(', ')}`, known: Object.keys(rulesets), ...(suggestion ? { suggestion } : {}) };
}
