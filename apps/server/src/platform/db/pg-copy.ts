import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PostgresPoolClient } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';

/** Rows per chunk of COPY text handed to the stream: big enough to amortise, small enough to stream. */
const ROWS_PER_CHUNK = 1_000;

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in COPY's text format: \N for null; backslash, tab and line breaks escaped. */
function field(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] ?? c) : text;
}

function* copyText(rows: readonly Record<string, unknown>[], columns: readonly string[]): Generator<string> {
  for (let i = 0; i < rows.length; i += ROWS_PER_CHUNK) {
    let chunk = '';
    for (const row of rows.slice(i, i + ROWS_PER_CHUNK)) {
      chunk += `${columns.map((c) => field(row[c])).join('\t')}\n`;
    }
    yield chunk;
  }
}

/**
 * COPY … FROM STDIN of `rows` into `table` on `client` (inside the caller's transaction when it
 * opened one). Numbers are written with JavaScript's shortest round-trip form, which PostgreSQL reads
 * back as the same double: a copied value compares equal to the one a parameter would have bound.
 */
export async function copyRows(
  client: PostgresPoolClient,
  table: string,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const statement = copyFrom(`copy "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) from stdin`);
  // The pool's client facade (postgres-pool.ts) passes a non-text query such as this stream straight
  // to pg's client.query; Kysely's client type only names its cursor form, hence the widening.
  const submit = client.query as unknown as (query: typeof statement) => typeof statement;
  const stream = submit.call(client, statement);
  await pipeline(Readable.from(copyText(rows, columns)), stream);
}
