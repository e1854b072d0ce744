import { technologyTable, unitTable } from './data/load.js';
import { loadWorld } from './data/world.js';
import { nationOf } from './base/nations.js';
import { unitStats } from './base/units.js';
import type { GreatWarState } from './base/nations.js';
import { sides } from './data/schema.js';
import { aboardInvariants } from './sea/air-at-sea.js';
import { landInvariants } from './land/land-movement.js';
import { economyInvariants } from './economy/resources.js';
import { afghanInvariants } from './p15-special/afghanistan.js';
import { economicWarInvariants } from './p15-special/sea-trade.js';
import { cargoInvariants } from './sea/transports.js';
import { carrierInvariants } from './sea/carrier-operations.js';
import { equipmentInvariants } from './sea/ship-equipment.js';
import { partsInvariants } from './parts.js';

/** Rule invariants that must hold after every step; each string names a violation. */
export function invariants(state: GreatWarState): string[] {
  const table = technologyTable();
  const out: string[] = [];
  const ids = new Set<string>();
  for (const n of state.nations) {
    if (ids.has(n.id)) out.push(`nation ${n.id} appears twice`);
    ids.add(n.id);
    if (!Number.isInteger(n.treasury) || n.treasury < 0) out.push(`${n.name}'s treasury is ${n.treasury}; it is a whole number, never negative`);
    if (!(sides as readonly string[]).includes(n.side)) out.push(`${n.name} is on an unknown side '${n.side}'`);
    for (const tech of table.list) {
      const level = n.tech[tech.id];
      if (level === undefined) out.push(`${n.name} has no level in ${tech.name}`);
      else if (!Number.isInteger(level) || level < 0 || level > tech.maxAdvances) out.push(`${n.name} is at level ${level} of ${tech.name}, which has ${tech.maxAdvances} advance(s)`);
    }
    for (const key of Object.keys(n.tech)) if (!table.byId.has(key)) out.push(`${n.name} has a level in unknown technology '${key}'`);
  }
  for (const m of state.minors) {
    if (ids.has(m.id)) out.push(`nation ${m.id} appears twice`);
    ids.add(m.id);
    if (!Number.isInteger(m.treasury) || m.treasury < 0) out.push(`${m.name}'s treasury is ${m.treasury}; it is a whole number, never negative`);
    const camp = m.diplomacy === 'central-camp' ? 'central' : m.diplomacy === 'allied-camp' ? 'allied' : 'neutral';
    if (m.side !== camp) out.push(`${m.name} is on side '${m.side}' but its diplomatic position is '${m.diplomacy}'`);
  }
  const everyone = [...state.nations, ...state.minors];
  for (const n of everyone) {
    for (const enemy of n.atWarWith) {
      const other = everyone.find((x) => x.id === enemy);
      if (!other) out.push(`${n.name} is at war with unknown nation '${enemy}'`);
      else if (!other.atWarWith.includes(n.id)) out.push(`${n.name} is at war with ${other.name}, but not ${other.name} with ${n.name}`);
      else if (other.side === n.side && n.side !== 'neutral') out.push(`${n.name} and ${other.name} are on the same side and at war`);
      if (enemy === n.id) out.push(`${n.name} is at war with itself`);
    }
  }
  out.push(...boardInvariants(state));
  out.push(...landInvariants(state));
  out.push(...aboardInvariants(state));
  out.push(...carrierInvariants(state));
  out.push(...equipmentInvariants(state));
  out.push(...economyInvariants(state));
  out.push(...afghanInvariants(state));
  out.push(...economicWarInvariants(state));
  out.push(...partsInvariants(state));
  return out;
}

/** Every unit stands once, in an area that exists and suits it; every territory has a known holder; retooled marks are sound. */
export function boardInvariants(state: GreatWarState): string[] {
  const out: string[] = [];
  const world = loadWorld(state.scenario);
  if (!world.ok) return ['the map does not load'];
  const w = world.value;
  const nations = new Set([...state.nations.map((n) => n.id), ...state.minors.map((m) => m.id)]);
  const units = unitTable();
  const ids = new Set<string>();
  const hitsOf = new Map<string, number>();
  for (const u of state.board.units) {
    if (ids.has(u.id)) out.push(`unit ${u.id} appears twice`);
    ids.add(u.id);
    if (!nations.has(u.nation)) out.push(`unit ${u.id} belongs to unknown nation '${u.nation}'`);
    const entry = units.byId.get(u.type as never);
    if (!entry) out.push(`unit ${u.id} is of unknown type '${u.type}'`);
    const onLand = w.territory.has(u.at);
    if (!onLand && !w.sea.has(u.at)) out.push(`unit ${u.id} stands in unknown area '${u.at}'`);
    // Land units and aircraft stand at sea only aboard a ship: a transport (cargoInvariants), a carrier or an AA mount (aboardInvariants), radar and sonar on their ship (equipmentInvariants).
    else if (entry && (entry.category === 'sea') === onLand && !(u.aboard !== undefined && !onLand)) out.push(`unit ${u.id} (${u.type}) stands ${onLand ? 'on land' : 'at sea'} in ${u.at}`);
    const key = `${u.nation}/${u.type}`;
    let hits = hitsOf.get(key);
    if (hits === undefined) {
      hits = entry ? ((nationOf(state, u.nation) ? unitStats(state, u.nation, entry.id).hits : entry.hits) ?? 1) : 1;
      hitsOf.set(key, hits);
    }
    if (!Number.isInteger(u.damage) || u.damage < 0 || u.damage >= hits) out.push(`unit ${u.id} has damage ${u.damage} of ${hits} hits`);
  }
  out.push(...cargoInvariants(state, w));
  for (const t of w.territories) {
    const hold = state.board.territories[t.id];
    if (!hold) out.push(`territory ${t.id} has no holder`);
    else if (!nations.has(hold.owner)) out.push(`territory ${t.id} is held by unknown nation '${hold.owner}'`);
    // Retooled facilities (D-ECON-19): captured ones that stand there, each once, never on the 1914 owner's own land.
    if (hold?.retooled === undefined) continue;
    if (hold.retooled.length === 0) out.push(`territory ${t.id} has an empty retooled list`);
    if (hold.owner === t.owner) out.push(`territory ${t.id} is marked retooled, but ${hold.owner} held it in 1914: only a captured facility is retooled`);
    hold.retooled.forEach((f, i) => {
      const printed = f === 'industrial-complex' ? t.industrialComplex : f === 'port' ? t.port : false;
      if (f !== 'industrial-complex' && f !== 'port') out.push(`territory ${t.id} has a retooled '${String(f)}', which is no factory or port`);
      else if (!printed && !state.board.units.some((u) => u.at === t.id && u.type === f)) out.push(`territory ${t.id} has its ${f} retooled, but has none`);
      if (hold.retooled!.indexOf(f) !== i) out.push(`territory ${t.id} has its ${f} retooled twice`);
    });
  }
  return out;
}
