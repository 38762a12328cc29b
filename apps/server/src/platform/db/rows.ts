/**
 * Rows of a table as column → value, for the statements built by hand (bulk inserts, upserts).
 * The generic table types give no static shape here; a row is always a plain object.
 */
export function columnValues(row: unknown): Map<string, unknown> {
  return new Map(typeof row === 'object' && row !== null ? Object.entries(row) : []);
}

export function columnsOf(row: unknown): string[] {
  return [...columnValues(row).keys()];
}
