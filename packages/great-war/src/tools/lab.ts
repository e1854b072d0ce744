/**
 * What the balance lab (`umpire lab`, docs/lab.md) follows in the Great War's games: who won by camp, when the USA,
 * Italy and the Ottoman Empire entered the war and on which side, when the Russian Revolution began, what each nation
 * produced turn by turn; and the data files a run may change with `--set`.
 */
import type { Json, LabFacts, LabGame, LabTool } from '@umpire/engine';
import { sideOf } from '../base/conquest.js';
import type { GreatWarState } from '../base/nations.js';
import { botsData } from '../bots/bot-data.js';
import { forcesFileName, overridableDataFiles, scenarioData, scenarioFileName, setDataOverrides, shippedDataFile, TECHNOLOGIES_FILE, UNITS_FILE } from '../data/load.js';
import { RULES_FILE } from '../data/rules.js';
import { judgeVictory } from '../victory.js';
import { warSeries } from '../views/war-series.js';

const ALLIED = '#0072B2';
const CENTRAL = '#D55E00';

/** The nations whose entry into the war the lab follows. */
const ENTRIES = ['usa', 'italy', 'ottoman-empire'] as const;
const REVOLUTION = 'revolution';

/** The camp of a result's winners in the final state: 'allied', 'central', or the winning nation itself. */
function winnerOf(state: GreatWarState, winners: readonly string[]): string {
  const sides = new Set(winners.map((w) => sideOf(state, w) ?? 'neutral'));
  if (sides.size === 1) {
    const [side] = [...sides];
    if (side === 'allied' || side === 'central') return side;
  }
  return winners.length === 1 ? winners[0]! : winners.length === 0 ? 'nobody' : winners.join('+');
}

function summarise(game: LabGame): LabFacts {
  const series = warSeries(game.record, game.opening, game.afterTurn);
  const final = game.final.state as unknown as GreatWarState;
  const result = game.record.result;
  const winner = result ? winnerOf(final, result.winners) : 'unfinished';
  // Who would win had the war ended after the last turn played: the end-of-war conditions judged on the final state.
  const ifEnded = result ? null : judgeVictory(final, scenarioData(game.scenario).calendar.turns + 1);
  const entry = (n: string) => {
    const e = series.entries[n];
    return e ? { turn: e.turn, way: e.side } : null;
  };
  return {
    winner,
    standing: ifEnded ? winnerOf(final, ifEnded.winners) : winner,
    milestones: {
      ...Object.fromEntries(ENTRIES.map((n) => [n, entry(n)])),
      [REVOLUTION]: series.revolutionTurn === null ? null : { turn: series.revolutionTurn },
    },
    series: Object.fromEntries(Object.entries(series.production).map(([n, v]) => [n, v.slice(1)])),
  };
}

export const greatWarLab: LabTool = {
  camps: { allied: { name: 'Allies', colour: ALLIED }, central: { name: 'Central Powers', colour: CENTRAL } },
  milestones: [
    {
      id: 'entries',
      heading: 'Entries into the war',
      title: 'When the USA, Italy and the Ottoman Empire enter the war, and on which side',
      xLabel: 'turn of entry',
      members: ENTRIES,
      memberHeading: 'nation',
      ways: {
        allied: { name: 'Allies', label: 'joins the Allies', past: 'joined the Allies', colour: ALLIED },
        central: { name: 'Central Powers', label: 'joins the Central Powers', past: 'joined the Central Powers', colour: CENTRAL },
      },
      never: 'never enters',
      turn: 'entry turn',
    },
    {
      id: 'revolution',
      heading: 'The Russian Revolution',
      title: 'When the Russian Revolution begins',
      xLabel: 'turn the revolution begins',
      members: [REVOLUTION],
      memberHeading: 'event',
      ways: { '': { label: 'begins', past: 'began', colour: '#CC0000' } },
      never: 'never begins',
    },
  ],
  series: { id: 'production', heading: 'Production', title: 'Mean production per nation per turn', yLabel: 'resources collected', memberHeading: 'nation', total: 'production' },
  names(scenario) {
    let nations = new Map<string, string>();
    try {
      nations = new Map(scenarioData(scenario).nations.map((n) => [n.id, n.name]));
    } catch {
      // a scenario this build does not ship: ids as they are
    }
    return (id) => (id === REVOLUTION ? 'the revolution' : (nations.get(id) ?? id));
  },
  summarise,
  data: {
    files: (scenario) => ({ rules: RULES_FILE, units: UNITS_FILE, technologies: TECHNOLOGIES_FILE, scenario: scenarioFileName(scenario), forces: forcesFileName(scenario) }),
    example: 'rules:landCombat.artilleryPerAttacker=2',
    // Rule numbers copied into constants when the ruleset loads (placement.ts, resources.ts, naval-invasions.ts).
    fixed: { [RULES_FILE]: ['economy.nonCitySurcharge', 'economy.retoolCost', 'economy.industrialCenterCredit', 'economy.giftArrivesPercent', 'invasion.coastalDefenceUnit'] },
    shipped: (file) => shippedDataFile(file) as Json | undefined,
    decides: () => ({ data: Object.fromEntries(overridableDataFiles().map((f) => [f, shippedDataFile(f) as Json])), bots: botsData() as unknown as Json }),
    override: (files) => setDataOverrides(files),
  },
};
