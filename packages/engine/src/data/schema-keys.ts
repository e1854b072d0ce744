import type { z } from 'zod';

/**
 * The names a zod schema allows at a place inside it, for the closest-name hint of a located problem: the keys of
 * the object found at `path`, or the values of the enum or literal there. The walk looks through the wrappers a data
 * file's schema uses (optional, default, nullable, readonly, catch, pipes and refinements), arrays, tuples, records
 * and unions (the names of every branch). An empty list when the schema there names nothing.
 */
export function namesAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  const found = new Set<string>();
  for (const s of schemasAt(schema, path)) for (const name of namesOf(s)) found.add(name);
  return [...found];
}

type Def = { readonly type: string; readonly [key: string]: unknown };

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema itself, looked through its wrappers; a union gives each branch. */
function unwrap(schema: z.ZodType, depth = 0): z.ZodType[] {
  if (depth > 20) return [];
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return unwrap(def.innerType as z.ZodType, depth + 1);
    case 'pipe':
      return unwrap(def.in as z.ZodType, depth + 1);
    case 'lazy':
      return unwrap((def.getter as () => z.ZodType)(), depth + 1);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o) => unwrap(o, depth + 1));
    case 'intersection':
      return [...unwrap(def.left as z.ZodType, depth + 1), ...unwrap(def.right as z.ZodType, depth + 1)];
    default:
      return [schema];
  }
}

function schemasAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType[] {
  let here = unwrap(schema);
  for (const key of path) {
    const next: z.ZodType[] = [];
    for (const s of here) {
      const def = defOf(s);
      if (def.type === 'object') {
        const shape = def.shape as Record<string, z.ZodType>;
        if (typeof key === 'string' && key in shape) next.push(...unwrap(shape[key]!));
        else if (def.catchall) next.push(...unwrap(def.catchall as z.ZodType));
      } else if (def.type === 'array' && typeof key === 'number') {
        next.push(...unwrap(def.element as z.ZodType));
      } else if (def.type === 'tuple' && typeof key === 'number') {
        const item = (def.items as z.ZodType[])[key] ?? (def.rest as z.ZodType | null | undefined);
        if (item) next.push(...unwrap(item));
      } else if (def.type === 'record') {
        next.push(...unwrap(def.valueType as z.ZodType));
      }
    }
    here = next;
  }
  return here;
}

function namesOf(schema: z.ZodType): string[] {
  const def = defOf(schema);
  if (def.type === 'object') return Object.keys(def.shape as Record<string, unknown>);
  if (def.type === 'enum') return Object.values(def.entries as Record<string, string | number>).map(String);
  if (def.type === 'literal') return (def.values as unknown[]).map(String);
  return [];
}
