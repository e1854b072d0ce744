import { hexesNamed } from '../base/hexes.js';
import { occupancy } from '../base/positions.js';
import type { Side } from '../base/sides.js';
import type { VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { ruleNumbers, shelf } from '../data/files.js';

/**
 * Clauses: VV-TUN-01, VV-TUN-02, VV-TUN-03, VV-TUN-04, VV-TUN-06.
 * What keeps the Channel tunnel open, for the rules that must not close it on purpose: a German infantry unit
 * (VB-UNIT-05, Crack Troops included) on the ground in Dover, the tunnel's entrance (decision D-AMB-17). The German
 * player may not move, advance or lose by his own choice the last one out while the tunnel is open; a rule that forces
 * it (a retreat, a loss with no other choice) may, and then the tunnel seals (tunnel.ts). While open, Dover is a German
 * ultimate supply source (VV-TUN-06, supply.ts). The rules that consult this module: movement orders (move.ts), the
 * advance after combat (advance.ts) and step losses (losses.ts).
 */

/** Why the German player may not empty Dover himself: the message of every refusal. */
export const TUNNEL_KEEPER = 'the last German infantry division in Dover keeps the tunnel open (VV-TUN-02, VV-TUN-03)';

/** The tunnel's entrance: the Dover hex (VV-TUN-01). */
export const doverHex = (): string => entrance();

// Looked up once for each set of data files: every step loss asks it.
const entrance = shelf.derive((): string => {
  const hex = hexesNamed(ruleNumbers().tunnel.entrance)[0];
  if (!hex) throw new Error(`data/rules.json: the tunnel's entrance '${ruleNumbers().tunnel.entrance}' is no place on the maps`);
  return hex;
});

/** The German infantry units on the ground in a hex, leaving out those named. */
export function germanInfantryIn(state: VernianState, hex: string, leaving: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const id of occupancy(state).get(hex) ?? []) {
    if (leaving.includes(id)) continue;
    const u = unitInfo(id);
    if (u.side === 'germany' && u.infantry) out.push(id);
  }
  return out;
}

/** Whether the tunnel is open and Dover holds German infantry that the units named leaving would all take away. */
export function emptiesDover(state: VernianState, leaving: readonly string[]): boolean {
  if (!state.tunnel.open) return false;
  const dover = doverHex();
  if (!leaving.some((id) => state.units[id]?.at === dover)) return false;
  return germanInfantryIn(state, dover).length > 0 && germanInfantryIn(state, dover, leaving).length === 0;
}

/**
 * Whether a state after an order leaves Dover without German infantry when the state before it had some, the tunnel
 * open: what a German order may never do (VV-TUN-02, VV-TUN-03).
 */
export function closesTunnel(before: VernianState, after: VernianState): boolean {
  if (!before.tunnel.open) return false;
  const dover = doverHex();
  return germanInfantryIn(before, dover).length > 0 && germanInfantryIn(after, dover).length === 0;
}

/**
 * The step-loss choices a side may make (D-AMB-17): while the tunnel is open, the German player keeps the last
 * German infantry in Dover when another choice exists, so the options that would eliminate it go when some remain.
 */
export function lossOptionsKeepingDover(state: VernianState, side: Side, options: readonly string[]): readonly string[] {
  if (side !== 'germany' || !state.tunnel.open) return options;
  const safe = options.filter((id) => !(state.units[id] && state.units[id].steps < 2 && emptiesDover(state, [id])));
  return safe.length ? safe : options;
}

/** Whether Dover counts as a German ultimate supply source by the tunnel's rule (VV-TUN-06): while the tunnel is open. */
export const doverIsGermanSource = (state: VernianState): boolean => state.tunnel.open;
