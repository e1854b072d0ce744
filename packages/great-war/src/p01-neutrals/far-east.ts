/**
 * Clauses: GW-NEUT-JAP (income), GW-NEUT-CHN (income, gearing up, the answers to Japan's wars).
 * What Japan and China share, below japan.ts and china.ts: their records in `state.politics`, their income caps
 * (D-JAP-2, D-CHN-1) kept on the nations by `refreshAsianIncomeCaps`, Japan's full war production, China's gearing up
 * and the refusal of its declarations before it, and China's answer to Japan's wars (GW-NEUT-CHN-03..06). Each part
 * changes the other's cap: a war between them, a cession, China joining a side.
 */
import { type PhaseContext } from '@umpire/engine';
import { japanChinaData } from '../data/far-east.js';
import { atWar, nationOf, scenarioNation, type GreatWarState } from '../base/nations.js';
import { declareWar, sideOfNation } from '../p01-diplomacy/politics.js';
import { type DiplomaticPosition } from '../data/schema.js';
import { theWorld } from '../data/world.js';

declare module '../base/nations.js' {
  interface PoliticsSlices {
    japan: JapanState;
    china: ChinaState;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The records

/** How Japan stands with Russia (GW-NEUT-JAP-09..12, D-JAP-3). */
export type RussiaWar = 'none' | 'limited' | 'won' | 'lost' | 'full';

/** This part's record in `state.politics`. */
export type JapanState = {
  /** The turn Japan geared up (GW-NEUT-JAP-04); null until then. Its war options open the turn after (GW-NEUT-JAP-05). */
  gearedUp: number | null;
  russiaWar: RussiaWar;
  /** Japan chose war on the Western Allies (option 6): full income to the end of the game (GW-NEUT-JAP-15). */
  westernWar: boolean;
  /** The turn a Central Power first held the Suez Canal while Japan fought the Ottomans or Austria-Hungary (option 3). */
  suezBonus: number | null;
  /** Why Japan went to full war production for good (an original territory lost, a national option's answer); null: not. */
  fullProduction: string | null;
  /** US Entry events about Japan already applied, once each: 'event-12', 'event-13', 'event-14'. */
  usEvents: string[];
};

export const J = () => japanChinaData().japan;
export const JAPAN = 'japan';

export function japanRecord(state: GreatWarState): JapanState {
  return state.politics.japan;
}

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

export const C = () => japanChinaData().china;
export const CHINA = 'china';
export const chinaRecord = (state: GreatWarState): ChinaState => state.politics.china;

export function chinaGearedUp(state: GreatWarState): boolean {
  return chinaRecord(state).gearedUp !== null;
}

// ---------------------------------------------------------------------------------------------------------------
// Japan's income (GW-NEUT-JAP-01, -04, -06..17)

/** Japan's 1914 territories (the map's owner): losing one sends Japan to full production (GW-NEUT-JAP-16). */
export function japanOriginalTerritories(state: GreatWarState): string[] {
  return theWorld(state.scenario)
    .territories.filter((t) => t.owner === JAPAN)
    .map((t) => t.id);
}

/** The original territory Japan has lost, other than Korea to Russia in a limited war (and held since: GW-NEUT-JAP-16); none: undefined. */
export function japanLostTerritory(state: GreatWarState): string | undefined {
  const limited = japanRecord(state).russiaWar === 'limited' || japanRecord(state).russiaWar === 'lost';
  return japanOriginalTerritories(state).find((t) => {
    const owner = state.board.territories[t]?.owner;
    if (owner === undefined || owner === JAPAN) return false;
    return !(limited && owner === J().russia && J().korea.includes(t));
  });
}

/** Whether a Central Power holds the Suez Canal while Japan fights the Ottomans or Austria-Hungary (option 3, GW-NEUT-JAP-08). */
export function suezHeld(state: GreatWarState): boolean {
  const holder = state.board.territories[J().suezCanal]?.owner;
  return holder !== undefined && sideOfNation(state, holder) === 'central' && J().bonusWars.some((w) => atWar(state, JAPAN, w));
}

/** Why Japan collects its full income now (D-JAP-2); undefined while it is capped. */
export function japanFullIncomeReason(state: GreatWarState): string | undefined {
  const j = japanRecord(state);
  if (j.fullProduction) return j.fullProduction;
  if (j.westernWar) return 'at war with the Western Allies';
  if (j.russiaWar === 'full' && atWar(state, JAPAN, J().russia)) return 'at full war with Russia';
  if (atWar(state, JAPAN, japanChinaData().china.nation)) return 'at war with China';
  const lost = japanLostTerritory(state);
  if (lost) return `lost ${theWorld(state.scenario).names.get(lost) ?? lost}`;
  return undefined;
}

/**
 * Japan's income cap this turn (GW-NEUT-JAP-01..17): null (full income) for the reasons of `japanFullIncomeReason`;
 * else 15, or 30 once geared up, +10 for each war on the Ottoman Empire and Austria-Hungary, +10 while a Central
 * Power holds Suez during one of them (or once it has), +10 while a limited war on Russia lasts.
 */
export function japanIncomeCap(state: GreatWarState): number | null {
  const j = japanRecord(state);
  const data = scenarioNation(state, JAPAN);
  if (!data || japanFullIncomeReason(state)) return null;
  const base = j.gearedUp !== null && data.gearUp ? data.gearUp.incomeCap : (data.incomeCap ?? 0);
  let bonus = J().bonusWars.filter((w) => atWar(state, JAPAN, w)).length * J().optionBonus;
  if (j.suezBonus !== null || suezHeld(state)) bonus += J().optionBonus;
  if (j.russiaWar === 'limited' && atWar(state, JAPAN, J().russia)) bonus += J().optionBonus;
  return base + bonus;
}

/** Japan goes to full war production for good (GW-NEUT-JAP-16, British option 3, German option 1). */
export function japanToFullProduction(state: GreatWarState, ctx: PhaseContext, why: string): void {
  const j = japanRecord(state);
  if (j.fullProduction) return;
  j.fullProduction = why;
  ctx.emit({ type: 'japan-full-production', why });
  refreshAsianIncomeCaps(state);
}

// ---------------------------------------------------------------------------------------------------------------
// China's income and gearing up (GW-NEUT-CHN-01, -07, -08, -16; D-CHN-1)

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
  chinaRecord(state).gearedUp = ctx.turn;
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
// Both caps on the nations

/** Keep `incomeCap` of Japan and China as their rules make it now (phase 14 asks incomeCapOf, which asks the same). */
export function refreshAsianIncomeCaps(state: GreatWarState): void {
  const japan = nationOf(state, JAPAN);
  if (japan) japan.incomeCap = japanIncomeCap(state);
  const china = nationOf(state, japanChinaData().china.nation);
  if (china) china.incomeCap = chinaIncomeCap(state);
}

// ---------------------------------------------------------------------------------------------------------------
// China's answers to Japan's wars (GW-NEUT-CHN-03..06)

export type ChinaAnswerTrigger = 'ottoman-empire' | 'austria-hungary' | 'western-allies' | 'russia';

export const TRIGGER_TEXT: Record<ChinaAnswerTrigger, string> = {
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
  chinaRecord(state).answered.push({ trigger, turn: ctx.turn, war });
  ctx.emit({ type: 'china-answer', trigger, roll, chance, war });
  if (war) {
    gearUpChina(state, ctx, true);
    declareWar(state, ctx, CHINA, JAPAN, 'triggered');
  }
  return war;
}
