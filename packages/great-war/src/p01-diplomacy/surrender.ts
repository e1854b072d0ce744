import { jsonPath, type GameEvent, type PhaseContext, type Problem, type ReportSection, type SeatId, unknownFieldProblems, ordersOf } from '@umpire/engine';
import { forcedSurrenderOffers } from '../p15-special/mutiny.js';
import { allied, commanderOf, nationIndex, nationName, originalOwner } from '../base/conquest.js';
import { diplomacyNumbers } from '../data/diplomacy.js';
import { nationAt, nationIdAt } from '../orders/grammar.js';
import { isLandOrAir } from '../base/counting.js';
import { atWar, minorOf, nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { GreatWarOrders, OrderSpec } from '../orders/language.js';
import { widen } from '../orders/language.js';
import { makePeace, shiftUsEntry } from './politics.js';
import { politicalName } from '../base/names.js';
import type { Side } from '../data/schema.js';
import { theWorld } from '../data/world.js';

declare module '../base/nations.js' {
  interface PoliticsSlices {
    surrender: SurrenderState;
  }
}

/**
 * Phase 1.3 surrender offers and their terms: reversion, tribute, the bar on new wars (GW-SURR, GW-P01-DIP-19..22),
 * and the US Entry events about surrenders (GW-USENTRY-21..23). Decisions D-SURR-1.. of docs/great-war/diplomacy.md.
 *
 * A nation offers its surrender with a `surrender to ...` order; each nation offered it answers in phase 1.3 of the
 * same turn through the engine's decisions: its seat's standing order `accept surrender of ...`, or its answer when
 * the host asks, else it refuses (D-SURR-1). The terms take effect with every nation that accepts; the others stay
 * at war (D-SURR-2).
 */

/** One surrender that took effect. */
export type SurrenderRecord = {
  /** The surrendering nation. */
  nation: string;
  /** The turn of the surrender. */
  turn: number;
  /** The nations that accepted it, in the fixed nation order. */
  victors: string[];
  /** Turns of war tribute paid so far (GW-SURR-10, -11). */
  tributePaid: number;
};

/** This part's record in `state.politics`. */
export type SurrenderState = {
  /** Nations that have offered their surrender: once a game (GW-SURR-14, -15). */
  offered: string[];
  /** The surrenders that took effect, in order. */
  surrenders: SurrenderRecord[];
};

export function openingSurrender(): SurrenderState {
  return { offered: [], surrenders: [] };
}

const recordOf = (state: GreatWarState): SurrenderState => {
  const r = state.politics.surrender as Partial<SurrenderState>;
  r.offered ??= [];
  r.surrenders ??= [];
  return r as SurrenderState;
};

/** The surrenders a nation made, latest last. */
export const surrendersOf = (state: GreatWarState, nation: string): SurrenderRecord[] => recordOf(state).surrenders.filter((s) => s.nation === nation);

/** Whether a nation has surrendered (GW-SURR) and its surrender still stands: it is at peace with one of its victors at least. Victory (GW-VICTORY-03..05) reads it. */
export function hasSurrendered(state: GreatWarState, nation: string): boolean {
  return surrendersOf(state, nation).some((s) => s.victors.some((v) => !atWar(state, nation, v)));
}

/**
 * What the terms of a surrender forbid to a declaration of `by` on `on` in `turn` (undefined: nothing): a victor may
 * never declare war on the nation that surrendered to it (GW-SURR-09); the surrendered nation may declare war on its
 * victors once the turns of `redeclareAfterTurns` have passed (GW-SURR-12, D-SURR-5).
 */
export function surrenderDeclarationRefusal(state: GreatWarState, by: string, on: string, turn: number): Problem | undefined {
  if (surrendersOf(state, on).some((s) => s.victors.includes(by))) {
    return { code: 'surrendered', message: `${nationName(state, on)} surrendered to ${nationName(state, by)}, which may never again declare war on it (GW-SURR-09)` };
  }
  const after = diplomacyNumbers().surrender.redeclareAfterTurns;
  const early = surrendersOf(state, by).find((s) => s.victors.includes(on) && turn < s.turn + after);
  if (early) return { code: 'too-soon', message: `${nationName(state, by)} surrendered to ${nationName(state, on)} in turn ${early.turn} and may declare war on it again from turn ${early.turn + after} (GW-SURR-12)` };
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Orders

export type OfferOrder = { kind: 'surrender'; to: string[] };
export type AcceptOrder = { kind: 'accept'; from: string };

const byIndex = (state: GreatWarState) => (a: string, b: string) => nationIndex(state, a) - nationIndex(state, b);

/** The nations a nation is at war with, majors and minors, in the fixed order. */
const enemiesOf = (state: GreatWarState, nation: string): string[] => [...((nationOf(state, nation) ?? minorOf(state, nation))?.atWarWith ?? [])].sort(byIndex(state));

/** Why a nation may not offer its surrender at all (GW-SURR-14, -15). */
function offerRefusal(state: GreatWarState, nation: NationState): Problem | undefined {
  if (recordOf(state).offered.includes(nation.id)) return { code: 'offered-before', message: `${nation.name} has offered its surrender before: a nation may offer to surrender once a game (GW-SURR-14, GW-SURR-15)` };
  return undefined;
}

/** O-52 `surrender to Britain, France`: an offer of surrender of phase 1.3 (GW-SURR-01, GW-P01-DIP-19). */
export const offerSpec: OrderSpec<OfferOrder> = {
  kind: 'surrender',
  words: ['surrender'],
  example: 'surrender to Britain, France',
  parseText(rest, at, ctx, nation) {
    const m = /^(?:to\s+)?(.*)$/i.exec(rest)!;
    const body = m[1]!;
    const start = at.column + rest.length - body.length;
    if (body.trim() === '') return [{ code: 'missing-nation', message: "to whom? e.g. 'surrender to Britain, France' or 'surrender to all'", line: at.line, column: at.column }];
    if (/^all(\s+enemies)?$/i.test(body.trim())) return { kind: 'surrender', to: enemiesOf(ctx.state, nation.id) };
    const problems: Problem[] = [];
    const to: string[] = [];
    const re = /[^,]+/g;
    for (let part = re.exec(body); part; part = re.exec(body)) {
      for (const piece of part[0].split(/\band\b/i)) {
        const typed = piece.trim();
        if (typed === '') continue;
        const column = start + part.index + part[0].indexOf(typed);
        const found = nationAt(ctx.state, typed, at.line, column);
        if (typeof found === 'string') to.push(found);
        else problems.push(found);
      }
    }
    return problems.length ? problems : { kind: 'surrender', to: [...new Set(to)] };
  },
  checkJson(item, path, ctx) {
    const problems = unknownFieldProblems(item, path, ['kind', 'to'], 'a surrender order');
    const to = item['to'];
    if (!Array.isArray(to) || to.length === 0) return [...problems, { code: 'missing-nation', message: 'a surrender order lists the nations offered it, e.g. ["britain", "france"]', path: jsonPath([...path, 'to']) }];
    to.forEach((id: unknown, i) => {
      const found = nationIdAt(ctx.state, id, [...path, 'to', i], 'to lists the nations offered the surrender, e.g. ["britain", "france"]');
      if (typeof found !== 'string') problems.push(found);
    });
    return problems.length ? problems : { kind: 'surrender', to: [...new Set(to as string[])] };
  },
  format: (order) => `surrender to ${order.to.map(politicalName).join(', ')}`,
  refusal(order, ledger, ctx, nation) {
    if (ledger.admitted.some((o) => o.kind === 'surrender')) return { code: 'one-offer', message: `${nation.name} makes one offer of surrender` };
    const r = offerRefusal(ctx.state, nation);
    if (r) return r;
    if (order.to.length === 0) return { code: 'no-enemy', message: `${nation.name} is at war with nobody`, field: 'to' };
    const peace = order.to.find((id) => !atWar(ctx.state, nation.id, id));
    if (peace) return { code: 'not-at-war', message: `${nation.name} may offer its surrender only to its enemies; it is not at war with ${nationName(ctx.state, peace)}`, field: 'to' };
    return undefined;
  },
  cost: () => 0,
  candidates(_ledger, ctx, nation) {
    const enemies = enemiesOf(ctx.state, nation.id);
    return enemies.length ? [{ kind: 'surrender' as const, to: enemies }] : [];
  },
};

/** O-53 `accept surrender of Germany`: the standing answer of phase 1.3 to an offer from that nation (GW-SURR-02). */
export const acceptSpec: OrderSpec<AcceptOrder> = {
  kind: 'accept',
  words: ['accept'],
  example: 'accept surrender of Germany',
  parseText(rest, at, ctx) {
    const m = /^(?:(?:the\s+)?surrender\s+(?:of|from)\s+)?(.*)$/i.exec(rest)!;
    const typed = m[1]!.trim();
    const column = at.column + rest.length - m[1]!.length;
    if (typed === '') return [{ code: 'missing-nation', message: "whose surrender? e.g. 'accept surrender of Germany'", line: at.line, column: at.column }];
    const found = nationAt(ctx.state, typed, at.line, column);
    return typeof found === 'string' ? { kind: 'accept', from: found } : [found];
  },
  checkJson(item, path, ctx) {
    const problems = unknownFieldProblems(item, path, ['kind', 'from'], 'an accept order');
    const from = nationIdAt(ctx.state, item['from'], [...path, 'from'], 'an accept order names the surrendering nation, e.g. "germany"');
    if (typeof from !== 'string') return [...problems, from];
    return problems.length ? problems : { kind: 'accept', from };
  },
  format: (order) => `accept surrender of ${politicalName(order.from)}`,
  refusal(order, ledger, ctx, nation) {
    if (order.from === nation.id) return { code: 'own-nation', message: `${nation.name} cannot accept its own surrender`, field: 'from' };
    if (ledger.admitted.some((o) => o.kind === 'accept' && o['from'] === order.from)) return { code: 'accepted-twice', message: `${nation.name} accepts the surrender of ${nationName(ctx.state, order.from)} twice`, field: 'from' };
    return undefined;
  },
  cost: () => 0,
  candidates(_ledger, ctx, nation) {
    const offered = recordOf(ctx.state).offered;
    return enemiesOf(ctx.state, nation.id)
      .filter((id) => nationOf(ctx.state, id) && !offered.includes(id))
      .map((from) => ({ kind: 'accept' as const, from }));
  },
};

/** The order kinds of this part, in phase order. */
export const surrenderSpecs: readonly OrderSpec[] = [widen(offerSpec), widen(acceptSpec)];
export type SurrenderOrder = OfferOrder | AcceptOrder;

// ---------------------------------------------------------------------------------------------------------------
// Phase 1.3

/** The side US opinion favours (GW-NEUT-USA-07): + the Allies, - the Central Powers, 0 nobody. */
export function usFavours(state: GreatWarState): Side {
  return state.politics.usEntry > 0 ? 'allied' : state.politics.usEntry < 0 ? 'central' : 'neutral';
}

/** Points toward a side on the US Entry track: + for the Allies, - for the Central Powers. */
const toward = (side: Side, points: number): number => (side === 'allied' ? points : side === 'central' ? -points : 0);

/**
 * Whether `to` accepts `by`'s offer (GW-SURR-02, D-SURR-1): the seat that commands `to` answers through the
 * engine's decisions (its standing `accept` order, or its answer, else it refuses); a minor run by the moderator
 * accepts (D-SURR-3).
 */
function answerOffer(state: GreatWarState, by: string, to: string, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): boolean {
  const seat = commanderOf(state, to);
  if (seat === null) return minorOf(state, to) !== undefined;
  const standing = ordersOf<AcceptOrder>(orders.get(seat), 'accept').some((o) => o.from === by);
  const answer = ctx.decide<string>({
    id: `surrender.${by}.${to}`,
    seat,
    kind: 'accept-surrender',
    prompt: `${nationName(state, by)} offers to surrender to ${nationName(state, to)}: accept or refuse?`,
    options: ['accept', 'refuse'],
    default: 'refuse',
    ...(standing ? { standing: 'accept' } : {}),
  });
  return answer === 'accept';
}

/**
 * The nearest territory to `from` that `holder` holds (GW-SURR-07, D-SURR-4): fewest land borders and straits, else
 * fewest connections of any kind; ties by territory id. Undefined when it holds none that can be reached.
 */
export function nearestHeld(state: GreatWarState, from: string, holds: (territory: string) => boolean): string | undefined {
  const world = theWorld(state.scenario);
  for (const kinds of [['land', 'strait'], undefined] as const) {
    const reach = world.graph.within(from, Number.MAX_SAFE_INTEGER, kinds ? { kinds } : {});
    let best: [string, number] | undefined;
    for (const [id, d] of reach) {
      if (!world.territory.has(id) || !holds(id)) continue;
      if (!best || d < best[1] || (d === best[1] && id < best[0])) best = [id, d];
    }
    if (best) return best[0];
  }
  return undefined;
}

/**
 * The terms of a surrender with the nations that accepted it (GW-SURR-05..08, D-SURR-4): peace with each; every
 * territory first held by one of them that the surrendering nation holds goes back to it, incorporated; the land
 * units and aircraft there that are not the new holder's or its allies' go to the nearest territory their nation
 * (for others, their nation or an ally) holds, or are disbanded when there is none.
 */
function applyTerms(state: GreatWarState, by: string, victors: readonly string[], ctx: PhaseContext): void {
  const world = theWorld(state.scenario);
  for (const v of victors) makePeace(state, ctx, by, v, 'surrender');
  const reverted: string[] = [];
  for (const t of world.territories) {
    const hold = state.board.territories[t.id];
    const first = originalOwner(world, t.id);
    if (!hold || hold.owner !== by || first === undefined || !victors.includes(first)) continue;
    state.board.territories[t.id] = { owner: first, incorporated: true };
    reverted.push(t.id);
  }
  const moved: { unit: string; nation: string; from: string; to: string | null }[] = [];
  for (const at of reverted) {
    const owner = state.board.territories[at]!.owner;
    for (const u of state.board.units.filter((x) => x.at === at && isLandOrAir(x.type) && !allied(state, x.nation, owner))) {
      const to = nearestHeld(state, at, (id) => !reverted.includes(id) && (u.nation === by ? state.board.territories[id]?.owner === by : allied(state, u.nation, state.board.territories[id]?.owner ?? '')));
      moved.push({ unit: u.id, nation: u.nation, from: at, to: to ?? null });
      if (to) u.at = to;
    }
  }
  const gone = new Set(moved.filter((m) => m.to === null).map((m) => m.unit));
  if (gone.size) state.board.units = state.board.units.filter((u) => !gone.has(u.id));
  ctx.emit({ type: 'surrender-terms', nation: by, victors: [...victors], reverted, moved });
}

/**
 * Phase 1.3 (GW-P01-DIP-19..22, GW-SURR-01..08, D-SURR-1..4): each seat's offer in seat order; the offer is spent
 * (GW-SURR-14); each nation offered it answers; the terms take effect with those that accept, the others stay at war
 * (US Entry event 20 once for each side with a nation that refused); a surrender of a nation of the side the USA
 * favours is event 18.
 */
export function resolveSurrender(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  for (const nation of state.nations) {
    const offer = ordersOf<OfferOrder>(orders.get(nation.id), 'surrender')[0];
    // A forced offer is recorded in phase 15 and made in phase 1.3 of the next turn (D-MUT-7).
    const forced = forcedSurrenderOffers(state).find((f) => f.nation === nation.id);
    if (offer) makeOffer(state, ctx, orders, nation, offer.to, offerSpec.format(offer));
    else if (forced) {
      // Mutineers hold the capital (GW-P15-MUTINY-13, D-MUT-7): the nation offers every enemy but its mutineers a surrender.
      const to = enemiesOf(state, nation.id).filter((id) => id !== forced.mutineers);
      makeOffer(state, ctx, orders, nation, to, `surrender to all (forced: mutineers hold the capital)`);
    }
  }
  return state;
}

/** One offer of surrender of phase 1.3: each nation offered answers; the terms apply with those that accept (D-SURR-1, -2). */
function makeOffer(state: GreatWarState, ctx: PhaseContext, orders: ReadonlyMap<SeatId, GreatWarOrders>, nation: NationState, offered: readonly string[], order: string): void {
  const record = recordOf(state);
  const points = diplomacyNumbers().usEntry;
  const refusal = offerRefusal(state, nation);
  if (refusal) {
    ctx.emit({ type: 'order-void', phase: 'surrender', nation: nation.id, order, code: refusal.code, reason: refusal.message });
    return;
  }
  const to = offered.filter((id) => atWar(state, nation.id, id)).sort(byIndex(state));
  if (!to.length) {
    ctx.emit({ type: 'order-void', phase: 'surrender', nation: nation.id, order, code: 'not-at-war', reason: `${nation.name} is at war with none of them` });
    return;
  }
  record.offered.push(nation.id);
  const accepted: string[] = [];
  const refused: string[] = [];
  for (const id of to) (answerOffer(state, nation.id, id, orders, ctx) ? accepted : refused).push(id);
  ctx.emit({ type: 'surrender-offer', nation: nation.id, to, accepted, refused });
  const favoured = usFavours(state);
  if (accepted.length) {
    applyTerms(state, nation.id, accepted, ctx);
    record.surrenders.push({ nation: nation.id, turn: ctx.turn, victors: accepted, tributePaid: 0 });
    if (favoured !== 'neutral' && nation.side === favoured) shiftUsEntry(state, ctx, toward(favoured, points.favouredSurrenders), 'event-18', `${nation.name}, of the side the USA favours, surrenders`);
  }
  for (const side of ['allied', 'central'] as const) {
    const refusers = refused.filter((id) => (nationOf(state, id) ?? minorOf(state, id))?.side === side);
    if (refusers.length) shiftUsEntry(state, ctx, -toward(side, points.refusedSurrender), 'event-20', `${refusers.map((id) => nationName(state, id)).join(', ')} refuse${refusers.length === 1 ? 's' : ''} the surrender of ${nation.name}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Phase 15: tribute and US Entry event 19

/**
 * The war tribute (GW-SURR-10, -11, D-SURR-6), at the end of the turn: for 12 turns from the surrender's, the
 * surrendering nation gives a quarter (rounded down) of what it collected in phase 14 to the victors it is still at
 * peace with, in equal shares, the odd resources to the first in the fixed order; it ends early once it is at war
 * with every victor again.
 */
export function payTribute(state: GreatWarState, ctx: PhaseContext): void {
  const { tributeDivisor, tributeTurns } = diplomacyNumbers().surrender;
  for (const s of recordOf(state).surrenders) {
    if (s.tributePaid >= tributeTurns) continue;
    const payer = nationOf(state, s.nation);
    const owed = s.victors.filter((v) => !atWar(state, s.nation, v));
    if (!payer || !owed.length) {
      s.tributePaid = tributeTurns;
      ctx.emit({ type: 'tribute-ends', nation: s.nation, reason: 'at war with every victor again' });
      continue;
    }
    const amount = Math.min(payer.treasury, Math.floor(payer.ledger.collected / tributeDivisor));
    const shares = owed.map((v, i) => ({ to: v, amount: Math.floor(amount / owed.length) + (i < amount % owed.length ? 1 : 0) }));
    payer.treasury -= amount;
    for (const share of shares) {
      const r = nationOf(state, share.to) ?? minorOf(state, share.to);
      if (r) r.treasury += share.amount;
    }
    s.tributePaid += 1;
    ctx.emit({ type: 'tribute', nation: s.nation, collected: payer.ledger.collected, amount, shares, turn: s.tributePaid, of: tributeTurns });
  }
}

/** US Entry event 19 (GW-USENTRY-22, D-SURR-7): each nation of the side the USA favours conquered this turn moves opinion 1 point toward that side. */
export function usEntryOnConquests(state: GreatWarState, ctx: PhaseContext): void {
  const favoured = usFavours(state);
  if (favoured === 'neutral') return;
  const points = diplomacyNumbers().usEntry.favouredConquered;
  for (const [id, c] of Object.entries(state.conquered).sort(([a], [b]) => nationIndex(state, a) - nationIndex(state, b))) {
    if (c.since !== ctx.turn || (nationOf(state, id) ?? minorOf(state, id))?.side !== favoured) continue;
    shiftUsEntry(state, ctx, toward(favoured, points), 'event-19', `${nationName(state, id)}, of the side the USA favours, is conquered`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Reports and invariants

export function describeSurrenderEvent(event: GameEvent): string | undefined {
  const names = (ids: unknown) => (ids as string[]).map(politicalName).join(', ');
  switch (event.type) {
    case 'surrender-offer': {
      const accepted = event['accepted'] as string[];
      const refused = event['refused'] as string[];
      return `${politicalName(event['nation'])} offers to surrender to ${names(event['to'])}: ${accepted.length ? `accepted by ${names(accepted)}` : 'nobody accepts'}${refused.length ? `; refused by ${names(refused)}, with whom the war goes on` : ''}.`;
    }
    case 'surrender-terms': {
      const reverted = event['reverted'] as string[];
      const moved = event['moved'] as { to: string | null }[];
      const world = theWorld();
      const lost = moved.filter((m) => m.to === null).length;
      return `The terms of ${politicalName(event['nation'])}'s surrender: ${reverted.length ? `${reverted.map((t) => world.names.get(t) ?? t).join(', ')} ${reverted.length === 1 ? 'goes back to its first owner' : 'go back to their first owners'}` : 'no territory changes hands'}${moved.length ? `; ${moved.length - lost} unit(s) withdraw to the nearest territory held${lost ? `, ${lost} with nowhere to go are disbanded` : ''}` : ''}.`;
    }
    case 'tribute': {
      const shares = event['shares'] as { to: string; amount: number }[];
      return `${politicalName(event['nation'])} pays ${String(event['amount'])} in war tribute (a quarter of its ${String(event['collected'])} collected; payment ${String(event['turn'])} of ${String(event['of'])}): ${shares.map((s) => `${s.amount} to ${politicalName(s.to)}`).join(', ')}.`;
    }
    case 'tribute-ends':
      return `${politicalName(event['nation'])} pays no more war tribute: it is at war with every victor again.`;
    default:
      return undefined;
  }
}

export function surrenderInvariants(state: GreatWarState): string[] {
  const record = state.politics.surrender as Partial<SurrenderState>;
  const out: string[] = [];
  const known = (id: string) => nationOf(state, id) !== undefined || minorOf(state, id) !== undefined;
  const offered = record.offered ?? [];
  if (new Set(offered).size !== offered.length) out.push('a nation is recorded as offering its surrender twice');
  for (const s of record.surrenders ?? []) {
    if (!known(s.nation) || s.victors.some((v) => !known(v))) out.push(`a surrender names an unknown nation (${s.nation})`);
    if (!offered.includes(s.nation)) out.push(`${s.nation} surrendered without an offer on record`);
    if (!s.victors.length) out.push(`${s.nation}'s surrender has no victor`);
    if (!Number.isInteger(s.tributePaid) || s.tributePaid < 0) out.push(`${s.nation}'s tribute count ${s.tributePaid} is not whole`);
  }
  return out;
}

export function surrenderSections(state: GreatWarState, _seat: SeatId | undefined): ReportSection[] {
  const record = recordOf(state);
  if (!record.surrenders.length) return [];
  const tributeTurns = diplomacyNumbers().surrender.tributeTurns;
  const rows = record.surrenders.map((s) => [nationName(state, s.nation), s.turn, s.victors.map((v) => nationName(state, v)).join(', '), `${s.tributePaid} of ${tributeTurns}`]);
  return [{ title: 'Surrenders', table: { columns: ['Nation', 'Turn', 'Victors', 'Tribute paid'], rows } }];
}
