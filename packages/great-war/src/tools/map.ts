/**
 * The map picture of the Great War for the programs around the rules (the CLI's `umpire map`, the server's turn mails,
 * the web client): its sheets, a state drawn on them with a turn's battles marked, and the opening position.
 */
import type { Json, MapTool } from '@umpire/engine';
import type { GreatWarState } from '../base/nations.js';
import { battleAreas, mapSheets, stateMapSvg } from '../views/state-map.js';
import { setup } from '../opening.js';

const SHEETS = [
  { id: 'europe', label: 'Europe and the Middle East' },
  { id: 'fronts', label: 'The fronts' },
  { id: 'world', label: 'The world' },
  { id: 'all', label: 'All sheets' },
] as const;

const sheetsOf = (id: string | undefined) => mapSheets[id ?? 'all'] ?? mapSheets['all']!;

export const greatWarMap: MapTool = {
  sheets: SHEETS,
  defaultSheet: 'all',
  draw: (state: Json, d) =>
    stateMapSvg(state as unknown as GreatWarState, {
      title: d.title,
      ...(d.subtitle !== undefined ? { subtitle: d.subtitle } : {}),
      battles: d.marks ?? [],
      width: d.width ?? 1600,
      sheets: sheetsOf(d.sheet),
    }),
  marks: battleAreas,
  opening(d) {
    const opening = setup('august-1914');
    if (!opening.ok) return opening;
    return stateMapSvg(opening.value, {
      title: 'The War to End All Wars: the world in August 1914',
      subtitle: (n) => `${n.territories} land territories, ${n.seas} sea zones; owners and forces at the start of the August 1914 scenario`,
      width: d.width ?? 1600,
      sheets: sheetsOf(d.sheet),
    });
  },
};
