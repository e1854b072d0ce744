/**
 * The Great War in charts for the web client: the treasury and production of the major nations whose money the reader
 * sees (a seat its own nation's: each nation's money is its own secret), the US Entry track with the marks where the
 * USA may join a side (data/united-states.json), and each camp's losses per turn.
 */
import type { Chart, ChartSet, ChartsTool, GameRecord, Json } from '@umpire/engine';
import { majorsOf, type GreatWarState, type NationState } from '../base/nations.js';
import { scenarioData } from '../data/load.js';
import { usaRules } from '../data/united-states.js';
import { warSeries } from '../views/war-series.js';

const CAMP_NAMES: Record<string, string> = { allied: 'Allies', central: 'Central Powers', neutral: 'Neutrals' };

/** A track value with its sign, as the chart labels it: '+10', '−10'. */
const signed = (v: number) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0');

type Viewed = Omit<NationState, 'ledger' | 'treasury'> & { readonly ledger: NationState['ledger'] | null; readonly treasury: number | null };

function series(record: GameRecord, views: readonly { readonly turn: number; readonly state: Json }[]): ChartSet {
  const byTurn = [...views].sort((a, b) => a.turn - b.turn);
  const opening = byTurn[0];
  if (!opening || opening.turn !== 0) throw new Error('the views of a game start with the opening (turn 0)');
  // Withheld money (null in the view) counts as none for the series; the charts draw the money of the readable alone.
  const known = (state: Json): Json => {
    const view = state as unknown as GreatWarState & { nations: Viewed[] };
    const nations = view.nations.map((n) => (n.ledger === null ? { ...n, treasury: 0, ledger: { collected: 0 } } : n));
    return { ...view, nations } as unknown as Json;
  };
  const position = (state: Json) => ({ clock: { turn: 0, segment: 0 }, state: known(state) });
  const afterTurn = new Map(byTurn.filter((v) => v.turn > 0).map((v) => [v.turn, position(v.state)]));
  const s = warSeries(record, position(opening.state), afterTurn);
  const last = byTurn.at(-1)!.state as unknown as GreatWarState & { nations: Viewed[] };
  const majors = majorsOf(scenarioData(last.scenario)).map((n) => n.id);
  const money = majors.filter((id) => last.nations.some((n) => n.id === id && n.treasury !== null));
  const nations = s.nations.filter((n) => majors.includes(n.id) && money.includes(n.id));
  const per = (data: Readonly<Record<string, readonly number[]>>) => nations.map((n) => ({ name: n.name, values: data[n.id] ?? [] }));
  const whose = nations.length === 1 ? nations[0]!.name : 'each major nation';
  const track = usaRules().track;
  const camps = Object.keys(s.lossesValue).filter((c) => c !== 'neutral' || s.lossesValue[c]!.some((v) => v > 0));
  const charts: Chart[] = [
    ...(nations.length > 0
      ? [
          { id: 'treasury', title: `Treasury of ${whose}`, yLabel: 'Resources', lines: per(s.treasury) },
          { id: 'production', title: `Production of ${whose}`, yLabel: 'Resources collected', lines: per(s.production) },
        ]
      : []),
    {
      id: 'us-entry',
      title: 'The US Entry track',
      yLabel: 'US Entry',
      lines: [{ name: 'US Entry', values: s.usEntry }],
      rules: [
        { value: track.alliesAt, label: `${signed(track.alliesAt)}: the USA may join the Allies` },
        { value: track.centralAt, label: `${signed(track.centralAt)}: the USA may join the Central Powers` },
      ],
    },
    { id: 'losses', title: 'Losses of each camp per turn', yLabel: 'Value lost (resources)', lines: camps.map((c) => ({ name: CAMP_NAMES[c] ?? c, values: s.lossesValue[c] ?? [] })) },
  ];
  const notes =
    nations.length < majors.length
      ? [`${nations.length ? "Only your own nation's treasury and production are shown: " : 'No treasury or production is shown: '}each nation's money is its own secret (its treasury, its income, what it spends).`]
      : [];
  return { turns: s.turns, labels: s.labels, charts, notes };
}

export const greatWarCharts: ChartsTool = { series };
