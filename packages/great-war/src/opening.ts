import { type Result, type Problem, err, ok } from '@umpire/engine';
import { openingBoard, type Board } from './base/board.js';
import { type GreatWarState, majorsOf, emptyLedger, minorsOf, emptyLandTurn, emptyAirTurn, emptySeaTurn, emptyInvasionTurn, friendlyAtStart } from './base/nations.js';
import { loadTechnologies, loadUnits, loadScenario, forcesFiles, forcesFileName, type UnitTable } from './data/load.js';
import type { ScenarioFile } from './data/schema.js';
import { incomeOf } from './economy/resources.js';
import { loadWorld } from './data/world.js';
import type { PoliticsState } from './base/nations.js';
import { openingDiplomacy } from './p01-diplomacy/diplomacy.js';
import { openingSurrender } from './p01-diplomacy/surrender.js';
import { openingUsa } from './p01-neutrals/united-states.js';
import { openingOttoman } from './p01-neutrals/ottoman.js';
import { openingItaly } from './p01-neutrals/italy.js';
import { openingJapan } from './p01-neutrals/japan.js';
import { openingChina } from './p01-neutrals/china.js';
import { openingOptions } from './p01-options/shared.js';
import { openingRevolution } from './p15-special/revolution.js';
import { openingMutiny } from './p15-special/mutiny.js';
import { openingSpain } from './p15-special/spain.js';
import { openingUpgrades } from './p02-technology/upgrades.js';
import type { WorldMap } from './data/map.js';
import { terrainRules } from './data/terrain.js';

/** The opening record of the politics of the war: each part's own. */
export function openingPolitics(): PoliticsState {
  return {
    usEntry: 0,
    diplomacy: openingDiplomacy(),
    surrender: openingSurrender(),
    usa: openingUsa(),
    ottoman: openingOttoman(),
    italy: openingItaly(),
    japan: openingJapan(),
    china: openingChina(),
    options: openingOptions(),
    revolution: openingRevolution(),
    mutiny: openingMutiny(),
    spain: openingSpain(),
    upgrades: openingUpgrades(),
  };
}

/** The opening state of a scenario. */

export function openingState(scenario: ScenarioFile, techIds: readonly string[], board: Board): GreatWarState {
  const wars = new Map<string, Set<string>>(scenario.nations.map((n) => [n.id, new Set<string>()]));
  for (const [a, b] of scenario.wars) {
    wars.get(a)!.add(b);
    wars.get(b)!.add(a);
  }
  return {
    scenario: scenario.id,
    nations: majorsOf(scenario).map((n) => ({
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
      manpower: n.manpower.map((m) => ({ region: m.region, name: m.name, limit: m.limit, built: 0 })),
      unitVariants: [],
      industrialCredit: 0,
      purchases: [],
      placeableAtStart: [],
      ledger: emptyLedger(n.treasury),
    })),
    minors: minorsOf(scenario).map((m) => ({
      id: m.id,
      name: m.name,
      abbreviation: m.abbreviation,
      side: m.side,
      diplomacy: m.diplomacy,
      hardToInfluence: m.hardToInfluence,
      controller: m.controller,
      atWarWith: [...wars.get(m.id)!].sort(),
      treasury: m.treasury,
      productionPercent: scenario.minorIncome.percent,
    })),
    board,
    land: emptyLandTurn(),
    air: emptyAirTurn(),
    sea: emptySeaTurn(),
    invasion: emptyInvasionTurn(),
    conquered: {},
    afghanistan: { occupiers: [], rebellions: [] },
    economicWar: { surroundedTurns: 0, unrestrictedSubmarineWarfare: false },
    politics: openingPolitics(),
  };
}
/** Ruleset.setup: the opening state, or the problems of the data files (map, scenario, forces). */

export function setup(scenario: string): Result<GreatWarState, Problem[]> {
  const techs = loadTechnologies();
  if (!techs.ok) return techs;
  const units = loadUnits();
  if (!units.ok) return units;
  const data = loadScenario(scenario);
  if (!data.ok) return data;
  if (data.value.id !== scenario) return err([{ code: 'data-check', message: `scenario file ${scenario} calls itself '${data.value.id}'`, path: '$.id' }]);
  const world = loadWorld(scenario);
  if (!world.ok) return world;
  const board = scenarioBoard(world.value, data.value, units.value, forcesFiles[scenario], forcesFileName(scenario));
  if (!board.ok) return board;
  const state = openingState(data.value, techs.value.list.map((t) => t.id), board.value);
  // One turn of industrial-center money to start with, as the treasury is one turn of income (decision D-ECON-3).
  for (const n of state.nations) n.industrialCredit = incomeOf(state, n.id, world.value).credit;
  return ok(state);
}
/** The opening board: the map's 1914 owners and the scenario's forces, checked. */

export function scenarioBoard(world: WorldMap, scenario: ScenarioFile, units: UnitTable, forces: unknown, file: string): Result<Board, Problem[]> {
  if (forces === undefined) return err([{ code: 'data-check', message: `${file} is missing: a scenario needs its forces file` }]);
  const category = new Map(units.list.map((u) => [u.id as string, u.category]));
  const barred: Record<string, string[]> = {};
  for (const [id, rules] of Object.entries(terrainRules)) barred[id] = [...rules.barred];
  return openingBoard(
    world,
    forces,
    file,
    scenario.nations.map((n) => n.id),
    units.list.map((u) => u.id),
    {
      domain: (type) => {
        const c = category.get(type);
        return c === 'land' || c === 'air' || c === 'sea' ? c : c === undefined ? undefined : 'facility';
      },
      barred,
    },
    friendlyAtStart(scenario)
  );
}
