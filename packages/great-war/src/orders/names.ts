import { nameIndex, type NameIndex } from '@umpire/engine';
import type { WorldMap } from '../data/map.js';
import { theWorld } from '../data/world.js';

/**
 * The names of areas players type, read by the engine's name index (engine src/orders/names.ts): a name, an alias,
 * an id or an unambiguous beginning of one, in any case, with spaces and punctuation ignored ('n sea', 'North-Sea',
 * 'north sea' are the North Sea). Every order kind that names a place uses `lookupArea`, so all orders read place
 * names the same way.
 */

/** A land territory or a sea zone. */
export type AreaKind = 'land' | 'sea';

export type AreaLookup =
  | { readonly ok: true; readonly id: string; readonly name: string; readonly kind: AreaKind }
  | { readonly ok: false; readonly reason: 'unknown'; readonly suggestion?: string }
  | { readonly ok: false; readonly reason: 'ambiguous'; readonly names: readonly string[] };

const indexes = new WeakMap<WorldMap, Partial<Record<AreaKind | 'any', NameIndex>>>();

function areaIndex(world: WorldMap, kind: AreaKind | 'any'): NameIndex {
  let byKind = indexes.get(world);
  if (!byKind) indexes.set(world, (byKind = {}));
  let index = byKind[kind];
  if (!index) {
    const areas = [...(kind === 'sea' ? [] : world.territories), ...(kind === 'land' ? [] : world.seas)];
    index = nameIndex(areas.map((a) => ({ id: a.id, name: a.name, aliases: a.aliases })));
    byKind[kind] = index;
  }
  return index;
}

/**
 * An area of the map from what a player typed: its name, an alias (the rule book's spellings), its id, or an
 * unambiguous beginning of one of them. `kind` limits the search to land territories or sea zones; without it
 * both are searched (so that an order can say 'Paris is a land territory' rather than 'no sea zone Paris').
 *
 *     lookupArea('paris')            // { ok: true, id: 'paris', name: 'Paris', kind: 'land' }
 *     lookupArea('north')            // { ok: false, reason: 'ambiguous', names: ['North Sea', ...] }
 *     lookupArea('Pariss')           // { ok: false, reason: 'unknown', suggestion: 'Paris' }
 */
export function lookupArea(typed: string, opts: { readonly kind?: AreaKind; readonly world?: WorldMap } = {}): AreaLookup {
  const world = opts.world ?? theWorld();
  const r = areaIndex(world, opts.kind ?? 'any').lookup(typed);
  if (!r.ok) return r;
  return { ok: true, id: r.id, name: r.name, kind: world.territory.has(r.id) ? 'land' : 'sea' };
}

/** The display name of an area id ('north-sea' is 'North Sea'); the id itself if there is no such area. */
export function areaName(id: string, world: WorldMap = theWorld()): string {
  return world.names.get(id) ?? id;
}

/** The kind of an area id, or undefined if the map has no such area. */
export function areaKind(id: string, world: WorldMap = theWorld()): AreaKind | undefined {
  return world.territory.has(id) ? 'land' : world.sea.has(id) ? 'sea' : undefined;
}
