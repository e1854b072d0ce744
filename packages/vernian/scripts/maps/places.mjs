// Put the named places of places.json on the hexes of a map.
// - A place goes to the hex that holds its point; that hex becomes land of the place's nation if it was not.
// - Multi-hex places first: `cluster` adds, one by one, the free neighbour nearest to the place's point (or to
//   `toward`) among those touching the most hexes already taken by the place; `ring` adds all six neighbours.
//   The added hexes are named from `parts`: each hex takes the nearest part not used yet.
// - Then the other required places, then the optional ones, in file order. A required place whose hex is taken
//   moves to the nearest free land neighbour; an optional one is left out, and so is an optional place whose hex
//   is sea or land of another nation (only required places change a hex). Everything is logged.
import { makeLand } from './classify.mjs';

const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Hex features of one placed hex. */
function placeFeatures(place, extra = {}) {
  const f = { place: place.id, [place.kind]: true, ...extra };
  if (place.fortress) f.fortress = true;
  if (place.port && !extra.suburb) f.port = true;
  return f;
}

export function placePlaces(grid, hexes, allPlaces, log) {
  const mine = allPlaces.filter((p) => !p.offMap && grid.def.nations.includes(p.nation));
  const ordered = [
    ...mine.filter((p) => (p.hexes ?? 1) > 1),
    ...mine.filter((p) => (p.hexes ?? 1) === 1 && !p.optional),
    ...mine.filter((p) => (p.hexes ?? 1) === 1 && p.optional),
  ];
  const taken = new Map(); // hex id → { name, features, place }
  const placements = []; // { place, hexes: [{ id, name }], moved?, dropped?, reason? }
  const take = (id, place, name, features) => {
    const hex = hexes.get(id);
    if (!hex.land || hex.nation !== place.nation) {
      log(`${grid.def.prefix}: ${id} made ${place.nation} land for ${name} (was ${hex.land ? hex.nation : 'sea'})`);
      makeLand(hex, place.nation);
    }
    taken.set(id, { name, features, place });
  };
  const freeNeighbours = (id) => grid.neighbours(id).filter((n) => !taken.has(n));

  for (const place of ordered) {
    const xy = grid.project([place.lon, place.lat]);
    const at = grid.hexAtXY(xy);
    if (!at) {
      if (!place.optional) log(`${grid.def.prefix}: required place ${place.name} is off the map`);
      placements.push({ place, hexes: [], dropped: true, reason: 'off the map' });
      continue;
    }
    if ((place.hexes ?? 1) > 1) {
      placements.push({ place, hexes: placeMulti(grid, hexes, place, at, xy, taken, take, freeNeighbours, log) });
      continue;
    }
    let id = at;
    let moved;
    const hex = hexes.get(at);
    if (place.optional && (!hex.land || hex.nation !== place.nation)) {
      const what = hex.land ? `${hex.nation} land` : 'sea';
      placements.push({ place, hexes: [], dropped: true, reason: `its hex ${at} is ${what}` });
      continue;
    }
    if (taken.has(at)) {
      if (place.optional) {
        placements.push({ place, hexes: [], dropped: true, reason: `its hex ${at} holds ${taken.get(at).name}` });
        continue;
      }
      const free = freeNeighbours(at).filter((n) => hexes.get(n).land);
      free.sort((a, b) => dist(grid.centre(a), xy) - dist(grid.centre(b), xy) || (a < b ? -1 : 1));
      if (!free.length) throw new Error(`no free hex for ${place.name} near ${at}`);
      id = free[0];
      moved = `its hex ${at} holds ${taken.get(at).name}`;
      log(`${grid.def.prefix}: ${place.name} moved from ${at} to ${id} (${moved})`);
    }
    take(id, place, place.name, placeFeatures(place));
    placements.push({ place, hexes: [{ id, name: place.name }], moved });
  }
  return { taken, placements };
}

function placeMulti(grid, hexes, place, at, xy, taken, take, freeNeighbours, log) {
  const n = place.hexes;
  const group = [at];
  if (place.shape === 'ring') {
    for (const id of grid.neighbours(at)) if (!taken.has(id)) group.push(id);
  } else {
    const target = place.toward ? grid.project(place.toward) : xy;
    while (group.length < n) {
      const candidates = [...new Set(group.flatMap(freeNeighbours))].filter((id) => !group.includes(id));
      const score = (id) => group.filter((g) => !grid.neighbours(g).includes(id)).length;
      candidates.sort((a, b) => score(a) - score(b) || dist(grid.centre(a), target) - dist(grid.centre(b), target) || (a < b ? -1 : 1));
      if (!candidates.length) break;
      group.push(candidates[0]);
    }
  }
  if (group.length !== n) log(`${grid.def.prefix}: ${place.name} has ${group.length} hexes, not ${n}`);
  // Names: the anchor hex keeps the place's name; each added hex takes the nearest unused part.
  const names = new Map([[at, place.name]]);
  const pairs = group
    .slice(1)
    .flatMap((id) => place.parts.map((part) => ({ id, part, d: dist(grid.centre(id), grid.project([part.lon, part.lat])) })));
  pairs.sort((a, b) => a.d - b.d || (a.id < b.id ? -1 : 1) || (a.part.name < b.part.name ? -1 : 1));
  const used = new Set();
  for (const { id, part } of pairs) {
    if (names.has(id) || used.has(part.name)) continue;
    names.set(id, part.name);
    used.add(part.name);
  }
  const placed = [];
  for (const id of group) {
    const suburb = place.shape === 'ring' && id !== at;
    take(id, place, names.get(id), placeFeatures(place, suburb ? { suburb: true } : {}));
    placed.push({ id, name: names.get(id) });
  }
  return placed;
}
