// Hexside features: rivers along hexsides, and all-sea hexsides between land hexes that water separates.
import { segmentDistance } from './geo.mjs';
import { FLAT_KM, SIZE_KM, vertexKey } from './grid.mjs';

const pairKey = (a, b) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/**
 * The vertex graph of a map: every hex corner is a vertex, every hexside an edge between two corners. An edge
 * knows the two hexes on either side (one may be off the map).
 */
export function vertexGraph(grid) {
  const vertices = new Map(); // key → { uv, xy, edges: [{ to, hexes }] }
  const vertex = (uv) => {
    const key = vertexKey(uv);
    if (!vertices.has(key)) vertices.set(key, { key, uv, xy: grid.toXY(uv), edges: new Map() });
    return vertices.get(key);
  };
  for (const id of grid.ids) {
    for (const n of grid.around(id)) {
      const a = vertex(n.edge[0]);
      const b = vertex(n.edge[1]);
      const hexesOf = [id, n.id].filter(Boolean).sort();
      const prev = a.edges.get(b.key);
      const merged = prev ? [...new Set([...prev, ...hexesOf])].sort() : hexesOf;
      a.edges.set(b.key, merged);
      b.edges.set(a.key, merged);
    }
  }
  return vertices;
}

/** Cut a polyline (planar points) into the runs that lie on the map, densified to about 1 km. */
function onMapRuns(grid, points) {
  const dense = [];
  for (let i = 0; i < points.length - 1; i++) {
    const [a, b] = [points[i], points[i + 1]];
    const steps = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1])));
    for (let k = 0; k < steps; k++) dense.push([a[0] + ((b[0] - a[0]) * k) / steps, a[1] + ((b[1] - a[1]) * k) / steps]);
  }
  dense.push(points[points.length - 1]);
  const runs = [];
  let run = [];
  for (const p of dense) {
    if (grid.hexAtXY(p)) run.push(p);
    else if (run.length) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length) runs.push(run);
  return runs.filter((r) => r.length > 2);
}

/** Distance from a point to a densified polyline. */
function polylineDistance(p, run) {
  let best = Infinity;
  for (let i = 0; i < run.length - 1; i++) best = Math.min(best, segmentDistance(p, run[i], run[i + 1]));
  return best;
}

/**
 * The hexsides a river runs along. The river's run on the map is snapped to the corner nearest its first and its
 * last point; between them the cheapest path through the corners is taken, each hexside costing its length times
 * 1 + 8 (d / size)², d being the distance from the hexside's middle to the river. The path keeps within about half a
 * hex of the river and never crosses itself. Returns hexside keys (pairs of hex ids).
 */
export function riverHexsides(grid, vertices, river) {
  const points = river.points.map((p) => grid.project([p[0], p[1]]));
  const sides = new Set();
  for (const run of onMapRuns(grid, points)) {
    const nearest = (p) => {
      let best;
      for (const v of vertices.values()) {
        const d = Math.hypot(v.xy[0] - p[0], v.xy[1] - p[1]);
        if (d < SIZE_KM * 1.01 && (!best || d < best.d || (d === best.d && v.key < best.v.key))) best = { v, d };
      }
      return best?.v;
    };
    const start = nearest(run[0]);
    const goal = nearest(run[run.length - 1]);
    if (!start || !goal || start === goal) continue;
    const path = cheapestPath(vertices, start, goal, (a, b) => {
      const mid = [(a.xy[0] + b.xy[0]) / 2, (a.xy[1] + b.xy[1]) / 2];
      const d = polylineDistance(mid, run) / SIZE_KM;
      return d > 2 ? Infinity : SIZE_KM * (1 + 8 * d * d);
    });
    for (let i = 0; i < path.length - 1; i++) {
      const hexes = path[i].edges.get(path[i + 1].key);
      if (hexes.length === 2) sides.add(pairKey(hexes[0], hexes[1]));
    }
  }
  return sides;
}

/** Dijkstra over the corner graph; ties broken by vertex key so that the result never changes. */
function cheapestPath(vertices, start, goal, cost) {
  const dist = new Map([[start.key, 0]]);
  const prev = new Map();
  const open = new Set([start.key]);
  const done = new Set();
  while (open.size) {
    let best;
    for (const k of open) if (!best || dist.get(k) < dist.get(best) || (dist.get(k) === dist.get(best) && k < best)) best = k;
    open.delete(best);
    done.add(best);
    if (best === goal.key) break;
    const v = vertices.get(best);
    for (const toKey of [...v.edges.keys()].sort()) {
      if (done.has(toKey)) continue;
      const c = cost(v, vertices.get(toKey));
      if (!Number.isFinite(c)) continue;
      const d = dist.get(best) + c;
      if (!dist.has(toKey) || d < dist.get(toKey)) {
        dist.set(toKey, d);
        prev.set(toKey, best);
        open.add(toKey);
      }
    }
  }
  if (!dist.has(goal.key)) return [];
  const path = [goal];
  for (let k = goal.key; prev.has(k); k = prev.get(k)) path.unshift(vertices.get(prev.get(k)));
  return path;
}

/**
 * All-sea hexsides: two neighbouring land hexes, one of them with some water, whose land does not join inside the
 * two hexes. The two hexes are rasterised at 0.5 km, water narrower than about 1 km is bridged (land grown by
 * 0.5 km), and the main patch of land of each hex must be one patch across both hexes, or water separates them.
 * The main patch is the one holding the hex's place if it has at least a quarter of the hex's land, else the
 * largest. `anchors` maps a hex to its place's planar point.
 */
export function allSeaHexsides(grid, hexes, landAt, anchors = new Map()) {
  const cell = 0.5;
  const wet = (h) => h.landShare < 1;
  const sides = new Set();
  for (const id of grid.ids) {
    const a = hexes.get(id);
    if (!a.land) continue;
    for (const n of grid.neighbours(id)) {
      const b = hexes.get(n);
      if (n < id || !b.land || !(wet(a) || wet(b))) continue;
      if (!landJoins(grid, id, n, landAt, cell, anchors)) sides.add(pairKey(id, n));
    }
  }
  return sides;
}

function landJoins(grid, idA, idB, landAt, cell, anchors) {
  const [ax, ay] = grid.centre(idA);
  const [bx, by] = grid.centre(idB);
  const x0 = Math.min(ax, bx) - FLAT_KM / 2;
  const y0 = Math.min(ay, by) - SIZE_KM;
  const nx = Math.ceil((Math.max(ax, bx) + FLAT_KM / 2 - x0) / cell);
  const ny = Math.ceil((Math.max(ay, by) + SIZE_KM - y0) / cell);
  const owner = new Int8Array(nx * ny); // 0 outside or water, 1 land in A, 2 land in B
  const inside = new Int8Array(nx * ny); // 0 outside, 1 in A, 2 in B
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const p = [x0 + (i + 0.5) * cell, y0 + (j + 0.5) * cell];
      const h = grid.hexAtXY(p);
      if (h !== idA && h !== idB) continue;
      inside[j * nx + i] = h === idA ? 1 : 2;
      if (landAt(p) !== undefined) owner[j * nx + i] = inside[j * nx + i];
    }
  }
  const cellOf = (xy) => {
    const i = Math.floor((xy[0] - x0) / cell);
    const j = Math.floor((xy[1] - y0) / cell);
    return i >= 0 && j >= 0 && i < nx && j < ny ? j * nx + i : -1;
  };
  const grow = 1; // cells: 0.5 km
  const grown = owner.slice();
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const k = j * nx + i;
      if (owner[k] || inside[k] === 0) continue;
      for (let dj = -grow; dj <= grow && !grown[k]; dj++) {
        for (let di = -grow; di <= grow; di++) {
          const ii = i + di;
          const jj = j + dj;
          if (ii < 0 || jj < 0 || ii >= nx || jj >= ny || di * di + dj * dj > grow * grow) continue;
          if (owner[jj * nx + ii]) {
            grown[k] = inside[k];
            break;
          }
        }
      }
    }
  }
  owner.set(grown);
  const comp = new Int32Array(nx * ny).fill(-1);
  const sizes = []; // per component: [cells in A, cells in B]
  for (let s = 0; s < owner.length; s++) {
    if (!owner[s] || comp[s] >= 0) continue;
    const c = sizes.length;
    sizes.push([0, 0]);
    const stack = [s];
    comp[s] = c;
    while (stack.length) {
      const k = stack.pop();
      sizes[c][owner[k] - 1]++;
      const i = k % nx;
      const j = (k - i) / nx;
      for (let dj = -1; dj <= 1; dj++) {
        for (let di = -1; di <= 1; di++) {
          const ii = i + di;
          const jj = j + dj;
          if (ii < 0 || jj < 0 || ii >= nx || jj >= ny) continue;
          const kk = jj * nx + ii;
          if (owner[kk] && comp[kk] < 0) {
            comp[kk] = c;
            stack.push(kk);
          }
        }
      }
    }
  }
  /** The land cell nearest a point, within 2 km (a coastal town's point may fall just off Natural Earth's coast). */
  const nearestLand = (xy) => {
    let best = -1;
    let bestD = Infinity;
    for (let dj = -4; dj <= 4; dj++) {
      for (let di = -4; di <= 4; di++) {
        const k = cellOf([xy[0] + di * cell, xy[1] + dj * cell]);
        const d = di * di + dj * dj;
        if (k >= 0 && comp[k] >= 0 && d < bestD) [best, bestD] = [k, d];
      }
    }
    return best;
  };
  const main = (side, id) => {
    const largest = sizes.map((s, c) => [s[side], c]).sort((p, q) => q[0] - p[0] || p[1] - q[1])[0];
    const at = anchors.has(id) ? nearestLand(anchors.get(id)) : -1;
    const total = sizes.reduce((sum, s) => sum + s[side], 0);
    // The place's patch counts when it holds at least a quarter of the hex's land; a sliver (a cape) does not.
    if (at >= 0 && sizes[comp[at]][side] >= total / 4) return [sizes[comp[at]][side], comp[at]];
    return largest;
  };
  const [mainA, mainB] = [main(0, idA), main(1, idB)];
  if (!mainA || !mainB || mainA[0] === 0 || mainB[0] === 0) return false;
  return mainA[1] === mainB[1];
}

export { pairKey };
