import { hexDistance } from '../../map/hex.js';
import { closestName, jsonPath, type Problem } from '../../problems.js';
import { err, ok, type Result } from '../../result.js';
import { schemaProblems } from '../../data/data-file.js';
import { buildHexBoard, onHexMap, resolveHexMap, type HexBoard, type HexMap } from './board.js';
import { formatHexId, offsetToAxial, parseHexId } from './coordinates.js';
import { hexsideKey } from './hexsides.js';
import { hexBoardSchema, type HexBoardData } from './schema.js';

/**
 * Read a hex board from JSON data. Returns the board, or every problem found, each with the JSON path of what is
 * wrong and, for an unknown hex, the closest hex the board has: shape errors, maps named twice or running past
 * column or row 99, hexes listed twice or off their map, hexsides between hexes that are not neighbours, links
 * between neighbours or a hex and itself, and hexsides or links given twice.
 */
export function loadHexBoard(input: unknown): Result<HexBoard, Problem[]> {
  const parsed = hexBoardSchema.safeParse(input);
  if (!parsed.success) {
    return err(schemaProblems(parsed.error.issues, { schema: hexBoardSchema, data: input, code: 'hex-board-schema' }));
  }
  const problems = checkHexBoard(parsed.data);
  return problems.length ? err(problems) : ok(buildHexBoard(parsed.data));
}

const problem = (path: readonly PropertyKey[], message: string, suggestion?: string): Problem => ({
  code: 'hex-board',
  message,
  path: jsonPath(path),
  ...(suggestion !== undefined ? { suggestion } : {}),
});

function checkHexBoard(data: HexBoardData): Problem[] {
  const problems: Problem[] = [];
  const maps = new Map<string, HexMap>();
  data.maps.forEach((m, i) => {
    if (maps.has(m.prefix)) problems.push(problem(['maps', i, 'prefix'], `map '${m.prefix}' is defined twice`));
    const map = resolveHexMap(m);
    if (map.lastColumn > 99 || map.lastRow > 99) {
      const message = `map '${m.prefix}' runs to column ${map.lastColumn}, row ${map.lastRow}: hex ids have two digits each`;
      problems.push(problem(['maps', i], message));
    }
    if (!maps.has(m.prefix)) maps.set(m.prefix, map);
  });
  const where = hexLocator(maps);
  const seen = new Map<string, number>();
  (data.hexes ?? []).forEach((h, i) => {
    const path = ['hexes', i, 'id'];
    const bad = where.unknown(h.id);
    if (bad) problems.push(problem(path, bad.message, bad.suggestion));
    const first = seen.get(h.id);
    if (first !== undefined) problems.push(problem(path, `hex ${h.id} is listed twice (first at ${jsonPath(['hexes', first])})`));
    else seen.set(h.id, i);
  });
  const joined = new Map<string, string>();
  const pairs = (kind: 'hexsides' | 'links', entries: readonly { readonly hexes: readonly [string, string] }[]) =>
    entries.forEach((entry, i) => {
      const unknown = entry.hexes.map((id) => where.unknown(id));
      unknown.forEach((bad, end) => bad && problems.push(problem([kind, i, 'hexes', end], bad.message, bad.suggestion)));
      if (unknown.some((bad) => bad)) return;
      const [a, b] = entry.hexes;
      const path = [kind, i, 'hexes'];
      const wrong = pairFault(kind, a, b, where.neighbours(a, b));
      const first = joined.get(hexsideKey(a, b));
      if (wrong !== undefined) problems.push(problem(path, wrong));
      else if (first !== undefined) problems.push(problem(path, `${a} and ${b} are joined twice (first at ${first})`));
      else joined.set(hexsideKey(a, b), jsonPath([kind, i]));
    });
  pairs('hexsides', data.hexsides ?? []);
  pairs('links', data.links ?? []);
  return problems;
}

/** What is wrong with a hexside or a link between two known hexes, if anything (not counting repeats). */
function pairFault(kind: 'hexsides' | 'links', a: string, b: string, adjacent: boolean): string | undefined {
  if (a === b) return `${kind === 'links' ? 'a link' : 'a hexside'} joins ${a} to itself`;
  if (kind === 'hexsides' && !adjacent) return `${a} and ${b} are not neighbours: a hexside lies between two neighbouring hexes`;
  if (kind === 'links' && adjacent) return `${a} and ${b} are already neighbours: give their hexside features in 'hexsides', not a link`;
  return undefined;
}

/** Which ids name hexes of the board, and which hexes are neighbours on their map. */
function hexLocator(maps: ReadonlyMap<string, HexMap>) {
  let allIds: string[] | undefined;
  const everyId = () =>
    (allIds ??= [...maps.values()].flatMap((m) => {
      const ids: string[] = [];
      for (let column = m.firstColumn; column <= m.lastColumn; column++) {
        for (let row = m.firstRow; row <= m.lastRow; row++) ids.push(formatHexId({ map: m.prefix, column, row }));
      }
      return ids;
    }));
  const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
  return {
    /** Why an id names no hex of the board, with the closest one that it might have meant; undefined when it is fine. */
    unknown(id: string): { readonly message: string; readonly suggestion?: string } | undefined {
      const at = parseHexId(id);
      const map = at && maps.get(at.map);
      if (at && map && onHexMap(map, at.column, at.row)) return undefined;
      if (!at || !map) {
        const suggestion = closestName(id, everyId());
        return { message: `unknown hex '${id}'`, ...(suggestion !== undefined ? { suggestion } : {}) };
      }
      const two = (n: number) => String(n).padStart(2, '0');
      const column = clamp(at.column, map.firstColumn, map.lastColumn);
      const nearest = { map: map.prefix, column, row: clamp(at.row, map.firstRow, map.lastRow) };
      return {
        message: `unknown hex '${id}': map ${map.prefix} has columns ${two(map.firstColumn)}–${two(map.lastColumn)}` +
          ` and rows ${two(map.firstRow)}–${two(map.lastRow)}`,
        suggestion: formatHexId(nearest),
      };
    },
    /** Whether two hexes of the board are neighbours on the same map. */
    neighbours(a: string, b: string): boolean {
      const x = parseHexId(a);
      const y = parseHexId(b);
      const map = x && maps.get(x.map);
      if (!x || !y || !map || x.map !== y.map) return false;
      return hexDistance(offsetToAxial(map.layout, x), offsetToAxial(map.layout, y)) === 1;
    },
  };
}
