import { technologyTable } from './data.js';
import type { GreatWarState } from './nations.js';
import { sides } from './schema.js';

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
  return out;
}
