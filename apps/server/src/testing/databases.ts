import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach } from 'vitest';
import { type AppDatabase, migrateAppDatabase, openAppDatabase } from '../database';
import type { DatabaseConfig } from '../platform/config';

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

/**
 * Fresh, migrated databases of one dialect for the tests of a `describe` block, with every module's
 * tables: each call of the returned function opens a new one, closed and dropped after the test.
 * The one set-up every *.db.test.ts shares.
 *
 *   describe.each(testDialects())('… on %s', (dialect) => {
 *     const fresh = freshDatabases(dialect);
 *     it('…', async () => { const { database } = await fresh(); … });
 */
export function freshDatabases(dialect: 'sqlite' | 'postgres'): () => Promise<OpenTestDatabase> {
  const opened: OpenTestDatabase[] = [];
  afterEach(async () => {
    for (const open of opened.splice(0)) await open.close();
  });
  return async () => {
    const open = await openTestDatabase(dialect);
    opened.push(open);
    return open;
  };
}

export interface OpenTestDatabase {
  database: AppDatabase;
  config: DatabaseConfig;
  /** Closes the database and drops it. */
  close(): Promise<void>;
}

/** A fresh, migrated database of one dialect with every module's tables (for tests that share one across a file). */
export async function openTestDatabase(dialect: 'sqlite' | 'postgres'): Promise<OpenTestDatabase> {
  const target = await createTestDatabase(dialect);
  const database = openAppDatabase(target.config);
  const close = async () => {
    await database.close();
    await target.drop();
  };
  try {
    await migrateAppDatabase(database);
  } catch (err) {
    await close();
    throw err;
  }
  return { database, config: target.config, close };
}
