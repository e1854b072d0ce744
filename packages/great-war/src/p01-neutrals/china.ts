import { closestName, jsonPath, type GameEvent, type PhaseContext, type Problem, type ReportSection, type SeatId } from '@umpire/engine';
import { areaName } from '../orders/names.js';
import { allied, nationName } from '../base/conquest.js';
import { japanChinaData } from '../data/far-east.js';
import { JAPAN, japanToFullProduction, refreshAsianIncomeCaps } from './japan.js';
import { groupMembers, coastalSeas } from '../data/map.js';
import { atWar, nationOf, scenarioNation, type GreatWarState, type NationState } from '../base/nations.js';
import type { AnyOrder, GreatWarOrders, Ledger, OrderSpec, Refusal } from '../orders/language.js';
import { hasFacility, newUnit } from '../economy/placement.js';
import { declareWar, joinSide, makePeace, membersOf, sideOfNation, type WarChange } from '../p01-diplomacy/politics.js';
import { diplomaticPositions, type DiplomaticPosition } from '../data/schema.js';
import { theWorld } from '../data/world.js';

declare module '../base/nations.js' {
  interface PoliticsSlices {
    china: ChinaState;
  }
}

/**
 * China (GW-NEUT-CHN, decisions D-CHN-* of docs/great-war/japan-and-china.md): neutral, it collects 12 a turn, 25
 * once it has paid 15 to gear up (which it must before any war), and its full income once it is on a side or at war
 * with Japan. Japan's wars may bring it in (1, 1, 3 and 2 in 10). Until it holds all of Lost China it attacks only
 * inside Lost China and Korea, at most 2 territories a turn. Britain (Hong Kong, with 15), France (Indochina) and
 * Germany (Jiaozhou, with 15) may cede their territory to China; the ceding side may then court China on its chart
 * (10 resources, 2 in 10, one step; China joins a side on reaching its camp). Whoever holds Hong Kong may make it a
 * full port for 20 (British option 6).
 */

/** A territory ceded to China (GW-NEUT-CHN-21). */
export type Cession = { territory: string; by: string; turn: number };

/** This part's record in `state.politics`. */
export type ChinaState = {
  /** The turn China geared up (GW-NEUT-CHN-07); null until then. */
  gearedUp: number | null;
  /** China's place on the five-step chart (D-CHN-5). */
  position: DiplomaticPosition;
  /** Who may influence China, from which turn: the side of each ceding nation (GW-NEUT-CHN-22, D-CHN-5). */
  openTo: { side: 'allied' | 'central'; from: number; by: string }[];
  ceded: Cession[];
  /** Japan's wars China has answered (rolled for), by trigger, with the turn. */
  answered: { trigger: string; turn: number; war: boolean }[];
  /** China's attacks on a colony (GW-NEUT-CHN-17..20, D-CHN-6): not declarations of war; the owner's window to strike back. */
  colonialWars: ColonialWar[];
};

/** A colonial war: China reclaimed `territory` from `owner` on turn `since`; `status` 'open' until the window ends. */
export type ColonialWar = { owner: string; territory: string; since: number; status: 'open' | 'exchanged' | 'peace' | 'war' };

export function openingChina(): ChinaState {
  return { gearedUp: null, position: japanChinaData().china.startPosition, openTo: [], ceded: [], answered: [], colonialWars: [] };
}

const C = () => japanChinaData().china;
export const CHINA = 'china';
const record = (state: GreatWarState): ChinaState => state.politics.china;

export function chinaGearedUp(state: GreatWarState): boolean {
  return record(state).gearedUp !== null;
}

// ---------------------------------------------------------------------------------------------------------------
// Income and gearing up (GW-NEUT-CHN-01, -07, -08, -16; D-CHN-1)

/** China's income cap (D-CHN-1): full income on a side or at war with Japan; else 25 once geared up, 12 before. */
export function chinaIncomeCap(state: GreatWarState): number | null {
  const china = nationOf(state, CHINA);
  const data = scenarioNation(state, CHINA);
  if (!china || !data) return null;
  if (china.side !== 'neutral' || atWar(state, CHINA, JAPAN)) return null;
  return chinaGearedUp(state) && data.gearUp ? data.gearUp.incomeCap : data.incomeCap;
}

/**
 * China gears up (GW-NEUT-CHN-07, -08): pays 15. When a rule makes China declare war (its answer to Japan), it gears
 * up at once and pays what it has of the 15 (`triggered`, D-CHN-1).
 */
export function gearUpChina(state: GreatWarState, ctx: PhaseContext, triggered: boolean): boolean {
  const china = nationOf(state, CHINA);
  const gear = scenarioNation(state, CHINA)?.gearUp;
  if (!china || !gear || chinaGearedUp(state)) return false;
  if (!triggered && china.treasury < gear.cost) {
    ctx.emit({ type: 'order-void', phase: 'japan', nation: CHINA, order: 'gear up', code: 'not-enough-resources', reason: `gearing up costs ${gear.cost}; China has ${china.treasury}` });
    return false;
  }
  const paid = Math.min(gear.cost, china.treasury);
  china.treasury -= paid;
  record(state).gearedUp = ctx.turn;
  ctx.emit({ type: 'geared-up', nation: CHINA, cost: paid, incomeCap: gear.incomeCap });
  refreshAsianIncomeCaps(state);
  return true;
}

/** What China must do before declaring a war (GW-NEUT-CHN-07): a refusal for the declaration orders; undefined when it may. */
export function chinaDeclarationRefusal(state: GreatWarState, nation: string): { code: string; message: string } | undefined {
  if (nation !== CHINA || chinaGearedUp(state)) return undefined;
  return { code: 'not-geared-up', message: `China must pay ${scenarioNation(state, CHINA)?.gearUp?.cost ?? 15} to gear up before declaring any war (GW-NEUT-CHN-07): 'gear up' on an earlier turn` };
}

// ---------------------------------------------------------------------------------------------------------------
// China's answers to Japan's wars (GW-NEUT-CHN-03..06)

export type ChinaAnswerTrigger = 'ottoman-empire' | 'austria-hungary' | 'western-allies' | 'russia';

const TRIGGER_TEXT: Record<ChinaAnswerTrigger, string> = {
  'ottoman-empire': 'the Ottoman Empire',
  'austria-hungary': 'Austria-Hungary',
  'western-allies': 'the Western Allies',
  russia: 'Russia (full war)',
};

/**
 * Japan has declared war on one of the four: China rolls 1D10 and declares war on Japan on its chance (1, 1, 3 or 2
 * in 10). No roll when China is already at war with Japan.
 */
export function chinaAnswersJapan(state: GreatWarState, ctx: PhaseContext, trigger: ChinaAnswerTrigger): boolean {
  if (!nationOf(state, CHINA) || !nationOf(state, JAPAN) || atWar(state, CHINA, JAPAN)) return false;
  const chance = C().answers[trigger];
  if (chance <= 0) return false;
  const roll = ctx.roll(C().die, `Does China declare war on Japan for its war on ${TRIGGER_TEXT[trigger]}? (${chance} in ${C().die})`);
  const war = roll <= chance;
  record(state).answered.push({ trigger, turn: ctx.turn, war });
  ctx.emit({ type: 'china-answer', trigger, roll, chance, war });
  if (war) {
    gearUpChina(state, ctx, true);
    declareWar(state, ctx, CHINA, JAPAN, 'triggered');
  }
  return war;
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
export function chinaAttackRefusal(state: GreatWarState, ledger: Ledger, seat: string, order: AnyOrder): Refusal | undefined {
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
// The cessions (GW-NEUT-CHN-21, -22; British option 3, French option 4, German option 1)

/** `cede Hong Kong`: Britain, France or Germany gives its territory (and its payment) to China. */
export type CedeOrder = { kind: 'cede'; territory: string };

/** The cession of a territory, from the data. */
export function cessionOf(territory: string) {
  return C().cessions.find((c) => c.territory === territory);
}

/** Why the nation may not cede this territory now; undefined when it may. */
export function cedeRefusal(state: GreatWarState, nation: NationState, territory: string): { code: string; message: string } | undefined {
  const c = cessionOf(territory);
  const name = areaName(territory);
  if (!c) return { code: 'not-a-cession', message: `${name} is not among the territories that may be ceded to China: ${C().cessions.map((x) => areaName(x.territory)).join(', ')}` };
  if (c.owner !== nation.id) return { code: 'not-your-cession', message: `${name} is ${nationName(state, c.owner)}'s to cede (${c.option}), not ${nation.name}'s` };
  if (!nationOf(state, CHINA) || sideOfNation(state, CHINA) !== 'neutral') return { code: 'china-in-war', message: `${c.option} may be used only while China is not yet in the war (GW-OPT-GBR-11)` };
  if (record(state).ceded.some((x) => x.territory === territory)) return { code: 'already-ceded', message: `${name} has been ceded to China already` };
  if (state.board.territories[territory]?.owner !== nation.id) return { code: 'not-held', message: `${nation.name} does not hold ${name}` };
  if (nation.atWarWith.includes(CHINA)) return { code: 'at-war-with-china', message: `${nation.name} is at war with China` };
  return undefined;
}

function lookupCession(typed: string): string | undefined {
  const t = typed.trim().toLowerCase();
  const world = theWorld();
  return C().cessions.find((c) => {
    const ter = world.territory.get(c.territory);
    return c.territory === t || ter?.name.toLowerCase() === t || (ter?.aliases ?? []).some((a) => a.toLowerCase() === t);
  })?.territory;
}

const cessionNames = () => C().cessions.map((c) => areaName(c.territory));

export const cedeSpec: OrderSpec<CedeOrder> = {
  kind: 'cede',
  words: ['cede'],
  example: 'cede Hong Kong',
  parseText(rest, at) {
    const typed = rest.replace(/\s+to\s+china\s*$/i, '').trim();
    const territory = lookupCession(typed);
    if (territory) return { kind: 'cede', territory };
    const suggestion = closestName(typed, cessionNames());
    return [{ code: 'not-a-cession', message: `which territory goes to China? ${cessionNames().join(', ')}; not '${typed}'`, line: at.line, column: at.column, ...(suggestion ? { suggestion } : {}) }];
  },
  checkJson(item, path) {
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) if (key !== 'kind' && key !== 'territory') problems.push({ code: 'unknown-field', message: `a cede order has no field '${key}'`, path: jsonPath([...path, key]) });
    const t = item['territory'];
    if (typeof t !== 'string' || !cessionOf(t)) {
      const suggestion = typeof t === 'string' ? closestName(t, C().cessions.map((c) => c.territory)) : undefined;
      problems.push({ code: 'not-a-cession', message: `a cede order's territory is one of ${C().cessions.map((c) => c.territory).join(', ')}`, path: jsonPath([...path, 'territory']), ...(suggestion ? { suggestion } : {}) });
    }
    return problems.length ? problems : { kind: 'cede', territory: t as string };
  },
  format: (o) => `cede ${areaName(o.territory)} to China`,
  refusal(order, ledger, ctx, nation) {
    const r = cedeRefusal(ctx.state, nation, order.territory);
    if (r) return { ...r, field: 'territory' };
    if (ledger.admitted.some((o) => o.kind === 'cede' && o['territory'] === order.territory)) return { code: 'duplicate-order', message: `${areaName(order.territory)} is ceded once`, field: 'territory' };
    const pay = cessionOf(order.territory)!.payment;
    if (ledger.resources < pay) return { code: 'not-enough-resources', message: `${cessionOf(order.territory)!.option} pays China ${pay}; ${nation.name} has ${ledger.resources} left` };
    return undefined;
  },
  cost: (o) => cessionOf(o.territory)?.payment ?? 0,
  candidates(_ledger, ctx, nation) {
    return C()
      .cessions.filter((c) => !cedeRefusal(ctx.state, nation, c.territory))
      .map((c) => ({ kind: 'cede' as const, territory: c.territory }));
  },
};

/** One step of China on its chart toward `side`; China joins that side on reaching its camp. */
function moveChina(state: GreatWarState, ctx: PhaseContext, side: 'allied' | 'central', by: string, cause: 'influence' | 'option'): void {
  const r = record(state);
  const i = diplomaticPositions.indexOf(r.position);
  const next = diplomaticPositions[Math.max(0, Math.min(diplomaticPositions.length - 1, i + (side === 'allied' ? 1 : -1)))]!;
  const from = r.position;
  r.position = next;
  ctx.emit({ type: 'china-position', from, to: next, by });
  if (next === 'allied-camp' || next === 'central-camp') {
    joinSide(state, ctx, CHINA, side, cause);
    refreshAsianIncomeCaps(state);
  }
}

/** A chance `n in 10` on one die. */
function chanceRoll(ctx: PhaseContext, chance: number, purpose: string): boolean {
  return ctx.roll(C().die, `${purpose} (${chance} in ${C().die})`) <= chance;
}

/**
 * A cession (GW-OPT-GBR-09..13, GW-OPT-FRA-13, GW-OPT-GER-01..04, D-CHN-4): the territory becomes China's,
 * incorporated; the ceding nation's units there leave the board, a facility stays with the land; China has the
 * payment and keeps it and the land whatever follows. Then 1D10 for China's step toward the ceding side and 1D10 for
 * Japan's answer. From the next turn the ceding side may court China.
 */
function cede(state: GreatWarState, ctx: PhaseContext, nation: NationState, territory: string): void {
  const c = cessionOf(territory)!;
  const refusal = cedeRefusal(state, nation, territory);
  if (refusal || nation.treasury < c.payment) {
    ctx.emit({ type: 'order-void', phase: 'china', nation: nation.id, order: cedeSpec.format({ kind: 'cede', territory }), code: refusal?.code ?? 'not-enough-resources', reason: refusal?.message ?? `${c.option} pays China ${c.payment}` });
    return;
  }
  const china = nationOf(state, CHINA)!;
  nation.treasury -= c.payment;
  china.treasury += c.payment;
  const facilities = new Set(['port', 'industrial-complex']);
  const removed = state.board.units.filter((u) => u.at === territory && u.nation === nation.id && !facilities.has(u.type)).map((u) => u.id);
  state.board.units = state.board.units.filter((u) => !removed.includes(u.id));
  for (const u of state.board.units) if (u.at === territory && u.nation === nation.id) u.nation = CHINA;
  state.board.territories[territory] = { owner: CHINA, incorporated: true };
  record(state).ceded.push({ territory, by: nation.id, turn: ctx.turn });
  const side = nation.side === 'central' ? 'central' : 'allied';
  record(state).openTo.push({ side, from: ctx.turn + 1, by: nation.id });
  ctx.emit({ type: 'china-cession', by: nation.id, territory, payment: c.payment, option: c.option, removed });
  if (c.towardChance > 0 && chanceRoll(ctx, c.towardChance, `Does China move toward ${side === 'allied' ? 'the Allies' : 'the Central Powers'} for ${c.option}?`)) moveChina(state, ctx, side, nation.id, 'option');
  if (c.japanChance > 0 && nationOf(state, JAPAN) && chanceRoll(ctx, c.japanChance, `Does Japan answer ${c.option}?`)) {
    ctx.emit({ type: 'japan-answers-cession', by: nation.id, option: c.option });
    japanToFullProduction(state, ctx, `its answer to ${c.option}`);
    const enemies = c.japanAnswer === 'war-on-ceder' ? [nation.id] : c.japanAnswer === 'war-on-ceders-side' ? membersOf(state, side) : [];
    for (const e of enemies) declareWar(state, ctx, JAPAN, e, 'option');
  }
  refreshAsianIncomeCaps(state);
}

// ---------------------------------------------------------------------------------------------------------------
// Courting China (GW-NEUT-CHN-02, -22; D-CHN-5)

/** `court China`: 10 resources for a 2 in 10 chance of moving China one step toward the nation's side. */
export type CourtOrder = { kind: 'court'; target: 'china' };

/** Why the nation may not court China now; undefined when it may. */
export function courtRefusal(state: GreatWarState, nation: NationState, turn: number): { code: string; message: string } | undefined {
  if (!nationOf(state, CHINA) || nation.id === CHINA) return { code: 'no-china', message: 'only a nation at war may court China' };
  if (sideOfNation(state, CHINA) !== 'neutral') return { code: 'china-in-war', message: 'China is in the war already' };
  if (nation.side !== 'allied' && nation.side !== 'central') return { code: 'neutral', message: `${nation.name} is neutral: only nations of the main war influence others` };
  const open = record(state).openTo.filter((o) => o.side === nation.side);
  if (!open.length) return { code: 'china-closed', message: `nobody may influence China until a nation of ${nation.side === 'allied' ? 'the Allies' : 'the Central Powers'} cedes it a territory (GW-NEUT-CHN-02, -22): ${C().cessions.map((c) => `${nationName(state, c.owner)} ${areaName(c.territory)}`).join(', ')}` };
  if (open.every((o) => o.from > turn)) return { code: 'china-opens-next-turn', message: 'China may be influenced from the turn after the cession (GW-OPT-GBR-13, GW-OPT-GER-04, GW-OPT-FRA-13)' };
  return undefined;
}

export const courtSpec: OrderSpec<CourtOrder> = {
  kind: 'court',
  words: ['court'],
  example: 'court China',
  parseText(rest, at) {
    if (/^china$/i.test(rest.trim())) return { kind: 'court', target: 'china' };
    const suggestion = closestName(rest.trim(), ['China']);
    return [{ code: 'not-china', message: `only China is courted by this order ('court China'); minors are influenced in phase 1.2`, line: at.line, column: at.column, ...(suggestion ? { suggestion } : {}) }];
  },
  checkJson(item, path) {
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) if (key !== 'kind' && key !== 'target') problems.push({ code: 'unknown-field', message: `a court order has no field '${key}'`, path: jsonPath([...path, key]) });
    if (item['target'] !== 'china') problems.push({ code: 'not-china', message: 'a court order\'s target is "china"', path: jsonPath([...path, 'target']) });
    return problems.length ? problems : { kind: 'court', target: 'china' };
  },
  format: () => 'court China',
  refusal(_order, ledger, ctx, nation) {
    const r = courtRefusal(ctx.state, nation, ctx.step.turn);
    if (r) return r;
    if (ledger.admitted.some((o) => o.kind === 'court')) return { code: 'one-attempt', message: 'one attempt on China a turn (GW-P01-DIP-10)' };
    if (ledger.resources < C().influence.cost) return { code: 'not-enough-resources', message: `an attempt costs ${C().influence.cost}; ${nation.name} has ${ledger.resources} left` };
    return undefined;
  },
  cost: () => C().influence.cost,
  candidates: (_ledger, ctx, nation) => (courtRefusal(ctx.state, nation, ctx.step.turn) ? [] : [{ kind: 'court', target: 'china' }]),
};

/** One attempt on China (D-CHN-5): pays 10, 1D10, on 2 or less China moves one step toward the nation's side. */
export function influenceChina(state: GreatWarState, ctx: PhaseContext, nation: NationState): void {
  const refusal = courtRefusal(state, nation, ctx.turn);
  if (refusal || nation.treasury < C().influence.cost) {
    ctx.emit({ type: 'order-void', phase: 'china', nation: nation.id, order: 'court China', code: refusal?.code ?? 'not-enough-resources', reason: refusal?.message ?? `an attempt costs ${C().influence.cost}` });
    return;
  }
  nation.treasury -= C().influence.cost;
  const side = nation.side === 'central' ? 'central' : 'allied';
  const moved = chanceRoll(ctx, C().influence.chance, `${nation.name} courts China`);
  ctx.emit({ type: 'china-courted', by: nation.id, moved });
  if (moved) moveChina(state, ctx, side, nation.id, 'influence');
}

// ---------------------------------------------------------------------------------------------------------------
// Hong Kong's port (British option 6: GW-OPT-GBR-21, -22)

/** `port Hong Kong`: whoever holds Hong Kong pays 20 for a full port there. */
export type HongKongPortOrder = { kind: 'hong-kong-port' };

export function hongKongPortRefusal(state: GreatWarState, nation: NationState): { code: string; message: string } | undefined {
  const { territory } = C().hongKongPort;
  const name = areaName(territory);
  if (state.board.territories[territory]?.owner !== nation.id) return { code: 'not-held', message: `only the holder of ${name} may make it a full port (GW-OPT-GBR-22)` };
  if (hasFacility(state, territory, 'port')) return { code: 'facility-exists', message: `${name} already has a port` };
  if (coastalSeas(theWorld(state.scenario), territory).length === 0) return { code: 'not-coastal', message: `a port needs a coast: ${name} touches no sea zone` };
  return undefined;
}

export const hongKongPortSpec: OrderSpec<HongKongPortOrder> = {
  kind: 'hong-kong-port',
  words: ['port'],
  example: 'port Hong Kong',
  parseText(rest, at) {
    const typed = rest.replace(/^(at|in)\s+/i, '').trim();
    if (lookupCession(typed) === C().hongKongPort.territory) return { kind: 'hong-kong-port' };
    const suggestion = closestName(typed, [areaName(C().hongKongPort.territory)]);
    return [{ code: 'not-hong-kong', message: `only Hong Kong is upgraded to a full port by this order ('port Hong Kong'); other ports are built in phase 3`, line: at.line, column: at.column, ...(suggestion ? { suggestion } : {}) }];
  },
  checkJson(item, path) {
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) if (key !== 'kind') problems.push({ code: 'unknown-field', message: `a hong-kong-port order has no field '${key}'`, path: jsonPath([...path, key]) });
    return problems.length ? problems : { kind: 'hong-kong-port' };
  },
  format: () => `port ${areaName(C().hongKongPort.territory)}`,
  refusal(_order, ledger, ctx, nation) {
    const r = hongKongPortRefusal(ctx.state, nation);
    if (r) return r;
    if (ledger.admitted.some((o) => o.kind === 'hong-kong-port')) return { code: 'duplicate-order', message: 'Hong Kong gets one port' };
    if (ledger.resources < C().hongKongPort.cost) return { code: 'not-enough-resources', message: `the port costs ${C().hongKongPort.cost}; ${nation.name} has ${ledger.resources} left` };
    return undefined;
  },
  cost: () => C().hongKongPort.cost,
  candidates: (_ledger, ctx, nation) => (hongKongPortRefusal(ctx.state, nation) ? [] : [{ kind: 'hong-kong-port' }]),
};

function buildHongKongPort(state: GreatWarState, ctx: PhaseContext, nation: NationState): void {
  const refusal = hongKongPortRefusal(state, nation);
  const cost = C().hongKongPort.cost;
  if (refusal || nation.treasury < cost) {
    ctx.emit({ type: 'order-void', phase: 'china', nation: nation.id, order: hongKongPortSpec.format({ kind: 'hong-kong-port' }), code: refusal?.code ?? 'not-enough-resources', reason: refusal?.message ?? `the port costs ${cost}` });
    return;
  }
  nation.treasury -= cost;
  const id = newUnit(state, nation.id, 'port', C().hongKongPort.territory);
  ctx.emit({ type: 'hong-kong-port', nation: nation.id, cost, unit: id });
}

// ---------------------------------------------------------------------------------------------------------------
// China's attacks on Hong Kong, Jiaozhou and Indochina, and the exchange (GW-NEUT-CHN-17..20, D-CHN-6)

/** The colonial wars whose window is still open. */
export function openColonialWars(state: GreatWarState): ColonialWar[] {
  return (record(state).colonialWars ?? []).filter((w) => w.status === 'open');
}

/** `reclaim Hong Kong`: China goes for a colony without declaring war on its holder. */
export type ReclaimOrder = { kind: 'reclaim'; territory: string };
/** `exchange Shantung for Hong Kong`: the colony's owner gives back a Chinese territory it took for the colony. */
export type ExchangeOrder = { kind: 'exchange'; give: string; take: string };

export function reclaimRefusal(state: GreatWarState, nation: NationState, territory: string): { code: string; message: string } | undefined {
  const name = areaName(territory);
  if (nation.id !== CHINA) return { code: 'not-china', message: 'only China reclaims its lost colonies' };
  if (!cessionOf(territory)) return { code: 'not-a-colony', message: `${name} is not one of ${cessionNames().join(', ')}` };
  if (!chinaGearedUp(state)) return chinaDeclarationRefusal(state, CHINA)!;
  const holder = state.board.territories[territory]?.owner;
  if (!holder || holder === CHINA) return { code: 'already-chinese', message: `${name} is China's already` };
  if (atWar(state, CHINA, holder)) return { code: 'already-at-war', message: `China is at war with ${nationName(state, holder)} already: attack ${name} with a move` };
  if (allied(state, CHINA, holder)) return { code: 'ally-colony', message: `${nationName(state, holder)} is China's ally: China reclaims no colony from its own side (D-CHN-6)` };
  return undefined;
}

function chineseTerritory(typed: string): string | undefined {
  const world = theWorld();
  const t = typed.trim().toLowerCase();
  return world.territories.find((x) => x.owner === CHINA && (x.id === t || x.name.toLowerCase() === t || x.aliases.some((a) => a.toLowerCase() === t)))?.id;
}

export function exchangeRefusal(state: GreatWarState, nation: NationState, give: string, take: string): { code: string; message: string } | undefined {
  const w = openColonialWars(state).find((x) => x.owner === nation.id && x.territory === take);
  if (!w) return { code: 'no-colonial-war', message: `${nation.name} has no open colonial war with China over ${areaName(take)} (GW-NEUT-CHN-18)` };
  if (theWorld(state.scenario).territory.get(give)?.owner !== CHINA) return { code: 'not-chinese', message: `${areaName(give)} is not a Chinese territory` };
  return undefined;
}

export const reclaimSpec: OrderSpec<ReclaimOrder> = {
  kind: 'reclaim',
  words: ['reclaim'],
  example: 'reclaim Hong Kong',
  parseText(rest, at) {
    const territory = lookupCession(rest);
    if (territory) return { kind: 'reclaim', territory };
    const suggestion = closestName(rest.trim(), cessionNames());
    return [{ code: 'not-a-colony', message: `which colony? ${cessionNames().join(', ')}; not '${rest.trim()}'`, line: at.line, column: at.column, ...(suggestion ? { suggestion } : {}) }];
  },
  checkJson(item, path) {
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) if (key !== 'kind' && key !== 'territory') problems.push({ code: 'unknown-field', message: `a reclaim order has no field '${key}'`, path: jsonPath([...path, key]) });
    const t = item['territory'];
    if (typeof t !== 'string' || !cessionOf(t)) problems.push({ code: 'not-a-colony', message: `a reclaim order's territory is one of ${C().cessions.map((c) => c.territory).join(', ')}`, path: jsonPath([...path, 'territory']) });
    return problems.length ? problems : { kind: 'reclaim', territory: t as string };
  },
  format: (o) => `reclaim ${areaName(o.territory)}`,
  refusal(order, ledger, ctx, nation) {
    const r = reclaimRefusal(ctx.state, nation, order.territory);
    if (r) return { ...r, field: 'territory' };
    if (ledger.admitted.some((o) => o.kind === 'reclaim' && o['territory'] === order.territory)) return { code: 'duplicate-order', message: 'one reclaim order a colony' };
    return undefined;
  },
  cost: () => 0,
  candidates: (_ledger, ctx, nation) => C().cessions.filter((c) => !reclaimRefusal(ctx.state, nation, c.territory)).map((c) => ({ kind: 'reclaim' as const, territory: c.territory })),
};

export const exchangeSpec: OrderSpec<ExchangeOrder> = {
  kind: 'exchange',
  words: ['exchange'],
  example: 'exchange Shantung for Jiaozhou',
  parseText(rest, at) {
    const m = /^(.+?)\s+for\s+(.+)$/i.exec(rest.trim());
    if (!m) return [{ code: 'bad-exchange', message: "exchange what for what? e.g. 'exchange Shantung for Jiaozhou'", line: at.line, column: at.column }];
    const give = chineseTerritory(m[1]!);
    const take = lookupCession(m[2]!);
    const problems: Problem[] = [];
    if (!give) problems.push({ code: 'not-chinese', message: `'${m[1]!}' is not a Chinese territory`, line: at.line, column: at.column });
    if (!take) {
      const suggestion = closestName(m[2]!, cessionNames());
      problems.push({ code: 'not-a-colony', message: `'${m[2]!}' is not one of ${cessionNames().join(', ')}`, line: at.line, column: at.column + rest.indexOf(m[2]!), ...(suggestion ? { suggestion } : {}) });
    }
    return problems.length ? problems : { kind: 'exchange', give: give!, take: take! };
  },
  checkJson(item, path) {
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) if (!['kind', 'give', 'take'].includes(key)) problems.push({ code: 'unknown-field', message: `an exchange order has no field '${key}'`, path: jsonPath([...path, key]) });
    const give = item['give'];
    const take = item['take'];
    if (typeof give !== 'string' || theWorld().territory.get(give)?.owner !== CHINA) problems.push({ code: 'not-chinese', message: 'an exchange gives back a Chinese territory', path: jsonPath([...path, 'give']) });
    if (typeof take !== 'string' || !cessionOf(take)) problems.push({ code: 'not-a-colony', message: `an exchange takes back one of ${C().cessions.map((c) => c.territory).join(', ')}`, path: jsonPath([...path, 'take']) });
    return problems.length ? problems : { kind: 'exchange', give: give as string, take: take as string };
  },
  format: (o) => `exchange ${areaName(o.give)} for ${areaName(o.take)}`,
  refusal(order, ledger, ctx, nation) {
    const r = exchangeRefusal(ctx.state, nation, order.give, order.take);
    if (r) return { ...r, field: 'take' };
    if (ledger.admitted.some((o) => o.kind === 'exchange' && o['take'] === order.take)) return { code: 'duplicate-order', message: 'one exchange a colony' };
    return undefined;
  },
  cost: () => 0,
  candidates(_ledger, ctx, nation) {
    const out: ExchangeOrder[] = [];
    for (const w of openColonialWars(ctx.state).filter((x) => x.owner === nation.id)) {
      for (const [id, hold] of Object.entries(ctx.state.board.territories)) if (hold.owner === nation.id && theWorld(ctx.state.scenario).territory.get(id)?.owner === CHINA) out.push({ kind: 'exchange', give: id, take: w.territory });
    }
    return out;
  },
};

/** China reclaims a colony (D-CHN-6): at war with its holder for the attack, without a declaration; the window opens. */
function reclaim(state: GreatWarState, ctx: PhaseContext, china: NationState, territory: string): void {
  const refusal = reclaimRefusal(state, china, territory);
  if (refusal) {
    ctx.emit({ type: 'order-void', phase: 'china', nation: CHINA, order: reclaimSpec.format({ kind: 'reclaim', territory }), code: refusal.code, reason: refusal.message });
    return;
  }
  const owner = state.board.territories[territory]!.owner;
  record(state).colonialWars.push({ owner, territory, since: ctx.turn, status: 'open' });
  ctx.emit({ type: 'china-reclaims', territory, owner });
  declareWar(state, ctx, CHINA, owner, 'triggered');
}

/** Move every unit of `nation` in `from` to `to`. */
function moveAll(state: GreatWarState, nation: string, from: string, to: string): void {
  for (const u of state.board.units) if (u.nation === nation && u.at === from) u.at = to;
}

/**
 * Phase 15: the owner's exchanges, then the windows that close (GW-NEUT-CHN-18..20, D-CHN-6). An exchange gives the
 * Chinese territory back for the colony, garrisons swapping places, and ends the war. When the window closes (the
 * end of the second turn after the reclaim) the owner that still holds a Chinese territory has declared war on China;
 * one that holds none makes peace.
 */
function settleColonialWars(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): void {
  const world = theWorld(state.scenario);
  for (const n of state.nations) {
    for (const o of (orders.get(n.id)?.orders ?? []).filter((x) => x.kind === 'exchange')) {
      const give = String(o['give']);
      const take = String(o['take']);
      const w = openColonialWars(state).find((x) => x.owner === n.id && x.territory === take);
      const text = exchangeSpec.format({ kind: 'exchange', give, take });
      if (!w || state.board.territories[give]?.owner !== n.id || state.board.territories[take]?.owner !== CHINA) {
        ctx.emit({ type: 'order-void', phase: 'china-end', nation: n.id, order: text, code: 'no-exchange', reason: `${n.name} must hold ${areaName(give)} and China ${areaName(take)} for the exchange` });
        continue;
      }
      moveAll(state, n.id, give, take);
      moveAll(state, CHINA, take, give);
      state.board.territories[give] = { owner: CHINA, incorporated: true };
      state.board.territories[take] = { owner: n.id, incorporated: true };
      w.status = 'exchanged';
      ctx.emit({ type: 'colonial-exchange', owner: n.id, give, take });
      makePeaceQuietly(state, ctx, n.id, `${areaName(give)} exchanged for ${areaName(take)}`);
    }
  }
  for (const w of openColonialWars(state)) {
    if (ctx.turn < w.since + C().colonialWarTurns) continue;
    const taken = world.territories.filter((t) => t.owner === CHINA && state.board.territories[t.id]?.owner === w.owner).map((t) => t.id);
    if (taken.length) {
      w.status = 'war';
      ctx.emit({ type: 'colonial-war-declared', owner: w.owner, territory: w.territory, taken });
    } else {
      w.status = 'peace';
      ctx.emit({ type: 'colonial-war-over', owner: w.owner, territory: w.territory });
      makePeaceQuietly(state, ctx, w.owner, 'the colonial war is over');
    }
  }
}

function makePeaceQuietly(state: GreatWarState, ctx: PhaseContext, owner: string, why: string): void {
  makePeace(state, ctx, CHINA, owner, why);
  refreshAsianIncomeCaps(state);
}

// ---------------------------------------------------------------------------------------------------------------

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
  const c = record(state);
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
