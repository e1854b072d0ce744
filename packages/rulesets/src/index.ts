import { closestName, type AnyRuleset, type RulesetTools } from '@umpire/engine';
import { greatWarTools } from '@umpire/great-war/tools';
import { vernianTools } from '@umpire/vernian/tools';

/**
 * Every ruleset this build of Umpire knows, with its tools: the one registry. Adding a ruleset is its package and one
 * line here; the CLI, the server, the web client and the lab read this list and name no ruleset themselves.
 */
export const installed: readonly RulesetTools[] = [greatWarTools, vernianTools];

/** The rulesets by id. */
export const rulesets: Readonly<Record<string, AnyRuleset>> = Object.fromEntries(installed.map((t) => [t.ruleset.id, t.ruleset]));

/** A ruleset's tools by its id; undefined for an id not installed. */
export const toolsOf = (id: string): RulesetTools | undefined => installed.find((t) => t.ruleset.id === id);

export type Found<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly message: string; readonly known: string[]; readonly suggestion?: string };

/** A ruleset by id, or a message naming the closest one. */
export function rulesetById(
  id: string,
): { ok: true; ruleset: AnyRuleset } | { ok: false; message: string; known: string[]; suggestion?: string } {
  const ruleset = rulesets[id];
  if (ruleset) return { ok: true, ruleset };
  const known = Object.keys(rulesets);
  const suggestion = closestName(id, known);
  return { ok: false, message: `no ruleset '${id}'; this build knows ${known.join(', ')}`, known, ...(suggestion ? { suggestion } : {}) };
}

/**
 * One tool of a ruleset (its map, data, odds, lab or charts), or a message: which ruleset is unknown, or which
 * installed rulesets have the tool.
 */
export function toolOf<K extends Exclude<keyof RulesetTools, 'ruleset'>>(
  id: string,
  tool: K,
  what: string,
): Found<NonNullable<RulesetTools[K]>> {
  const found = rulesetById(id);
  if (!found.ok)
    return { ok: false, message: found.message, known: found.known, ...(found.suggestion ? { suggestion: found.suggestion } : {}) };
  const value = toolsOf(id)![tool];
  const having = installed.filter((t) => t[tool] !== undefined).map((t) => t.ruleset.id);
  if (value === undefined)
    return {
      ok: false,
      message: `${id} has no ${what}; ${having.length ? `rulesets with one: ${having.join(', ')}` : 'no installed ruleset has one'}`,
      known: having,
    };
  return { ok: true, value: value as NonNullable<RulesetTools[K]> };
}
