/**
 * Before → after of an audit entry as rows a person can read side by side: one row per field
 * (nested objects such as a dictionary item's `extra` open into `extra.unit`), each value
 * pretty-printed as JSON, and whether it was added, removed, changed or left alone. Lists stay
 * whole: their order is part of their meaning, and a role list reads better as one value.
 */

export type DiffStatus = 'added' | 'removed' | 'changed' | 'same';

export interface DiffRow {
  /** The field, dotted for nested ones; '' when the entry's value is not an object. */
  path: string;
  status: DiffStatus;
  /** Pretty JSON of the value before; undefined when the field did not exist. */
  before?: string;
  after?: string;
}

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const prettyJson = (value: unknown) => JSON.stringify(value, null, 2) ?? String(value);

/** Structural equality of JSON values (key order does not matter). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  }
  if (isPlain(a) && isPlain(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
  }
  return false;
}

const present = (value: unknown) => value !== undefined && value !== null;

function row(path: string, before: unknown, after: unknown, beforeHas: boolean, afterHas: boolean): DiffRow {
  const status: DiffStatus = !beforeHas
    ? 'added'
    : !afterHas
      ? 'removed'
      : sameJson(before, after)
        ? 'same'
        : 'changed';
  return {
    path,
    status,
    ...(beforeHas ? { before: prettyJson(before) } : {}),
    ...(afterHas ? { after: prettyJson(after) } : {}),
  };
}

function walk(prefix: string, before: Plain | undefined, after: Plain | undefined, out: DiffRow[]): void {
  const keys = [...Object.keys(before ?? {})];
  for (const key of Object.keys(after ?? {})) if (!keys.includes(key)) keys.push(key);
  for (const key of keys) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    const beforeHas = before !== undefined && Object.hasOwn(before, key);
    const afterHas = after !== undefined && Object.hasOwn(after, key);
    const b = before?.[key];
    const a = after?.[key];
    const openB = isPlain(b) && Object.keys(b).length > 0;
    const openA = isPlain(a) && Object.keys(a).length > 0;
    // Open a nested object when each side is one (or absent), so that only the inner fields that moved light up.
    if ((openB || openA) && (!beforeHas || isPlain(b)) && (!afterHas || isPlain(a))) {
      walk(path, beforeHas ? (b as Plain) : undefined, afterHas ? (a as Plain) : undefined, out);
    } else {
      out.push(row(path, b, a, beforeHas, afterHas));
    }
  }
}

/**
 * The rows of an entry's change. A missing side (null: a creation or a deletion) makes every field
 * added or removed; two values that are not objects make one row.
 */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  if (!present(before) && !present(after)) return [];
  if ((isPlain(before) || !present(before)) && (isPlain(after) || !present(after))) {
    const out: DiffRow[] = [];
    walk('', isPlain(before) ? before : undefined, isPlain(after) ? after : undefined, out);
    return out;
  }
  return [row('', before, after, present(before), present(after))];
}

/** How many fields an entry touched. */
export const changedCount = (rows: readonly DiffRow[]) => rows.filter((r) => r.status !== 'same').length;
