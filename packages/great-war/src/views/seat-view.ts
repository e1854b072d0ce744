import type { GreatWarState, MinorState, NationState } from '../base/nations.js';

/**
 * What a seat may see of the war (decision D-NAT-5): everything on the map and on the political charts, every
 * nation's technology, and its own nation's money; the money of the others is withheld. A nation's money is what the
 * rules keep private, as its events show (they are visible to the nation alone): its treasury, the industrial credit
 * it may spend in the next build phase, the ledger of the turn's spending and income, and the units it has bought and
 * not yet placed, with what it paid for them. A minor nation's treasury is seen by the seat that controls it; one the
 * moderator runs, by nobody. A visitor (no seat) sees no nation's money.
 */

/** The parts of a major nation that only the nation itself sees. */
export const PRIVATE_NATION_FIELDS = ['treasury', 'industrialCredit', 'ledger', 'purchases'] as const;
export type PrivateNationField = (typeof PRIVATE_NATION_FIELDS)[number];

/** Another nation as a seat sees it: its private parts withheld (null), the rest as it stands. */
export type WithheldNation = Omit<NationState, PrivateNationField> & { [K in PrivateNationField]: null };
export type NationView = NationState | WithheldNation;
export type MinorView = MinorState | (Omit<MinorState, 'treasury'> & { treasury: null });

/** The state as a seat sees it: the state itself, the nations' private parts withheld where the seat may not see them. */
export type GreatWarView = Omit<GreatWarState, 'nations' | 'minors'> & { nations: NationView[]; minors: MinorView[] };

/** Whether a seat (undefined: a visitor) sees a major nation's money: only its own. */
export const seesNationMoney = (nation: string, seat: string | undefined): boolean => seat !== undefined && nation === seat;

/** Whether a seat sees a minor nation's treasury: the seat that controls it; one run by the moderator, nobody. */
export const seesMinorMoney = (minor: Pick<MinorState, 'controller'>, seat: string | undefined): boolean =>
  seat !== undefined && minor.controller !== 'moderator' && minor.controller === seat;

function withheld(nation: NationState): WithheldNation {
  const { treasury: _t, industrialCredit: _c, ledger: _l, purchases: _p, ...rest } = nation;
  return { ...rest, treasury: null, industrialCredit: null, ledger: null, purchases: null };
}

/**
 * A seat's view of a state (the ruleset's `view`): a new object; the state is not changed. Parts the seat sees are
 * the state's own objects, not copies.
 */
export function seatView(state: GreatWarState, seat: string | undefined): GreatWarView {
  return {
    ...state,
    nations: state.nations.map((n) => (seesNationMoney(n.id, seat) ? n : withheld(n))),
    minors: state.minors.map((m) => (seesMinorMoney(m, seat) ? m : { ...m, treasury: null })),
  };
}

/** Whether a nation of a view is shown with its money (the seat's own) or with it withheld. */
export const showsMoney = (nation: NationView): nation is NationState => nation.treasury !== null;
