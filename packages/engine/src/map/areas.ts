/**
 * An area map: land territories, sea zones and other areas joined by typed connections
 * (land border, coast, sea lane, strait, canal...). Connections are stored once and read both ways.
 */
export interface Area {
  readonly id: string;
  readonly name: string;
  readonly kind: string;
}

export interface Connection {
  readonly a: string;
  readonly b: string;
  readonly kind: string;
}

export interface AreaMap {
  readonly areas: readonly Area[];
  readonly connections: readonly Connection[];
}

export interface AreaGraph {
  readonly map: AreaMap;
  area(id: string): Area | undefined;
  /** Neighbours of an area, each with the connection kind; optionally only through some kinds. */
  neighbours(id: string, kinds?: readonly string[]): readonly { readonly id: string; readonly kind: string }[];
  adjacent(a: string, b: string, kinds?: readonly string[]): boolean;
  connection(a: string, b: string): Connection | undefined;
  /** Shortest path by number of connections, passing only areas `pass` allows (ends included). */
  path(from: string, to: string, opts?: { readonly kinds?: readonly string[]; readonly pass?: (id: string) => boolean }): readonly string[] | null;
  /** Every area within `steps` connections (distance 0 is the start). */
  within(from: string, steps: number, opts?: { readonly kinds?: readonly string[]; readonly pass?: (id: string) => boolean }): ReadonlyMap<string, number>;
}

export function areaGraph(map: AreaMap): AreaGraph {
  const byId = new Map(map.areas.map((a) => [a.id, a]));
  const adj = new Map<string, { id: string; kind: string }[]>();
  const key = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
  const conn = new Map<string, Connection>();
  for (const c of map.connections) {
    if (!adj.has(c.a)) adj.set(c.a, []);
    if (!adj.has(c.b)) adj.set(c.b, []);
    adj.get(c.a)!.push({ id: c.b, kind: c.kind });
    adj.get(c.b)!.push({ id: c.a, kind: c.kind });
    conn.set(key(c.a, c.b), c);
  }
  const neighbours = (id: string, kinds?: readonly string[]) => (adj.get(id) ?? []).filter((n) => !kinds || kinds.includes(n.kind));
  const within: AreaGraph['within'] = (from, steps, opts = {}) => {
    const dist = new Map<string, number>([[from, 0]]);
    let frontier = [from];
    for (let d = 1; d <= steps && frontier.length; d++) {
      const next: string[] = [];
      for (const id of frontier) {
        for (const n of neighbours(id, opts.kinds)) {
          if (dist.has(n.id) || (opts.pass && !opts.pass(n.id))) continue;
          dist.set(n.id, d);
          next.push(n.id);
        }
      }
      frontier = next;
    }
    return dist;
  };
  return {
    map,
    area: (id) => byId.get(id),
    neighbours,
    adjacent: (a, b, kinds) => neighbours(a, kinds).some((n) => n.id === b),
    connection: (a, b) => conn.get(key(a, b)),
    within,
    path(from, to, opts = {}) {
      if (opts.pass && (!opts.pass(from) || !opts.pass(to))) return null;
      const prev = new Map<string, string | null>([[from, null]]);
      let frontier = [from];
      while (frontier.length && !prev.has(to)) {
        const next: string[] = [];
        for (const id of frontier) {
          for (const n of neighbours(id, opts.kinds)) {
            if (prev.has(n.id) || (opts.pass && !opts.pass(n.id))) continue;
            prev.set(n.id, id);
            next.push(n.id);
          }
        }
        frontier = next;
      }
      if (!prev.has(to)) return null;
      const out: string[] = [];
      for (let at: string | null = to; at !== null; at = prev.get(at) ?? null) out.unshift(at);
      return out;
    },
  };
}

/** Problems with a map's shape: unknown ends, self-loops, duplicate connections, unreachable areas. */
export function checkAreaMap(map: AreaMap): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const a of map.areas) {
    if (ids.has(a.id)) problems.push(`area '${a.id}' is defined twice`);
    ids.add(a.id);
  }
  const seen = new Set<string>();
  map.connections.forEach((c, i) => {
    for (const end of [c.a, c.b]) if (!ids.has(end)) problems.push(`connection ${i} names unknown area '${end}'`);
    if (c.a === c.b) problems.push(`connection ${i} joins '${c.a}' to itself`);
    const k = c.a < c.b ? `${c.a}|${c.b}` : `${c.b}|${c.a}`;
    if (seen.has(k)) problems.push(`'${c.a}' and '${c.b}' are connected twice`);
    seen.add(k);
  });
  const first = map.areas[0];
  if (first) {
    const reach = areaGraph(map).within(first.id, Number.MAX_SAFE_INTEGER);
    for (const a of map.areas) if (!reach.has(a.id)) problems.push(`area '${a.id}' cannot be reached from '${first.id}'`);
  }
  return problems;
}
