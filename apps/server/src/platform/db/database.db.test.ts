import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../migrations';
import { SystemRepository } from '../../modules/system';
import { createTestDatabase, type TestDatabase, testDialects } from '../../testing/databases';
import { type Database, openDatabase } from './database';
import { MigrationFailedError, migrateToLatest } from './migrate';

describe.each(testDialects())('database on %s', (dialect) => {
  let target: TestDatabase;
  const open: Database[] = [];
  const connect = () => {
    const database = openDatabase(target.config);
    open.push(database);
    return database;
  };

  afterEach(async () => {
    for (const d of open.splice(0)) await d.close();
    await target.drop();
  });

  it('applies the migrations once, then finds nothing to do', async () => {
    target = await createTestDatabase(dialect);
    const database = connect();
    expect(database.dialect).toBe(dialect);
    const first = await migrateToLatest(database.db);
    expect(first.applied).toContain('0001_app_meta');
    const second = await migrateToLatest(database.db);
    expect(second.applied).toEqual([]);
    await database.ping();
  });

  it('stores installation facts in app_meta, upserting by key, with epoch seconds as numbers', async () => {
    target = await createTestDatabase(dialect);
    const database = connect();
    await migrateToLatest(database.db);
    const repo = new SystemRepository(database);
    expect(await repo.getMeta('missing')).toBeUndefined();
    await repo.setMeta('greeting', '你好', 1_700_000_000);
    await repo.setMeta('greeting', '蓝天', 1_700_000_100);
    expect(await repo.getMeta('greeting')).toBe('蓝天');
    const row = await database.db
      .selectFrom('app_meta')
      .selectAll()
      .where('key', '=', 'greeting')
      .executeTakeFirstOrThrow();
    expect(row.updated_at).toBe(1_700_000_100);
    expect(typeof row.updated_at).toBe('number');
  });

  it('keeps what was written across a restart (close and reopen)', async () => {
    target = await createTestDatabase(dialect);
    const before = connect();
    await migrateToLatest(before.db);
    const first = await new SystemRepository(before).recordStart(1_000);
    expect(first.firstStartedAt).toBe(1_000);
    await before.close();
    open.splice(open.indexOf(before), 1);

    const after = connect();
    expect((await migrateToLatest(after.db)).applied).toEqual([]);
    const second = await new SystemRepository(after).recordStart(2_000);
    expect(second.firstStartedAt).toBe(1_000);
    expect(await new SystemRepository(after).getMeta('last_started_at')).toBe('2000');
  });

  it('reports a failing migration by name and leaves earlier ones applied', async () => {
    target = await createTestDatabase(dialect);
    const database = connect();
    await migrateToLatest(database.db);
    const broken = {
      ...migrations,
      '9999_broken': {
        up: async () => {
          throw new Error('boom');
        },
      },
    };
    await expect(migrateToLatest(database.db, broken)).rejects.toThrow(MigrationFailedError);
    await expect(migrateToLatest(database.db, broken)).rejects.toThrow(/9999_broken/);
    expect(await new SystemRepository(database).getMeta('x')).toBeUndefined();
  });
});

describe.each(testDialects())('bulk insert on %s', (dialect) => {
  it('writes many rows in one go, missing values as NULL', async () => {
    const target = await createTestDatabase(dialect);
    const database = openDatabase(target.config);
    try {
      await migrateToLatest(database.db);
      const rows = Array.from({ length: 2_500 }, (_, i) => ({
        key: `k${i}`,
        value: i % 2 ? '单' : '双',
        updated_at: i,
      }));
      expect(await database.bulkInsert('app_meta', rows)).toBe(2_500);
      const count = await database.db
        .selectFrom('app_meta')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(2_500);
      expect(await new SystemRepository(database).getMeta('k7')).toBe('单');
      expect(await database.bulkInsert('app_meta', [])).toBe(0);
    } finally {
      await database.close();
      await target.drop();
    }
  });
});
