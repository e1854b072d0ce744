// Assemble the board data (the engine's hexBoardSchema) and write it as stable JSON: keys in a fixed order,
// hexes and hexsides sorted by id, one hex or hexside per line.

const sortKeys = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The board's entry for one map. */
export function mapEntry(def) {
  return {
    prefix: def.prefix,
    name: def.name,
    orientation: def.orientation,
    offset: def.offset,
    columns: def.columns,
    rows: def.rows,
    firstColumn: def.firstColumn,
    firstRow: def.firstRow,
    terrain: def.terrain,
  };
}

/** Every hex of a map, as board entries: nation and terrain for land, sea terrain for sea, the places' names. */
export function hexEntries(grid, hexes, taken) {
  return grid.ids.map((id) => {
    const hex = hexes.get(id);
    const place = taken.get(id);
    const features = {};
    if (hex.land) {
      features.nation = hex.nation;
      const edge = grid.edge(id);
      if (edge) features.edge = edge;
    } else if (hex.otherMap) {
      features['other-map'] = hex.otherMap;
    }
    if (place) Object.assign(features, place.features);
    const entry = { id };
    if (place) entry.name = place.name;
    if (hex.terrain !== grid.def.terrain) entry.terrain = hex.terrain;
    if (Object.keys(features).length) entry.features = sortKeys(features);
    return entry;
  });
}

/**
 * Hexside entries from a Map key → Set of features. all-sea wins over a river on the same hexside (nothing crosses
 * it), and major-river over river.
 */
export function hexsideEntries(sides) {
  return [...sides.entries()]
    .map(([key, set]) => {
      let features = [...set];
      if (set.has('all-sea')) features = ['all-sea'];
      else if (set.has('major-river')) features = features.filter((f) => f !== 'river');
      return { hexes: key.split('|'), features: features.sort() };
    })
    .sort((a, b) => (a.hexes.join('|') < b.hexes.join('|') ? -1 : 1));
}

/** The board JSON text: pretty at the top, one line per hex, hexside and link. */
export function boardText(board) {
  const line = (v) => JSON.stringify(v);
  const list = (items) => (items.length ? `[\n${items.map((i) => `    ${line(i)}`).join(',\n')}\n  ]` : '[]');
  const parts = [
    `  "note": ${line(board.note)}`,
    `  "maps": ${list(board.maps)}`,
    `  "hexes": ${list(board.hexes)}`,
    `  "hexsides": ${list(board.hexsides)}`,
    `  "links": ${list(board.links)}`,
  ];
  return `{\n${parts.join(',\n')}\n}\n`;
}
