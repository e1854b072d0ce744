import { closestName, jsonPath, type GameEvent, type PhaseContext, type Problem, type ReportSection, type SeatId } from '@umpire/engine';
import { japanChinaData } from '../data/far-east.js';
import { atWar, nationOf, scenarioNation, type GreatWarState, type NationState } from '../base/nations.js';
import type { GreatWarOrders, OrderSpec } from '../orders/language.js';
import { declareWar, makePeace, membersOf, shiftUsEntry, sideOfNation, type WarChange } from '../p01-diplomacy/politics.js';
import { incomeOf } from '../economy/resources.js';
import { theWorld } from '../data/world.js';
import { chinaAnswersJapan, chinaGearedUp, gearUpChina, type RussiaWar, type JapanState, J, JAPAN, japanRecord, japanLostTerritory, suezHeld, japanFullIncomeReason, japanIncomeCap, refreshAsianIncomeCaps, japanToFullProduction } from './far-east.js';

/**
 * Clauses: GW-NEUT-JAP.
 * Japan (GW-NEUT-JAP, decisions D-JAP-* of docs/great-war/japan-and-china.md): neutral, at war with Germany, it
 * collects 15 until it pays 25 to gear up (30 a turn); from the next turn its war options raise its income cap:
 * +10 for a war on the Ottoman Empire, +10 on Austria-Hungary, +10 once a Central Power holds the Suez Canal while
 * one of those wars lasts, +10 while a limited war on Russia lasts; a full war on Russia, a war with China or on the
 * Western Allies, or the loss of an original territory, and Japan collects its full income. Never more than its
 * lands are worth (incomeOf). The limited war with Russia ends in phase 15 when Russia holds Korea or Japan holds two
 * Russian territories. The US Entry events 12 to 14 follow Japan's wars. Japan's record and income cap, which China's
 * rules change too, are in far-east.ts.
 */

export function openingJapan(): JapanState {
  return { gearedUp: null, russiaWar: 'none', westernWar: false, suezBonus: null, fullProduction: null, usEvents: [] };
}

/**
 * Japan's measure for its solo victory (GW-NEUT-JAP-19, GW-VICTORY-12; decision D-JAP-4 of A14): what it would
 * collect in phase 14 from the board as it stands, under its cap, centers' credit included ('collecting 160
 * resources'), not the raw value of its lands.
 */
export function japanSoloVictoryMeasure(state: GreatWarState): number {
  if (!nationOf(state, JAPAN)) return 0;
  const income = incomeOf(state, JAPAN);
  return income.collected + income.credit;
}

/** Whether Japan wins alone at the end of the war (GW-NEUT-JAP-19): its measure is 160 or more. */
export function japanWinsAlone(state: GreatWarState): boolean {
  return japanSoloVictoryMeasure(state) >= J().soloVictory;
}


// ---------------------------------------------------------------------------------------------------------------
// Gearing up (GW-NEUT-JAP-04, GW-NEUT-CHN-07): one order for both.

/** `gear up`: Japan pays 25 to collect 30, China 15 to collect 25 (the scenario's `gearUp`). */
export type GearUpOrder = { kind: 'gear-up' };

/** Whether the nation has geared up already. */
export function gearedUp(state: GreatWarState, nation: string): boolean {
  if (nation === JAPAN) return japanRecord(state).gearedUp !== null;
  if (nation === japanChinaData().china.nation) return chinaGearedUp(state);
  return false;
}

function gearUpSpecOf(): OrderSpec<GearUpOrder> {
  return {
  kind: 'gear-up',
  words: ['gear'],
  example: 'gear up',
  parseText(rest, at) {
    if (/^up$/i.test(rest.trim())) return { kind: 'gear-up' };
    return [{ code: 'bad-gear-up', message: "the order is 'gear up'", line: at.line, column: at.column, ...(rest.trim() ? { suggestion: 'up' } : {}) }];
  },
  checkJson(item, path) {
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) if (key !== 'kind') problems.push({ code: 'unknown-field', message: `a gear-up order has no field '${key}'`, path: jsonPath([...path, key]) });
    return problems.length ? problems : { kind: 'gear-up' };
  },
  format: () => 'gear up',
  refusal(_order, ledger, ctx, nation) {
    const gear = scenarioNation(ctx.state, nation.id)?.gearUp;
    if (!gear) return { code: 'no-gear-up', message: `${nation.name} has no war economy to gear up: only Japan and China gear up (GW-NEUT-JAP-04, GW-NEUT-CHN-07)` };
    if (gearedUp(ctx.state, nation.id) || ledger.admitted.some((o) => o.kind === 'gear-up')) return { code: 'already-geared-up', message: `${nation.name} has geared up already` };
    if (ledger.resources < gear.cost) return { code: 'not-enough-resources', message: `gearing up costs ${gear.cost}; ${nation.name} has ${ledger.resources} left` };
    return undefined;
  },
  cost: (_order, _ledger, ctx, nation) => scenarioNation(ctx.state, nation.id)?.gearUp?.cost ?? 0,
  candidates: (_ledger, ctx, nation) => (scenarioNation(ctx.state, nation.id)?.gearUp && !gearedUp(ctx.state, nation.id) ? [{ kind: 'gear-up' }] : []),
  };
}

/** Japan gears up (GW-NEUT-JAP-04): pays, collects 30 from this turn's phase 14; its options open next turn. */
function gearUpJapan(state: GreatWarState, ctx: PhaseContext, nation: NationState): void {
  const gear = scenarioNation(state, JAPAN)?.gearUp;
  if (!gear || japanRecord(state).gearedUp !== null) return;
  if (nation.treasury < gear.cost) {
    ctx.emit({ type: 'order-void', phase: 'japan', nation: JAPAN, order: 'gear up', code: 'not-enough-resources', reason: `gearing up costs ${gear.cost}; Japan has ${nation.treasury}` });
    return;
  }
  nation.treasury -= gear.cost;
  japanRecord(state).gearedUp = ctx.turn;
  ctx.emit({ type: 'geared-up', nation: JAPAN, cost: gear.cost, incomeCap: gear.incomeCap });
  refreshAsianIncomeCaps(state);
}

// ---------------------------------------------------------------------------------------------------------------
// Japan's war options (GW-NEUT-JAP-03, -05..15)

/** The targets of Japan's war options. */
export const japanWarTargets = ['ottoman-empire', 'austria-hungary', 'russia', 'china', 'western-allies'] as const;
export type JapanWarTarget = (typeof japanWarTargets)[number];

/** `war on <target>` (options 1, 2, 5, 6), `limited war on Russia` (option 4), `full war on Russia` (GW-NEUT-JAP-11). */
export type JapanWarOrder =
  | { kind: 'japan-war'; target: Exclude<JapanWarTarget, 'russia'> }
  | { kind: 'limited-war'; target: 'russia' }
  | { kind: 'full-war'; target: 'russia' };
type WarKind = JapanWarOrder['kind'];

const TARGET_NAMES: Record<JapanWarTarget, string[]> = {
  'ottoman-empire': ['ottoman empire', 'the ottoman empire', 'ottomans', 'the ottomans', 'ottoman', 'ott', 'ottoman-empire'],
  'austria-hungary': ['austria-hungary', 'austria', 'aus', 'austrians', 'the austrians'],
  russia: ['russia', 'rus'],
  china: ['china', 'chn'],
  'western-allies': ['western allies', 'the western allies', 'western-allies', 'west'],
};

function targetFrom(typed: string): JapanWarTarget | undefined {
  const t = typed.trim().toLowerCase().replace(/\s+/g, ' ');
  return japanWarTargets.find((x) => TARGET_NAMES[x].includes(t));
}

const targetLabel = (t: JapanWarTarget): string => (t === 'western-allies' ? 'the Western Allies' : t === 'ottoman-empire' ? 'the Ottoman Empire' : t === 'austria-hungary' ? 'Austria-Hungary' : t === 'russia' ? 'Russia' : 'China');

/** The nations a war option makes war on: the Western Allies are every Allied nation but Russia (GW-NEUT-JAP-15). */
export function warOptionEnemies(state: GreatWarState, target: JapanWarTarget): string[] {
  if (target === 'western-allies') return membersOf(state, 'allied').filter((n) => n !== J().russia);
  return [target];
}

/** Why Japan may not take this war option now; undefined when it may. */
export function japanWarRefusal(state: GreatWarState, turn: number, order: JapanWarOrder): { code: string; message: string } | undefined {
  const j = japanRecord(state);
  if (j.gearedUp === null) return { code: 'not-geared-up', message: "Japan's war options open the turn after it gears up (GW-NEUT-JAP-05): 'gear up' first" };
  if (j.gearedUp >= turn) return { code: 'options-next-turn', message: 'Japan geared up this turn: its war options open next turn (GW-NEUT-JAP-05)' };
  if (order.kind === 'limited-war') {
    if (j.russiaWar !== 'none' || atWar(state, JAPAN, J().russia)) return { code: 'russia-war-taken', message: `Japan has had its war with Russia already (${j.russiaWar}): a limited war is declared once (D-JAP-3)` };
    return undefined;
  }
  if (order.kind === 'full-war') {
    if (j.russiaWar === 'full') return { code: 'already-at-war', message: 'Japan is at full war with Russia already' };
    if (j.russiaWar !== 'limited' && j.russiaWar !== 'won') return { code: 'no-limited-war', message: "a full war on Russia follows a limited war on Russia, during it or after winning it (GW-NEUT-JAP-11): 'limited war on Russia' first" };
    return undefined;
  }
  if (order.target === 'western-allies') return j.westernWar ? { code: 'already-at-war', message: 'Japan is at war with the Western Allies already' } : undefined;
  const label = targetLabel(order.target);
  if (!nationOf(state, order.target)) return { code: 'unknown-nation', message: `${label} is not in this game` };
  if (atWar(state, JAPAN, order.target)) return { code: 'already-at-war', message: `Japan is at war with ${label} already` };
  return undefined;
}

const WAR_EXAMPLE: Record<WarKind, string> = { 'japan-war': 'war on the Ottoman Empire', 'limited-war': 'limited war on Russia', 'full-war': 'full war on Russia' };

function warOrder(kind: WarKind, target: JapanWarTarget): JapanWarOrder | undefined {
  if (kind === 'japan-war') return target === 'russia' ? undefined : { kind, target };
  return target === 'russia' ? { kind, target } : undefined;
}

/** One spec per order word: `war`, `limited`, `full`. */
function japanWarSpecOf(kind: WarKind, word: string): OrderSpec<JapanWarOrder> {
  const example = WAR_EXAMPLE[kind];
  return {
    kind,
    words: [word],
    example,
    parseText(rest, at) {
      const m = kind === 'japan-war' ? /^(on\s+)(.+)$/i.exec(rest.trim()) : /^(war\s+on\s+)(.+)$/i.exec(rest.trim());
      if (!m) return [{ code: 'bad-war-option', message: `which war? e.g. '${example}'`, line: at.line, column: at.column }];
      const typed = m[2]!;
      const column = at.column + rest.indexOf(typed);
      const target = targetFrom(typed);
      if (!target) {
        const names = japanWarTargets.map(targetLabel);
        const suggestion = closestName(typed, names);
        return [{ code: 'unknown-target', message: `Japan's war options are on ${names.join(', ')}; not '${typed}'`, line: at.line, column, ...(suggestion ? { suggestion } : {}) }];
      }
      const order = warOrder(kind, target);
      if (!order) {
        const message = kind === 'japan-war' ? "a war on Russia is 'limited war on Russia' or 'full war on Russia' (GW-NEUT-JAP-09, -11)" : 'only the war on Russia is limited or full';
        return [{ code: 'bad-war-option', message, line: at.line, column }];
      }
      return order;
    },
    checkJson(item, path) {
      const problems: Problem[] = [];
      for (const key of Object.keys(item)) if (key !== 'kind' && key !== 'target') problems.push({ code: 'unknown-field', message: `a ${kind} order has no field '${key}'`, path: jsonPath([...path, key]) });
      const target = item['target'];
      const order = typeof target === 'string' && (japanWarTargets as readonly string[]).includes(target) ? warOrder(kind, target as JapanWarTarget) : undefined;
      if (!order) {
        const allowed = kind === 'japan-war' ? japanWarTargets.filter((t) => t !== 'russia') : ['russia'];
        const suggestion = typeof target === 'string' ? closestName(target, allowed) : undefined;
        problems.push({ code: 'unknown-target', message: `a ${kind} order's target is ${allowed.join(', ')}`, path: jsonPath([...path, 'target']), ...(suggestion ? { suggestion } : {}) });
      }
      return problems.length || !order ? problems : order;
    },
    format: (o) => `${o.kind === 'limited-war' ? 'limited ' : o.kind === 'full-war' ? 'full ' : ''}war on ${targetLabel(o.target)}`,
    refusal(order, ledger, ctx, nation) {
      if (nation.id !== JAPAN) return { code: 'not-japan', message: `Japan's war options are Japan's; ${nation.name} declares war with the diplomacy order` };
      if (ledger.admitted.some((o) => o.kind === order.kind && o['target'] === order.target)) return { code: 'duplicate-order', message: `one war option on ${targetLabel(order.target)} a turn` };
      const r = japanWarRefusal(ctx.state, ctx.step.turn, order);
      if (r) return { ...r, field: 'target' };
      if (order.kind === 'full-war' && ledger.resources < J().fullWarOnRussiaCost) return { code: 'not-enough-resources', message: `a full war on Russia costs ${J().fullWarOnRussiaCost}; Japan has ${ledger.resources} left` };
      return undefined;
    },
    cost: (o) => (o.kind === 'full-war' ? J().fullWarOnRussiaCost : 0),
    candidates(_ledger, ctx, nation) {
      if (nation.id !== JAPAN) return [];
      const all = japanWarTargets.map((t) => warOrder(kind, t)).filter((o): o is JapanWarOrder => o !== undefined);
      return all.filter((o) => !japanWarRefusal(ctx.state, ctx.step.turn, o));
    },
  };
}

export function japanWarSpecs(): OrderSpec<JapanWarOrder>[] {
  return [japanWarSpecOf('japan-war', 'war'), japanWarSpecOf('limited-war', 'limited'), japanWarSpecOf('full-war', 'full')];
}

/** Japan's war on Russia becomes a full war (GW-NEUT-JAP-11, -12): US Entry event 12 and China's 2 in 10 (GW-NEUT-CHN-06). */
function fullWarOnRussia(state: GreatWarState, ctx: PhaseContext, declared: boolean): void {
  const j = japanRecord(state);
  j.russiaWar = 'full';
  ctx.emit({ type: 'japan-russia-war', stage: 'full' });
  if (!declared) return;
  if (!j.usEvents.includes('event-12')) {
    j.usEvents.push('event-12');
    shiftUsEntry(state, ctx, J().usEntry.fullWarOnRussia, 'event-12', 'Japan declares full war on Russia');
  }
  chinaAnswersJapan(state, ctx, 'russia');
}

/** Carry out one of Japan's war options. */
function takeWarOption(state: GreatWarState, ctx: PhaseContext, nation: NationState, order: JapanWarOrder): void {
  const text = japanWarSpecs()[0]!.format(order);
  const refusal = japanWarRefusal(state, ctx.turn, order);
  if (refusal) {
    ctx.emit({ type: 'order-void', phase: 'japan', nation: JAPAN, order: text, code: refusal.code, reason: refusal.message });
    return;
  }
  const j = japanRecord(state);
  if (order.kind !== 'japan-war') {
    if (order.kind === 'limited-war') {
      j.russiaWar = 'limited';
      ctx.emit({ type: 'japan-russia-war', stage: 'limited' });
      declareWar(state, ctx, JAPAN, J().russia, 'declared');
      return;
    }
    const cost = J().fullWarOnRussiaCost;
    if (nation.treasury < cost) {
      ctx.emit({ type: 'order-void', phase: 'japan', nation: JAPAN, order: text, code: 'not-enough-resources', reason: `a full war on Russia costs ${cost}; Japan has ${nation.treasury}` });
      return;
    }
    nation.treasury -= cost;
    if (atWar(state, JAPAN, J().russia)) fullWarOnRussia(state, ctx, true);
    else declareWar(state, ctx, JAPAN, J().russia, 'declared'); // after a won limited war: the hook makes it full
    return;
  }
  if (order.target === 'western-allies') {
    j.westernWar = true;
    ctx.emit({ type: 'japan-western-war' });
    if (!j.usEvents.includes('event-13')) {
      j.usEvents.push('event-13');
      shiftUsEntry(state, ctx, J().usEntry.westernAllies, 'event-13', 'Japan declares full war on the Western Allies');
    }
    for (const enemy of warOptionEnemies(state, 'western-allies')) declareWar(state, ctx, JAPAN, enemy, 'declared');
    chinaAnswersJapan(state, ctx, 'western-allies');
    return;
  }
  declareWar(state, ctx, JAPAN, order.target, 'declared');
}

/**
 * The hook of every declaration (politics.ts): a war of Japan's on Russia that is not its limited war is a full war
 * (D-JAP-3); a war on China when China is in the war is a war on China's whole side (GW-NEUT-JAP-14); US Entry
 * event 14 once Japan has declared war on both the Ottomans and Austria-Hungary (GW-USENTRY-17).
 */
export function japanOnWar(state: GreatWarState, ctx: PhaseContext, change: WarChange): void {
  if (change.by !== JAPAN && change.on !== JAPAN) return;
  const j = japanRecord(state);
  const other = change.by === JAPAN ? change.on : change.by;
  if (other === J().russia && j.russiaWar !== 'limited' && j.russiaWar !== 'full') fullWarOnRussia(state, ctx, change.by === JAPAN);
  if (change.by === JAPAN && other === japanChinaData().china.nation) {
    const side = sideOfNation(state, other);
    if (side === 'allied' || side === 'central') for (const m of membersOf(state, side)) declareWar(state, ctx, JAPAN, m, change.cause);
  }
  if (change.by === JAPAN && J().bonusWars.includes(other) && J().bonusWars.every((w) => atWar(state, JAPAN, w)) && !j.usEvents.includes('event-14')) {
    j.usEvents.push('event-14');
    shiftUsEntry(state, ctx, J().usEntry.ottomansAndAustria, 'event-14', 'Japan declares war on both the Ottomans and Austria-Hungary');
  }
  refreshAsianIncomeCaps(state);
}

/** Phase 1, after the declarations: Japan gears up, takes its war options; China gears up before its own phase. */
export function resolveJapan(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState | void {
  const japan = nationOf(state, JAPAN);
  const china = nationOf(state, japanChinaData().china.nation);
  for (const nation of [japan, china]) {
    if (!nation || !(orders.get(nation.id)?.orders ?? []).some((o) => o.kind === 'gear-up')) continue;
    if (nation === japan) gearUpJapan(state, ctx, nation);
    else gearUpChina(state, ctx, false);
  }
  if (japan) for (const o of orders.get(JAPAN)?.orders ?? []) if (['japan-war', 'limited-war', 'full-war'].includes(o.kind)) takeWarOption(state, ctx, japan, o as JapanWarOrder);
  refreshAsianIncomeCaps(state);
}

/** Russian territories (the map's 1914 owner) Japan holds. */
function russianTerritoriesHeld(state: GreatWarState): string[] {
  return theWorld(state.scenario)
    .territories.filter((t) => t.owner === J().russia && state.board.territories[t.id]?.owner === JAPAN)
    .map((t) => t.id);
}

/**
 * Phase 15: the limited war with Russia ends (GW-NEUT-JAP-10, D-JAP-3) when Russia holds Korea or Japan holds two
 * Russian territories: peace, each keeps what it holds; Japan has 'won' (and may still go to full war) or 'lost'.
 * The loss of an original territory sends Japan to full production for good (GW-NEUT-JAP-16); Suez's bonus is kept
 * once earned (GW-NEUT-JAP-08).
 */
export function resolveJapanEnd(state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState | void {
  const j = japanRecord(state);
  if (!nationOf(state, JAPAN)) return;
  if (j.russiaWar === 'limited' && atWar(state, JAPAN, J().russia)) {
    const korea = state.board.territories[J().korea[0]!]?.owner === J().russia;
    const taken = russianTerritoriesHeld(state);
    if (korea || taken.length >= J().limitedWarCaptures) {
      const won = !korea;
      j.russiaWar = won ? 'won' : 'lost';
      ctx.emit({ type: 'japan-russia-war', stage: won ? 'won' : 'lost', taken });
      makePeace(state, ctx, JAPAN, J().russia, won ? 'Japan won its limited war' : 'Russia took Korea: the limited war is over');
    }
  }
  const lost = japanLostTerritory(state);
  if (lost) japanToFullProduction(state, ctx, `lost ${theWorld(state.scenario).names.get(lost) ?? lost}`);
  if (j.suezBonus === null && suezHeld(state)) {
    j.suezBonus = ctx.turn;
    ctx.emit({ type: 'japan-suez-bonus', holder: state.board.territories[J().suezCanal]?.owner ?? '' });
  }
  refreshAsianIncomeCaps(state);
}

export function describeJapanEvent(event: GameEvent): string | undefined {
  switch (event.type) {
    case 'geared-up':
      return `${event['nation'] === JAPAN ? 'Japan' : 'China'} gears up its war industries for ${String(event['cost'])}: it collects up to ${String(event['incomeCap'])} a turn.`;
    case 'japan-russia-war': {
      const stage = event['stage'];
      if (stage === 'limited') return 'Japan wages a limited war on Russia (+10 a turn while it lasts).';
      if (stage === 'full') return 'Japan is at full war with Russia: it collects its full income.';
      if (stage === 'won') return 'Japan has won its limited war with Russia (two Russian territories taken): peace.';
      return 'Russia has taken Korea: the limited war with Japan is over; peace.';
    }
    case 'japan-western-war':
      return 'Japan goes to war with the Western Allies: it collects its full income to the end of the game.';
    case 'japan-full-production':
      return `Japan goes to full war production (${String(event['why'])}).`;
    case 'japan-suez-bonus':
      return 'A Central Power holds the Suez Canal: Japan collects 10 more a turn.';
    default:
      return undefined;
  }
}

export function japanInvariants(state: GreatWarState): string[] {
  const j = state.politics.japan as Partial<JapanState> | undefined;
  if (!j || !Array.isArray(j.usEvents)) return ['the politics record has no Japan part'];
  const stages: readonly RussiaWar[] = ['none', 'limited', 'won', 'lost', 'full'];
  return j.russiaWar !== undefined && stages.includes(j.russiaWar) ? [] : [`Japan's war with Russia is '${String(j.russiaWar)}'`];
}

export function japanSections(state: GreatWarState, seat: SeatId | undefined): ReportSection[] {
  if ((seat !== undefined && seat !== JAPAN) || !nationOf(state, JAPAN)) return [];
  const j = japanRecord(state);
  const cap = japanIncomeCap(state);
  const lines = [
    j.gearedUp === null ? 'Not geared up: collects at most 15 a turn (gear up for 25)' : `Geared up on turn ${j.gearedUp}`,
    cap === null ? `Collects its full income (${japanFullIncomeReason(state) ?? ''})` : `Income cap ${cap} a turn`,
    `War with Russia: ${j.russiaWar}`,
    `Solo victory measure: ${japanSoloVictoryMeasure(state)} of ${J().soloVictory}`,
  ];
  return [{ title: 'Japan', lines }];
}

/** The order kinds of this part, in phase order: `gear up` (Japan and China), then Japan's war options. */
export const japanSpecs: readonly OrderSpec[] = [gearUpSpecOf() as OrderSpec, ...(japanWarSpecs() as OrderSpec[])];
export type JapanOrder = GearUpOrder | JapanWarOrder;
