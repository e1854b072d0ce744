/**
 * What vernian gives the programs around its rules (engine `RulesetTools`). The registry of installed rulesets
 * (`@umpire/rulesets`) lists this object; no program names vernian.
 */
import type { RulesetTools } from '@umpire/engine';
import { vernian } from '../index.js';
import { vernianBoard } from './board.js';
import { vernianData } from './data.js';
import { vernianMap } from './map.js';
import { vernianOdds } from './odds.js';

export const vernianTools: RulesetTools = {
  ruleset: vernian,
  data: vernianData,
  map: vernianMap,
  odds: vernianOdds,
  board: vernianBoard,
};
