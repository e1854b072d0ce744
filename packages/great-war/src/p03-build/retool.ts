import { closestName, jsonPath, type PhaseContext, type Problem, nameIndex, type NameIndex } from '@umpire/engine';
import { areaName, lookupArea } from '../orders/names.js';
import { nationName } from '../base/conquest.js';
import { unitTable } from '../data/load.js';
import type { GreatWarState, NationState } from '../base/nations.js';
import type { AnyOrder, Ledger, OrderSpec, TextPosition } from '../orders/language.js';
import { hasFacility, retooledOn, RETOOL_COST } from '../economy/placement.js';
import { retooledAllowance } from '../economy/placement-rules.js';
import { type FacilityType } from '../economy/placement-rules.js';
import { ownSince1914 } from '../economy/placement-rules.js';
import { conquered } from '../economy/resources.js';
import { theWorld } from '../data/world.js';

/**
 * Retooling a captured factory or port (GW-FAC-08, GW-FAC-09), a phase 3 order: `retool Belgrade`, `retool port in
 * Lille`. For 10 a nation may build out of a factory or port it has captured, from this turn's placement on, within
 * the minor-colony allowance of the territory (half its value, rounded up, a turn). The mark is the hold's `retooled`
 * list; it is lost when the territory changes hands. Decisions D-ECON-19 to D-ECON-21 in docs/great-war/economy.md.
 */

export type RetoolOrder = { kind: 'retool'; territory: string; facility?: FacilityType };

const FACILITIES: readonly FacilityType[] = ['industrial-complex', 'port'];

let facilityNames: NameIndex<FacilityType> | undefined;
const facilityIndex = () =>
  (facilityNames ??= nameIndex(unitTable().list.filter((u) => (FACILITIES as readonly string[]).includes(u.id)).map((u) => ({ id: u.id as FacilityType, name: u.name, aliases: u.aliases }))));

const facilityWord = (type: FacilityType) => (type === 'port' ? 'port' : 'industrial complex');

/** The facilities standing in a territory now (the 1914 map's, or built since). */
export function facilitiesIn(state: GreatWarState, territory: string): FacilityType[] {
  return FACILITIES.filter((type) => hasFacility(state, territory, type));
}

/** The facility an order retools: the one named, else the territory's only one; undefined when there is none or two. */
export function retoolTarget(state: GreatWarState, order: RetoolOrder): FacilityType | undefined {
  if (order.facility !== undefined) return order.facility;
  const there = facilitiesIn(state, order.territory);
  return there.length === 1 ? there[0] : undefined;
}

/**
 * Why a nation may not retool this facility now, after the orders already admitted (`earlier`); undefined when it
 * may. Money is the spec's business (the ledger); everything else is here, for the order check and phase 3 alike.
 */
export function retoolRefusal(state: GreatWarState, nation: NationState, order: RetoolOrder, earlier: readonly AnyOrder[]): Problem | undefined {
  const world = theWorld(state.scenario);
  const territory = world.territory.get(order.territory);
  if (!territory) return { code: 'not-a-territory', message: `there is no land territory '${order.territory}'`, field: 'territory' };
  const name = territory.name;
  if (conquered(state, nation.id)) return { code: 'conquered', message: `${nation.name} has lost all its supply centers: a conquered nation builds nothing, and retools nothing` };
  const holder = state.board.territories[order.territory]?.owner;
  if (holder !== nation.id) {
    return { code: 'not-held', message: `${nation.name} does not hold ${name} (${nationName(state, holder ?? '?')} does): it retools only a captured factory or port that it holds`, field: 'territory' };
  }
  if (ownSince1914(state, nation.id, order.territory, world)) {
    const own = territory.owner === nation.id ? `${nation.name}'s own territory of 1914` : `counted as ${nation.name}'s own while it hosts ${nationName(state, territory.owner)}'s government in exile`;
    return { code: 'not-captured', message: `${name} is ${own}: its factory and port serve ${nation.name} without retooling; only a captured one is retooled`, field: 'territory' };
  }
  const there = facilitiesIn(state, order.territory);
  if (order.facility !== undefined && !there.includes(order.facility)) {
    return { code: 'no-facility', message: `${name} has no ${facilityWord(order.facility)} to retool${there.length ? `; it has ${there.map((t) => `${t === 'port' ? 'a' : 'an'} ${facilityWord(t)}`).join(' and ')}` : ''}`, field: 'facility' };
  }
  if (there.length === 0) return { code: 'no-facility', message: `${name} has no industrial complex or port to retool`, field: 'territory' };
  const type = retoolTarget(state, order);
  if (type === undefined) {
    return { code: 'which-facility', message: `${name} has an industrial complex and a port, retooled one at a time for ${RETOOL_COST} each: say which, e.g. 'retool port in ${name}'`, field: 'territory' };
  }
  if (retooledOn(state, nation.id, order.territory, type)) return { code: 'already-retooled', message: `${nation.name} has already retooled the ${facilityWord(type)} of ${name}`, field: 'territory' };
  if (earlier.some((o) => o.kind === 'retool' && o['territory'] === order.territory && retoolTarget(state, o as RetoolOrder) === type)) {
    return { code: 'already-retooled', message: `the ${facilityWord(type)} of ${name} is retooled once: an earlier order retools it`, field: 'territory' };
  }
  if (retooledAllowance(territory) === 0) {
    return { code: 'builds-nothing', message: `${name} is worth 0: a retooled facility there could build nothing (half its value, rounded up, a turn)`, field: 'territory' };
  }
  return undefined;
}

function parseRetool(rest: string, at: TextPosition): RetoolOrder | Problem[] {
  const { line } = at;
  const example = retoolSpec.example;
  if (rest === '') return [{ code: 'missing-territory', message: `which captured factory or port? e.g. '${example}' or 'retool port in Lille'`, line, column: at.column }];
  // 'retool <territory>' or 'retool <facility> in|at <territory>'.
  const prep = /^(.*?)\s+(?:in|at)\s+(.*)$/i.exec(rest);
  const problems: Problem[] = [];
  let facility: FacilityType | undefined;
  let typed = rest;
  let column = at.column;
  if (prep) {
    const [, word, place] = prep as unknown as [string, string, string];
    const r = facilityIndex().lookup(word);
    if (r.ok) facility = r.id;
    else {
      const suggestion = r.reason === 'unknown' ? r.suggestion : undefined;
      problems.push({ code: 'unknown-facility', message: `'${word}' is not a factory or port: retool an Industrial Complex (Factory, IC) or a Port`, line, column: at.column, ...(suggestion !== undefined ? { suggestion } : {}) });
    }
    typed = place;
    column = at.column + rest.length - place.length;
  }
  const r = lookupArea(typed);
  if (r.ok && r.kind === 'sea') problems.push({ code: 'not-a-territory', message: `factories and ports stand on land: the ${r.name} is a sea zone`, line, column });
  else if (!r.ok && r.reason === 'ambiguous') problems.push({ code: 'ambiguous-area', message: `'${typed}' could be ${r.names.slice(0, 8).join(', ')}${r.names.length > 8 ? ` and ${r.names.length - 8} more` : ''}: type more of the name`, line, column });
  else if (!r.ok) problems.push({ code: 'unknown-area', message: `there is no territory '${typed}'`, line, column, ...(r.suggestion !== undefined ? { suggestion: r.suggestion } : {}) });
  if (problems.length || !r.ok) return problems;
  return { kind: 'retool', territory: r.id, ...(facility !== undefined ? { facility } : {}) };
}

function checkRetoolJson(item: Record<string, unknown>, path: readonly (string | number)[]): RetoolOrder | Problem[] {
  const world = theWorld();
  const problems: Problem[] = [];
  const at = (field: string) => jsonPath([...path, field]);
  for (const key of Object.keys(item)) {
    if (key === 'kind' || key === 'territory' || key === 'facility') continue;
    const suggestion = closestName(key, ['territory', 'facility']);
    problems.push({ code: 'unknown-field', message: `a retool order has no field '${key}'`, path: at(key), ...(suggestion ? { suggestion } : {}) });
  }
  const t = item['territory'];
  if (typeof t !== 'string') problems.push({ code: 'missing-territory', message: 'a retool order names a territory id, e.g. "belgrade"', path: at('territory') });
  else if (world.sea.has(t)) problems.push({ code: 'not-a-territory', message: `factories and ports stand on land: '${t}' is a sea zone`, path: at('territory') });
  else if (!world.territory.has(t)) {
    const suggestion = closestName(t, world.territory.keys());
    problems.push({ code: 'unknown-area', message: `there is no territory '${t}'`, path: at('territory'), ...(suggestion ? { suggestion } : {}) });
  }
  const f = item['facility'];
  if (f !== undefined && (typeof f !== 'string' || !(FACILITIES as readonly string[]).includes(f))) {
    const suggestion = typeof f === 'string' ? closestName(f, FACILITIES) : undefined;
    problems.push({ code: 'unknown-facility', message: `facility is "industrial-complex" or "port"`, path: at('facility'), ...(suggestion ? { suggestion } : {}) });
  }
  if (problems.length) return problems;
  return { kind: 'retool', territory: t as string, ...(f !== undefined ? { facility: f as FacilityType } : {}) };
}

/** The captured facilities a nation holds and has not retooled: orders worth offering (a few). */
function retoolCandidates(state: GreatWarState, nation: NationState): RetoolOrder[] {
  const world = theWorld(state.scenario);
  const out: RetoolOrder[] = [];
  for (const [id, hold] of Object.entries(state.board.territories)) {
    if (out.length >= 4) break;
    if (hold.owner !== nation.id || !world.territory.has(id) || ownSince1914(state, nation.id, id, world)) continue;
    const there = facilitiesIn(state, id);
    for (const type of there) if (!retooledOn(state, nation.id, id, type)) out.push({ kind: 'retool', territory: id, ...(there.length > 1 ? { facility: type } : {}) });
  }
  return out;
}

export const retoolSpec: OrderSpec<RetoolOrder> = {
  kind: 'retool',
  words: ['retool'],
  example: 'retool Belgrade',
  parseText: (rest, at) => parseRetool(rest, at),
  checkJson: (item, path) => checkRetoolJson(item, path),
  format(order) {
    const facility = order.facility !== undefined ? `${unitTable().byId.get(order.facility)?.name ?? order.facility} in ` : '';
    return `retool ${facility}${areaName(order.territory)}`;
  },
  refusal(order, ledger: Ledger, ctx, nation) {
    const r = retoolRefusal(ctx.state, nation, order, ledger.admitted);
    if (r) return r;
    if (RETOOL_COST > ledger.resources) {
      const type = retoolTarget(ctx.state, order)!;
      return { code: 'not-enough-resources', message: `retooling the ${facilityWord(type)} of ${areaName(order.territory)} costs ${RETOOL_COST}, and ${nation.name} has ${ledger.resources} left` };
    }
    return undefined;
  },
  cost: () => RETOOL_COST,
  candidates: (_ledger, ctx, nation) => retoolCandidates(ctx.state, nation),
};

/**
 * Phase 3, before the nation's builds: its retool orders, in the order given, checked again against the state the
 * phase starts from (`start`) and paid for from the treasury (never the industrial credit: retooling is not a unit).
 * The mark goes on the board at once, so the turn's builds may be placed there in phase 13 (D-ECON-20). An order
 * that cannot be carried out is void (`order-void`) and costs nothing. Admitted orders join `ledger`, where the
 * nation's build orders see them.
 */
export function resolveRetools(state: GreatWarState, start: GreatWarState, nation: NationState, orders: readonly AnyOrder[], ledger: Ledger, ctx: PhaseContext): void {
  for (const order of orders.filter((o): o is RetoolOrder & AnyOrder => o.kind === 'retool')) {
    const refusal = retoolRefusal(start, nation, order, ledger.admitted) ?? (RETOOL_COST > ledger.resources ? { code: 'not-enough-resources', message: `retooling costs ${RETOOL_COST}, and ${nation.name} has ${ledger.resources} left` } : undefined);
    if (refusal) {
      ctx.emit({ type: 'order-void', phase: 'build', nation: nation.id, order: retoolSpec.format(order), code: refusal.code, reason: refusal.message, visibleTo: [nation.id] });
      continue;
    }
    const type = retoolTarget(start, order)!;
    const hold = state.board.territories[order.territory]!;
    hold.retooled = [...(hold.retooled ?? []), type];
    ledger.resources -= RETOOL_COST;
    ledger.admitted.push(order);
    nation.treasury -= RETOOL_COST;
    nation.ledger.units += RETOOL_COST;
    ctx.emit({ type: 'retooled', nation: nation.id, territory: order.territory, facility: type, allowance: retooledAllowance(theWorld(state.scenario).territory.get(order.territory)!) });
    ctx.emit({ type: 'retool-paid', nation: nation.id, territory: order.territory, facility: type, cost: RETOOL_COST, treasury: nation.treasury, visibleTo: [nation.id] });
  }
}
