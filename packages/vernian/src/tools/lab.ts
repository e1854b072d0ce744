/**
 * What the balance lab (`umpire lab vernian`, docs/lab.md) follows in vernian's bot games: who won and how (French
 * cities, London, German cities, or the draw at the summer's end), when the Germans first took a hex of Paris and of
 * London and the Allies one of the Ruhr, and each side's city points turn by turn; and the data files a run may
 * change with `--set`. It plays no rule: it reads what the victory rules (VV-WIN, VB-WIN) decided.
 */
import type { Json, LabFacts, LabGame, LabMilestone, LabTool } from '@umpire/engine';
import { dataSpecs, ruleNumbers, shelf, shippedDataFile } from '../data/files.js';
import { hexesNamed } from '../base/hexes.js';
import { controller } from '../base/positions.js';
import type { Side } from '../base/sides.js';
import type { VernianState } from '../base/state.js';
import { cityPoints, holdsLondon } from '../victory/victory.js';

const GERMAN = '#D55E00';
const ALLIED = '#0072B2';

/** The milestones of the captures group: a place's hexes and the side whose first hex there the lab dates. */
const CAPTURES = { paris: 'germany', london: 'germany', ruhr: 'allies' } as const satisfies Record<string, Side>;
type Capture = keyof typeof CAPTURES;
const VICTORY = 'victory';

/** The hexes of a capture milestone, by the victory rules' names (data/rules.json `victory`). */
function placeHexes(place: Capture): readonly string[] {
  const v = ruleNumbers().victory;
  return hexesNamed(place === 'paris' ? v.germany.double : place === 'ruhr' ? v.allies.double : v.london.place);
}

/** How a finished game was won: 'french-cities', 'london' or 'german-cities'; undefined for a draw. */
function wayWon(state: VernianState): string | undefined {
  const winner = state.over?.winner;
  if (winner === 'allies') return 'german-cities';
  if (winner === 'germany') return holdsLondon(state) ? 'london' : 'french-cities';
  return undefined;
}

function summarise(game: LabGame): LabFacts {
  const final = game.final.state as unknown as VernianState;
  const result = game.record.result;
  const winner = result ? (result.winners[0] ?? 'nobody') : 'unfinished';
  const turns = [...game.afterTurn.keys()].sort((a, b) => a - b);
  const states = turns.map((t) => [t, game.afterTurn.get(t)!.state as unknown as VernianState] as const);
  const first = (place: Capture): LabMilestone | null => {
    const hexes = placeHexes(place);
    const found = states.find(([, s]) => hexes.some((h) => controller(s, h) === CAPTURES[place]));
    return found ? { turn: found[0] } : null;
  };
  const way = wayWon(final);
  const lastTurn = game.record.steps.at(-1)?.turn ?? 0;
  return {
    winner,
    // Had the game stopped after its last turn played, the summer would not have ended in a win: a draw.
    standing: result ? winner : 'nobody',
    milestones: {
      ...Object.fromEntries((Object.keys(CAPTURES) as Capture[]).map((p) => [p, first(p)])),
      [VICTORY]: way ? { turn: lastTurn, way } : null,
    },
    // The Allies first: the lab's chart colours its lines in this order, blue then orange, as the camps are coloured.
    series: Object.fromEntries((['allies', 'germany'] as const).map((side) => [side, states.map(([, s]) => cityPoints(s, side))])),
  };
}

const NAMES: Readonly<Record<string, string>> = {
  germany: 'the Germans',
  allies: 'the Allies',
  paris: 'Paris',
  london: 'London',
  ruhr: 'the Ruhr',
  [VICTORY]: 'sudden death',
};

export const vernianLab: LabTool = {
  camps: { germany: { name: 'the Germans', colour: GERMAN }, allies: { name: 'the Allies', colour: ALLIED } },
  milestones: [
    {
      id: 'captures',
      heading: 'First captures',
      title: 'The first hex of Paris, London (German) or the Ruhr (Allied)',
      xLabel: 'Operational Turn of the first capture',
      members: Object.keys(CAPTURES),
      memberHeading: 'place',
      ways: { '': { label: 'taken', past: 'was taken', colour: '#CC0000' } },
      never: 'never taken',
      turn: 'capture turn',
    },
    {
      id: 'sudden-death',
      heading: 'Sudden death',
      title: 'When and how a side won before the summer ended',
      xLabel: 'Operational Turn of the win',
      members: [VICTORY],
      memberHeading: 'win',
      ways: {
        'french-cities': {
          name: 'French cities',
          label: 'the Germans by French cities',
          past: 'won by the Germans on French cities',
          colour: GERMAN,
        },
        london: { name: 'London', label: 'the Germans by London', past: 'won by the Germans in London', colour: '#8C3B00' },
        'german-cities': {
          name: 'German cities',
          label: 'the Allies by German cities',
          past: 'won by the Allies on German cities',
          colour: ALLIED,
        },
      },
      never: 'no sudden death',
      turn: 'turn of the win',
    },
  ],
  series: {
    id: 'city-points',
    heading: 'City points',
    title: 'Mean city points of each side (win: Germans 11, Allies 6)',
    yLabel: 'city points',
    memberHeading: 'side',
    total: 'city points',
  },
  names: () => (id) => NAMES[id] ?? id,
  summarise,
  data: {
    files: () => Object.fromEntries(dataSpecs.map((s) => [s.file.replace(/^data\/|\.json$/g, ''), s.file])),
    example: 'rules:victory.germany.points=9',
    shipped: (file) => shippedDataFile(file) as Json | undefined,
    decides: () => Object.fromEntries(shelf.files.map((f) => [f, shippedDataFile(f) as Json])),
    override: (files) => shelf.override(files),
  },
};
