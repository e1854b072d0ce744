import { createGame, openStep, resolveStep, submitOrders, type Game, type PhaseContext, type StepInfo } from '@umpire/engine';
import { hexBoard } from '../src/data/files.js';
import { findHex, hexFacts } from '../src/base/hexes.js';
import type { VernianState } from '../src/base/state.js';
import { openingState } from '../src/arrivals/opening.js';
import type { unitInfo } from '../src/base/units.js';
import { allUnits } from '../src/base/units.js';
import { vernian } from '../src/index.js';

/** The hex of a place ('Reims'), or a hex id as it is; throws for a place the map lacks (a broken test). */
export function at(name: string): string {
  const r = findHex(name);
  if (!r.ok) throw new Error(r.message);
  return r.hex;
}

/**
 * The opening with every unit off the map and no hex changed hands: a clean board to set a position on. Dover empty,
 * the tunnel is sealed and nothing is left on its track, its units gone (tunnel.test.ts sets up its own).
 */
export function cleared(): VernianState {
  const s = openingState();
  const tunnelUnits = new Set(s.tunnel.track.flatMap((stack) => stack.units));
  // The tunnel's units will never come on this board: they count as gone, so the tunnel invariants hold.
  for (const id of Object.keys(s.units)) s.units[id]!.at = tunnelUnits.has(id) ? 'out' : 'due';
  s.control = {};
  s.tunnel = { open: false, track: [], sealedAfter: null };
  return s;
}

/** Put units on hexes (ids or place names); returns the state. */
export function put(state: VernianState, where: Readonly<Record<string, string>>): VernianState {
  for (const [unit, hex] of Object.entries(where)) state.units[unit]!.at = at(hex);
  return state;
}

/** The first units of the order of battle matching a test: their ids. */
export function unitsWhere(test: (u: ReturnType<typeof unitInfo>) => boolean, count: number): string[] {
  const out = [...allUnits()].filter(test).map((u) => u.id);
  if (out.length < count) throw new Error(`only ${out.length} units match`);
  return out.slice(0, count);
}

/** A neighbour of a hex on its map that matches a test (in id order), for positions that do not hang on one map. */
export function neighbourWhere(hex: string, test: (id: string) => boolean): string {
  const n = hexBoard()
    .neighbours(hex)
    .map((c) => c.to)
    .find((id) => !hexBoard().crossing(hex, id)?.link && test(id));
  if (!n) throw new Error(`no neighbour of ${hex} fits`);
  return n;
}

export const isClear = (id: string) => hexFacts(id)?.terrain === 'clear' && !hexFacts(id)?.neutral;

/** A step of a test game: the step info a phase or an order check needs. */
export function stepInfo(segment: 'setup' | 'strategic' | 'german' | 'allied', turn = 2): StepInfo {
  const seats = segment === 'german' ? ['germany'] : segment === 'allied' ? ['allies'] : segment === 'setup' ? ['germany', 'allies'] : [];
  return { id: `t${turn}.${segment}`, turn, segment, seats, phases: [] };
}

/** A phase context for calling a phase directly: scripted dice, decisions by default, events collected. */
export function testContext(turn: number, dice: number[] = []): PhaseContext & { events: unknown[]; rolled: number[] } {
  const events: unknown[] = [];
  const rolled: number[] = [];
  const next = () => {
    const d = dice.shift();
    if (d === undefined) throw new Error('the test ran out of dice');
    rolled.push(d);
    return d;
  };
  return {
    step: stepInfo('german', turn),
    turn,
    options: {},
    standing: () => undefined,
    roll: () => next(),
    rollDice: (count: number) => Array.from({ length: count }, next),
    emit: (e) => void events.push(e),
    decide: (r) => r.default,
    events,
    rolled,
  };
}

/** A game of vernian with scripted dice, its set-up step resolved with no set-up orders. */
export function newGame(script: number[] = []): Game<VernianState> {
  const made = createGame<VernianState>(vernian, {
    gameId: 'test',
    dice: { mode: 'scripted', script },
    seats: [
      { id: 'germany', player: 'kaiser@example.org' },
      { id: 'allies', player: 'entente@example.org' },
    ],
  });
  if (!made.ok) throw new Error(made.error.map((p) => p.message).join('; '));
  return made.value;
}

/** Open the next step, send the orders given (text by seat), resolve it. */
export function playStep(game: Game<VernianState>, orders: Readonly<Record<string, string>> = {}): Game<VernianState> {
  const opened = openStep(vernian, game, undefined);
  if (!opened.ok) throw new Error(opened.error.map((p) => p.message).join('; '));
  let g = opened.value;
  for (const [seat, text] of Object.entries(orders)) {
    const r = submitOrders(vernian, g, seat, { text });
    if (!r.ok) throw new Error(r.error.map((p) => `${p.line ?? ''}:${p.column ?? ''} ${p.message}`).join('; '));
    g = r.value.game;
  }
  const resolved = resolveStep(vernian, g, undefined);
  if (!resolved.ok) throw new Error(resolved.error.map((p) => p.message).join('; '));
  return resolved.value.game;
}
