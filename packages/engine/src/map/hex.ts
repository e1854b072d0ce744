/**
 * Hex grids in axial coordinates (q, r), with s = -q - r implied. Pointy or flat orientation only matters
 * for drawing; distances, neighbours, lines, rings and paths are the same.
 */
export interface Hex {
  readonly q: number;
  readonly r: number;
}

export const hex = (q: number, r: number): Hex => ({ q, r });
export const hexKey = (h: Hex): string => `${h.q},${h.r}`;
export const hexEquals = (a: Hex, b: Hex): boolean => a.q === b.q && a.r === b.r;

export const HEX_DIRECTIONS: readonly Hex[] = [hex(1, 0), hex(1, -1), hex(0, -1), hex(-1, 0), hex(-1, 1), hex(0, 1)];

export const hexAdd = (a: Hex, b: Hex): Hex => hex(a.q + b.q, a.r + b.r);
export const hexScale = (a: Hex, k: number): Hex => hex(a.q * k, a.r * k);

export function hexDistance(a: Hex, b: Hex): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

export function hexNeighbours(h: Hex): Hex[] {
  return HEX_DIRECTIONS.map((d) => hexAdd(h, d));
}

function hexRound(q: number, r: number): Hex {
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return hex(rq + 0, rr + 0);
}

/** The hexes a straight line from a to b passes through, both ends included. */
export function hexLine(a: Hex, b: Hex): Hex[] {
  const n = hexDistance(a, b);
  if (n === 0) return [a];
  // A tiny nudge keeps lines that run exactly along hex edges on one consistent side.
  const eps = 1e-6;
  const out: Hex[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    out.push(hexRound(a.q + eps + (b.q - a.q) * t, a.r + eps + (b.r - a.r) * t));
  }
  return out;
}

/** The hexes exactly `radius` steps from the centre, going round. */
export function hexRing(center: Hex, radius: number): Hex[] {
  if (radius === 0) return [center];
  const out: Hex[] = [];
  let h = hexAdd(center, hexScale(HEX_DIRECTIONS[4]!, radius));
  for (let side = 0; side < 6; side++) {
    for (let step = 0; step < radius; step++) {
      out.push(h);
      h = hexAdd(h, HEX_DIRECTIONS[side]!);
    }
  }
  return out;
}

/** All hexes within `radius` steps, centre first, ring by ring. */
export function hexSpiral(center: Hex, radius: number): Hex[] {
  const out: Hex[] = [];
  for (let k = 0; k <= radius; k++) out.push(...hexRing(center, k));
  return out;
}

/**
 * The cheapest path from `from` to `to`; `cost(from, to)` gives the price of one step, or Infinity if it is
 * forbidden. Returns the hexes (both ends included) and the total cost, or null when there is no path.
 * `minStepCost` is the least any step can cost: it makes the search an A* (hex distance times it never
 * overestimates); leave it at 0 when steps may be cheap (roads) and the search is a plain Dijkstra.
 * `maxCost` and `maxVisited` bound the search, so an unreachable target on an open board still ends.
 */
export function hexPath(
  from: Hex,
  to: Hex,
  cost: (a: Hex, b: Hex) => number,
  opts: { readonly maxCost?: number; readonly minStepCost?: number; readonly maxVisited?: number } | number = {},
): { path: Hex[]; cost: number } | null {
  const { maxCost = Infinity, minStepCost = 0, maxVisited = 100_000 } = typeof opts === 'number' ? { maxCost: opts } : opts;
  const h = (x: Hex) => hexDistance(x, to) * minStepCost;
  const open: { h: Hex; f: number; g: number }[] = [{ h: from, f: h(from), g: 0 }];
  const best = new Map<string, number>([[hexKey(from), 0]]);
  const prev = new Map<string, Hex>();
  let visited = 0;
  while (open.length && visited++ < maxVisited) {
    let bi = 0;
    for (let i = 1; i < open.length; i++) if (open[i]!.f < open[bi]!.f) bi = i;
    const cur = open.splice(bi, 1)[0]!;
    if (hexEquals(cur.h, to)) {
      const path = [to];
      for (let k = hexKey(to); prev.has(k); ) {
        const p = prev.get(k)!;
        path.unshift(p);
        k = hexKey(p);
      }
      return { path, cost: cur.g };
    }
    if (cur.g > (best.get(hexKey(cur.h)) ?? Infinity)) continue;
    for (const n of hexNeighbours(cur.h)) {
      const step = cost(cur.h, n);
      if (!Number.isFinite(step) || step < 0) continue;
      const g = cur.g + step;
      if (g > maxCost || g >= (best.get(hexKey(n)) ?? Infinity)) continue;
      best.set(hexKey(n), g);
      prev.set(hexKey(n), cur.h);
      open.push({ h: n, g, f: g + h(n) });
    }
  }
  return null;
}
