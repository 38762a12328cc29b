import { type Kysely, sql } from 'kysely';
import { columnsOf, columnValues } from './rows';

/** Rows per statement: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters at ~30 columns. */
export const UPSERT_CHUNK = 500;

/**
 * INSERT … ON CONFLICT (key) DO UPDATE SET every other column = excluded.column, in chunks.
 * Both dialects speak this form. Used for derived rows (city aggregates, forecasts) that are simply
 * replaced by their latest computation.
 */
export async function upsertReplacing<Tables, T extends keyof Tables & string>(
  db: Kysely<Tables>,
  table: T,
  key: readonly (keyof Tables[T] & string)[],
  rows: readonly Tables[T][],
): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const columns = columnsOf(first);
  const keySet = new Set<string>(key);
  const updates = sql.join(
    columns.filter((c) => !keySet.has(c)).map((c) => sql`${sql.ref(c)} = ${sql.ref(`excluded.${c}`)}`),
  );
  for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
    const tuples = rows.slice(i, i + UPSERT_CHUNK).map((row) => {
      const values = columnValues(row);
      return sql`(${sql.join(columns.map((c) => values.get(c) ?? null))})`;
    });
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
      values ${sql.join(tuples)}
      on conflict (${sql.join(key.map((k) => sql.ref(k)))}) do update set ${updates}`.execute(db);
  }
}
