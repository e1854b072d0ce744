// The place table of docs/vernian/maps.md: every place with its hex ids, and the optional places left out.

const flags = (p) => [p.kind, p.fortress && 'fortress', p.port && 'port'].filter(Boolean).join(', ');

export function placeTable(maps, places) {
  const rows = [];
  const left = [];
  for (const { prefix, placements } of maps) {
    for (const { place, hexes, dropped, reason, moved } of placements) {
      if (dropped) {
        left.push(`${place.name} (${reason})`);
        continue;
      }
      const where = hexes.map((h) => (h.name === place.name ? h.id : `${h.id} ${h.name}`)).join('; ');
      const note = [place.optional ? '' : 'required', moved ? `moved: ${moved}` : ''].filter(Boolean).join('; ');
      const text = `| ${prefix} | ${place.name} | ${place.nation} | ${flags(place)} | ${where} | ${note} |`;
      rows.push({ prefix, nation: place.nation, name: place.name, text });
    }
  }
  const order = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  rows.sort((a, b) => order(b.prefix, a.prefix) || order(a.nation, b.nation) || order(a.name, b.name));
  const off = places.filter((p) => p.offMap).map((p) => `${p.name} (${p.nation}, off the map)`);
  return [
    '| map | place | nation | kind | hex(es) | note |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => r.text),
    '',
    `Not on the board: ${[...off, ...left.sort()].join('; ')}.`,
    '',
  ].join('\n');
}
