/**
 * What vernian gives the programs around its rules (engine `RulesetTools`): the data files, the map, the odds and
 * the balance lab's tool. The registry of installed rulesets (`@umpire/rulesets`) lists this object; no program names
 * vernian.
 */
import type { RuleBook, RulesetTools } from '@umpire/engine';
import { vernian } from '../index.js';
import { vernianBoard } from './board.js';
import { vernianData } from './data.js';
import { vernianMap } from './map.js';
import { vernianOdds } from './odds.js';
import { vernianLab } from './lab.js';

export const vernianTools: RulesetTools = {
  ruleset: vernian,
  data: vernianData,
  map: vernianMap,
  odds: vernianOdds,
  lab: vernianLab,
  board: vernianBoard,
  // The rule book, built from the docs and the last test run by scripts/rule-books.mjs; loaded only when asked for.
  ruleBook: () => import('../../data/rule-book.json', { with: { type: 'json' } }).then((m) => m.default as unknown as RuleBook),
};
