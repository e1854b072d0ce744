/**
 * The board of the Great War as a client shows it beside the map: the areas (territories and sea zones), the panel of
 * one area (its holder, value, buildings, terrain, trenches, the units there), who holds what, and the orders a seat
 * may give from an area by clicking (moves and sailings with the odds of an attack, builds).
 */
import type { AreaFacts, BoardTool, ClickOffer, Json, OrdersContext } from '@umpire/engine';
import { nationName } from '../base/conquest.js';
import { greatWar, plannedAttackOdds, scenarioData, theWorld, unitName, type GreatWarOrders, type GreatWarState } from '../index.js';

const asState = (state: Json): GreatWarState => state as unknown as GreatWarState;

function namesOf(state: GreatWarState) {
  const scenario = scenarioData(state.scenario);
  return {
    name: (n: string) => nationName(state, n),
    abbreviation: (n: string) => scenario.nations.find((x) => x.id === n)?.abbreviation ?? n.slice(0, 3).toUpperCase(),
  };
}

function info(view: Json, id: string): AreaFacts | undefined {
  const state = asState(view);
  const world = theWorld(state.scenario);
  const territory = world.territory.get(id);
  const sea = world.sea.get(id);
  if (!territory && !sea) return undefined;
  const { name: nationName, abbreviation } = namesOf(state);
  const byNation = new Map<string, Map<string, { count: number; damaged: number }>>();
  for (const u of state.board.units) {
    if (u.at !== id) continue;
    const types = byNation.get(u.nation) ?? new Map<string, { count: number; damaged: number }>();
    const t = types.get(u.type) ?? { count: 0, damaged: 0 };
    t.count++;
    if (u.damage > 0) t.damaged++;
    types.set(u.type, t);
    byNation.set(u.nation, types);
  }
  const units = [...byNation].map(([nation, types]) => ({
    holder: nation,
    holderName: nationName(nation),
    abbreviation: abbreviation(nation),
    types: [...types].map(([type, t]) => ({ type, name: unitName(type as never), count: t.count, damaged: t.damaged })),
  }));
  const trenches = state.board.trenches
    .filter((t) => t.territory === id)
    .map((t) => `${t.super ? 'Super trench' : 'Trench'} of ${t.nation} facing ${world.names.get(t.facing) ?? t.facing}`);
  const trenchFact = { label: 'Trenches', value: trenches.length ? trenches : 'none' };
  if (sea) return { id, name: sea.name, kind: 'sea zone', facts: [trenchFact], units };
  const t = territory!;
  const hold = state.board.territories[id];
  const owner = hold?.owner ?? t.owner;
  const conquered = owner !== t.owner ? ` — conquered from ${nationName(t.owner)}${hold?.incorporated ? '' : ', not yet incorporated'}` : '';
  const features = [
    ...(t.capital ? ['capital'] : []),
    ...(t.industrialComplex ? ['industrial complex'] : []),
    ...(t.port ? ['port'] : []),
    ...(t.city ? ['city'] : []),
    ...(t.supplyCenter ? ['supply centre'] : []),
    ...(hold?.retooled?.length ? [`retooled: ${hold.retooled.join(', ')}`] : []),
  ];
  return {
    id,
    name: t.name,
    kind: 'territory',
    facts: [
      { label: 'Owner', value: `${nationName(owner)} (${abbreviation(owner)})${conquered}`, testId: 'area-owner' },
      { label: 'Value', value: String(t.value) },
      { label: 'Buildings', value: features.length ? features.join(', ') : 'none' },
      ...(t.terrain.length ? [{ label: 'Terrain', value: t.terrain.join(', ') }] : []),
      trenchFact,
    ],
    units,
  };
}

function offer(text: string, octx: OrdersContext<Json>, area: string): ClickOffer {
  const state = asState(octx.state);
  const ctx = { ...octx, state };
  const seat = ctx.seat;
  const parsed = greatWar.parseOrders(text, ctx);
  const draft: GreatWarOrders = parsed.ok ? parsed.value : greatWar.emptyOrders(ctx);
  const actions = greatWar.actionsAt?.(draft, ctx, area) ?? [];
  const world = theWorld(state.scenario);
  type Move = ClickOffer['moves'][number] & { destinations: { id: string; name: string; label: string }[] };
  const moves = new Map<string, Move>();
  const builds: { what: string; label: string }[] = [];
  for (const { label, next } of actions) {
    // The offered order itself says where it goes and with what; its label says it in the player's words.
    const order = next.orders.at(-1) as { kind?: string; to?: string; units?: Record<string, number> } | undefined;
    if ((order?.kind === 'move' || order?.kind === 'sail') && order.to && order.units) {
      const kind = order.kind;
      const [type, count] = Object.entries(order.units)[0]!;
      const what = /^(?:move|sail) \d+ (.+?) from /.exec(label)?.[1] ?? type;
      const key = `${kind} ${what}`;
      const odds = kind === 'move' ? (dest: string, n: number) => plannedAttackOdds(state, seat, { from: area, to: dest, units: { [type]: n } }) : undefined;
      const group: Move = moves.get(key) ?? { kind, what, max: count, destinations: [], ...(odds ? { odds } : {}) };
      group.destinations.push({ id: order.to, name: world.names.get(order.to) ?? order.to, label });
      moves.set(key, group);
      continue;
    }
    const build = /^build \d+ (.+) in .+$/.exec(label);
    if (build) builds.push({ what: build[1]!, label });
  }
  const counts = new Map<string, number>();
  for (const u of state.board.units) if (u.at === area && u.nation === seat) counts.set(u.type, (counts.get(u.type) ?? 0) + 1);
  const units = [...counts].map(([type, count]) => ({ type, name: unitName(type as never), count }));
  for (const group of moves.values()) group.destinations.sort((a, b) => a.name.localeCompare(b.name));
  // Moves over land first, then sailings, as the panel lists them.
  const ordered = [...moves.values()].sort((a, b) => Number(a.kind === 'sail') - Number(b.kind === 'sail'));
  return { area, units, moves: ordered, builds, draftUnread: !parsed.ok };
}

export const greatWarBoard: BoardTool = {
  areas(view) {
    const world = theWorld(asState(view).scenario);
    return [...world.territories.map((t) => ({ id: t.id, name: t.name, kind: 'territory' })), ...world.seas.map((s) => ({ id: s.id, name: s.name, kind: 'sea zone' }))].sort((a, b) =>
      a.name.localeCompare(b.name),
    );
  },
  titles(view) {
    const state = asState(view);
    const world = theWorld(state.scenario);
    const { name } = namesOf(state);
    const titles = new Map<string, string>();
    for (const t of world.territories) titles.set(t.id, `${t.name}: ${name(state.board.territories[t.id]?.owner ?? t.owner)}`);
    for (const s of world.seas) titles.set(s.id, `${s.name} (sea zone)`);
    return titles;
  },
  info,
  holders(view) {
    const state = asState(view);
    const holders = new Set(Object.values(state.board.territories).map((t) => t.owner));
    return scenarioData(state.scenario)
      .nations.filter((n) => holders.has(n.id))
      .map((n) => ({ id: n.id, name: n.name, abbreviation: n.abbreviation }));
  },
  holdings(view, holder) {
    return Object.entries(asState(view).board.territories)
      .filter(([, t]) => t.owner === holder)
      .map(([id]) => id);
  },
  offer,
};
