import { areaGraph, closestName, err, jsonPath, ok, schemaProblems, type AreaGraph, type Problem, type Result } from '@umpire/engine';
import { z } from 'zod';

/**
 * The world map of The War to End All Wars: land territories and sea zones over six map sections, the
 * links between sections as the rule book lists them, and the passages that a territory's holder opens or
 * closes (Danish straits, Kiel Canal, Gibraltar, Suez, the Turkish straits). The format is described in
 * docs/great-war/map-format.md; `checkWorld` finds every problem, each with its file and JSON path.
 */

export const SECTIONS = ['europe', 'middle-east', 'africa', 'north-america', 'asia-pacific', 'central-asia'] as const;
export type SectionId = (typeof SECTIONS)[number];

const kebab = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'expected a kebab-case id such as "english-channel"');
const lonLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
const clauseId = z.string().regex(/^GW-[A-Z0-9-]+-\d+$/);

export const TERRAIN = ['mountain', 'island', 'fortress'] as const;

const territorySchema = z.strictObject({
  id: kebab,
  name: z.string().min(1),
  aliases: z.array(z.string().min(1)).default([]),
  owner: kebab,
  value: z.number().int().min(0),
  city: z.boolean(),
  port: z.boolean(),
  industrialComplex: z.boolean(),
  capital: z.boolean(),
  supplyCenter: z.boolean(),
  colony: kebab.nullable(),
  terrain: z.array(z.enum(TERRAIN)),
  anchors: z.array(lonLat).min(1),
  note: z.string().optional(),
});
export type Territory = z.infer<typeof territorySchema> & { readonly section: SectionId };

const seaSchema = z.strictObject({
  id: kebab,
  name: z.string().min(1),
  aliases: z.array(z.string().min(1)).default([]),
  anchors: z.array(lonLat).min(1),
  /** The Britain-supply number printed in the zone (GW-P15-SUBW). */
  britainSupply: z.number().int().min(1).optional(),
  note: z.string().optional(),
});
export type SeaZone = z.infer<typeof seaSchema> & { readonly section: SectionId };

export const CONNECTION_KINDS = ['land', 'coast', 'sea', 'strait'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

const passageSchema = z.strictObject({
  name: z.string().min(1),
  /** The land territories whose holder controls the passage (any one of them suffices). */
  via: z.array(kebab).min(1),
  /** Only surface ships are stopped (Gibraltar, GW-TERR-07). */
  surfaceOnly: z.boolean().optional(),
  /** While the territory's owner is neutral nobody passes (Denmark, GW-TERR-02). */
  closedWhileNeutral: z.boolean().optional(),
  /** Control is judged at the start of the turn (the Kiel Canal, GW-TERR-04). */
  controlAt: z.enum(['start-of-turn']).optional(),
  clauses: z.array(clauseId).default([]),
});
export type Passage = z.infer<typeof passageSchema>;

const connectionSchema = z.strictObject({
  a: kebab,
  b: kebab,
  kind: z.enum(CONNECTION_KINDS),
  name: z.string().min(1).optional(),
  passages: z.array(passageSchema).min(1).optional(),
  clauses: z.array(clauseId).default([]),
  note: z.string().optional(),
});
export type MapConnection = z.infer<typeof connectionSchema>;

export const sectionFileSchema = z.strictObject({
  /** The JSON Schema an editor checks the file against (schemas/*.schema.json). */
  $schema: z.string().optional(),
  section: z.enum(SECTIONS),
  title: z.string().min(1),
  territories: z.array(territorySchema),
  seas: z.array(seaSchema),
  connections: z.array(connectionSchema),
});
export const linksFileSchema = z.strictObject({ $schema: z.string().optional(), note: z.string().optional(), connections: z.array(connectionSchema) });

export const seedNamesSchema = z.strictObject({
  /** The JSON Schema an editor checks the file against (schemas/*.schema.json). */
  $schema: z.string().optional(),
  note: z.string().optional(),
  places: z.array(z.strictObject({ seed: z.string().min(1), id: kebab })),
  /** Sets of areas the rules speak of as one: their members, plus every territory a nation held in 1914 (`ownedBy`). */
  groups: z.array(z.strictObject({ seed: z.string().min(1), id: kebab, members: z.array(kebab).min(1), ownedBy: kebab.optional() })),
  colonies: z.array(z.strictObject({ id: kebab, name: z.string().min(1), class: z.enum(['major', 'minor']) })),
});
export type SeedNames = z.infer<typeof seedNamesSchema>;
export type Colony = SeedNames['colonies'][number];

/** The map files as parsed JSON, by file name relative to data/map/. */
export type MapFiles = Readonly<Record<string, unknown>>;

export const MAP_DIR = 'data/map';
export const sectionFile = (section: SectionId) => `${section}.json`;
export const CROSS_FILE = 'cross-sections.json';
export const PASSAGES_FILE = 'passages.json';
export const SEED_NAMES_FILE = 'seed-names.json';

export interface WorldConnection extends MapConnection {
  /** The file the connection comes from ('europe.json', 'cross-sections.json', ...). */
  readonly file: string;
}

export interface WorldMap {
  readonly territories: readonly Territory[];
  readonly seas: readonly SeaZone[];
  readonly connections: readonly WorldConnection[];
  readonly territory: ReadonlyMap<string, Territory>;
  readonly sea: ReadonlyMap<string, SeaZone>;
  readonly colonies: readonly Colony[];
  readonly seedNames: SeedNames;
  readonly graph: AreaGraph;
  /** Every area id, territory or sea, to its display name. */
  readonly names: ReadonlyMap<string, string>;
}

const problem = (file: string, path: readonly PropertyKey[], message: string, suggestion?: string): Problem => ({
  code: 'map-check',
  message: `${MAP_DIR}/${file}: ${message}`,
  path: jsonPath(path),
  ...(suggestion !== undefined ? { suggestion } : {}),
});

const SHAPE_CODES = new Set(['map-schema', 'unknown-field', 'missing-field']);

const mapSchemaProblems = (file: string, parsed: { error: z.ZodError }, schema: z.ZodType, data: unknown): Problem[] =>
  schemaProblems(parsed.error.issues, { file: `${MAP_DIR}/${file}`, schema, data, code: 'map-schema' });

const normalise = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * Read and check the map files. `nations` are the nation ids a territory may belong to (undefined: the
 * scenario did not load, so owners are not checked). Returns the world or
 * every problem found: schema errors, unknown or duplicate ids and names, connections whose kind does not fit
 * their ends or that cross map sections outside cross-sections.json, ports and islands without a coast, sea
 * zones with no link, areas that cannot be reached, capitals that are not one per nation, unknown colonies, and
 * places the rule book names that are missing.
 */
export function checkWorld(files: MapFiles, nations: readonly string[] | undefined): Result<WorldMap, Problem[]> {
  const problems: Problem[] = [];
  const territories: Territory[] = [];
  const seas: SeaZone[] = [];
  const connections: WorldConnection[] = [];
  const where = new Map<string, { file: string; index: number; list: 'territories' | 'seas'; section: SectionId }>();

  for (const section of SECTIONS) {
    const file = sectionFile(section);
    const raw = files[file];
    if (raw === undefined) {
      problems.push(problem(file, [], `the ${section} map section is missing`));
      continue;
    }
    const parsed = sectionFileSchema.safeParse(raw);
    if (!parsed.success) {
      problems.push(...mapSchemaProblems(file, parsed, sectionFileSchema, raw));
      continue;
    }
    if (parsed.data.section !== section) problems.push(problem(file, ['section'], `says it is section '${parsed.data.section}', expected '${section}'`));
    const add = <T extends { id: string }>(list: 'territories' | 'seas', items: readonly T[], into: (T & { section: SectionId })[]) => {
      items.forEach((item, index) => {
        const before = where.get(item.id);
        if (before) problems.push(problem(file, [list, index, 'id'], `'${item.id}' is already defined in ${before.file}`));
        else where.set(item.id, { file, index, list, section });
        into.push({ ...item, section });
      });
    };
    add('territories', parsed.data.territories, territories);
    add('seas', parsed.data.seas, seas);
    parsed.data.connections.forEach((c) => connections.push({ ...c, file }));
  }
  for (const file of [CROSS_FILE, PASSAGES_FILE]) {
    const raw = files[file];
    if (raw === undefined) {
      problems.push(problem(file, [], 'is missing'));
      continue;
    }
    const parsed = linksFileSchema.safeParse(raw);
    if (!parsed.success) problems.push(...mapSchemaProblems(file, parsed, linksFileSchema, raw));
    else parsed.data.connections.forEach((c) => connections.push({ ...c, file }));
  }
  const seedParsed = seedNamesSchema.safeParse(files[SEED_NAMES_FILE]);
  if (!seedParsed.success) problems.push(...mapSchemaProblems(SEED_NAMES_FILE, seedParsed, seedNamesSchema, files[SEED_NAMES_FILE]));
  if (problems.some((p) => SHAPE_CODES.has(p.code)) || !seedParsed.success) return err(problems);
  const seedNames = seedParsed.data;

  const territory = new Map(territories.map((t) => [t.id, t]));
  const sea = new Map(seas.map((s) => [s.id, s]));
  const allIds = [...territory.keys(), ...sea.keys()];
  const pathOf = (id: string, ...rest: PropertyKey[]) => {
    const w = where.get(id)!;
    return { file: w.file, path: [w.list, w.index, ...rest] };
  };

  // Names and aliases must lead to one area only.
  const byName = new Map<string, string>();
  for (const area of [...territories, ...seas]) {
    for (const [k, name] of [area.name, ...area.aliases].entries()) {
      const key = normalise(name);
      const other = byName.get(key);
      if (other !== undefined && other !== area.id) {
        const at = pathOf(area.id, ...(k === 0 ? ['name'] : ['aliases', k - 1]));
        problems.push(problem(at.file, at.path, `the name '${name}' also names '${other}'`));
      } else byName.set(key, area.id);
    }
  }

  // Territories: owners, colonies, capitals.
  const colonyIds = seedNames.colonies.map((c) => c.id);
  const capitals = new Map<string, string[]>();
  for (const t of territories) {
    if (nations && !nations.includes(t.owner)) {
      const at = pathOf(t.id, 'owner');
      problems.push(problem(at.file, at.path, `'${t.id}' belongs to unknown nation '${t.owner}'`, closestName(t.owner, nations)));
    }
    if (t.colony !== null && !colonyIds.includes(t.colony)) {
      const at = pathOf(t.id, 'colony');
      problems.push(problem(at.file, at.path, `'${t.id}' is in unknown colony '${t.colony}'`, closestName(t.colony, colonyIds)));
    }
    if (t.capital) capitals.set(t.owner, [...(capitals.get(t.owner) ?? []), t.id]);
    if (t.capital && !t.supplyCenter) {
      const at = pathOf(t.id, 'supplyCenter');
      problems.push(problem(at.file, at.path, `the capital '${t.id}' must be a supply center`));
    }
  }
  for (const [owner, list] of capitals) {
    if (list.length > 1) {
      const at = pathOf(list[1]!, 'capital');
      problems.push(problem(at.file, at.path, `${owner} has ${list.length} capitals: ${list.join(', ')}`));
    }
  }

  // Connections: known ends, kinds that fit, sections, duplicates.
  const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  const seen = new Map<string, string>();
  const fileIndex = new Map<string, number>();
  for (const c of connections) {
    const index = fileIndex.get(c.file) ?? 0;
    fileIndex.set(c.file, index + 1);
    const at = (key: string) => ['connections', index, key];
    let known = true;
    for (const end of ['a', 'b'] as const) {
      if (!where.has(c[end])) {
        known = false;
        problems.push(problem(c.file, at(end), `unknown area '${c[end]}'`, closestName(c[end], allIds)));
      }
    }
    if (!known) continue;
    if (c.a === c.b) problems.push(problem(c.file, at('b'), `'${c.a}' is linked to itself`));
    const landA = territory.has(c.a);
    const landB = territory.has(c.b);
    const fits = c.kind === 'coast' ? landA !== landB : c.kind === 'sea' ? !landA && !landB : landA && landB;
    if (!fits) problems.push(problem(c.file, at('kind'), `a '${c.kind}' link cannot join '${c.a}' (${landA ? 'land' : 'sea'}) and '${c.b}' (${landB ? 'land' : 'sea'})`));
    if (c.passages && c.kind !== 'sea') problems.push(problem(c.file, at('passages'), 'only sea links have passages'));
    for (const [pi, p] of (c.passages ?? []).entries()) {
      p.via.forEach((v, vi) => {
        if (!territory.has(v)) problems.push(problem(c.file, ['connections', index, 'passages', pi, 'via', vi], `unknown territory '${v}'`, closestName(v, [...territory.keys()])));
        else if (![c.a, c.b].every((s) => connections.some((x) => x.kind === 'coast' && ((x.a === v && x.b === s) || (x.b === v && x.a === s))))) {
          problems.push(problem(c.file, ['connections', index, 'passages', pi, 'via', vi], `'${v}' must touch both '${c.a}' and '${c.b}' to control the passage`));
        }
      });
    }
    const sa = where.get(c.a)!.section;
    const sb = where.get(c.b)!.section;
    const sectionFileName = c.file.replace(/\.json$/, '');
    if (c.file !== CROSS_FILE && c.file !== PASSAGES_FILE) {
      const allowed = (s: SectionId) => s === sectionFileName || (sectionFileName === 'europe' && s === 'middle-east') || (sectionFileName === 'middle-east' && s === 'europe') || (sectionFileName === 'asia-pacific' && s === 'central-asia') || (sectionFileName === 'central-asia' && s === 'asia-pacific');
      if (!allowed(sa) || !allowed(sb)) problems.push(problem(c.file, at('a'), `'${c.a}' (${sa}) and '${c.b}' (${sb}) are in other sections: links between sections belong in ${CROSS_FILE}`));
    }
    if (c.file === CROSS_FILE && sa === sb) problems.push(problem(c.file, at('a'), `'${c.a}' and '${c.b}' are both in ${sa}: not a cross-section link`));
    const key = pairKey(c.a, c.b);
    const first = seen.get(key);
    if (first !== undefined) problems.push(problem(c.file, at('a'), `'${c.a}' and '${c.b}' are already linked (${first})`));
    else seen.set(key, c.file);
  }

  // Coasts: ports and islands touch the sea; every sea zone touches something.
  const touches = (id: string, kind: ConnectionKind) => connections.some((c) => c.kind === kind && (c.a === id || c.b === id));
  for (const t of territories) {
    if ((t.port || t.terrain.includes('island')) && !touches(t.id, 'coast')) {
      const at = pathOf(t.id, t.port ? 'port' : 'terrain');
      problems.push(problem(at.file, at.path, `'${t.id}' is ${t.port ? 'a port' : 'an island'} but touches no sea zone`));
    }
  }
  for (const s of seas) {
    if (!touches(s.id, 'sea') && !touches(s.id, 'coast')) {
      const at = pathOf(s.id, 'id');
      problems.push(problem(at.file, at.path, `the sea zone '${s.id}' touches nothing`));
    }
  }

  const graph = areaGraph({
    areas: [...territories.map((t) => ({ id: t.id, name: t.name, kind: 'land' })), ...seas.map((s) => ({ id: s.id, name: s.name, kind: 'sea' }))],
    connections: connections.filter((c) => where.has(c.a) && where.has(c.b)).map((c) => ({ a: c.a, b: c.b, kind: c.kind })),
  });
  const start = territories[0]?.id;
  if (start) {
    const reach = graph.within(start, Number.MAX_SAFE_INTEGER);
    for (const id of allIds) {
      if (!reach.has(id)) {
        const at = pathOf(id, 'id');
        problems.push(problem(at.file, at.path, `'${id}' cannot be reached from '${start}'`));
      }
    }
  }

  // Every place the rule book names.
  seedNames.places.forEach((p, i) => {
    if (!where.has(p.id)) problems.push(problem(SEED_NAMES_FILE, ['places', i, 'id'], `the rule book names '${p.seed}', but there is no area '${p.id}'`, closestName(p.id, allIds)));
    else {
      const area = territory.get(p.id) ?? sea.get(p.id)!;
      if (![area.name, ...area.aliases].some((n) => normalise(n) === normalise(p.seed))) {
        const at = pathOf(p.id, 'aliases');
        problems.push(problem(at.file, at.path, `'${p.id}' should answer to the rule book's spelling '${p.seed}' (as its name or an alias)`));
      }
    }
  });

  seedNames.groups.forEach((g, i) => {
    g.members.forEach((m, k) => {
      if (!territory.has(m)) problems.push(problem(SEED_NAMES_FILE, ['groups', i, 'members', k], `group '${g.id}' names unknown territory '${m}'`, closestName(m, [...territory.keys()])));
    });
  });

  if (problems.length) return err(problems);
  const names = new Map<string, string>([...territories.map((t) => [t.id, t.name] as const), ...seas.map((s) => [s.id, s.name] as const)]);
  return ok({ territories, seas, connections, territory, sea, colonies: seedNames.colonies, seedNames, graph, names });
}

/** Areas of a group the rules speak of as one ('the British Isles', 'homeland Germany', 'Lost China'). */
export function groupMembers(world: WorldMap, group: string): string[] {
  const g = world.seedNames.groups.find((x) => x.id === group);
  if (!g) throw new Error(`no map group '${group}'`);
  const owned = g.ownedBy ? world.territories.filter((t) => t.owner === g.ownedBy).map((t) => t.id) : [];
  return [...owned, ...g.members.filter((m) => !owned.includes(m))];
}

/** Sea zones a territory touches. */
export function coastalSeas(world: WorldMap, territoryId: string): string[] {
  return world.graph.neighbours(territoryId, ['coast']).map((n) => n.id);
}

/** Total resource value of the territories a nation holds on the map as drawn in 1914. */
export function valueByOwner(world: WorldMap): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of world.territories) out.set(t.owner, (out.get(t.owner) ?? 0) + t.value);
  return out;
}
