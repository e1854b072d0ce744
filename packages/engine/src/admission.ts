import { canonicalJson, type Json } from './canonical.js';
import { jsonPath, type Problem } from './problems.js';
import { err, ok, type Result } from './result.js';
import type { AnyRuleset, OrdersContext } from './ruleset.js';

/**
 * One admission for every order. Whatever way orders arrive (a text in the order language, JSON from the web or
 * the API, a bot's draft), what is stored is JSON that passes the very check a replay of the record makes:
 * `recordCheck`. Text is first read as text (`readOrderText`: line breaks made one kind, invisible marks that would
 * hide a line refused with their place), then parsed, then checked again as JSON; so a text the parser admits but
 * the record check refuses can never reach a record.
 */

export type OrdersInput = { readonly text: string } | { readonly json: unknown };

/**
 * Why the orders a record holds would not replay, or undefined when they do: the ruleset's check must admit them and
 * give them back unchanged (their checked form). Used by `replay` for every submission and by `admitOrders` for
 * every submission before it is stored.
 */
export function recordCheck(ruleset: AnyRuleset, orders: Json, ctx: OrdersContext<unknown>): { readonly message: string; readonly problems: readonly Problem[] } | undefined {
  const checked = ruleset.checkOrders(orders, ctx);
  if (!checked.ok) return { message: `${ctx.seat}'s orders are not legal: ${checked.error.map((p) => p.message).join('; ')}`, problems: checked.error };
  if (canonicalJson(checked.value) !== canonicalJson(orders)) return { message: `${ctx.seat}'s orders are not in their checked form`, problems: [] };
  return undefined;
}

/** Characters that are turned into a plain line break before orders are read. */
const LINE_BREAKS = /\r\n|[\r\u0085\u2028\u2029]/g;

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * A text of orders made ready to read: a byte-order mark dropped, every kind of line break (CR LF, CR, NEL, the
 * Unicode line and paragraph separators) made a plain LF, and what would hide or corrupt a line refused with its
 * line and column: NUL and other control characters (tabs are white space and stay), and broken characters (a lone
 * UTF-16 surrogate). Never drops a line: each line of the result is a line of the text as its sender sees it.
 */
export function readOrderText(text: string): Result<string, Problem[]> {
  const body = (text.startsWith('\uFEFF') ? text.slice(1) : text).replace(LINE_BREAKS, '\n');
  const problems: Problem[] = [];
  let line = 1;
  let column = 1;
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    if (code === 0x0a) {
      line++;
      column = 1;
      continue;
    }
    const high = code >= 0xd800 && code <= 0xdbff;
    const low = code >= 0xdc00 && code <= 0xdfff;
    if (high && i + 1 < body.length && body.charCodeAt(i + 1) >= 0xdc00 && body.charCodeAt(i + 1) <= 0xdfff) {
      i++;
      column += 2;
      continue;
    }
    if (high || low) problems.push({ code: 'broken-character', message: `a broken character (a lone ${hex(code)}): the text was damaged on its way; type this line again`, line, column });
    else if (code === 0) problems.push({ code: 'nul-character', message: 'a NUL character (U+0000) in the orders: delete it', line, column });
    else if ((code < 0x20 && code !== 0x09 && code !== 0x0b && code !== 0x0c) || (code >= 0x7f && code < 0xa0)) {
      problems.push({ code: 'control-character', message: `an invisible control character (${hex(code)}) in the orders: delete it`, line, column });
    } else if (code === 0xfeff) problems.push({ code: 'invisible-character', message: 'an invisible zero-width no-break space (U+FEFF) in the orders: delete it', line, column });
    column++;
  }
  return problems.length ? err(problems) : ok(body);
}

/** The most problems an answer lists, and the most characters their messages take; the rest are counted. */
export const PROBLEMS_SHOWN = 30;
export const PROBLEM_CHARS = 6_000;

/**
 * At most `max` problems (and `maxChars` characters of messages), the first ones in reading order, then one that
 * counts the rest: an answer to a huge bad submission stays small.
 */
export function boundedProblems(problems: readonly Problem[], max = PROBLEMS_SHOWN, maxChars = PROBLEM_CHARS): Problem[] {
  const shown: Problem[] = [];
  let chars = 0;
  for (const p of problems) {
    if (shown.length >= max || (shown.length > 0 && chars + p.message.length > maxChars)) break;
    shown.push(p);
    chars += p.message.length;
  }
  const rest = problems.length - shown.length;
  if (rest === 0) return shown;
  return [...shown, { code: 'more-problems', message: `and ${rest} more problem${rest === 1 ? '' : 's'} (fix these first)` }];
}

/** How deep JSON orders (and any JSON a server takes) may nest: deeper input is refused before anything walks it. */
export const MAX_JSON_DEPTH = 64;

const brokenAt = (s: string): number => {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return i;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return i;
    } else if (c >= 0xdc00 && c <= 0xdfff) return i;
  }
  return -1;
};

/**
 * What keeps a value from being plain JSON data that can be stored and hashed as it is: nesting deeper than
 * `maxDepth`, NUL characters and broken characters (lone surrogates) in strings or keys, values JSON has no form for.
 * Each with its JSON path; at most `max` of them. Walks the value without recursion, so no depth can overflow it.
 */
export function plainJsonProblems(value: unknown, maxDepth = MAX_JSON_DEPTH, max = PROBLEMS_SHOWN): Problem[] {
  const problems: Problem[] = [];
  const stack: { v: unknown; path: readonly (string | number)[] }[] = [{ v: value, path: [] }];
  const text = (s: string, path: readonly (string | number)[], what: string) => {
    const at = brokenAt(s);
    if (at < 0) return;
    const nul = s.charCodeAt(at) === 0;
    problems.push({ code: nul ? 'nul-character' : 'broken-character', message: `${what} holds ${nul ? 'a NUL character (U+0000)' : 'a broken character (a lone UTF-16 surrogate)'} at place ${at + 1}`, path: jsonPath(path) });
  };
  while (stack.length && problems.length < max) {
    const { v, path } = stack.pop()!;
    if (v === null || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) problems.push({ code: 'not-json', message: 'a number JSON cannot hold', path: jsonPath(path) });
      continue;
    }
    if (typeof v === 'string') {
      text(v, path, 'the text');
      continue;
    }
    if (typeof v !== 'object') {
      problems.push({ code: 'not-json', message: `a ${typeof v}, which is not JSON data`, path: jsonPath(path) });
      continue;
    }
    if (path.length >= maxDepth) {
      problems.push({ code: 'too-deep', message: `JSON nested deeper than ${maxDepth} levels`, path: jsonPath(path) });
      continue;
    }
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: [...path, i] });
      continue;
    }
    const entries = Object.entries(v as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      text(key, [...path, key], 'the key');
      stack.push({ v: item, path: [...path, key] });
    }
  }
  return problems.slice(0, max);
}

/**
 * Orders as they may be stored: text read and parsed, or JSON checked; then, either way, the record check a replay
 * makes. A parse the record check refuses is the order reader's fault: the orders are refused (nothing is stored),
 * with what the check found.
 */
export function admitOrders(ruleset: AnyRuleset, input: OrdersInput, ctx: OrdersContext<unknown>): Result<Json, Problem[]> {
  let candidate: Json;
  if ('text' in input) {
    const text = readOrderText(input.text);
    if (!text.ok) return text;
    const parsed = ruleset.parseOrders(text.value, ctx);
    if (!parsed.ok) return parsed;
    candidate = parsed.value as Json;
  } else {
    const plain = plainJsonProblems(input.json);
    if (plain.length) return err(plain);
    const checked = ruleset.checkOrders(input.json, ctx);
    if (!checked.ok) return checked;
    candidate = checked.value as Json;
  }
  let refused: ReturnType<typeof recordCheck>;
  try {
    refused = recordCheck(ruleset, candidate, ctx);
  } catch (e) {
    refused = { message: `the orders cannot be checked: ${(e as Error).message}`, problems: [] };
  }
  if (!refused) return ok(candidate);
  const found = refused.problems.length ? refused.problems : [{ code: 'not-admitted', message: refused.message }];
  return err(
    found.map((p) => ({
      ...p,
      code: 'text' in input ? 'read-but-not-admitted' : p.code,
      message: 'text' in input ? `the umpire read your orders, but as read they are not legal (${p.message}); nothing was stored: please report this with your orders` : p.message,
    })),
  );
}
