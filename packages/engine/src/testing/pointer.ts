import { clonePlain, type Json } from '../canonical.js';
import { closestName } from '../problems.js';
import { err, ok, type Result } from '../result.js';

/**
 * JSON pointers (RFC 6901: "/nations/3/treasury", "~1" for "/" and "~0" for "~" in a key) as rule cases use them to
 * edit an opening state and to read a state after a step, with one addition: a segment in square brackets picks the
 * elements of a list by their fields, so that a case need not count positions in a list that a scenario may reorder.
 * "/nations/[id=germany]/treasury" is Germany's treasury; "/board/units/[at=reims,nation=germany]*" the German units
 * in Reims. A field matches when its value, written as text, is the text after "=" (so "[damage=0]" matches 0).
 * "[...]" must fit exactly one element; "[...]*" picks every element that fits (none, one or more), and what the
 * pointer leads to is then the list of what it leads to from each (the types of the units in Reims: "/board/units/[at=reims]*" then "/type").
 */
export type PointerSegment = { readonly key: string } | PointerFilter;
export type PointerFilter = { readonly where: readonly (readonly [field: string, value: string])[]; readonly all: boolean };

/** Why a pointer does not lead anywhere: the message, and the closest valid name when a name was misspelled. */
export interface PointerMiss {
  readonly message: string;
  readonly suggestion?: string;
}

type Node = Json;
type Container = Json[] | { [key: string]: Json };

const isRecord = (v: unknown): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);
const unescapeKey = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');
const miss = (message: string, suggestion?: string): Result<never, PointerMiss> => err(suggestion === undefined ? { message } : { message, suggestion });

/** The segments of a pointer, or what is wrong with its writing. */
export function parsePointer(pointer: string): Result<PointerSegment[], string> {
  if (pointer === '') return ok([]);
  if (!pointer.startsWith('/')) return err(`a JSON pointer starts with '/' (or is empty, for the whole state), not '${pointer.slice(0, 20)}'`);
  const out: PointerSegment[] = [];
  for (const raw of pointer.slice(1).split('/')) {
    if (/~(?![01])/.test(raw)) return err(`'${raw}': in a pointer '~' is written '~0' and '/' is written '~1'`);
    if (raw.startsWith('[') && (raw.endsWith(']') || raw.endsWith(']*'))) {
      const all = raw.endsWith('*');
      const where: [string, string][] = [];
      for (const part of raw.slice(1, all ? -2 : -1).split(',')) {
        const eq = part.indexOf('=');
        const field = unescapeKey(part.slice(0, eq)).trim();
        if (eq < 0 || field === '') return err(`'${raw}': a list is searched by [field=value] or [field=value,field=value]`);
        where.push([field, unescapeKey(part.slice(eq + 1)).trim()]);
      }
      out.push({ where, all });
    } else out.push({ key: unescapeKey(raw) });
  }
  return ok(out);
}

/** A segment as a pointer writes it, without its slash. */
export const segmentText = (s: PointerSegment): string =>
  'key' in s ? s.key.replace(/~/g, '~0').replace(/\//g, '~1') : `[${s.where.map(([f, v]) => `${f}=${v}`).join(',')}]${s.all ? '*' : ''}`;

/** The pointer of segments, written back. */
export const formatPointer = (segments: readonly PointerSegment[]): string => segments.map((s) => `/${segmentText(s)}`).join('');

const fits = (element: Json, where: PointerFilter): boolean =>
  isRecord(element) && where.where.every(([field, value]) => field in element && textOf(element[field]!) === value);
const textOf = (v: Json): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** Which elements of a list fit a [field=value] segment; when none does, the closest value of the first field. */
function pick(list: readonly Json[], seg: PointerFilter, where: string): { indices: number[]; hint?: PointerMiss } {
  const indices = list.flatMap((e, i) => (fits(e, seg) ? [i] : []));
  if (indices.length) return { indices };
  const [field, value] = seg.where[0]!;
  const values = new Set(list.flatMap((e) => (isRecord(e) && field in e ? [textOf(e[field]!)] : [])));
  const text = `[${seg.where.map(([f, v]) => `${f}=${v}`).join(',')}]`;
  if (values.size === 0) {
    const fields = new Set(list.flatMap((e) => (isRecord(e) ? Object.keys(e) : [])));
    return { indices, hint: { message: `no element of ${where || '/'} has a field '${field}'`, ...(closestName(field, fields) ? { suggestion: closestName(field, fields)! } : {}) } };
  }
  const suggestion = values.has(value) ? undefined : closestName(value, values);
  return { indices, hint: { message: `no element of ${where || '/'} fits ${text}`, ...(suggestion ? { suggestion } : {}) } };
}

function keyMiss(value: Node, key: string, where: string): PointerMiss {
  const at = where || 'the state';
  if (Array.isArray(value)) return { message: `${at} is a list of ${value.length}: '${key}' is not an index in it (use 0 to ${value.length - 1}, or [field=value])` };
  if (isRecord(value)) {
    const suggestion = closestName(key, Object.keys(value));
    return { message: `${at} has no '${key}'`, ...(suggestion ? { suggestion } : {}) };
  }
  return { message: `${at} is ${value === null ? 'null' : typeof value}, so it has no '${key}'` };
}

const indexIn = (list: readonly Json[], key: string, allowEnd = false): number | undefined => {
  if (!/^(0|[1-9]\d*)$/.test(key)) return undefined;
  const i = Number(key);
  return i < list.length || (allowEnd && i === list.length) ? i : undefined;
};

/** The one element of a list a [field=value] segment picks, or why there is not exactly one. */
function pickOne(list: readonly Json[], seg: PointerFilter, where: string): Result<number, PointerMiss> {
  const found = pick(list, seg, where);
  if (found.indices.length === 1) return ok(found.indices[0]!);
  if (found.indices.length === 0) return err(found.hint!);
  return miss(`${found.indices.length} elements of ${where || 'the state'} fit ${segmentText({ ...seg, all: false })}; write ${segmentText({ ...seg, all: true })} for all of them`);
}

const notAList = (where: string, seg: PointerSegment) => miss(`${where || 'the state'} is not a list, so ${segmentText(seg)} cannot search it`);

/**
 * What a pointer leads to. With a [field=value]* segment, `many` is true and `values` holds what the pointer leads to
 * from every element that fits, in the list's order (none is not a miss: "no unit in Reims" can be said); `hint` then
 * says why a search found nothing, to report with an unmet expectation. Without one, `values` holds the one value.
 */
export function selectAll(doc: Json, pointer: readonly PointerSegment[]): Result<{ readonly values: Json[]; readonly many: boolean; readonly hint?: PointerMiss }, PointerMiss> {
  let current: { value: Node; where: string }[] = [{ value: doc, where: '' }];
  let many = false;
  let hint: PointerMiss | undefined;
  for (const seg of pointer) {
    const next: { value: Node; where: string }[] = [];
    for (const c of current) {
      if ('where' in seg) {
        if (!Array.isArray(c.value)) return notAList(c.where, seg);
        if (seg.all) {
          many = true;
          const found = pick(c.value, seg, c.where);
          hint ??= found.hint;
          for (const i of found.indices) next.push({ value: c.value[i]!, where: `${c.where}/${i}` });
        } else {
          const one = pickOne(c.value, seg, c.where);
          if (!one.ok) return one;
          next.push({ value: c.value[one.value]!, where: `${c.where}/${one.value}` });
        }
        continue;
      }
      const child = Array.isArray(c.value) ? c.value[indexIn(c.value, seg.key) ?? -1] : isRecord(c.value) && Object.hasOwn(c.value, seg.key) ? c.value[seg.key] : undefined;
      if (child === undefined) return err(keyMiss(c.value, seg.key, c.where));
      next.push({ value: child, where: `${c.where}/${seg.key}` });
    }
    current = next;
  }
  return ok({ values: current.map((c) => c.value), many, ...(hint && current.length === 0 ? { hint } : {}) });
}

/** Follow a pointer to exactly one value: an edit follows one path ([field=value]* may only end a remove). */
function walkOne(doc: Json, pointer: readonly PointerSegment[]): Result<Node, PointerMiss> {
  let value: Node = doc;
  let where = '';
  for (const seg of pointer) {
    if ('where' in seg) {
      if (!Array.isArray(value)) return notAList(where, seg);
      if (seg.all) return miss(`an edit follows one path: ${segmentText(seg)} may only end a remove`);
      const one = pickOne(value, seg, where);
      if (!one.ok) return one;
      where = `${where}/${one.value}`;
      value = value[one.value]!;
      continue;
    }
    const child = Array.isArray(value) ? value[indexIn(value, seg.key) ?? -1] : isRecord(value) && Object.hasOwn(value, seg.key) ? value[seg.key] : undefined;
    if (child === undefined) return err(keyMiss(value, seg.key, where));
    where = `${where}/${seg.key}`;
    value = child;
  }
  return ok(value);
}

/**
 * An edit of an opening state: `set` replaces a value that is there (so a misspelled key is an error, not a new key),
 * `add` puts a new key in an object or inserts into a list ("-" appends), `remove` takes a key or element out, or every
 * element of a list that fits a final [field=value]* segment (at least one must).
 */
export type Edit = { readonly set: string; readonly value: Json } | { readonly add: string; readonly value: Json } | { readonly remove: string };

/** The document with an edit made (a changed copy when the edit replaces the whole document), or why it cannot be. */
export function applyEdit(doc: Json, edit: Edit): Result<Json, PointerMiss> {
  const text = 'set' in edit ? edit.set : 'add' in edit ? edit.add : edit.remove;
  const parsed = parsePointer(text);
  if (!parsed.ok) return miss(parsed.error);
  const segments = parsed.value;
  const last = segments[segments.length - 1];
  if (last === undefined) return 'set' in edit ? ok(clonePlain(edit.value)) : miss(`the whole state cannot be ${'add' in edit ? 'added' : 'removed'}; set it, or edit a part of it`);
  const parentPath = formatPointer(segments.slice(0, -1));
  const found = walkOne(doc, segments.slice(0, -1));
  if (!found.ok) return found;
  const parent = found.value;
  if (!Array.isArray(parent) && !isRecord(parent)) return miss(`${parentPath || 'the state'} is ${parent === null ? 'null' : typeof parent}: it holds nothing to edit`);
  const container = parent as Container;
  if ('where' in last) {
    if (!Array.isArray(container)) return notAList(parentPath, last);
    if ('add' in edit) return miss(`add puts a new element at an index or at the end ("-"), not at ${segmentText(last)}`);
    if (last.all) {
      if ('set' in edit) return miss(`set changes one value: ${segmentText(last)} may only end a remove`);
      const hits = pick(container, last, parentPath);
      if (hits.indices.length === 0) return err(hits.hint!);
      for (const i of [...hits.indices].reverse()) container.splice(i, 1);
      return ok(doc);
    }
    const one = pickOne(container, last, parentPath);
    if (!one.ok) return one;
    if ('set' in edit) container[one.value] = clonePlain(edit.value);
    else container.splice(one.value, 1);
    return ok(doc);
  }
  const key = last.key;
  if (Array.isArray(container)) {
    if ('add' in edit) {
      const at = key === '-' ? container.length : indexIn(container, key, true);
      if (at === undefined) return err(keyMiss(container, key, parentPath));
      container.splice(at, 0, clonePlain(edit.value));
      return ok(doc);
    }
    const at = indexIn(container, key);
    if (at === undefined) return err(keyMiss(container, key, parentPath));
    if ('set' in edit) container[at] = clonePlain(edit.value);
    else container.splice(at, 1);
    return ok(doc);
  }
  const has = Object.hasOwn(container, key);
  if ('add' in edit) {
    if (has) return miss(`${parentPath || 'the state'} already has '${key}': use set to change it`);
    container[key] = clonePlain(edit.value);
    return ok(doc);
  }
  if (!has) return err(keyMiss(container, key, parentPath));
  if ('set' in edit) container[key] = clonePlain(edit.value);
  else delete container[key];
  return ok(doc);
}
