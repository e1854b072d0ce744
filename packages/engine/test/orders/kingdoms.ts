import {
  checkUnitSelection,
  formatSelection,
  fromToPhrase,
  jsonPath,
  nameIndex,
  orderLanguage,
  parseUnitList,
  taken,
  unknownFieldProblems,
  widen,
  err,
  ok,
  type AnyOrder,
  type OrderSeat,
  type OrderSpec,
  type OrdersContext,
  type Problem,
  type StepInfo,
  type UnitSelection,
  type UnitVocabulary,
} from '../../src/index.js';

/**
 * A toy ruleset for the order language kit: kingdoms with gold hire knights and archers, march them between four
 * areas, and declare war. Hiring costs gold (the ledger's budget); a march into a kingdom's castle needs a war, which a
 * declaration earlier in the turn's phase order gives (its prospect).
 */

export interface Kingdom {
  readonly id: string;
  readonly name: string;
  readonly gold: number;
  readonly atWarWith: readonly string[];
}

export interface Troop {
  readonly id: string;
  readonly owner: string;
  readonly type: string;
  readonly at: string;
}

export interface Kingdoms {
  readonly kingdoms: readonly Kingdom[];
  readonly troops: readonly Troop[];
  /** Who holds each area. */
  readonly areas: Readonly<Record<string, string>>;
}

const PRICE: Record<string, number> = { knight: 4, archer: 2 };
const UNITS = nameIndex([
  { id: 'knight', name: 'Knight', aliases: ['kn'] },
  { id: 'archer', name: 'Archer', aliases: ['bowman'] },
]);
const AREA_IDS = ['north', 'south', 'red-castle', 'blue-castle'];
const AREAS = nameIndex<string>([
  { id: 'north', name: 'North March', aliases: [] },
  { id: 'south', name: 'South March', aliases: [] },
  { id: 'red-castle', name: 'Red Castle', aliases: [] },
  { id: 'blue-castle', name: 'Blue Castle', aliases: [] },
]);

export const vocabulary: UnitVocabulary = {
  lookup(typed, allowed) {
    const r = UNITS.lookup(typed.replace(/s$/i, ''));
    if (r.ok) return allowed.includes(r.id) ? ok(r.id) : err({ code: 'unit-not-allowed', message: `${r.name} cannot be ordered here` });
    if (r.reason === 'ambiguous') return err({ code: 'ambiguous-unit', message: `'${typed}' could be ${r.names.join(', ')}` });
    return err({ code: 'unknown-unit', message: `there is no unit '${typed}'`, ...(r.suggestion ? { suggestion: r.suggestion } : {}) });
  },
  known: (type) => type in PRICE,
  word: (type, count = 1) => `${type}${count === 1 ? '' : 's'}`,
  example: { text: '2 knights, 1 archer', json: '{ "knight": 2, "archer": "all" }' },
};

type Ctx = OrdersContext<Kingdoms>;
type Spec<O extends AnyOrder> = OrderSpec<O, Kingdoms, Kingdom>;

function areaAt(typed: string, line: number, column: number): string | Problem {
  const r = AREAS.lookup(typed);
  if (r.ok) return r.id;
  return { code: 'unknown-area', message: `there is no area '${typed}'`, line, column, ...(r.ok === false && r.reason === 'unknown' && r.suggestion ? { suggestion: r.suggestion } : {}) };
}

function areaIdAt(value: unknown, path: readonly (string | number)[]): string | Problem {
  if (typeof value === 'string' && AREA_IDS.includes(value)) return value;
  return { code: 'unknown-area', message: `there is no area '${String(value)}'`, path: jsonPath(path) };
}

export type DeclareOrder = { kind: 'declare'; on: string };
export type HireOrder = { kind: 'hire'; units: UnitSelection; at: string };
export type MarchOrder = { kind: 'march'; units: UnitSelection; from: string; to: string; via?: string[] };

export const declareSpec: Spec<DeclareOrder> = {
  kind: 'declare',
  words: ['declare', 'war'],
  example: 'declare war on Blue',
  parseText(rest, at, ctx) {
    const name = rest.replace(/^(?:war\s+)?on\s+/i, '');
    const k = ctx.state.kingdoms.find((x) => x.name.toLowerCase() === name.toLowerCase() || x.id === name.toLowerCase());
    return k ? { kind: 'declare', on: k.id } : [{ code: 'unknown-kingdom', message: `there is no kingdom '${name}'`, line: at.line, column: at.column + rest.length - name.length }];
  },
  checkJson(item, path, ctx) {
    const problems = unknownFieldProblems(item, path, ['kind', 'on'], 'a declaration');
    const on = item['on'];
    if (typeof on !== 'string' || !ctx.state.kingdoms.some((k) => k.id === on)) problems.push({ code: 'unknown-kingdom', message: `there is no kingdom '${String(on)}'`, path: jsonPath([...path, 'on']) });
    return problems.length ? problems : { kind: 'declare', on: on as string };
  },
  format: (o) => `declare war on ${o.on}`,
  refusal(order, _ledger, _ctx, player) {
    if (order.on === player.id) return { code: 'own-kingdom', message: `${player.name} cannot declare war on itself`, field: 'on' };
    if (player.atWarWith.includes(order.on)) return { code: 'already-at-war', message: `${player.name} is already at war with ${order.on}`, field: 'on' };
    return undefined;
  },
  cost: () => 0,
  candidates: (_l, ctx, player) => ctx.state.kingdoms.filter((k) => k.id !== player.id).map((k) => ({ kind: 'declare', on: k.id })),
  prospect: (order, state, player) => ({ ...state, kingdoms: state.kingdoms.map((k) => (k.id === player.id ? { ...k, atWarWith: [...k.atWarWith, order.on] } : k)) }),
};

export const hireSpec: Spec<HireOrder> = {
  kind: 'hire',
  words: ['hire', 'recruit'],
  example: 'hire 2 knights at North March',
  parseText(rest, at) {
    const m = /^(.+?)\s+at\s+(.+)$/i.exec(rest);
    if (!m) return [{ code: 'bad-hire', message: "a hire reads 'hire 2 knights at North March'", line: at.line, column: at.column }];
    const problems: Problem[] = [];
    const units = parseUnitList(m[1]!, at.line, at.column, ['knight', 'archer'], vocabulary);
    if (Array.isArray(units)) problems.push(...units);
    const where = areaAt(m[2]!, at.line, at.column + rest.lastIndexOf(m[2]!));
    if (typeof where !== 'string') problems.push(where);
    if (problems.length || Array.isArray(units) || typeof where !== 'string') return problems;
    return { kind: 'hire', units, at: where };
  },
  checkJson(item, path) {
    const problems = unknownFieldProblems(item, path, ['kind', 'units', 'at'], 'a hire');
    const units = checkUnitSelection(item['units'], [...path, 'units'], ['knight', 'archer'], vocabulary);
    if (Array.isArray(units)) problems.push(...units);
    else if (units === 'all') problems.push({ code: 'bad-count', message: 'a hire names how many', path: jsonPath([...path, 'units']) });
    const where = areaIdAt(item['at'], [...path, 'at']);
    if (typeof where !== 'string') problems.push(where);
    if (problems.length || Array.isArray(units) || typeof where !== 'string') return problems;
    return { kind: 'hire', units, at: where };
  },
  format: (o) => `hire ${formatSelection(o.units, vocabulary)} at ${AREAS.nameOf(o.at)}`,
  refusal(order, ledger, ctx, player) {
    if (ctx.state.areas[order.at] !== player.id) return { code: 'not-yours', message: `${player.name} does not hold ${AREAS.nameOf(order.at)}`, field: 'at' };
    const price = hireSpec.cost(order, ledger, ctx, player);
    if (price > ledger.resources) return { code: 'not-enough-gold', message: `${formatSelection(order.units, vocabulary)} cost ${price}, and ${player.name} has ${ledger.resources} left`, field: 'units' };
    return undefined;
  },
  cost: (o) => (o.units === 'all' ? 0 : Object.entries(o.units).reduce((a, [t, n]) => a + PRICE[t]! * (n === 'all' ? 0 : n), 0)),
  candidates(_l, ctx, player) {
    const out: HireOrder[] = [];
    for (const [area, holder] of Object.entries(ctx.state.areas)) if (holder === player.id) for (const n of [1, 2, 3]) out.push({ kind: 'hire', units: { knight: n }, at: area });
    return out;
  },
  candidatesAt: (l, ctx, player, area) => hireSpec.candidates(l, ctx, player).filter((o) => o.at === area),
};

export const marchSpec: Spec<MarchOrder> = {
  kind: 'march',
  words: ['march', 'move'],
  example: 'march 2 knights from North March to Blue Castle',
  parseText(rest, at) {
    const m = fromToPhrase(rest, at.column);
    if (!m) return [{ code: 'bad-march', message: "a march reads 'march 2 knights from North March to Blue Castle'", line: at.line, column: at.column }];
    const problems: Problem[] = [];
    const units = parseUnitList(m.units.text, at.line, m.units.column, ['knight', 'archer'], vocabulary);
    if (Array.isArray(units)) problems.push(...units);
    const from = areaAt(m.from.text, at.line, m.from.column);
    const to = areaAt(m.to.text, at.line, m.to.column);
    const via = (m.via?.parts ?? []).map((p) => areaAt(p.text, at.line, p.column));
    for (const x of [from, to, ...via]) if (typeof x !== 'string') problems.push(x);
    if (problems.length || Array.isArray(units)) return problems;
    const stops = via.filter((v): v is string => typeof v === 'string');
    return { kind: 'march', units, from: from as string, to: to as string, ...(stops.length ? { via: stops } : {}) };
  },
  checkJson(item, path) {
    const problems = unknownFieldProblems(item, path, ['kind', 'units', 'from', 'to', 'via'], 'a march');
    const units = checkUnitSelection(item['units'], [...path, 'units'], ['knight', 'archer'], vocabulary);
    if (Array.isArray(units)) problems.push(...units);
    const from = areaIdAt(item['from'], [...path, 'from']);
    const to = areaIdAt(item['to'], [...path, 'to']);
    const via = Array.isArray(item['via']) ? item['via'].map((v: unknown, i: number) => areaIdAt(v, [...path, 'via', i])) : [];
    for (const x of [from, to, ...via]) if (typeof x !== 'string') problems.push(x);
    if (problems.length || Array.isArray(units)) return problems;
    return { kind: 'march', units, from: from as string, to: to as string, ...(via.length ? { via: via as string[] } : {}) };
  },
  format: (o) => `march ${formatSelection(o.units, vocabulary)} from ${AREAS.nameOf(o.from)} to ${AREAS.nameOf(o.to)}${o.via ? ` via ${o.via.map((v) => AREAS.nameOf(v)).join(', ')}` : ''}`,
  refusal(order, ledger, ctx, player) {
    const holder = ctx.state.areas[order.to]!;
    const me = ctx.state.kingdoms.find((k) => k.id === player.id)!;
    if (holder !== player.id && !me.atWarWith.includes(holder)) return { code: 'not-at-war', message: `${player.name} is not at war with ${holder}: declare war first`, field: 'to' };
    const here = ctx.state.troops.filter((t) => t.owner === player.id && t.at === order.from);
    const before = taken(ledger, ctx.seat, player.id, order.from, ['march']);
    if (order.units === 'all') return here.length && before.all !== 'every' && !before.all.size ? undefined : { code: 'no-troops', message: 'no troops left to march', field: 'units' };
    for (const [type, n] of Object.entries(order.units)) {
      const have = here.filter((t) => t.type === type).length - (before.counts.get(type) ?? 0);
      if (n === 'all' ? have <= 0 || before.all === 'every' || before.all.has(type) : n > have) return { code: 'not-enough-troops', message: `${player.name} has ${have} ${vocabulary.word(type, have)} left in ${AREAS.nameOf(order.from)}`, field: 'units' };
    }
    return undefined;
  },
  cost: () => 0,
  candidates(_l, ctx, player) {
    const from = [...new Set(ctx.state.troops.filter((t) => t.owner === player.id).map((t) => t.at))];
    return from.flatMap((f) => Object.keys(ctx.state.areas).filter((to) => to !== f).map((to) => ({ kind: 'march' as const, units: { knight: 1 }, from: f, to })));
  },
};

/** A seat plays the kingdom of its id; its orders spend the kingdom's gold. */
export const kingdomSeat: OrderSeat<Kingdoms, Kingdom> = {
  playerOf: (ctx) => ctx.state.kingdoms.find((k) => k.id === ctx.seat),
  noPlayer: (ctx) => ({ code: 'no-kingdom', message: `seat '${ctx.seat}' rules no kingdom` }),
  budget: (k) => k.gold,
};

export const language = orderLanguage([widen(declareSpec), widen(hireSpec), widen(marchSpec)], kingdomSeat);

export const opening: Kingdoms = {
  kingdoms: [
    { id: 'red', name: 'Red', gold: 10, atWarWith: [] },
    { id: 'blue', name: 'Blue', gold: 3, atWarWith: [] },
  ],
  troops: [
    { id: 'r1', owner: 'red', type: 'knight', at: 'north' },
    { id: 'r2', owner: 'red', type: 'knight', at: 'north' },
    { id: 'r3', owner: 'red', type: 'archer', at: 'north' },
    { id: 'b1', owner: 'blue', type: 'archer', at: 'blue-castle' },
  ],
  areas: { north: 'red', south: 'red', 'red-castle': 'red', 'blue-castle': 'blue' },
};

const step: StepInfo = { id: 't1.orders', turn: 1, segment: 'orders', seats: ['red', 'blue'], phases: ['declare', 'hire', 'march'] };

export const ctxOf = (seat: string, state: Kingdoms = opening): Ctx => ({ state, seat, step });
