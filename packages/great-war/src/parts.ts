/**
 * The rule parts of the Great War, in the rule book's order, with how each reacts to what the phases announce
 * (base/reactions.ts). The order of this list is the order in which the parts react, so that every game replays.
 * A special rule that changes a phase registers its reaction here instead of being imported by that phase.
 */
import type { Reacting } from '@umpire/engine';
import type { GreatWarState } from './base/nations.js';
import { switchboard, type Happening, type Questions } from './base/reactions.js';
import { declarationsOnJoin, declarationsOnPeace, declarationsOnWar, mayJoinSide } from './p01-diplomacy/diplomacy.js';
import { usaOnJoin, usaOnShift, usaOnTrade, usaOnWar, usEntryWithin } from './p01-neutrals/united-states.js';
import { ottomanOnJoin, ottomanOnWar } from './p01-neutrals/ottoman.js';
import { italyOnJoin, italyOnWar } from './p01-neutrals/italy.js';
import { japanOnWar } from './p01-neutrals/japan.js';
import { chinaOnWar } from './p01-neutrals/china.js';
import { upgradesOnAdvance } from './p02-technology/upgrades.js';
import { breakthroughOnCapture } from './land/breakthrough.js';
import { revolutionOnCapture } from './p15-special/revolution.js';
import { spainOnJoin } from './p15-special/spain.js';

export type GreatWarPart = Reacting<GreatWarState, Happening, Questions>;

export const ruleParts: readonly GreatWarPart[] = [
  {
    id: 'diplomacy', // Phase 1.1 and 1.2: the declarations of war, the bar after a forced peace, alliances
    reactions: {
      war: declarationsOnWar,
      peace: (state, ctx, h) => declarationsOnPeace(state, ctx, h.a, h.b, h.why),
      join: (state, ctx, h) => declarationsOnJoin(state, ctx, h.nation, h.side, h.cause),
    },
    adjustments: { 'may-join': (state, q, may) => may && mayJoinSide(state, q.nation, q.turn) },
  },
  {
    id: 'united-states', // The US Entry events and track (GW-USENTRY, GW-NEUT-USA)
    reactions: {
      war: usaOnWar,
      join: (state, ctx, h) => usaOnJoin(state, ctx, h.nation, h.side, h.cause),
      'us-entry-moved': (state) => usaOnShift(state),
      'us-trade-cut': (state, ctx) => usaOnTrade(state, ctx),
    },
    adjustments: { 'us-entry-bounds': (state, _q, wanted) => usEntryWithin(state, wanted) },
  },
  {
    id: 'ottoman', // The Ottoman triggers (GW-NEUT-OTT)
    reactions: { war: ottomanOnWar, join: (state, ctx, h) => ottomanOnJoin(state, ctx, h.nation, h.side, h.cause) },
  },
  {
    id: 'italy', // Italy's triggers (GW-NEUT-ITA)
    reactions: { war: italyOnWar, join: (state, ctx, h) => italyOnJoin(state, ctx, h.nation, h.side, h.cause) },
  },
  { id: 'japan', reactions: { war: japanOnWar } }, // Japan at war (GW-NEUT-JAP)
  { id: 'china', reactions: { war: chinaOnWar } }, // China's answer to a Japanese war (GW-NEUT-CHN)
  { id: 'upgrades', reactions: { advance: (state, _ctx, h) => upgradesOnAdvance(state, h.nation, h.tech, h.advance) } }, // Phase 2
  { id: 'breakthrough', reactions: { capture: (state, _ctx, h) => breakthroughOnCapture(state, h.territory) } }, // Phase 10
  { id: 'revolution', reactions: { capture: (state, _ctx, h) => revolutionOnCapture(state, h.territory, h.from, h.to, h.world) } }, // Phase 15
  { id: 'spain', reactions: { join: (state, ctx, h) => spainOnJoin(state, ctx, h.nation, h.side, h.cause) } }, // Phase 15
];

switchboard.install(ruleParts);
