import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * Searching by a piece of text (`keyword` filters of the platform's lists). LIKE wildcards typed by
 * the user are dropped rather than escaped: SQLite and PostgreSQL disagree on the default escape
 * character, and no one searches names for % or _.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[%_]/g, '')}%`;
}

/**
 * `keyword` found in any of `columns`, ignoring the case of Latin letters on both databases (SQLite's
 * LIKE already does, PostgreSQL's does not: "lt1101" must find the MN "LT110105…" on both). The lists
 * searched are an area's operators, roles, apps, sites and devices, small enough that lower() beating
 * an index does not matter.
 */
export function containsIgnoringCase(columns: readonly string[], keyword: string): Expression<SqlBool> {
  const pattern = containsPattern(keyword.toLowerCase());
  const tests = columns.map((column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern}`);
  return sql<SqlBool>`(${sql.join(tests, sql` or `)})`;
}
