/**
 * What the Great War gives the programs around its rules (engine `RulesetTools`): the map picture, the data files, the
 * odds calculator, what the lab follows and the web client's charts. The registry of installed rulesets
 * (`@umpire/rulesets`) lists this object; no program names the Great War.
 */
import type { RuleBook, RulesetTools } from '@umpire/engine';
import { greatWar } from '../index.js';
import { greatWarMap } from './map.js';
import { greatWarData } from './data.js';
import { greatWarOdds } from './odds.js';
import { greatWarCharts } from './charts.js';
import { greatWarBoard } from './board.js';
import { greatWarLab } from './lab.js';

export const greatWarTools: RulesetTools = {
  ruleset: greatWar,
  map: greatWarMap,
  data: greatWarData,
  odds: greatWarOdds,
  charts: greatWarCharts,
  board: greatWarBoard,
  lab: greatWarLab,
  // The rule book, built from the docs and the last test run by scripts/rule-books.mjs; loaded only when asked for.
  ruleBook: () => import('../../data/rule-book.json', { with: { type: 'json' } }).then((m) => m.default as unknown as RuleBook),
};
