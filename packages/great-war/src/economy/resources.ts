import { adjust } from '../base/reactions.js';
import { closestName, jsonPath, type GameEvent, type PhaseContext, type Problem, type ReportSection, type SeatId, nameIndex, type NameIndex } from '@umpire/engine';
import { areaName } from '../orders/names.js';
import { allied, isConquered, nationName } from '../base/conquest.js';
import { unitTable } from '../data/load.js';
import { groupMembers, type WorldMap } from '../data/map.js';
import { manpowerLimit, minorIncome, minorOf, nationOf, scenarioNation, type GreatWarState, type MinorState, type NationState } from '../base/nations.js';
import type { GreatWarOrders, OrderSpec } from '../orders/language.js';
import type { UnitType } from '../data/schema.js';
import { loadWorld, theWorld } from '../data/world.js';
import { ruleNumbers } from '../data/rules.js';
import { hasFacility, retooledOn, RETOOL_COST } from './placement.js';
import { retooledAllowance } from './placement-rules.js';
import { type FacilityType } from './placement-rules.js';
import { ownSince1914 } from './placement-rules.js';

/**
 * Phase 14: Collect resources (GW-P14-RES, GW-INDCTR). A nation collects the value of the incorporated territories it
 * holds, at most its income cap while it is a capped neutral, and 5 of industrial credit for each industrial center
 * it holds, which it may spend only on manufactured units in the next phase 3. Moderator-run minors collect their
 * share. Gifts between allies arrive halved. Decisions D-ECON-3, D-ECON-12 to D-ECON-16 in docs/great-war/economy.md.
 */

/** What an industrial center adds each turn (GW-INDCTR-02). */
export const INDUSTRIAL_CENTER_CREDIT = ruleNumbers.economy.industrialCenterCredit;
/** The share of a gift that reaches an ally, in percent, rounded up (GW-P14-RES-08). */
export const GIFT_ARRIVES_PERCENT = ruleNumbers.economy.giftArrivesPercent;
/** The map group whose holding lifts China's restrictions (GW-NEUT-CHN-13..15). */
const LOST_CHINA = 'lost-china';

const worldOf = (state: GreatWarState): WorldMap => theWorld(state.scenario);

/** Whether a nation is conquered (GW-CONQ-01, kept by the land phases in `state.conquered`): it collects nothing and builds nothing (GW-CONQ-02, -03). */
export const conquered = (state: GreatWarState, nation: string): boolean => isConquered(state, nation);

/**
 * A nation's income cap this turn: its `incomeCap` (a neutral's), raised to the scenario's minor-war cap while every
 * nation it is at war with is a minor (Ottoman Empire 36, Italy 45: GW-NEUT-OTT-05, GW-NEUT-ITA-11); null: no cap.
 * Gearing up and entering the war change `incomeCap` itself (phases 1 and 15).
 */
export function incomeCapOf(state: GreatWarState, nation: NationState): number | null {
  // Japan's war options and losses (GW-NEUT-JAP-04..17); China geared up, on a side, at war with Japan (GW-NEUT-CHN-01, -08, -16).
  const special = adjust(state, 'income-cap', { nation: nation.id }, undefined);
  if (special !== undefined) return special;
  if (nation.incomeCap === null) return null;
  const minorWar = scenarioNation(state, nation.id)?.minorWarIncomeCap;
  if (minorWar !== undefined && nation.atWarWith.length > 0 && nation.atWarWith.every((id) => minorOf(state, id) !== undefined)) return Math.max(minorWar, nation.incomeCap);
  return nation.incomeCap;
}

export interface Income {
  /** Value of the incorporated territories held (GW-P14-RES-01, GW-P12-INC-02). */
  readonly land: number;
  /** Industrial centers held, incorporated (GW-INDCTR-01). */
  readonly centers: number;
  /** What the centers yield before the cap (5 each; China's restrictions: GW-NEUT-CHN-13, -14). */
  readonly centerCredit: number;
  readonly cap: number | null;
  /** Added to the treasury. */
  readonly collected: number;
  /** Industrial credit for the next phase 3. */
  readonly credit: number;
  readonly conquered: boolean;
}

/**
 * What a major nation collects in phase 14 from the board as it stands. A capped nation collects its land first, up to
 * the cap; its centers' credit fills what is left of the cap (D-ECON-12). A conquered nation collects nothing.
 */
export function incomeOf(state: GreatWarState, id: string, world: WorldMap = worldOf(state)): Income {
  const nation = nationOf(state, id);
  let land = 0;
  let centers = 0;
  for (const t of world.territories) {
    const hold = state.board.territories[t.id];
    if (hold?.owner !== id || !hold.incorporated) continue;
    land += t.value * adjust(state, 'land-value', { nation: id, territory: t.id, world }, 1);
    if (t.industrialComplex) centers++;
  }
  let centerCredit = centers * INDUSTRIAL_CENTER_CREDIT;
  const lostChina = world.seedNames.groups.find((g) => g.id === LOST_CHINA);
  if (lostChina?.ownedBy === id && !groupMembers(world, LOST_CHINA).every((t) => state.board.territories[t]?.owner === id)) {
    centerCredit = nation && nation.atWarWith.length > 0 ? Math.min(INDUSTRIAL_CENTER_CREDIT, centerCredit) : 0;
  }
  const cap = nation ? incomeCapOf(state, nation) : null;
  if (conquered(state, id)) return { land, centers, centerCredit, cap, collected: 0, credit: 0, conquered: true };
  const collected = cap === null ? land : Math.min(cap, land);
  const credit = cap === null ? centerCredit : Math.min(centerCredit, Math.max(0, cap - collected));
  return { land, centers, centerCredit, cap, collected, credit, conquered: false };
}

/** What a minor collects: its production share of the incorporated land it holds (GW-P14-RES-05). */
export function minorIncomeOf(state: GreatWarState, id: string, world: WorldMap = worldOf(state)): { land: number; collected: number } {
  let land = 0;
  for (const t of world.territories) {
    const hold = state.board.territories[t.id];
    if (hold?.owner === id && hold.incorporated) land += t.value;
  }
  return { land, collected: conquered(state, id) ? 0 : minorIncome(state, id, land) };
}

// ---------------------------------------------------------------------------------------------------------------
// Gifts

export type GiveOrder = { kind: 'give'; amount: number; to: string };

const nationIndexes = new Map<string, NameIndex>();

/** Majors and minors by name, id or abbreviation. */
function nationIndex(state: GreatWarState): NameIndex {
  let index = nationIndexes.get(state.scenario);
  if (!index) {
    index = nameIndex([...state.nations, ...state.minors].map((n) => ({ id: n.id, name: n.name, aliases: [n.abbreviation] })));
    nationIndexes.set(state.scenario, index);
  }
  return index;
}

/** Whether `to` is an ally `from` may give to: on the same side of the war, neither neutral, not at war (GW-P14-RES-07). */
export function mayGive(state: GreatWarState, from: NationState, to: string): boolean {
  const other: NationState | MinorState | undefined = nationOf(state, to) ?? minorOf(state, to);
  return other !== undefined && other.id !== from.id && allied(state, from.id, to) && !from.atWarWith.includes(to);
}

/** What arrives of a gift (GW-P14-RES-08): half, rounded up. */
export const giftArrives = (amount: number): number => Math.ceil((amount * GIFT_ARRIVES_PERCENT) / 100);

export const giveSpec: OrderSpec<GiveOrder> = {
  kind: 'give',
  words: ['give'],
  example: 'give 10 to France',
  parseText(rest, at, ctx) {
    const m = /^(\S+)(\s+)(to)(\s+)(.+)$/i.exec(rest);
    if (!m) return [{ code: 'bad-gift', message: `give how much to whom? e.g. '${giveSpec.example}'`, line: at.line, column: at.column }];
    const [, amountText, gap1, to, gap2, who] = m as unknown as [string, string, string, string, string, string];
    const problems: Problem[] = [];
    const amount = Number(amountText);
    if (!/^\d+$/.test(amountText) || amount < 1) problems.push({ code: 'bad-amount', message: `a gift is a whole number of resources, 1 or more, not '${amountText}'`, line: at.line, column: at.column });
    const column = at.column + amountText.length + gap1.length + to.length + gap2.length;
    const r = nationIndex(ctx.state).lookup(who);
    if (!r.ok) {
      problems.push(
        r.reason === 'ambiguous'
          ? { code: 'ambiguous-nation', message: `'${who}' could be ${r.names.join(', ')}: type more of the name`, line: at.line, column }
          : { code: 'unknown-nation', message: `there is no nation '${who}'`, line: at.line, column, ...(r.suggestion !== undefined ? { suggestion: r.suggestion } : {}) },
      );
    }
    if (problems.length || !r.ok) return problems;
    return { kind: 'give', amount, to: r.id };
  },
  checkJson(item, path, ctx) {
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) {
      if (!['kind', 'amount', 'to'].includes(key)) problems.push({ code: 'unknown-field', message: `a give order has no field '${key}'`, path: jsonPath([...path, key]) });
    }
    const amount = item['amount'];
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) problems.push({ code: 'bad-amount', message: 'amount is a whole number of resources, 1 or more', path: jsonPath([...path, 'amount']) });
    const to = item['to'];
    const ids = [...ctx.state.nations, ...ctx.state.minors].map((n) => n.id);
    if (typeof to !== 'string') problems.push({ code: 'unknown-nation', message: 'to is a nation id, e.g. "france"', path: jsonPath([...path, 'to']) });
    else if (!ids.includes(to)) {
      const suggestion = closestName(to, ids);
      problems.push({ code: 'unknown-nation', message: `there is no nation '${to}'`, path: jsonPath([...path, 'to']), ...(suggestion ? { suggestion } : {}) });
    }
    return problems.length ? problems : { kind: 'give', amount: amount as number, to: to as string };
  },
  format: (order) => `give ${order.amount} to ${nationName(undefined, order.to)}`,
  refusal(order, ledger, ctx, nation) {
    if (order.to === nation.id) return { code: 'self-gift', message: `${nation.name} cannot give to itself`, field: 'to' };
    if (!mayGive(ctx.state, nation, order.to)) {
      return { code: 'not-an-ally', message: `gifts go only between allies: ${nationName(undefined, order.to)} is not ${nation.name}'s ally${nation.side === 'neutral' ? ` (${nation.name} is neutral)` : ''}`, field: 'to' };
    }
    if (order.amount > ledger.resources) return { code: 'not-enough-resources', message: `a gift of ${order.amount}, and ${nation.name} has ${ledger.resources} left` };
    return undefined;
  },
  cost: (order) => order.amount,
  candidates(_ledger, ctx, nation) {
    const ally = ctx.state.nations.find((n) => mayGive(ctx.state, nation, n.id));
    return ally ? [{ kind: 'give', amount: 10, to: ally.id }] : [];
  },
};

const seesMinor = (m: MinorState): SeatId[] => (m.controller === 'moderator' ? [] : [m.controller]);

/**
 * The 'resources' phase (14): gifts first, in seat order, from what is left of the treasury; then every nation and
 * minor collects; then each nation's ledger of the turn.
 */
export function resolveResources(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const world = worldOf(state);
  for (const nation of state.nations) {
    for (const o of orders.get(nation.id)?.orders ?? []) {
      if (o.kind !== 'give') continue;
      const gift = o as unknown as GiveOrder;
      const receiver = nationOf(state, gift.to) ?? minorOf(state, gift.to);
      const reason = !receiver || !mayGive(state, nation, gift.to) ? `${nationName(undefined, gift.to)} is not an ally` : gift.amount > nation.treasury ? `${nation.name} has ${nation.treasury}` : undefined;
      if (reason !== undefined || !receiver) {
        ctx.emit({ type: 'gift-refused', from: nation.id, to: gift.to, amount: gift.amount, reason: reason ?? '', visibleTo: [nation.id] });
        continue;
      }
      const received = giftArrives(gift.amount);
      nation.treasury -= gift.amount;
      nation.ledger.giftsSent += gift.amount;
      receiver.treasury += received;
      if ('ledger' in receiver) receiver.ledger.giftsReceived += received;
      const sees = 'ledger' in receiver ? [receiver.id] : seesMinor(receiver);
      ctx.emit({ type: 'gift', from: nation.id, to: gift.to, amount: gift.amount, received, visibleTo: [...new Set([nation.id, ...sees])] });
    }
  }
  // Industrial bombing of phase 4 takes its damage off this turn's collection, never below 0 (GW-P04-BOMB-03, D-AIR-16).
  const bombed = (id: string, collected: number) => Math.min(collected, state.air.bombed[id] ?? 0);
  for (const nation of state.nations) {
    const income = incomeOf(state, nation.id, world);
    const lost = bombed(nation.id, income.collected);
    const collected = income.collected - lost;
    nation.treasury += collected;
    nation.industrialCredit = income.credit;
    nation.ledger.collected = collected;
    nation.ledger.credit = income.credit;
    nation.ledger.end = nation.treasury;
    ctx.emit({
      type: 'income',
      nation: nation.id,
      land: income.land,
      centers: income.centers,
      cap: income.cap,
      collected,
      ...(lost ? { bombed: lost } : {}),
      credit: income.credit,
      conquered: income.conquered,
      treasury: nation.treasury,
      visibleTo: [nation.id],
    });
  }
  for (const minor of state.minors) {
    const income = minorIncomeOf(state, minor.id, world);
    const lost = bombed(minor.id, income.collected);
    if (income.collected === 0) continue;
    minor.treasury += income.collected - lost;
    ctx.emit({ type: 'income', nation: minor.id, land: income.land, percent: minor.productionPercent, collected: income.collected - lost, ...(lost ? { bombed: lost } : {}), treasury: minor.treasury, visibleTo: seesMinor(minor) });
  }
  state.air.bombed = {};
  for (const nation of state.nations) ctx.emit({ type: 'ledger', nation: nation.id, ...nation.ledger, visibleTo: [nation.id] });
  return state;
}

// ---------------------------------------------------------------------------------------------------------------
// Invariants and reports

/**
 * Economy invariants (wire into `invariants`): industrial credit and manpower counters are whole and never
 * negative; no purchase waits between turns; at most one industrial complex and one port per territory, ports on a
 * coast; every trench guards a land border, once per nation.
 */
export function economyInvariants(state: GreatWarState): string[] {
  const out: string[] = [];
  const w = loadWorld(state.scenario);
  if (!w.ok) return out;
  const world = w.value;
  const whole = (n: number) => Number.isInteger(n) && n >= 0;
  for (const n of state.nations) {
    if (!whole(n.industrialCredit)) out.push(`${n.name}'s industrial credit is ${n.industrialCredit}; it is a whole number, never negative`);
    const regions = new Set<string>();
    for (const m of n.manpower) {
      if (regions.has(m.region)) out.push(`${n.name} has two manpower limits for ${m.region}`);
      regions.add(m.region);
      if (!whole(m.built) || !whole(m.limit)) out.push(`${n.name}'s manpower in ${m.name} is ${m.built} built of ${m.limit}; both are whole numbers, never negative`);
    }
    if (n.purchases.length) out.push(`${n.name} has ${n.purchases.length} purchase(s) that phase 13 never placed`);
    if (n.placeableAtStart.length) out.push(`${n.name} keeps a start-of-turn list of places after the turn`);
  }
  const facilities = new Map<string, number>();
  for (const t of world.territories) {
    if (t.industrialComplex) facilities.set(`industrial-complex@${t.id}`, 1);
    if (t.port) facilities.set(`port@${t.id}`, 1);
  }
  for (const u of state.board.units) {
    if (u.type !== 'industrial-complex' && u.type !== 'port') continue;
    const key = `${u.type}@${u.at}`;
    facilities.set(key, (facilities.get(key) ?? 0) + 1);
    if (u.type === 'port' && world.graph.neighbours(u.at, ['coast']).length === 0) out.push(`port ${u.id} stands in ${u.at}, which has no coast`);
  }
  for (const [key, count] of facilities) if (count > 1) out.push(`${key.replace('@', ' in ')}: ${count} of them, at most one a territory`);
  const trenches = new Set<string>();
  for (const t of state.board.trenches) {
    const key = `${t.nation}:${t.territory}>${t.facing}`;
    if (trenches.has(key)) out.push(`${t.nation} has two trenches in ${t.territory} facing ${t.facing}`);
    trenches.add(key);
    const link = world.graph.connection(t.territory, t.facing);
    if (!world.territory.has(t.territory) || !world.territory.has(t.facing) || !link || (link.kind !== 'land' && link.kind !== 'strait')) {
      out.push(`${t.nation}'s trench in ${t.territory} facing ${t.facing} is not on a land border`);
    }
  }
  return out;
}

const unitLabel = (unit: unknown, count: unknown): string => {
  const name = unitTable().byId.get(String(unit) as UnitType)?.name ?? String(unit);
  return `${String(count)} ${name}`;
};
const area = (id: unknown) => areaName(String(id));

/** One line for each economy event (wire into `describeEvent`); undefined for other events. */
export function describeEconomyEvent(event: GameEvent): string | undefined {
  const who = nationName(undefined, String(event['nation'] ?? event['from']));
  switch (event.type) {
    case 'purchase': {
      if (event['unit'] === 'trench' || event['unit'] === 'super-trench') {
        return `${who} pays ${String(event['resources'])} for a ${event['unit'] === 'trench' ? 'trench' : 'super trench'} in ${area(event['at'])} facing ${area(event['facing'])}; treasury now ${String(event['treasury'])}.`;
      }
      const parts = [`${String(event['resources'])} from the treasury`];
      if (Number(event['credit']) > 0) parts.push(`${String(event['credit'])} industrial credit`);
      const notes = [
        ...(Number(event['overLimit']) > 0 ? [`${String(event['overLimit'])} over the manpower limit at double cost`] : []),
        ...(Number(event['surcharge']) > 0 ? [`${String(event['surcharge'])} for placing outside a city`] : []),
      ];
      const on = event['on'] ? `, to fit on a ${(unitTable().byId.get(String(event['on']) as UnitType)?.name ?? String(event['on'])).toLowerCase()}` : '';
      return `${who} buys ${unitLabel(event['unit'], event['count'])} for ${area(event['at'])}${on}${event['from'] ? ` (from ${area(event['from'])})` : ''}: ${String(event['cost'])} (${parts.join(', ')})${notes.length ? `, ${notes.join(', ')}` : ''}; treasury now ${String(event['treasury'])}.`;
    }
    case 'purchase-refused':
      return `${who} does not buy ${unitLabel(event['unit'], event['count'])} for ${area(event['at'])}: ${String(event['reason'])}.`;
    case 'industrial-credit-lost':
      return `${who} loses ${String(event['amount'])} unspent industrial credit.`;
    case 'trench':
      return `${who} ${event['super'] ? 'upgrades its trench' : 'digs a trench'} in ${area(event['territory'])} facing ${area(event['facing'])}${event['super'] ? ' to a super trench' : ''}.`;
    case 'placed':
      return `${who} places ${unitLabel(event['unit'], event['count'])} in ${area(event['at'])}${event['ordered'] ? ` instead of ${area(event['ordered'])} (${String(event['reason'])})` : ''}.`;
    case 'refund':
      return `${who} cannot place ${unitLabel(event['unit'], event['count'])} in ${area(event['at'])} (${String(event['reason'])}): ${String(event['amount'])} refunded; treasury now ${String(event['treasury'])}.`;
    case 'retooled':
      return `${who} retools the captured ${event['facility'] === 'port' ? 'port' : 'industrial complex'} of ${area(event['territory'])}: it may build out of ${area(event['territory'])}, up to ${String(event['allowance'])} unit${event['allowance'] === 1 ? '' : 's'} a turn.`;
    case 'retool-paid':
      return `${who} pays ${String(event['cost'])} to retool the ${event['facility'] === 'port' ? 'port' : 'industrial complex'} of ${area(event['territory'])}; treasury now ${String(event['treasury'])}.`;
    case 'retooling-lost':
      return `${who} loses ${area(event['territory'])} and the retooling of its ${(event['facilities'] as string[]).map((f) => (f === 'port' ? 'port' : 'industrial complex')).join(' and ')}.`;
    case 'incorporated':
      return `${who} incorporates ${area(event['territory'])}${Number(event['cost']) > 0 ? ` for ${String(event['cost'])}` : event['automatic'] ? ', its own territory taken back' : ' for nothing'}.`;
    case 'incorporation-void':
      return `${who}'s order to incorporate ${area(event['territory'])} is void: ${String(event['reason'])}.`;
    case 'gift':
      return `${who} gives ${String(event['amount'])} to ${nationName(undefined, String(event['to']))}; ${String(event['received'])} arrives.`;
    case 'gift-refused':
      return `${who}'s gift of ${String(event['amount'])} to ${nationName(undefined, String(event['to']))} is not made: ${String(event['reason'])}.`;
    case 'income': {
      const bombing = Number(event['bombed'] ?? 0) > 0 ? `, ${String(event['bombed'])} less for the bombing of its industry` : '';
      if (event['percent'] !== undefined) return `${who} collects ${String(event['collected'])} (${String(event['percent'])}% of ${String(event['land'])}${bombing}); treasury now ${String(event['treasury'])}.`;
      if (event['conquered']) return `${who} has lost all its supply centers and collects nothing.`;
      const capped = event['cap'] !== null && Number(event['collected']) + Number(event['bombed'] ?? 0) < Number(event['land']) ? `, capped at ${String(event['cap'])}` : '';
      return `${who} collects ${String(event['collected'])} from its lands (worth ${String(event['land'])}${capped}${bombing}) and ${String(event['credit'])} industrial credit from ${String(event['centers'])} industrial center(s); treasury now ${String(event['treasury'])}.`;
    }
    case 'ledger':
      return (
        `${who}'s economy this turn: ${String(event['start'])} after research; units ${String(event['units'])}, trenches ${String(event['trenches'])}, incorporation ${String(event['incorporation'])}, ` +
        `gifts sent ${String(event['giftsSent'])}; refunds ${String(event['refunds'])}, gifts received ${String(event['giftsReceived'])}, collected ${String(event['collected'])}; ` +
        `treasury ${String(event['end'])}, industrial credit ${String(event['credit'])} for next turn.`
      );
    default:
      return undefined;
  }
}

/** What a nation sees of its economy (wire into `describeState`): treasury, credit, income to come, manpower. */
export function economySections(state: GreatWarState, seat: SeatId | undefined): ReportSection[] {
  const own = seat === undefined ? undefined : nationOf(state, seat);
  if (!own) return [];
  const income = incomeOf(state, own.id);
  const world = worldOf(state);
  const captured: (string | number)[][] = [];
  for (const t of world.territories) {
    if (state.board.territories[t.id]?.owner !== own.id || ownSince1914(state, own.id, t.id, world)) continue;
    for (const type of ['industrial-complex', 'port'] as FacilityType[]) {
      if (!hasFacility(state, t.id, type, world)) continue;
      const done = retooledOn(state, own.id, t.id, type);
      captured.push([t.name, type === 'port' ? 'Port' : 'Industrial Complex', done ? 'yes' : `no (${RETOOL_COST} to retool)`, retooledAllowance(t)]);
    }
  }
  const facilities: ReportSection[] = captured.length
    ? [{ title: `${own.name}: captured factories and ports`, table: { columns: ['Territory', 'Facility', 'Retooled', 'Units a turn once retooled'], rows: captured } }]
    : [];
  return [
    {
      title: `${own.name}: economy`,
      lines: [
        `Treasury: ${own.treasury}; industrial credit ${own.industrialCredit} (for manufactured units in the next build phase, then lost).`,
        `Income as the board stands: ${income.collected} from lands worth ${income.land}${income.cap !== null ? ` (capped at ${income.cap})` : ''}, ${income.credit} industrial credit from ${income.centers} industrial center(s).`,
        `Last turn: ${own.ledger.start} after research, spent ${own.ledger.units + own.ledger.trenches + own.ledger.repairs + own.ledger.incorporation + own.ledger.giftsSent}, got back ${own.ledger.refunds + own.ledger.giftsReceived}, collected ${own.ledger.collected}${own.ledger.usTrade ? `, US trade ${own.ledger.usTrade}` : ''}${own.ledger.lostAtSea ? `, lost at sea ${own.ledger.lostAtSea}` : ''}: ${own.ledger.end}.`,
      ],
    },
    {
      title: `${own.name}: manpower`,
      table: {
        columns: ['Region', 'Infantry bought', 'Limit', 'At normal cost left'],
        rows: own.manpower.map((m) => {
          const limit = manpowerLimit(own, m.region);
          return [m.name, m.built, limit, Math.max(0, limit - m.built)];
        }),
      },
    },
    ...facilities,
  ];
}
