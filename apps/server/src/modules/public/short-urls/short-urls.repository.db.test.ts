import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../database';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { hashOfPath } from './short-url-path';
import { ShortUrlsRepository } from './short-urls.repository';
import { ShortUrlService } from './short-urls.service';

describe.each(testDialects())('short links on %s', (dialect) => {
  const fresh = freshDatabases(dialect);
  let database: AppDatabase;

  async function setup() {
    ({ database } = await fresh());
    return new ShortUrlsRepository(database);
  }

  const row = (id: string, url: string) => ({ id, url, url_hash: hashOfPath(url), created_at: 1_700_000_000 });

  it('stores a link once: a taken id or a taken url writes nothing', async () => {
    const repo = await setup();
    expect(await repo.insertIfAbsent(row('Abc12345', '/city/beijing'))).toBe(true);
    expect(await repo.insertIfAbsent(row('Abc12345', '/city/shanghai'))).toBe(false);
    expect(await repo.insertIfAbsent(row('Zzz99999', '/city/beijing'))).toBe(false);
    expect(await repo.byId('Abc12345')).toEqual({
      ...row('Abc12345', '/city/beijing'),
      hits: 0,
      last_used_at: 1_700_000_000,
    });
    expect((await repo.byHash(hashOfPath('/city/beijing')))?.id).toBe('Abc12345');
    expect(await repo.byId('Zzz99999')).toBeUndefined();
  });

  it('keeps a 2,000-character path with Chinese text unique by its hash', async () => {
    const repo = await setup();
    const long = `/search?q=${encodeURIComponent('北京'.repeat(110))}${'x'.repeat(10)}`;
    expect(long.length).toBeGreaterThan(1900);
    expect(await repo.insertIfAbsent(row('Long0001', long))).toBe(true);
    expect(await repo.insertIfAbsent(row('Long0002', long))).toBe(false);
    expect((await repo.byId('Long0001'))?.url).toBe(long);
  });

  it('adds uses flushed by several instances: hits add up, the last use only moves forward', async () => {
    const repo = await setup();
    await repo.insertIfAbsent(row('Hit00001', '/'));
    await repo.recordUses([{ id: 'Hit00001', hits: 3, lastUsedAt: 1_700_000_500 }]);
    // Another instance's older batch arrives later.
    await repo.recordUses([
      { id: 'Hit00001', hits: 2, lastUsedAt: 1_700_000_100 },
      { id: 'Gone0001', hits: 1, lastUsedAt: 1_700_000_100 },
    ]);
    expect(await repo.byId('Hit00001')).toMatchObject({ hits: 5, last_used_at: 1_700_000_500 });
  });

  it('deletes links unused since a cutoff, in batches, and keeps the others', async () => {
    const repo = await setup();
    const old = Array.from({ length: 1205 }, (_, i) => ({
      ...row(`Old${String(i).padStart(5, '0')}`, `/old/${i}`),
      created_at: 1_000 + i,
      last_used_at: 1_000 + i,
    }));
    for (let i = 0; i < old.length; i += 400) {
      await database.db
        .insertInto('short_urls')
        .values(old.slice(i, i + 400))
        .execute();
    }
    await repo.insertIfAbsent(row('Fresh001', '/fresh'));
    // Made long ago, but followed lately.
    await repo.insertIfAbsent({ ...row('Used0001', '/used'), created_at: 1_000 });
    await repo.recordUses([{ id: 'Used0001', hits: 1, lastUsedAt: 1_700_000_000 }]);
    expect(await repo.deleteUnusedSince(1_600_000_000)).toBe(1205);
    expect(await repo.byId('Old00000')).toBeUndefined();
    expect(await repo.byId('Fresh001')).toBeDefined();
    expect(await repo.byId('Used0001')).toBeDefined();
    expect(await repo.deleteUnusedSince(1_600_000_000)).toBe(0);
  });

  it('draws another id when the random one is taken, and answers concurrent requests for one path with one id', async () => {
    const repo = await setup();
    await repo.insertIfAbsent(row('AAAAAAAA', '/taken'));
    const ids = ['AAAAAAAA', 'BBBBBBBB'];
    const service = new ShortUrlService(
      repo,
      () => 1_700_000_000,
      () => ids.shift() ?? 'CCCCCCCC',
    );
    expect((await service.shorten('/city/wuhan')).id).toBe('BBBBBBBB');

    let n = 0;
    const racing = new ShortUrlService(
      repo,
      () => 1_700_000_000,
      () => `Race${String(n++).padStart(4, '0')}`,
    );
    const results = await Promise.all(Array.from({ length: 5 }, () => racing.shorten('/city/chengdu?tab=day')));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
  });
});
