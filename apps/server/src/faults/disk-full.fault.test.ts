import { statSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, ServerProcess, sleep, storedShortUrls, tempDir } from './harness';
import { runScenario } from './scenario';

/**
 * SQLite with no room to write: the server runs under a file-size limit (RLIMIT_FSIZE, `ulimit -f`)
 * a few pages above its database, so the write-ahead log soon cannot grow (EFBIG) — what a full
 * disk does to it, without needing a mount. Writes answer 503, reads go on, the process stays up;
 * started again without the limit, nothing answered as committed is missing and the file is sound.
 */

let server: ServerProcess;
let file: string;

const stored = (urls: readonly string[]) => storedShortUrls(file, urls);

beforeAll(async () => {
  file = path.join(tempDir('lantian-faults-disk-'), 'lantian.db');
  // Migrated and checkpointed first, without a limit: the limit then leaves ~12 WAL pages of room.
  const first = await ServerProcess.start({ env: { DATABASE_URL: `sqlite:${file}` } });
  await first.stop();
  const limitKb = Math.ceil(statSync(file).size / 1024) + 48;
  server = await ServerProcess.start({ env: { DATABASE_URL: `sqlite:${file}` }, fileSizeLimitKb: limitKb });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  removeTempDirs();
});

describe('SQLite with the disk full', () => {
  it('writes answer 503 (not 500), reads go on, no crash; after the limit is lifted nothing answered is lost', async () => {
    let crashed = false;
    const { row, samples, faultStart } = await runScenario({
      fault: 'SQLite disk full (RLIMIT_FSIZE)',
      base: () => server.base,
      inject: async () => {
        await sleep(3_000);
        crashed = !server.alive;
        await server.stop();
        server.options = { env: server.options.env };
        await server.start();
      },
      stored,
      // The restart that lifts the limit closes the port for a moment.
      refusedAllowed: true,
      alive: () => server.alive,
    });
    expect(crashed, 'the server died under the full disk').toBe(false);
    expect(row.unavailable).toBeGreaterThan(0);
    // Under the limit (before the restart that lifts it): writes refused with 503, reads still served.
    const restart = samples.find((s) => s.outcome === 'refused')?.at ?? Date.now();
    const underLimit = samples.filter((s) => s.at < restart);
    expect(underLimit.some((s) => s.kind === 'write' && s.outcome === '503')).toBe(true);
    expect(underLimit.some((s) => s.kind === 'read' && s.outcome === '2xx' && s.at >= faultStart)).toBe(true);
    expect(server.log).toMatch(/"fault":"full"/);
    const db = new SqliteDatabase(file, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  });
});
