import { err, ok, type Problem, type Result } from '@umpire/engine';
import { loadScenario, loadTechnologies } from './data.js';
import type { ScenarioFile, Side, UnitType } from './schema.js';

/**
 * The nations and the game state. The engine's clock holds the turn; the state holds what the rules change.
 * State is plain JSON: nations are an array so that their order (the seat order) survives canonical JSON.
 */

export type NationState = {
  id: string;
  name: string;
  abbreviation: string;
  side: Side;
  /** Whether a player (or a bot) sends orders for this nation. */
  seat: boolean;
  /** Nations this one is at war with, sorted. */
  atWarWith: string[];
  /** Saved resources. Never negative. */
  treasury: number;
  /** Resources collected per turn while neutral, where the rules cap it; null: no cap. For phase 14. */
  incomeCap: number | null;
  /** Technology level by technology id, 0 to its number of advances; every technology is listed. */
  tech: { [techId: string]: number };
  /** Gated units the nation could build before any advance (tank prototypes). */
  mayBuildAtStart: UnitType[];
};

export type GreatWarState = {
  scenario: string;
  nations: NationState[];
};

export function nationOf(state: GreatWarState, id: string): NationState | undefined {
  return state.nations.find((n) => n.id === id);
}

/** The seats, in seat order: the order orders are resolved in. */
export function seatsOf(state: GreatWarState): string[] {
  return state.nations.filter((n) => n.seat).map((n) => n.id);
}

export function atWar(state: GreatWarState, a: string, b: string): boolean {
  return nationOf(state, a)?.atWarWith.includes(b) ?? false;
}

/** The opening state of a scenario. */
export function openingState(scenario: ScenarioFile, techIds: readonly string[]): GreatWarState {
  const wars = new Map<string, Set<string>>(scenario.nations.map((n) => [n.id, new Set<string>()]));
  for (const [a, b] of scenario.wars) {
    wars.get(a)!.add(b);
    wars.get(b)!.add(a);
  }
  return {
    scenario: scenario.id,
    nations: scenario.nations.map((n) => ({
      id: n.id,
      name: n.name,
      abbreviation: n.abbreviation,
      side: n.side,
      seat: n.seat,
      atWarWith: [...wars.get(n.id)!].sort(),
      treasury: n.treasury,
      incomeCap: n.incomeCap,
      tech: Object.fromEntries(techIds.map((id) => [id, n.tech[id] ?? 0])),
      mayBuildAtStart: [...n.mayBuildAtStart],
    })),
  };
}

/** Ruleset.setup: the opening state, or the problems of the data files. */
export function setup(scenario: string): Result<GreatWarState, Problem[]> {
  const techs = loadTechnologies();
  if (!techs.ok) return techs;
  const data = loadScenario(scenario);
  if (!data.ok) return data;
  if (data.value.id !== scenario) return err([{ code: 'data-check', message: `scenario file ${scenario} calls itself '${data.value.id}'`, path: '$.id' }]);
  return ok(openingState(data.value, techs.value.list.map((t) => t.id)));
}
