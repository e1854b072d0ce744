import { botNumbers } from '../data/files.js';
import { hexFacts, hexesNamed } from '../base/hexes.js';
import { occupancy } from '../base/positions.js';
import { pieceType } from '../base/pieces.js';
import { isOnMap } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { stormRefusal } from '../inventions/storms.js';
import { fightingInEngland, withdrawalRefusal } from '../england/withdrawal.js';
import { attackFactor } from '../combat/strength.js';
import { around } from './air-bases.js';
import { distanceField, FAR, objectives, type Orders } from './sight.js';

/**
 * Clauses: VV-WCPD-10, VV-WCPD-11, VV-WCPD-12, VV-WCPD-14, VV-ENG-02.
 * The Allies' other standing orders. Storms: with a WCPD built, its Storm markers go on the Allied-held hexes the
 * Germans threaten most, next Operational Turn (their defenders gain two shifts to the left, VV-WCPD-14): a city the
 * Germans want first, then the most German attack next to it, never a hex an Allied flyer is based in (it would be
 * held there). Withdrawal: once England is clear of Germans, every British ground unit there is named for withdrawal
 * except the data's `londonGuard` nearest London (the strongest first) (against Crack Troops landed by Zeppelin), so the next
 * Strategic Turn brings them to France (VV-ENG-02).
 */

/** The storms order: where the Storm markers the Allies have go next Operational Turn; nothing without a WCPD. */
export function placeStorms(orders: Orders): void {
  const state = orders.ctx.state;
  if (state.inventions.wcpd <= 0) return;
  const occ = occupancy(state);
  const wanted = new Set(objectives(state, 'germany'));
  const flyersAt = new Set(
    Object.values(state.pieces)
      .filter((p) => p.side === 'allies' && isOnMap(p.at) && pieceType(p.type).kind === 'flyer')
      .map((p) => p.at),
  );
  const germanPunch = (hex: string) =>
    around(hex)
      .slice(1)
      .reduce(
        (n, h) => n + (occ.get(h) ?? []).filter((u) => unitInfo(u).side === 'germany').reduce((s, u) => s + attackFactor(state, u), 0),
        0,
      );
  const hexes = [...occ.keys()]
    .filter((h) => (occ.get(h) ?? []).some((u) => unitInfo(u).side === 'allies' && unitInfo(u).combat))
    .filter((h) => stormRefusal(h) === undefined && !flyersAt.has(h))
    .map((id) => ({ id, punch: germanPunch(id), city: wanted.has(id) }))
    .filter((c) => c.punch > 0)
    .sort((a, b) => Number(b.city) - Number(a.city) || b.punch - a.punch || (a.id < b.id ? -1 : 1))
    .slice(0, state.inventions.wcpd)
    .map((c) => c.id);
  orders.add({ kind: 'storms', hexes });
}

/** The withdraw order once England is clear: the British there but London's guard. */
export function withdrawFromEngland(orders: Orders): void {
  const state = orders.ctx.state;
  if (fightingInEngland(state)) return;
  const british = Object.keys(state.units)
    .filter((id) => unitInfo(id).nation === 'britain' && withdrawalRefusal(state, id) === undefined)
    .sort();
  if (!british.length) return;
  const london = distanceField(hexesNamed('London').filter((h) => hexFacts(h)?.name === 'London'));
  const far = (id: string) => london.get(state.units[id]!.at) ?? FAR;
  const guard = british
    .filter((id) => unitInfo(id).combat)
    .sort((a, b) => far(a) - far(b) || attackFactor(state, b) - attackFactor(state, a) || (a < b ? -1 : 1))
    .slice(0, botNumbers().standing.londonGuard);
  const units = british.filter((id) => !guard.includes(id));
  if (units.length) orders.add({ kind: 'withdraw', units });
}
