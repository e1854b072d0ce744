import type { AnyRuleset } from '@umpire/engine';
import { rulesetById as registryRuleset, rulesets } from '@umpire/rulesets';

/** The rulesets this server hosts, by id: every installed ruleset (`@umpire/rulesets`). */
export { rulesets };

/** A ruleset by id, or a message naming the closest one. */
export function rulesetById(id: string): { ok: true; ruleset: AnyRuleset } | { ok: false; message: string; known: string[]; suggestion?: string } {
  const found = registryRuleset(id);
  if (found.ok) return found;
  return { ...found, message: `no ruleset '${id}'; this server hosts ${found.known.join(', ')}` };
}
