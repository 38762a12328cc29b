import { existsSync, readFileSync, rmSync } from 'node:fs';
import { formatMatrix, MATRIX_FILE, type MatrixRow } from './harness';

/** Vitest's global set-up for the fault suite: an empty matrix before, the matrix printed after. */
export default function setup() {
  rmSync(MATRIX_FILE, { force: true });
  return () => {
    if (!existsSync(MATRIX_FILE)) return;
    const rows = readFileSync(MATRIX_FILE, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as MatrixRow);
    console.log(`\nfault matrix (${rows.length} cases)\n${formatMatrix(rows)}\n`);
  };
}
