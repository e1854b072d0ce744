import { piecesData, ruleNumbers } from '../data/files.js';
import { knownPiece, perHexLimit, pieceStackingByHex, pieceType, type PieceKind } from '../base/pieces.js';
import { fortressHexes, hexFacts, isPlayable } from '../base/hexes.js';
import { occupancy, stackingSteps } from '../base/positions.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { tunnelInvariants } from '../england/tunnel.js';
import { passengerInvariants } from '../air/zeppelins.js';
import { airInvariants } from '../air/missions.js';

/**
 * Clauses: VB-STACK-01, VB-STEP-01, VB-MAP-05, VB-FORT-09, VV-ZEP-09, VV-ETH-06, VV-TANK-02, VV-WCPD-06, VV-WCPD-12,
 * VV-VDG-05, VV-VDG-06, VV-VDG-10, VV-TUN-04, VB-TURN-15.
 * What must hold after every step (the fuzzer checks it): units stand on land hexes a unit may stand on, never two
 * sides in one hex, no hex over six steps and one HQ, steps within the counter's, destroyed fortresses real ones; the
 * variant's pieces known, on land, at most five Zeppelins, five flyers of a side and one Tank a hex; each tunnel unit
 * due once on the Turn Record Track, an open tunnel held by German infantry in Dover; the inventions within their limits;
 * no flyer left in the air and no hex left interdicted.
 */
export function invariants(state: VernianState): string[] {
  const out: string[] = [];
  const occ = occupancy(state);
  const limit = ruleNumbers().stacking;
  const pieceSteps = pieceStackingByHex(state);
  for (const [hex, ids] of occ) {
    if (!isPlayable(hexFacts(hex))) out.push(`units on ${hex}, which is no land hex a unit may stand on: ${ids.join(', ')}`);
    if (new Set(ids.map((id) => unitInfo(id).side)).size > 1) out.push(`both sides in ${hex}: ${ids.join(', ')}`);
    const { steps, hqs } = stackingSteps(state, hex, occ, pieceSteps);
    if (steps > limit.steps || hqs > limit.hqs) out.push(`${hex} holds ${steps} steps and ${hqs} HQs`);
  }
  for (const [id, u] of Object.entries(state.units)) {
    if (isOnMap(u.at) && (u.steps < 1 || u.steps > unitInfo(id).type.steps)) out.push(`${id} has ${u.steps} steps`);
  }
  const forts = new Set(fortressHexes());
  for (const hex of state.fortsLost) if (!forts.has(hex)) out.push(`${hex} is no fortress but is listed destroyed`);
  const inv = state.inventions;
  const most = ruleNumbers().inventions.most;
  if (inv.wcpd > most || inv.vdg > most) out.push(`${inv.wcpd} WCPDs and ${inv.vdg} generators built, more than ${most}`);
  if (inv.storms.length > inv.wcpd) out.push(`${inv.storms.length} Storm markers for ${inv.wcpd} WCPDs`);
  if (inv.generators.length > inv.vdg) out.push(`${inv.generators.length} generators standing, ${inv.vdg} built`);
  for (const hex of inv.generators) {
    const h = hexFacts(hex);
    if (!h?.city || h.nation !== 'germany') out.push(`a generator stands in ${hex}, which is no German city`);
    if ((occ.get(hex) ?? []).some((id) => unitInfo(id).side === 'allies')) out.push(`a generator stands in ${hex} among Allied units`);
  }
  out.push(...tunnelInvariants(state));
  return [...out, ...pieceInvariants(state), ...passengerInvariants(state), ...airInvariants(state)];
}

/** The variant's pieces: known ids and types, on land hexes, within the limits of a hex (VV-ZEP-09, VV-ETH-06, VV-TANK-02). */
function pieceInvariants(state: VernianState): string[] {
  const out: string[] = [];
  const count = new Map<string, number>();
  for (const [id, p] of Object.entries(state.pieces)) {
    if (!knownPiece(id)) out.push(`${id} is no piece of data/pieces.json`);
    if (!piecesData().types[p.type]) {
      out.push(`${id} has the unknown type ${p.type}`);
      continue;
    }
    if (!isOnMap(p.at)) continue;
    if (!isPlayable(hexFacts(p.at))) out.push(`${id} is on ${p.at}, which is no land hex`);
    const kind = pieceType(p.type).kind;
    const key = `${p.at} ${kind} ${p.side}`;
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  for (const [key, n] of count) {
    const [hex, kind, side] = key.split(' ') as [string, PieceKind, string];
    const limit = perHexLimit(kind);
    if (limit !== undefined && n > limit) out.push(`${hex} holds ${n} ${side} pieces of kind ${kind}, over ${limit}`);
  }
  return out;
}
