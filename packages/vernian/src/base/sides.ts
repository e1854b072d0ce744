/**
 * Clauses: VB-UNIT-01, VB-UNIT-02, VB-CTRL-01.
 * The two sides and the nations on each: `germany` moves the German units, `allies` the French, British, Belgian and
 * American ones. Friendly and enemy are by side, never by nation.
 */
export type Side = 'germany' | 'allies';

export const SIDES: readonly Side[] = ['germany', 'allies'];

const SIDE_OF_NATION: Readonly<Record<string, Side>> = {
  germany: 'germany',
  france: 'allies',
  britain: 'allies',
  belgium: 'allies',
  usa: 'allies',
};

/** The side a unit's nation fights on. */
export function sideOfNation(nation: string): Side {
  const side = SIDE_OF_NATION[nation];
  if (!side) throw new Error(`no side for the nation '${nation}'`);
  return side;
}

export const otherSide = (side: Side): Side => (side === 'germany' ? 'allies' : 'germany');

/** The side that controls a land hex of this nation at the start (VB-CTRL-01); neutral nations: none. */
export function startingController(nation: string | undefined): Side | undefined {
  if (nation === 'germany' || nation === 'luxembourg') return 'germany';
  if (nation === 'france' || nation === 'belgium' || nation === 'britain') return 'allies';
  return undefined;
}

/** The Netherlands and Switzerland: no unit enters, no zone, path, retreat or advance passes (VB-MAP-05). */
export const isNeutralNation = (nation: string | undefined): boolean =>
  nation === 'netherlands' || nation === 'switzerland' || nation === 'italy';

const NATION_NAMES: Readonly<Record<string, string>> = {
  germany: 'Germany',
  france: 'France',
  britain: 'Britain',
  belgium: 'Belgium',
  usa: 'the United States',
  luxembourg: 'Luxembourg',
  netherlands: 'the Netherlands',
  switzerland: 'Switzerland',
  italy: 'Italy',
};

export const nationName = (nation: string): string => NATION_NAMES[nation] ?? nation;
export const sideName = (side: Side): string => (side === 'germany' ? 'the Germans' : 'the Allies');
