/**
 * Data scope (issue 13): every operator belongs to an organisation bound to an administrative area
 * (GB/T 2260), and every platform query is limited to that area and below. Codes nest by prefix:
 * 440000 (a province) holds 4403xx (its cities' codes and their counties); 440300 (a city) holds
 * 4403xx; 440305 (a county) only itself; 100000 is the whole country.
 *
 * A scoped repository method takes the scope as a required parameter and filters in SQL with
 * {@link inAreaScope}; handlers never filter, and a caller cannot widen it by a parameter.
 */
import { type Expression, type SqlBool, sql } from 'kysely';

export const COUNTRY_AREA = '100000';

export interface AreaScope {
  /** The area code the scope covers, with everything below it. */
  areaCode: string;
}

/** The scope of the whole country (the system's own actions, the CLI). */
export const NATIONWIDE: AreaScope = { areaCode: COUNTRY_AREA };

/** The significant prefix of an area code: '44' for a province, '4403' for a city, all six for a county. */
export function scopePrefix(areaCode: string): string {
  if (areaCode === COUNTRY_AREA) return '';
  if (areaCode.endsWith('0000')) return areaCode.slice(0, 2);
  if (areaCode.endsWith('00')) return areaCode.slice(0, 4);
  return areaCode;
}

/**
 * The condition "this area-code column lies in the scope", for `query.where(inAreaScope('g.area_code', scope))`.
 * A half-open range on the code's text rather than LIKE: both databases answer it from an index on the
 * column (SQLite's LIKE is case-insensitive by default and then skips indexes).
 */
export function inAreaScope(column: string, scope: AreaScope): Expression<SqlBool> {
  const prefix = scopePrefix(scope.areaCode);
  if (prefix === '') return sql<SqlBool>`1 = 1`;
  // Codes are six digits: '4403' covers '440300'…'440399'. Bounds of digits only compare the same under
  // every collation (PostgreSQL's locale collations do not order punctuation bytewise).
  const ref = sql.ref(column);
  return sql<SqlBool>`(${ref} between ${prefix.padEnd(6, '0')} and ${prefix.padEnd(6, '9')})`;
}

/** Whether an area lies inside the scope. */
export function inScope(areaCode: string, scope: AreaScope): boolean {
  return areaCode.startsWith(scopePrefix(scope.areaCode));
}

/**
 * The condition "this grid-code column is `code` or lies below it" (grid codes nest by prefix under
 * their county: 110105001 holds 110105001002). A half-open range on digit strings rather than LIKE, for
 * the same reasons as {@link inAreaScope}: both databases answer it from an index. Every code below
 * `code` starts with it, so it lies in [code, code + 1) — the next code of the same length.
 */
export function inCodeTree(column: string, code: string): Expression<SqlBool> {
  if (!/^\d+$/.test(code)) throw new Error(`not a grid code: ${code}`);
  const next = (BigInt(code) + 1n).toString().padStart(code.length, '0');
  const ref = sql.ref(column);
  return sql<SqlBool>`(${ref} >= ${code} and ${ref} < ${next})`;
}
