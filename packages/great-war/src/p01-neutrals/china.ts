import { type GameEvent, type PhaseContext, type ReportSection, type SeatId, type Problem } from '@umpire/engine';
import { areaName } from '../orders/names.js';
import { nationName } from '../base/conquest.js';
import { japanChinaData } from '../data/far-east.js';
import { JAPAN, refreshAsianIncomeCaps, type ChinaState, C, CHINA, chinaRecord, chinaIncomeCap, type ChinaAnswerTrigger, TRIGGER_TEXT, chinaAnswersJapan } from './far-east.js';
import { groupMembers } from '../data/map.js';
import { atWar, nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { AnyOrder, GreatWarOrders, Ledger, OrderSpec } from '../orders/language.js';
import { type WarChange } from '../p01-diplomacy/politics.js';
import { diplomaticPositions } from '../data/schema.js';
import { theWorld } from '../data/world.js';
import { type CedeOrder, cedeSpec, cede, type CourtOrder, courtSpec, influenceChina, type HongKongPortOrder, hongKongPortSpec, buildHongKongPort } from './china-ceded.js';
import { openColonialWars, type ReclaimOrder, type ExchangeOrder, reclaimSpec, exchangeSpec, reclaim, settleColonialWars } from './china-colonial-wars.js';

/**
 * Clauses: GW-NEUT-CHN.
 * China (GW-NEUT-CHN, decisions D-CHN-* of docs/great-war/japan-and-china.md): neutral, it collects 12 a turn, 25
 * once it has paid 15 to gear up (which it must before any war), and its full income once it is on a side or at war
 * with Japan. Japan's wars may bring it in (1, 1, 3 and 2 in 10). Until it holds all of Lost China it attacks only
 * inside Lost China and Korea, at most 2 territories a turn. Britain (Hong Kong, with 15), France (Indochina) and
 * Germany (Jiaozhou, with 15) may cede their territory to China; the ceding side may then court China on its chart
 * (10 resources, 2 in 10, one step; China joins a side on reaching its camp). Whoever holds Hong Kong may make it a
 * full port for 20 (British option 6). This file holds China's opening, its answer to Japan's wars, Lost China's
 * restrictions on its attacks, the part's orders and phases and its reports; far-east.ts the income and gearing up it
 * shares with Japan, china-ceded.ts the cessions, the courting and Hong Kong's port, china-colonial-wars.ts China's
 * attacks on the colonies.
 */

export function openingChina(): ChinaState {
  return { gearedUp: null, position: japanChinaData().china.startPosition, openTo: [], ceded: [], answered: [], colonialWars: [] };
}

/** The hook of every declaration (politics.ts): Japan's wars on the Ottomans and on Austria-Hungary each give China its 1 in 10. */
export function chinaOnWar(state: GreatWarState, ctx: PhaseContext, change: WarChange): void {
  if (change.by === JAPAN && (change.on === 'ottoman-empire' || change.on === 'austria-hungary')) chinaAnswersJapan(state, ctx, change.on);
  if (change.by === CHINA || change.on === CHINA) refreshAsianIncomeCaps(state);
}

// ---------------------------------------------------------------------------------------------------------------
// Lost China (GW-NEUT-CHN-09..15)

/** Lost China: China's 1914 lands and Inner Mongolia, Ulaanbaatar, Jiaozhou, Hong Kong, Indochina, Tibet (GW-NEUT-CHN-09). */
export function lostChina(state: GreatWarState): string[] {
  return groupMembers(theWorld(state.scenario), 'lost-china');
}

/** Whether China holds every territory of Lost China: its restrictions are lifted (GW-NEUT-CHN-15). */
export function holdsLostChina(state: GreatWarState): boolean {
  return lostChina(state).every((t) => state.board.territories[t]?.owner === CHINA);
}

/** Where China's units may attack while Lost China is not all held: Lost China and Korea (GW-NEUT-CHN-10, -11). */
export function chinaMayAttack(state: GreatWarState, territory: string): boolean {
  return holdsLostChina(state) || lostChina(state).includes(territory) || C().korea.includes(territory);
}

/** Whether entering `to` is an attack for `nation`: an enemy holds it, or enemy units stand there. */
function attacks(state: GreatWarState, nation: string, to: string): boolean {
  const holder = state.board.territories[to]?.owner;
  if (holder !== undefined && atWar(state, nation, holder)) return true;
  return state.board.units.some((u) => u.at === to && atWar(state, nation, u.nation));
}

/**
 * China's restrictions on a move or flight order of its units (GW-NEUT-CHN-10..12, D-CHN-3): while Lost China is not
 * all held, no attack outside Lost China and Korea, and attacks on at most 2 territories a turn (every order of the
 * turn into one territory is one attack). Called by the move and fly refusals; undefined when allowed.
 */
export function chinaAttackRefusal(state: GreatWarState, ledger: Ledger, seat: string, order: AnyOrder): Problem | undefined {
  const mover = typeof order['nation'] === 'string' ? order['nation'] : seat;
  const to = order['to'];
  if (mover !== CHINA || typeof to !== 'string' || !attacks(state, CHINA, to)) return undefined;
  const name = areaName(to);
  const holder = state.board.territories[to]?.owner ?? '';
  const colonial = openColonialWars(state).filter((w) => w.owner === holder);
  if (colonial.length && !colonial.some((w) => w.territory === to)) {
    return { code: 'colonial-war-only', message: `China's war with ${nationName(state, holder)} is over ${colonial.map((w) => areaName(w.territory)).join(', ')} only (GW-NEUT-CHN-17): ${name} may not be attacked`, field: 'to' };
  }
  if (holdsLostChina(state)) return undefined;
  if (!chinaMayAttack(state, to)) return { code: 'outside-lost-china', message: `until it holds all of Lost China, China attacks nothing outside Lost China but Korea (GW-NEUT-CHN-10, -11); ${name} is outside`, field: 'to' };
  const targets = new Set<string>();
  for (const o of ledger.admitted) {
    if (o.kind !== 'move' && o.kind !== 'fly') continue;
    const who = typeof o['nation'] === 'string' ? o['nation'] : seat;
    if (who === CHINA && typeof o['to'] === 'string' && attacks(state, CHINA, o['to'])) targets.add(o['to']);
  }
  if (!targets.has(to) && targets.size >= C().attacksPerTurn) {
    return { code: 'china-attack-limit', message: `until it holds all of Lost China, China attacks at most ${C().attacksPerTurn} territories a turn (GW-NEUT-CHN-12); it attacks ${[...targets].map((t) => areaName(t)).join(' and ')} already`, field: 'to' };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// The part: its orders, its phases, its reports

/** The order kinds of this part, in phase order. */
export const chinaSpecs: readonly OrderSpec[] = [cedeSpec as OrderSpec, courtSpec as OrderSpec, hongKongPortSpec as OrderSpec, reclaimSpec as OrderSpec, exchangeSpec as OrderSpec];
export type ChinaOrder = CedeOrder | CourtOrder | HongKongPortOrder | ReclaimOrder | ExchangeOrder;

/** Phase 1 after Japan: the cessions, then the attempts on China, then Hong Kong's port, each in seat order. */
export function resolveChina(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState | void {
  const of = (n: NationState, kind: string) => (orders.get(n.id)?.orders ?? []).filter((o) => o.kind === kind);
  for (const n of state.nations) for (const o of of(n, 'cede')) cede(state, ctx, n, String(o['territory']));
  for (const n of state.nations) if (of(n, 'court').length) influenceChina(state, ctx, n);
  for (const n of state.nations) if (of(n, 'hong-kong-port').length) buildHongKongPort(state, ctx, n);
  const china = nationOf(state, CHINA);
  if (china) for (const o of of(china, 'reclaim')) reclaim(state, ctx, china, String(o['territory']));
  refreshAsianIncomeCaps(state);
}

export function resolveChinaEnd(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState | void {
  settleColonialWars(state, orders, ctx);
  refreshAsianIncomeCaps(state);
}

export function describeChinaEvent(event: GameEvent): string | undefined {
  const who = (id: unknown) => String(id).replace(/^./, (c) => c.toUpperCase());
  switch (event.type) {
    case 'china-answer':
      return `China answers Japan's war on ${TRIGGER_TEXT[event['trigger'] as ChinaAnswerTrigger] ?? String(event['trigger'])}: rolled ${String(event['roll'])} (${String(event['chance'])} in 10): ${event['war'] ? 'China declares war on Japan' : 'China stays out'}.`;
    case 'china-cession':
      return `${who(event['by'])} cedes ${areaName(String(event['territory']))} to China (${String(event['option'])})${Number(event['payment']) > 0 ? ` with ${String(event['payment'])} resources` : ''}.`;
    case 'china-position':
      return `China moves from ${String(event['from'])} to ${String(event['to'])} on the diplomatic chart.`;
    case 'china-courted':
      return `${who(event['by'])} courts China: ${event['moved'] ? 'China moves one step' : 'no effect'}.`;
    case 'japan-answers-cession':
      return `Japan answers ${String(event['option'])}: full war production and war.`;
    case 'china-reclaims':
      return `China attacks ${areaName(String(event['territory']))} without declaring war on ${who(event['owner'])}; ${who(event['owner'])} may strike back for 2 turns.`;
    case 'colonial-exchange':
      return `${who(event['owner'])} gives ${areaName(String(event['give']))} back to China for ${areaName(String(event['take']))}; peace.`;
    case 'colonial-war-declared':
      return `${who(event['owner'])} keeps Chinese land without an exchange: its attack counts as a declaration of war on China.`;
    case 'colonial-war-over':
      return `China's colonial war with ${who(event['owner'])} is over; peace.`;
    case 'hong-kong-port':
      return `${who(event['nation'])} makes Hong Kong a full port for ${String(event['cost'])}.`;
    default:
      return undefined;
  }
}

export function chinaInvariants(state: GreatWarState): string[] {
  const c = state.politics.china as Partial<ChinaState> | undefined;
  if (!c || !Array.isArray(c.openTo)) return ['the politics record has no China part'];
  const out: string[] = [];
  if (c.position !== undefined && !(diplomaticPositions as readonly string[]).includes(c.position)) out.push(`China's chart position '${String(c.position)}' is not a position`);
  for (const x of c.ceded ?? []) if (state.board.territories[x.territory] === undefined) out.push(`ceded territory '${x.territory}' is not on the map`);
  return out;
}

export function chinaSections(state: GreatWarState, seat: SeatId | undefined): ReportSection[] {
  if (!nationOf(state, CHINA) || (seat !== undefined && seat !== CHINA)) return [];
  const c = chinaRecord(state);
  const cap = chinaIncomeCap(state);
  return [
    {
      title: 'China',
      lines: [
        c.gearedUp === null ? 'Not geared up (15 to gear up; needed before any war)' : `Geared up on turn ${c.gearedUp}`,
        cap === null ? 'Collects its full income' : `Income cap ${cap} a turn`,
        `Diplomatic chart: ${c.position}`,
        holdsLostChina(state) ? 'Holds all of Lost China: no restrictions' : `Lost China not all held: attacks only inside Lost China and Korea, ${C().attacksPerTurn} a turn`,
      ],
    },
  ];
}
