import { closestName, jsonPath, type GameEvent, type PhaseContext, type Problem, type ReportSection, type SeatId } from '@umpire/engine';
import { areaLabel, nationName } from '../base/conquest.js';
import { minorOf, nationOf, type GreatWarState } from '../base/nations.js';
import type { GreatWarOrders, OrderSpec } from '../orders/language.js';
import { widen } from '../orders/language.js';
import { declareWar, joinSide, opposingSide, type JoinCause } from '../p01-diplomacy/politics.js';
import { isMutineers } from './mutiny.js';
import { areaName } from '../orders/names.js';
import { specialRules } from '../data/special-rules.js';
import { theWorld } from '../data/world.js';

declare module '../base/nations.js' {
  interface PoliticsSlices {
    spain: SpainState;
  }
}

/**
 * The Spanish garrison and Spanish-American relations (GW-P15-SPAIN), and the French option 1 that ends the garrison
 * rule (GW-OPT-FRA-01..04). Decisions D-SPA-1 to D-SPA-6 of docs/great-war/mutiny-and-spain.md; the numbers are in
 * data/special-rules.json. At the end of every turn (phase 15, the 'spain' phase), France's offer to Spain is made
 * first; then, while Spain is neutral and relations are not normalised, a French border garrison short of 2
 * infantry in Toulouse or in Bordeaux gives Spain its chance to declare war on France and join the Central Powers:
 * 5 in 10 the first time, 2 in 10 every later time. When the USA enters the war, Spain rolls once to enter it on
 * the other side.
 */

/** This part's record in `state.politics`. */
export type SpainState = {
  /** The turns at whose end the garrison was short and Spain rolled (GW-P15-SPAIN-02..04): the first gets the first chance. */
  shortTurns: number[];
  /** The turn French relations with Spain normalised (GW-OPT-FRA-03, -04); null: they have not. */
  normalisedOn: number | null;
  /** The turns France made its offer (GW-OPT-FRA-02). */
  offers: number[];
  /** Whether Spain has rolled on the USA's entry into the war (GW-P15-SPAIN-05): the USA enters once. */
  usEntryRolled: boolean;
};

export function openingSpain(): SpainState {
  return { shortTurns: [], normalisedOn: null, offers: [], usEntryRolled: false };
}

/** The numbers of this part (data/special-rules.json). */
const spainRules = () => specialRules().spain;
const offerRules = () => specialRules().frenchOption;

/** Whether French relations with Spain have normalised (GW-OPT-FRA-03, -04). */
export const relationsNormalised = (state: GreatWarState): boolean => state.politics.spain.normalisedOn !== null;

/**
 * The guard for diplomatic influence (phase 1.2): whether `by` may try to influence `target` as far as this part
 * knows. France may not influence Spain until relations normalise (GW-OPT-FRA-01, GW-OPT-FRA-04, D-SPA-5); nobody
 * influences the mutineers of a disastrous mutiny, who are at war with their nation and no one's to win
 * (D-MUT-6). Every other pair: nothing here forbids it.
 */
export function mayInfluence(state: GreatWarState, by: string, target: string): boolean {
  if (isMutineers(state, target)) return false;
  return !(target === spainRules().nation && by === offerRules().nation && !relationsNormalised(state));
}

/** Whether Spain still sits out the war: neutral and not at war with France. */
function spainNeutral(state: GreatWarState): boolean {
  const spain = minorOf(state, spainRules().nation);
  return spain !== undefined && spain.side === 'neutral' && !spain.atWarWith.includes(spainRules().against);
}

/** Whether the Spanish garrison rule is in force: Spain neutral and French relations not normalised (GW-OPT-FRA-03). */
export const garrisonRuleApplies = (state: GreatWarState): boolean => spainNeutral(state) && !relationsNormalised(state);

/** The French infantry in each border territory, in the data's order (GW-P15-SPAIN-02). */
export function garrisonOf(state: GreatWarState): Record<string, number> {
  const { garrison, garrisonType, against } = spainRules();
  return Object.fromEntries(garrison.map((t) => [t, state.board.units.filter((u) => u.at === t && u.nation === against && u.type === garrisonType && u.aboard === undefined).length]));
}

/** The garrison is short when any border territory holds fewer than 2 French infantry (A63, D-SPA-1). */
export const garrisonShort = (state: GreatWarState): boolean => Object.values(garrisonOf(state)).some((n) => n < spainRules().garrisonMinimum);

/** Spain declares war on France and joins the Central Powers (GW-P15-SPAIN-02, D-SPA-2). */
function spainGoesToWar(state: GreatWarState, ctx: PhaseContext): void {
  const { nation, against, joins } = spainRules();
  declareWar(state, ctx, nation, against, 'triggered');
  joinSide(state, ctx, nation, joins, 'trigger');
}

/**
 * The garrison test of the end of a turn (GW-P15-SPAIN-02..04): while the rule applies and the garrison is short,
 * 1D10: war on a roll at or under 5 the first time, 2 every later time. Returns whether Spain went to war.
 */
export function checkSpanishGarrison(state: GreatWarState, ctx: PhaseContext): boolean {
  if (!garrisonRuleApplies(state) || !garrisonShort(state)) return false;
  const r = spainRules();
  const record = state.politics.spain;
  const first = record.shortTurns.length === 0;
  const chance = first ? r.firstChance : r.laterChance;
  const roll = ctx.roll(r.die, `Spain and the weak French border: war on ${chance} or less (${first ? 'the first time' : 'a later time'})`);
  const war = roll <= chance;
  record.shortTurns.push(ctx.turn);
  ctx.emit({ type: 'spanish-garrison', garrison: garrisonOf(state), first, chance, roll, war });
  if (war) spainGoesToWar(state, ctx);
  return war;
}

/**
 * Spanish-American relations (GW-P15-SPAIN-05, D-SPA-3): when the USA joins a side while Spain is neutral, 1D10;
 * on 2 or less Spain joins the other side. Once: the USA enters the war once.
 */
export function spainOnJoin(state: GreatWarState, ctx: PhaseContext, nation: string, side: 'allied' | 'central', _cause: JoinCause): void {
  const r = spainRules();
  const record = state.politics.spain;
  if (nation !== r.usa || record.usEntryRolled || !spainNeutral(state) || !minorOf(state, r.nation)) return;
  record.usEntryRolled = true;
  const other = opposingSide(side)!;
  const roll = ctx.roll(r.die, `Spain and the USA's entry into the war: Spain joins the other side on ${r.usEntryChance} or less`);
  const joins = roll <= r.usEntryChance;
  ctx.emit({ type: 'spain-us-entry', usaSide: side, roll, chance: r.usEntryChance, joins, ...(joins ? { side: other } : {}) });
  if (joins) joinSide(state, ctx, r.nation, other as 'allied' | 'central', 'trigger');
}

// ---------------------------------------------------------------------------------------------------------------
// French option 1: Spanish relations (GW-OPT-FRA-01..04)

/** `normalise Spain`: France gives Spain 10 resources for a roll of 7-10 that relations normalise (O-120). */
export type NormaliseOrder = { kind: 'normalise' };
export type SpainOrder = NormaliseOrder;

const isSpainName = (state: GreatWarState, text: string): boolean => {
  const spain = minorOf(state, spainRules().nation);
  const key = text.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return spain !== undefined && [spain.id, spain.name, spain.abbreviation].some((n) => n.toLowerCase().replace(/[^a-z0-9]+/g, '') === key);
};

/** Why `nation` cannot make the offer now; undefined when it can. */
export function offerRefusal(state: GreatWarState, nation: string): { code: string; message: string } | undefined {
  const spain = minorOf(state, spainRules().nation);
  if (nation !== offerRules().nation) return { code: 'not-france', message: `only ${nationName(undefined, offerRules().nation)} makes this offer to Spain (French option 1)` };
  if (!spain) return { code: 'no-spain', message: 'there is no Spain in this game' };
  if (relationsNormalised(state)) return { code: 'already-normalised', message: `relations with Spain normalised on turn ${String(state.politics.spain.normalisedOn)}: France may influence Spain as any nation` };
  if (!spainNeutral(state)) return { code: 'spain-not-neutral', message: 'Spain is no longer neutral: the offer is for a neutral Spain' };
  return undefined;
}

export const normaliseSpec: OrderSpec<NormaliseOrder> = {
  kind: 'normalise',
  words: ['normalise'],
  example: 'normalise Spain',
  parseText(rest, at, ctx) {
    const m = /^(relations\s+with\s+)?(.*)$/i.exec(rest)!;
    const who = m[2]!.trim();
    if (who === '' || isSpainName(ctx.state, who)) return { kind: 'normalise' };
    const suggestion = closestName(who, ['Spain']);
    return [{ code: 'unknown-nation', message: `France normalises relations with Spain only, not '${who}': e.g. '${normaliseSpec.example}'`, line: at.line, column: at.column + (m[1]?.length ?? 0), ...(suggestion ? { suggestion } : {}) }];
  },
  checkJson(item, path) {
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) {
      if (key !== 'kind') problems.push({ code: 'unknown-field', message: `a normalise order has no field '${key}'`, path: jsonPath([...path, key]) });
    }
    return problems.length ? problems : { kind: 'normalise' };
  },
  format: () => 'normalise Spain',
  refusal(_order, ledger, ctx, nation) {
    const refusal = offerRefusal(ctx.state, nation.id);
    if (refusal) return refusal;
    if (ledger.admitted.some((o) => o.kind === 'normalise')) return { code: 'once-a-turn', message: 'France makes its offer to Spain once a turn' };
    const cost = offerRules().cost;
    if (cost > ledger.resources) return { code: 'not-enough-resources', message: `the offer to Spain costs ${cost}, and ${nation.name} has ${ledger.resources} left` };
    return undefined;
  },
  cost: () => offerRules().cost,
  candidates(_ledger, ctx, nation) {
    return offerRefusal(ctx.state, nation.id) ? [] : [{ kind: 'normalise' }];
  },
};

/** The order kinds of this part, in phase order. */
export const spainSpecs: readonly OrderSpec[] = [widen(normaliseSpec)];

/**
 * France's offer (GW-OPT-FRA-02, D-SPA-4): France gives Spain 10 resources, then 1D10; on 7-10 relations normalise.
 * Void, with nothing paid, if France can no longer make it or pay it.
 */
export function resolveFrenchOffer(state: GreatWarState, ctx: PhaseContext): void {
  const o = offerRules();
  const france = nationOf(state, o.nation);
  const spain = minorOf(state, spainRules().nation);
  if (!france || !spain) return;
  const refusal = offerRefusal(state, france.id);
  if (refusal || france.treasury < o.cost) {
    ctx.emit({ type: 'spain-offer-void', nation: france.id, reason: refusal?.message ?? `${france.name} has ${france.treasury}, and the offer costs ${o.cost}` });
    return;
  }
  france.treasury -= o.cost;
  // A gift to Spain in the turn's ledger, which closes on the treasury after it.
  france.ledger.giftsSent += o.cost;
  france.ledger.end = france.treasury;
  spain.treasury += o.cost;
  state.politics.spain.offers.push(ctx.turn);
  const roll = ctx.roll(o.die, `Spain answers France's offer: relations normalise on ${o.successRolls.join(', ')}`);
  const normalised = o.successRolls.includes(roll);
  if (normalised) state.politics.spain.normalisedOn = ctx.turn;
  ctx.emit({ type: 'spain-offer', nation: france.id, paid: o.cost, roll, normalised });
}

/** The 'spain' phase (phase 15): France's offer, then the garrison test. */
export function resolveSpain(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState | void {
  const france = offerRules().nation;
  if ((orders.get(france)?.orders ?? []).some((o) => o.kind === 'normalise')) resolveFrenchOffer(state, ctx);
  checkSpanishGarrison(state, ctx);
  return state;
}

// ---------------------------------------------------------------------------------------------------------------
// Reports and invariants

export function describeSpainEvent(event: GameEvent): string | undefined {
  const r = spainRules();
  switch (event.type) {
    case 'spanish-garrison': {
      const garrison = Object.entries((event['garrison'] ?? {}) as Record<string, number>)
        .map(([t, n]) => `${n} in ${areaName(t)}`)
        .join(', ');
      const odds = `${String(event['chance'])} in ${r.die}${event['first'] ? ', the first time' : ''}`;
      return event['war']
        ? `France's border with Spain is weak (infantry: ${garrison}): Spain declares war on France (rolled ${String(event['roll'])}, ${odds}).`
        : `France's border with Spain is weak (infantry: ${garrison}), but Spain stays out of the war (rolled ${String(event['roll'])}, ${odds}).`;
    }
    case 'spain-us-entry':
      return event['joins']
        ? `Spain answers the USA's entry into the war by joining the other side (rolled ${String(event['roll'])}, ${String(event['chance'])} in ${r.die}).`
        : `Spain stays neutral as the USA enters the war (rolled ${String(event['roll'])}, ${String(event['chance'])} in ${r.die}).`;
    case 'spain-offer':
      return event['normalised']
        ? `France gives Spain ${String(event['paid'])} and relations normalise (rolled ${String(event['roll'])}): the Spanish garrison rule ends, and France may influence Spain.`
        : `France gives Spain ${String(event['paid'])}, but relations stay cold (rolled ${String(event['roll'])}; ${offerRules().successRolls.join(', ')} needed).`;
    case 'spain-offer-void':
      return `France's offer to Spain is not made: ${String(event['reason'])}.`;
    default:
      return undefined;
  }
}

export function spainInvariants(state: GreatWarState): string[] {
  const record = state.politics.spain as Partial<SpainState> | undefined;
  if (!record || !Array.isArray(record.shortTurns) || !Array.isArray(record.offers)) return ['the state has no record of the Spanish garrison'];
  const out: string[] = [];
  const inOrder = (turns: number[]) => turns.every((t, i) => Number.isInteger(t) && t >= 1 && (i === 0 || t >= turns[i - 1]!));
  if (!inOrder(record.shortTurns)) out.push(`the turns of a short Spanish garrison ${record.shortTurns.join(', ')} are not whole turns in order`);
  if (!inOrder(record.offers)) out.push(`the turns of France's offers to Spain ${record.offers.join(', ')} are not whole turns in order`);
  if (record.normalisedOn !== null && !record.offers.includes(record.normalisedOn!)) out.push(`relations with Spain normalised on turn ${String(record.normalisedOn)}, when France made no offer`);
  return out;
}

export function spainSections(state: GreatWarState, seat: SeatId | undefined): ReportSection[] {
  const spain = minorOf(state, spainRules().nation);
  if (!spain || (seat !== undefined && seat !== offerRules().nation && !spain.atWarWith.includes(seat))) return [];
  const world = theWorld(state.scenario);
  const garrison = Object.entries(garrisonOf(state)).map(([t, n]) => `${areaLabel(world, t)} ${n}`);
  const lines = [
    `Spain: ${spain.side === 'neutral' ? 'neutral' : `with the ${spain.side === 'central' ? 'Central Powers' : 'Allies'}`}; relations with France ${relationsNormalised(state) ? `normalised on turn ${String(state.politics.spain.normalisedOn)}` : 'not normalised'}.`,
    garrisonRuleApplies(state)
      ? `French infantry on the Spanish border: ${garrison.join(', ')} (${spainRules().garrisonMinimum} needed in each; short ${state.politics.spain.shortTurns.length} time(s) so far).`
      : 'The Spanish garrison rule no longer applies.',
  ];
  return [{ title: 'Spain', lines }];
}
