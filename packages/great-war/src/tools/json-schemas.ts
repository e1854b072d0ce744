import type { z } from 'zod';
import { jsonSchemaOf } from '@umpire/engine';
import { forcesFileSchema } from '../base/board.js';
import { linksFileSchema, sectionFileSchema, seedNamesSchema } from '../data/map.js';
import { mapStyleSchema } from '../views/map-picture.js';
import { scenarioFileSchema, technologyFileSchema, unitFileSchema } from '../data/schema.js';
import { terrainFileSchema } from '../data/terrain.js';
import { rulesFileSchema } from '../data/rules.js';
import { ottomanItalyFileSchema } from '../data/ottoman-italy.js';
import { specialRulesFileSchema } from '../data/special-rules.js';
import { optionsFileSchema } from '../data/national-options.js';
import { diplomacyFileSchema } from '../data/diplomacy.js';
import { japanChinaFileSchema } from '../data/far-east.js';
import { usaFileSchema } from '../data/united-states.js';
import { revolutionFileSchema } from '../data/revolution.js';
import { victoryFileSchema } from '../victory.js';
import { botsFileSchema } from '../bots/bot-data.js';

/**
 * JSON Schemas of every data file, generated from the zod schemas the ruleset checks them with, so that a host
 * editing a scenario in an editor gets completion and errors. `umpire data schema great-war --out DIR` writes
 * them; the copies in packages/great-war/schemas/ are kept current by a test.
 */
const files = {
  technologies: { schema: technologyFileSchema, title: 'The War to End All Wars: technology table', applies: 'data/technologies.json' },
  units: { schema: unitFileSchema, title: 'The War to End All Wars: unit table', applies: 'data/units.json' },
  scenario: { schema: scenarioFileSchema, title: 'The War to End All Wars: scenario (nations, calendar, wars)', applies: 'data/scenarios/*.json' },
  forces: { schema: forcesFileSchema, title: 'The War to End All Wars: starting forces of a scenario', applies: 'data/scenarios/*-forces.json' },
  'map-section': { schema: sectionFileSchema, title: 'The War to End All Wars: a map section', applies: 'data/map/{europe,middle-east,africa,north-america,asia-pacific,central-asia}.json' },
  'map-links': { schema: linksFileSchema, title: 'The War to End All Wars: links between map sections, or passages', applies: 'data/map/{cross-sections,passages}.json' },
  'seed-names': { schema: seedNamesSchema, title: 'The War to End All Wars: the place names of the rule book', applies: 'data/map/seed-names.json' },
  'map-style': { schema: mapStyleSchema, title: 'The War to End All Wars: map colours', applies: 'data/map/style.json' },
  terrain: { schema: terrainFileSchema, title: 'The War to End All Wars: special territories', applies: 'data/terrain.json' },
  rules: { schema: rulesFileSchema, title: "The War to End All Wars: the rule book's numbers the phases use", applies: 'data/rules.json' },
  'ottoman-italy': { schema: ottomanItalyFileSchema, title: 'The War to End All Wars: the Ottoman Empire and Italy while neutral, and the options that sway them', applies: 'data/ottoman-italy.json' },
  'special-rules': { schema: specialRulesFileSchema, title: 'The War to End All Wars: mutinies, the Spanish garrison and the French option 1', applies: 'data/special-rules.json' },
  'national-options': { schema: optionsFileSchema, title: 'The War to End All Wars: the national options of the belligerents', applies: 'data/national-options.json' },
  diplomacy: { schema: diplomacyFileSchema, title: 'The War to End All Wars: the numbers of diplomacy and surrender', applies: 'data/diplomacy.json' },
  'japan-china': { schema: japanChinaFileSchema, title: 'The War to End All Wars: Japan, China and the cessions to China', applies: 'data/japan-china.json' },
  'united-states': { schema: usaFileSchema, title: 'The War to End All Wars: the United States (US Entry track, events, options)', applies: 'data/united-states.json' },
  revolution: { schema: revolutionFileSchema, title: 'The War to End All Wars: the Russian Revolution', applies: 'data/revolution.json' },
  victory: { schema: victoryFileSchema, title: 'The War to End All Wars: victory conditions', applies: 'data/victory.json' },
  bots: { schema: botsFileSchema, title: "The War to End All Wars: the numbers and plans of the general's versions (the bots)", applies: 'data/bots.json' },
} as const;

export type SchemaName = keyof typeof files;

export function jsonSchemas(): Record<SchemaName, Record<string, unknown>> {
  const out = {} as Record<SchemaName, Record<string, unknown>>;
  for (const [name, f] of Object.entries(files) as [SchemaName, (typeof files)[SchemaName]][]) {
    out[name] = jsonSchemaOf({ file: f.applies, title: f.title, schema: f.schema as z.ZodType });
  }
  return out;
}
