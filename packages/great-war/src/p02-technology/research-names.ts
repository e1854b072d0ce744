import { closestName, jsonPath, resolveName, type Problem, normaliseName } from '@umpire/engine';
import { technologyTable, type TechnologyTable } from '../data/load.js';
import type { OrderSpec } from '../orders/language.js';
import { levelOf } from '../base/units.js';

/** `research <technology>`: one attempt at the next advance of a technology (phase 2, GW-P02-TECH). */
export type ResearchOrder = { kind: 'research'; tech: string };

type TechLookup =
  | { readonly ok: true; readonly id: string }
  | { readonly ok: false; readonly reason: 'unknown'; readonly suggestion?: string }
  | { readonly ok: false; readonly reason: 'ambiguous'; readonly names: readonly string[] };

/** Every name a technology answers to (id, name, aliases), mapped to its id. */
function technologyNames(table: TechnologyTable): Map<string, string> {
  const byNormal = new Map<string, { name: string; id: string }>();
  for (const tech of table.list) {
    for (const name of [tech.name, ...tech.aliases, tech.id]) {
      const key = normaliseName(name);
      if (!byNormal.has(key)) byNormal.set(key, { name, id: tech.id });
    }
  }
  return new Map([...byNormal.values()].map(({ name, id }) => [name, id]));
}

/** A technology from what a player typed: a name, an alias or an unambiguous abbreviation of one. */
export function lookupTechnology(typed: string, table: TechnologyTable = technologyTable()): TechLookup {
  const names = technologyNames(table);
  const nameOf = (id: string) => table.byId.get(id)!.name;
  const r = resolveName(typed, [...names.keys()]);
  if (r.ok) return { ok: true, id: names.get(r.value)! };
  if (r.reason === 'ambiguous') {
    const ids = [...new Set(r.matches.map((m) => names.get(m)!))];
    if (ids.length === 1) return { ok: true, id: ids[0]! };
    return { ok: false, reason: 'ambiguous', names: ids.map(nameOf) };
  }
  return r.suggestion !== undefined ? { ok: false, reason: 'unknown', suggestion: nameOf(names.get(r.suggestion)!) } : { ok: false, reason: 'unknown' };
}

export const researchSpec: OrderSpec<ResearchOrder> = {
  kind: 'research',
  words: ['research'],
  example: 'research Improved Weapons',
  parseText(rest, at) {
    const table = technologyTable();
    if (rest === '') return [{ code: 'missing-technology', message: `which technology? e.g. 'research ${table.list[0]!.name}'`, line: at.line, column: at.column }];
    const tech = lookupTechnology(rest, table);
    if (tech.ok) return { kind: 'research', tech: tech.id };
    return [
      tech.reason === 'ambiguous'
        ? { code: 'ambiguous-technology', message: `'${rest}' could be ${tech.names.join(', ')}: type more of the name`, line: at.line, column: at.column }
        : { code: 'unknown-technology', message: `there is no technology '${rest}'`, line: at.line, column: at.column, ...(tech.suggestion !== undefined ? { suggestion: tech.suggestion } : {}) },
    ];
  },
  checkJson(item, path) {
    const table = technologyTable();
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) {
      if (key !== 'kind' && key !== 'tech') problems.push({ code: 'unknown-field', message: `a research order has no field '${key}'`, path: jsonPath([...path, key]) });
    }
    const tech = item['tech'];
    if (typeof tech !== 'string') return [...problems, { code: 'missing-technology', message: 'a research order names a technology id, e.g. "improved-weapons"', path: jsonPath([...path, 'tech']) }];
    if (!table.byId.has(tech)) {
      const suggestion = closestName(tech, table.byId.keys());
      return [...problems, { code: 'unknown-technology', message: `there is no technology '${tech}'`, path: jsonPath([...path, 'tech']), ...(suggestion ? { suggestion } : {}) }];
    }
    return problems.length ? problems : { kind: 'research', tech };
  },
  format(order) {
    return `research ${technologyTable().byId.get(order.tech)?.name ?? order.tech}`;
  },
  refusal(order, ledger, _ctx, nation) {
    const table = technologyTable();
    const tech = table.byId.get(order.tech);
    if (!tech) return { code: 'unknown-technology', message: `there is no technology '${order.tech}'`, field: 'tech' };
    const { cost, attemptsPerTechnologyPerTurn: perTurn } = table.research;
    const earlier = ledger.admitted.filter((o): o is ResearchOrder => o.kind === 'research');
    if (earlier.filter((o) => o.tech === order.tech).length >= perTurn) {
      return { code: 'one-attempt-per-technology', message: `${nation.name} may make only ${perTurn === 1 ? 'one attempt' : `${perTurn} attempts`} on ${tech.name} per turn`, field: 'tech' };
    }
    if (levelOf(nation, order.tech) >= tech.maxAdvances) {
      return { code: 'technology-complete', message: `${nation.name} already has all ${tech.maxAdvances} advance${tech.maxAdvances === 1 ? '' : 's'} of ${tech.name}`, field: 'tech' };
    }
    if (cost > ledger.resources) {
      const total = (earlier.length + 1) * cost;
      return {
        code: 'not-enough-resources',
        message: `${earlier.length + 1} research attempt${earlier.length ? 's' : ''} at ${cost} each cost ${total}, and ${nation.name} has ${ledger.resources + earlier.length * cost}`,
      };
    }
    return undefined;
  },
  cost() {
    return technologyTable().research.cost;
  },
  candidates() {
    return technologyTable().list.map((t) => ({ kind: 'research' as const, tech: t.id }));
  },
};
