import { type Result, type Problem, refuse, err, ok } from '@umpire/engine';
import { nationName, relation } from '../base/conquest.js';
import type { WorldMap } from '../data/map.js';
import { type GreatWarState } from '../base/nations.js';
import { adjust } from '../base/reactions.js';
import { enemiesIn } from '../base/counting.js';

/**
 * The two ends of a move or a flight: land territories, not the same, and a destination held by the nation, an ally
 * or an enemy, never a nation it is not at war with (D-SIM-5). `hostile`: into an enemy's territory, or where enemies stand.
 */
export function checkEnds(
  state: GreatWarState,
  world: WorldMap,
  presence: ReadonlyMap<string, ReadonlySet<string>>,
  nation: string,
  from: string,
  to: string,
  what: string,
  notLand: string,
): Result<{ readonly hostile: boolean }, Problem> {
  const name = (id: string) => world.names.get(id) ?? id;
  const no = refuse;
  if (!world.territory.has(from)) return no('not-a-territory', `${name(from)} is not a land territory`, 'from');
  if (!world.territory.has(to)) return no('not-a-territory', `${name(to)} is not a land territory${notLand}`, 'to');
  if (from === to) return no('same-territory', `${what} goes from one territory to another; ${name(from)} is both`, 'to');
  const holder = state.board.territories[to]?.owner ?? '';
  const rel = relation(state, nation, holder);
  if (rel === 'neutral') return no('not-at-war', `${name(to)} is held by ${nationName(state, holder)}, and ${nationName(state, nation)} is not at war with ${nationName(state, holder)}: declare war first`, 'to');
  const hostile = rel === 'hostile' || enemiesIn(state, presence, to, nation);
  const refusal = adjust(state, 'move-end', { world, nation, to, hostile }, undefined);
  return refusal ? err(refusal) : ok({ hostile });
}

/** Areas within `steps` borders of `from` over the given links, `from` left out, in id order. */
export function areasWithin(world: WorldMap, from: string, steps: number, links: readonly string[]): string[] {
  const seen = new Set([from]);
  let frontier = [from];
  for (let i = 0; i < steps; i++) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const n of world.graph.neighbours(id, links as never)) {
        if (seen.has(n.id)) continue;
        seen.add(n.id);
        next.push(n.id);
      }
    }
    frontier = next;
  }
  seen.delete(from);
  return [...seen].sort();
}
