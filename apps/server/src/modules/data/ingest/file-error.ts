/**
 * A file of any form that cannot be read as a whole; `line` names where, when known. Its own file so
 * that the CSV reader (csv.ts) and the form readers can all throw it without importing each other.
 */
export class CnemcFileError extends Error {
  constructor(
    readonly problem: string,
    readonly line: number | null,
  ) {
    super(line === null ? problem : `第 ${line} 行 / line ${line}: ${problem}`);
    this.name = 'CnemcFileError';
  }
}
