import { describe, expect, it } from 'vitest';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { SystemRepository } from './system.repository';

describe.each(testDialects())('installation facts (app_meta) on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  it('upserts by key, with epoch seconds as numbers', async () => {
    const { database } = await fresh();
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
  });

  it('records the first start once and the latest start every time', async () => {
    const { database } = await fresh();
    const repo = new SystemRepository(database);
    expect((await repo.recordStart(1_000)).firstStartedAt).toBe(1_000);
    expect((await repo.recordStart(2_000)).firstStartedAt).toBe(1_000);
    expect(await repo.getMeta('last_started_at')).toBe('2000');
  });
});
