import europe from '../../data/map/europe.json' with { type: 'json' };
import middleEast from '../../data/map/middle-east.json' with { type: 'json' };
import africa from '../../data/map/africa.json' with { type: 'json' };
import northAmerica from '../../data/map/north-america.json' with { type: 'json' };
import asiaPacific from '../../data/map/asia-pacific.json' with { type: 'json' };
import centralAsia from '../../data/map/central-asia.json' with { type: 'json' };
import crossSections from '../../data/map/cross-sections.json' with { type: 'json' };
import passages from '../../data/map/passages.json' with { type: 'json' };
import seedNames from '../../data/map/seed-names.json' with { type: 'json' };
import type { Problem, Result } from '@umpire/engine';
import { checkWorld, type MapFiles, type WorldMap } from './map.js';
import { scenarioData, clearedOnDataChange } from './load.js';

/** The shipped map files, by file name, as parsed JSON. */
export const shippedMapFiles: MapFiles = {
  'europe.json': europe,
  'middle-east.json': middleEast,
  'africa.json': africa,
  'north-america.json': northAmerica,
  'asia-pacific.json': asiaPacific,
  'central-asia.json': centralAsia,
  'cross-sections.json': crossSections,
  'passages.json': passages,
  'seed-names.json': seedNames,
};

const worlds = new Map<string, Result<WorldMap, Problem[]>>();
clearedOnDataChange(() => worlds.clear());

/** The shipped world map, checked against a scenario's nations (cached). */
export function loadWorld(scenario = 'august-1914'): Result<WorldMap, Problem[]> {
  let w = worlds.get(scenario);
  if (!w) {
    w = checkWorld(shippedMapFiles, scenarioData(scenario).nations.map((n) => n.id));
    worlds.set(scenario, w);
  }
  return w;
}

/** The shipped world map; throws if the shipped files are broken (`umpire data check` says where). */
export function theWorld(scenario = 'august-1914'): WorldMap {
  const w = loadWorld(scenario);
  if (!w.ok) throw new Error(`the shipped map is broken: ${w.error.slice(0, 5).map((p) => `${p.message} at ${p.path}`).join('; ')}`);
  return w.value;
}
