import type { GameRecord, Json, Problem, StepInfo } from '@umpire/engine';
import {
  greatWar,
  majorsOf,
  plannedAttackOdds,
  mapSheets,
  scenarioData,
  stateMapSvg,
  theWorld,
  unitName,
  warSeries,
  type GreatWarState,
  type MinorState,
  type NationState,
  type WarSeries,
} from '@umpire/great-war';

/**
 * The game as the server shows this reader: its record (a seat's own record, or the public one) and its views of the
 * states (the ruleset's view: the seat's own secrets, the other seats' withheld). Nothing is replayed in the browser:
 * the server works out every state from the whole record and sends each reader only what its seat may see.
 */

/** The money of a nation that only the nation itself sees: null in the view of anyone else. */
type Money = 'treasury' | 'industrialCredit' | 'ledger' | 'purchases';

/** A state as the server shows it to this reader: the money of the nations the reader may not see withheld (null). */
export type ViewState = Omit<GreatWarState, 'nations' | 'minors'> & {
  nations: (Omit<NationState, Money> & { [K in Money]: NationState[K] | null })[];
  minors: (Omit<MinorState, 'treasury'> & { treasury: number | null })[];
};

/**
 * A view as the ruleset's functions take a state. The functions the client calls (the map, the areas, the order
 * language and the odds of the seat's own orders) read no nation's money but the seat's own, which its view holds.
 */
export const asState = (view: Json | ViewState): GreatWarState => view as unknown as GreatWarState;

/** The step open for orders and the state it starts from, as the seat sees it. */
export interface OpenStep {
  readonly step: StepInfo;
  readonly state: GreatWarState;
}

/** What the page holds of a game: the reader's record, the last resolved turn, and the step open for orders. */
export interface GameData {
  readonly record: GameRecord;
  readonly lastTurn: number;
  readonly open?: OpenStep;
}

/** A phase's name for people: 'land-combat' → 'land combat'. */
export const phaseLabel = (phase: string): string => phase.replace(/-/g, ' ');

export const SHEETS = [
  { id: 'europe', label: 'Europe and the Middle East' },
  { id: 'fronts', label: 'The fronts' },
  { id: 'world', label: 'The world' },
  { id: 'all', label: 'All sheets' },
] as const;
export type SheetId = (typeof SHEETS)[number]['id'];

/** The map of a state as SVG text, the turn's battles marked. */
export function mapSvg(state: GreatWarState, title: string, sheet: SheetId, battles: readonly string[] = []): string {
  const drawn = stateMapSvg(state, { title, battles, width: 1600, sheets: mapSheets[sheet] ?? mapSheets['europe']! });
  if (!drawn.ok) throw new Error(`the map cannot be drawn: ${drawn.error.map((p) => p.message).join('; ')}`);
  return drawn.value;
}

export { battleAreas as battlesOf } from '@umpire/great-war';

export interface AreaInfo {
  readonly id: string;
  readonly name: string;
  readonly kind: 'land' | 'sea';
  /** The holder of a land territory, and who held it in 1914 when that differs. */
  readonly owner?: { readonly id: string; readonly name: string; readonly abbreviation: string };
  readonly originalOwner?: { readonly id: string; readonly name: string };
  readonly incorporated?: boolean;
  readonly value?: number;
  /** Capital, industrial complex, port, city, supply centre; terrain. */
  readonly features: readonly string[];
  readonly terrain: readonly string[];
  /** Units here by nation, each with its counts by type. */
  readonly units: readonly { readonly nation: string; readonly nationName: string; readonly abbreviation: string; readonly types: readonly { readonly type: string; readonly name: string; readonly count: number; readonly damaged: number }[] }[];
  /** Trenches guarding this territory: which nation, facing which neighbour, super or not. */
  readonly trenches: readonly { readonly nation: string; readonly facing: string; readonly facingName: string; readonly super: boolean }[];
}

/** Everything the map shows of one area, and what the state knows of it, for the area panel. */
export function areaInfo(state: GreatWarState, id: string): AreaInfo | undefined {
  const world = theWorld(state.scenario);
  const territory = world.territory.get(id);
  const sea = world.sea.get(id);
  if (!territory && !sea) return undefined;
  const scenario = scenarioData(state.scenario);
  const nationName = (n: string) => scenario.nations.find((x) => x.id === n)?.name ?? scenario.laterNations?.find((x) => x.id === n)?.name ?? n;
  const abbreviation = (n: string) => scenario.nations.find((x) => x.id === n)?.abbreviation ?? n.slice(0, 3).toUpperCase();
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
    nation,
    nationName: nationName(nation),
    abbreviation: abbreviation(nation),
    types: [...types].map(([type, t]) => ({ type, name: unitName(type as never), count: t.count, damaged: t.damaged })),
  }));
  const trenches = state.board.trenches
    .filter((t) => t.territory === id)
    .map((t) => ({ nation: t.nation, facing: t.facing, facingName: world.names.get(t.facing) ?? t.facing, super: t.super }));
  if (sea) return { id, name: sea.name, kind: 'sea', features: [], terrain: [], units, trenches };
  const t = territory!;
  const hold = state.board.territories[id];
  const owner = hold?.owner ?? t.owner;
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
    kind: 'land',
    owner: { id: owner, name: nationName(owner), abbreviation: abbreviation(owner) },
    ...(owner !== t.owner ? { originalOwner: { id: t.owner, name: nationName(t.owner) } } : {}),
    ...(hold ? { incorporated: hold.incorporated } : {}),
    value: t.value,
    features,
    terrain: t.terrain,
    units,
    trenches,
  };
}

/** Every area of the map, by name, for choosing one with the keyboard. */
export function areaList(scenario: string): { id: string; name: string; kind: 'land' | 'sea' }[] {
  const world = theWorld(scenario);
  return [...world.territories.map((t) => ({ id: t.id, name: t.name, kind: 'land' as const })), ...world.seas.map((s) => ({ id: s.id, name: s.name, kind: 'sea' as const }))].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
}

/** Orders text checked in the browser with the ruleset, as the server will check it. */
export function checkOrderText(text: string, open: OpenStep, seat: string): readonly Problem[] {
  const parsed = greatWar.parseOrders(text, { state: open.state, seat, step: open.step });
  return parsed.ok ? [] : parsed.error;
}

/** What the pointer shows over each area: its name, and its owner in words (not only in colour). */
export function areaTitles(state: GreatWarState): Map<string, string> {
  const world = theWorld(state.scenario);
  const scenario = scenarioData(state.scenario);
  const name = (n: string) => scenario.nations.find((x) => x.id === n)?.name ?? n;
  const titles = new Map<string, string>();
  for (const t of world.territories) titles.set(t.id, `${t.name}: ${name(state.board.territories[t.id]?.owner ?? t.owner)}`);
  for (const s of world.seas) titles.set(s.id, `${s.name} (sea zone)`);
  return titles;
}

/** "The opening" for turn 0, else the ruleset's label ("Turn 2, September 1914"). */
export function turnTitle(state: GreatWarState, turn: number): string {
  return turn === 0 ? 'The opening, before turn 1' : (greatWar.turnLabel?.(turn, state) ?? `Turn ${turn}`);
}

/** The nations that hold land, for marking their lands on the map. */
export function nationList(state: GreatWarState): { id: string; name: string; abbreviation: string }[] {
  const scenario = scenarioData(state.scenario);
  const holders = new Set(Object.values(state.board.territories).map((t) => t.owner));
  return scenario.nations.filter((n) => holders.has(n.id)).map((n) => ({ id: n.id, name: n.name, abbreviation: n.abbreviation }));
}

/** The territories a nation holds. */
export function landsOf(state: GreatWarState, nation: string): string[] {
  return Object.entries(state.board.territories)
    .filter(([, t]) => t.owner === nation)
    .map(([id]) => id);
}

/** An order the seat may give now (the ruleset's first legal action), to show what the order language looks like. */
export function exampleOrder(open: OpenStep, seat: string): string | undefined {
  const ctx = { state: open.state, seat, step: open.step };
  const first = greatWar.legalActions(greatWar.emptyOrders(ctx), ctx)[0];
  return first ? greatWar.formatOrders(first.next, ctx).trim() : undefined;
}

/** The orders a seat may give from one area, as the area panel offers them for giving orders by clicking. */
export interface ClickOffer {
  readonly area: string;
  /** The seat's own units there, by type. */
  readonly units: readonly { readonly type: string; readonly name: string; readonly count: number }[];
  /** Each stack moved (land) or sailed (sea), with the territories or zones it may reach. */
  readonly moves: readonly {
    readonly kind: 'move' | 'sail';
    readonly what: string;
    /** How many the order moves at most: the whole stack. */
    readonly max: number;
    readonly destinations: readonly { readonly id: string; readonly name: string; readonly label: string }[];
    /** The odds of the attack a move into enemy-held `to` makes with `count` units (none for a move that is no attack). */
    readonly odds?: (to: string, count: number) => { readonly attacker: number; readonly defender: number; readonly none: number } | undefined;
  }[];
  /** One of each unit the seat may build here. */
  readonly builds: readonly { readonly what: string; readonly label: string }[];
  /** The orders text did not read: the offer counts none of its orders. */
  readonly draftUnread: boolean;
}

/** An offered order's text with another count: "move 5 infantry from Paris to Amiens" with 3 moves 3. */
export function withCount(label: string, count: number): string {
  return label.replace(/^(\w+) \d+/, `$1 ${count}`);
}

/**
 * The legal orders that start at an area, given the orders already written (the text is the draft): the ruleset's
 * `actionsAt`, grouped for the panel. It takes a few milliseconds to some twenty: ask it only for a chosen area.
 */
export function ordersAt(text: string, open: OpenStep, seat: string, area: string): ClickOffer {
  const ctx = { state: open.state, seat, step: open.step };
  const parsed = greatWar.parseOrders(text, ctx);
  const draft = parsed.ok ? parsed.value : greatWar.emptyOrders(ctx);
  const actions = greatWar.actionsAt?.(draft, ctx, area) ?? [];
  const world = theWorld(open.state.scenario);
  const moves = new Map<string, { kind: 'move' | 'sail'; what: string; max: number; destinations: { id: string; name: string; label: string }[]; odds?: ClickOffer['moves'][number]['odds'] }>();
  const builds: { what: string; label: string }[] = [];
  for (const { label, next } of actions) {
    // The offered order itself says where it goes and with what; its label says it in the player's words.
    const order = next.orders.at(-1) as { kind?: string; to?: string; units?: Record<string, number> } | undefined;
    if ((order?.kind === 'move' || order?.kind === 'sail') && order.to && order.units) {
      const kind = order.kind;
      const [type, count] = Object.entries(order.units)[0]!;
      const what = /^(?:move|sail) \d+ (.+?) from /.exec(label)?.[1] ?? type;
      const key = `${kind} ${what}`;
      const odds = kind === 'move' ? (dest: string, n: number) => plannedAttackOdds(open.state, seat, { from: area, to: dest, units: { [type]: n } }) : undefined;
      const group = moves.get(key) ?? { kind, what, max: count, destinations: [], ...(odds ? { odds } : {}) };
      group.destinations.push({ id: order.to, name: world.names.get(order.to) ?? order.to, label });
      moves.set(key, group);
      continue;
    }
    const build = /^build \d+ (.+) in .+$/.exec(label);
    if (build) builds.push({ what: build[1]!, label });
  }
  const counts = new Map<string, number>();
  for (const u of open.state.board.units) if (u.at === area && u.nation === seat) counts.set(u.type, (counts.get(u.type) ?? 0) + 1);
  const units = [...counts].map(([type, count]) => ({ type, name: unitName(type as never), count }));
  for (const group of moves.values()) group.destinations.sort((a, b) => a.name.localeCompare(b.name));
  return { area, units, moves: [...moves.values()], builds, draftUnread: !parsed.ok };
}

/** The orders of a text, one a line, with their line numbers (blank lines and comments left out). */
export function orderLines(text: string): { line: number; text: string }[] {
  return text
    .split('\n')
    .map((t, i) => ({ line: i + 1, text: t.replace(/#.*$/, '').trim() }))
    .filter((l) => l.text.length > 0);
}

/** A text with one more order line at its end. */
export function appendLine(text: string, line: string): string {
  const body = text.replace(/\s+$/, '');
  return body ? `${body}\n${line}\n` : `${line}\n`;
}

/** A text with one line (1-based) taken out. */
export function removeLine(text: string, line: number): string {
  const lines = text.split('\n');
  lines.splice(line - 1, 1);
  return lines.join('\n');
}

/**
 * The war turn by turn for the charts (the ruleset's warSeries over the reader's views of every turn), the major
 * nations, and those of them whose treasury and production the reader sees: its own nation, or none for a visitor.
 */
export function warCharts(
  record: GameRecord,
  views: readonly { readonly turn: number; readonly state: Json | ViewState }[],
): { series: WarSeries; majors: string[]; money: string[] } {
  const byTurn = [...views].sort((a, b) => a.turn - b.turn);
  const opening = byTurn[0];
  if (!opening || opening.turn !== 0) throw new Error('the views of a game start with the opening (turn 0)');
  // Withheld money counts as none for the series; the charts draw the money of `money` nations alone.
  const known = (state: Json | ViewState): Json => {
    const view = state as unknown as ViewState;
    const nations = view.nations.map((n) => (n.ledger === null ? { ...n, treasury: 0, ledger: { collected: 0 } } : n));
    return { ...view, nations } as unknown as Json;
  };
  const position = (state: Json | ViewState) => ({ clock: { turn: 0, segment: 0 }, state: known(state) });
  const afterTurn = new Map(byTurn.filter((v) => v.turn > 0).map((v) => [v.turn, position(v.state)]));
  const series = warSeries(record, position(opening.state), afterTurn);
  const last = byTurn.at(-1)!.state as unknown as ViewState;
  const majors = majorsOf(scenarioData(last.scenario)).map((n) => n.id);
  const money = majors.filter((id) => last.nations.some((n) => n.id === id && n.treasury !== null));
  return { series, majors, money };
}
