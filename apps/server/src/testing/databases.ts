import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../config';

/**
 * The databases a repository test runs against: always a fresh SQLite file; PostgreSQL too when
 * TEST_DATABASE_URL is set (CI sets it to a fresh database). Each PostgreSQL test database is a
 * schema of its own, so test files running in parallel never see each other's rows.
 */
export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  config: DatabaseConfig;
  /** Removes the file or schema. */
  drop(): Promise<void>;
}

export const postgresUrl = process.env.TEST_DATABASE_URL;

export function testDialects(): Array<'sqlite' | 'postgres'> {
  return postgresUrl === undefined ? ['sqlite'] : ['sqlite', 'postgres'];
}

export function tempDir(prefix = 'lantian-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function createTestDatabase(name: 'sqlite' | 'postgres'): Promise<TestDatabase> {
  if (name === 'sqlite') {
    const dir = tempDir();
    return {
      name,
      config: { kind: 'sqlite', path: path.join(dir, 'test.db') },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (postgresUrl === undefined) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    name,
    config: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}
