import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../database';
import { NATIONWIDE } from '../../../platform/db/area-scope';
import { freshDatabases, testDialects } from '../../../testing/databases';
import type { OpenAppsTable } from './open-api.tables';
import { OpenAppTokensRepository } from './open-app-tokens.repository';
import { OpenAppsRepository } from './open-apps.repository';

const T0 = 1_780_000_000;
const page = (limit = 20, offset = 0) => ({ pageNum: 1, pageSize: limit, limit, offset });
const newest = { by: 'created_at', order: 'desc' } as const;

function app(id: string, fields: Partial<OpenAppsTable> = {}): OpenAppsTable {
  return {
    id,
    name: `应用${id}`,
    app_key: `ak${id.padStart(32, '0')}`,
    secret_hash: 'a'.repeat(64),
    apis: 'area',
    rate_limit_per_minute: 60,
    expires_at: null,
    status: 'active',
    created_by_id: null,
    created_by: 'cli',
    area_code: '100000',
    created_at: T0,
    updated_at: T0,
    secret_reset_at: null,
    last_used_at: null,
    ...fields,
  };
}

const token = (hash: string, appId: string, createdAt = T0, expiresAt = T0 + 7200) => ({
  token_hash: hash.padEnd(64, '0'),
  app_id: appId,
  created_at: createdAt,
  expires_at: expiresAt,
  ip: '127.0.0.1',
});

describe.each(testDialects())('open-API applications and tokens on %s', (dialect) => {
  const fresh = freshDatabases(dialect);
  let database: AppDatabase;

  async function setup() {
    ({ database } = await fresh());
    return { apps: new OpenAppsRepository(database), tokens: new OpenAppTokensRepository(database) };
  }

  it('reads, lists and changes applications only inside the area scope', async () => {
    const { apps } = await setup();
    await apps.insert(app('1', { area_code: '100000', created_at: T0 }));
    await apps.insert(app('2', { area_code: '440304', created_at: T0 + 1 }));
    await apps.insert(app('3', { area_code: '440305', created_at: T0 + 2 }));
    await apps.insert(app('4', { area_code: '110101', created_at: T0 + 3 }));
    const shenzhen = { areaCode: '440300' };
    const futian = { areaCode: '440304' };

    expect((await apps.page({}, NATIONWIDE, page(), newest)).rows.map((a) => a.id)).toEqual(['4', '3', '2', '1']);
    expect((await apps.page({}, shenzhen, page(), newest)).rows.map((a) => a.id)).toEqual(['3', '2']);
    expect(await apps.page({}, futian, page(), newest)).toMatchObject({ total: 1, rows: [{ id: '2' }] });

    expect(await apps.byIdInScope('1', futian)).toBeUndefined();
    expect((await apps.byIdInScope('2', futian))?.app_key).toBe(app('2').app_key);
    expect(await apps.byKeyInScope(app('3').app_key, futian)).toBeUndefined();
    // The application's own sign-in is not scoped.
    expect((await apps.byKey(app('1').app_key))?.id).toBe('1');

    const changes = { name: '改名', apis: 'dict', rate_limit_per_minute: 5, expires_at: T0 + 9, updated_at: T0 + 9 };
    expect(await apps.update('1', futian, changes)).toBe(false);
    expect((await apps.byKey(app('1').app_key))?.name).toBe('应用1');
    expect(await apps.update('2', futian, changes)).toBe(true);
    expect(await apps.byIdInScope('2', futian)).toMatchObject(changes);

    expect(await apps.revoke('1', shenzhen, T0 + 10)).toBe(false);
    expect(await apps.replaceSecret('4', shenzhen, 'b'.repeat(64), T0 + 10)).toBe(false);
    expect((await apps.byKey(app('1').app_key))?.status).toBe('active');
    expect((await apps.byKey(app('4').app_key))?.secret_hash).toBe('a'.repeat(64));
  });

  it('filters by keyword (name or key, wildcards inert) and status, and sorts with empty values last', async () => {
    const { apps } = await setup();
    await apps.insert(app('1', { name: '气象_合作', last_used_at: T0 + 50 }));
    await apps.insert(app('2', { name: '雷达站', status: 'revoked' }));
    await apps.insert(app('3', { name: '气象局', last_used_at: T0 + 10 }));

    const names = async (
      filter: Parameters<OpenAppsRepository['page']>[0],
      sort = newest as Parameters<OpenAppsRepository['page']>[3],
    ) => (await apps.page(filter, NATIONWIDE, page(), sort)).rows.map((a) => a.name);
    // Collations differ between the databases: the matches, not their name order.
    expect((await names({ keyword: '气象' })).sort()).toEqual(['气象_合作', '气象局'].sort());
    expect(await names({ keyword: '%' })).toHaveLength(3);
    expect(await names({ keyword: app('2').app_key.slice(-6) })).toEqual(['雷达站']);
    expect(await names({ status: 'revoked' })).toEqual(['雷达站']);
    expect(await names({ status: 'active', keyword: '雷达' })).toEqual([]);
    // Never used: last whichever the direction.
    expect(await names({}, { by: 'last_used_at', order: 'desc' })).toEqual(['气象_合作', '气象局', '雷达站']);
    expect(await names({}, { by: 'last_used_at', order: 'asc' })).toEqual(['气象局', '气象_合作', '雷达站']);

    const second = await apps.page({}, NATIONWIDE, page(2, 2), { by: 'name', order: 'asc' });
    expect(second.total).toBe(3);
    expect(second.rows).toHaveLength(1);
  });

  it('joins a token with its application, and revoking or a new secret deletes the application’s tokens at once', async () => {
    const { apps, tokens } = await setup();
    await apps.insert(app('1'));
    await apps.insert(app('2'));
    await tokens.insert(token('a', '1'));
    await tokens.insert(token('b', '1'));
    await tokens.insert(token('c', '2'));

    expect(await tokens.withApp(token('a', '1').token_hash)).toMatchObject({
      token_hash: token('a', '1').token_hash,
      token_expires_at: T0 + 7200,
      app: { id: '1', app_key: app('1').app_key, expires_at: null, status: 'active' },
    });
    expect(await tokens.withApp('f'.repeat(64))).toBeUndefined();

    expect(await apps.revoke('1', NATIONWIDE, T0 + 5)).toBe(true);
    expect(await apps.revoke('1', NATIONWIDE, T0 + 6)).toBe(false);
    expect(await tokens.countFor('1')).toBe(0);
    expect(await tokens.countFor('2')).toBe(1);
    expect(await apps.byKey(app('1').app_key)).toMatchObject({ status: 'revoked', updated_at: T0 + 5 });
    // A revoked application's secret cannot be replaced.
    expect(await apps.replaceSecret('1', NATIONWIDE, 'b'.repeat(64), T0 + 7)).toBe(false);

    expect(await apps.replaceSecret('2', NATIONWIDE, 'b'.repeat(64), T0 + 8)).toBe(true);
    expect(await tokens.countFor('2')).toBe(0);
    expect(await apps.byKey(app('2').app_key)).toMatchObject({ secret_hash: 'b'.repeat(64), secret_reset_at: T0 + 8 });
  });

  it('keeps an application’s newest tokens, deletes expired ones, and records use', async () => {
    const { apps, tokens } = await setup();
    await apps.insert(app('1'));
    await apps.insert(app('2'));
    for (let i = 0; i < 5; i++) await tokens.insert(token(`a${i}`, '1', T0 + i, T0 + 100 + i));
    await tokens.insert(token('b', '2', T0, T0 + 1));

    expect(await tokens.trim('1', 3)).toBe(2);
    expect(await tokens.withApp(token('a0', '1').token_hash)).toBeUndefined();
    expect(await tokens.withApp(token('a1', '1').token_hash)).toBeUndefined();
    expect(await tokens.withApp(token('a4', '1').token_hash)).toBeDefined();
    expect(await tokens.trim('1', 3)).toBe(0);

    expect(await tokens.deleteExpired(T0 + 102)).toBe(2);
    expect(await tokens.countFor('1')).toBe(2);
    expect(await tokens.countFor('2')).toBe(0);

    await apps.touch('1', T0 + 60);
    expect((await apps.byKey(app('1').app_key))?.last_used_at).toBe(T0 + 60);
  });
});
