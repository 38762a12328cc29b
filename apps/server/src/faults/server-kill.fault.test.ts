import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, ServerProcess, sleep, storedShortUrls, tempDir } from './harness';
import { runScenario } from './scenario';

/**
 * The server itself SIGKILLed in the middle of writes and started again on the same database:
 * every write it had answered as successful is still there (SQLite WAL: a commit is in the log
 * before the answer goes out).
 */

let server: ServerProcess;
let file: string;

const stored = (urls: readonly string[]) => storedShortUrls(file, urls);

beforeAll(async () => {
  file = path.join(tempDir('lantian-faults-kill-'), 'lantian.db');
  server = await ServerProcess.start({ env: { DATABASE_URL: `sqlite:${file}` } });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  removeTempDirs();
});

describe('the server killed mid-write', () => {
  it('SIGKILL under load, started again: refused while down, every answered write present', async () => {
    await runScenario({
      fault: 'server SIGKILLed, restarted',
      base: () => server.base,
      inject: async () => {
        server.kill();
        await sleep(300);
        await server.start();
      },
      stored,
      refusedAllowed: true,
      alive: () => server.alive,
    });
    const db = new SqliteDatabase(file, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  });
});
