import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type AreaScope, NATIONWIDE } from '../../../platform/db/area-scope';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { EnterprisesRepository } from './enterprises.repository';

const NOW = 1_760_000_000;
const BEIJING: AreaScope = { areaCode: '110000' };
const CHAOYANG: AreaScope = { areaCode: '110105' };

const row = (creditCode: string, areaCode: string, over: Record<string, unknown> = {}) => ({
  name: `餐馆${creditCode.slice(-3)}`,
  credit_code: creditCode,
  trade_type: 'restaurant',
  cuisine: '川菜',
  ranges: 4,
  purifier_efficiency: 80,
  address: '朝阳路 1 号',
  area_code: areaCode,
  lon: 116.48,
  lat: 39.95,
  contact: '',
  phone: '',
  operate_status: 'open',
  site_id: null,
  enabled: 1,
  created_at: NOW,
  updated_at: NOW,
  ...over,
});

describe.each(testDialects())('enterprise register on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  it('keeps every read inside the scope and filters in SQL', async () => {
    const { database } = await fresh();
    const repo = new EnterprisesRepository(database);
    const a = await repo.insert(row('91110105000000001A', '110105', { name: '朝阳川菜馆', site_id: 7 }));
    await repo.insert(row('91110108000000002B', '110108', { name: '海淀湘菜馆', ranges: 7 }));
    await repo.insert(row('91440305000000003C', '440305', { name: '南山粤菜馆', enabled: 0 }));

    expect((await repo.list({}, NATIONWIDE, null)).total).toBe(3);
    expect((await repo.list({}, BEIJING, null)).list.map((e) => e.name)).toEqual(['朝阳川菜馆', '海淀湘菜馆']);
    expect((await repo.list({}, CHAOYANG, null)).list.map((e) => e.name)).toEqual(['朝阳川菜馆']);
    expect((await repo.list({ keyword: '湘菜' }, NATIONWIDE, null)).total).toBe(1);
    expect((await repo.list({ ranges: { min: 6, max: null } }, NATIONWIDE, null)).list[0]?.name).toBe('海淀湘菜馆');
    expect((await repo.list({ enabled: false }, NATIONWIDE, null)).list[0]?.name).toBe('南山粤菜馆');
    expect((await repo.list({ linked: true }, NATIONWIDE, null)).total).toBe(1);
    expect((await repo.list({ areaCode: '110108' }, BEIJING, { offset: 0, limit: 10 })).total).toBe(1);
    expect(await repo.get(a, CHAOYANG)).toMatchObject({ name: '朝阳川菜馆', lon: 116.48 });
    expect(await repo.get(a, { areaCode: '110108' })).toBeUndefined();
    expect((await repo.bySite(7, BEIJING))?.id).toBe(a);
    expect(await repo.idOfCreditCode('91110108000000002B')).toBeGreaterThan(a);
  });

  it('refuses a second enterprise with the same credit code', async () => {
    const { database } = await fresh();
    const repo = new EnterprisesRepository(database);
    await repo.insert(row('91110105000000001A', '110105'));
    await expect(repo.insert(row('91110105000000001A', '110108'))).rejects.toThrow();
  });

  it('migration 0050 adds the current factors and the smoke rules, and switches off the old S01 rule', async () => {
    const { database } = await fresh();
    const factors = await sql<{
      value: string;
    }>`select value from dict_items where type = 'factor' and value in ('fanCurrent', 'purifierCurrent') order by value`.execute(
      database.db,
    );
    expect(factors.rows.map((r) => r.value)).toEqual(['fanCurrent', 'purifierCurrent']);
    const rules = await sql<{
      kind: string;
      enabled: number;
    }>`select kind, enabled from alarm_rules where device_type = 'S01' order by kind`.execute(database.db);
    expect(rules.rows.map((r) => [r.kind, Number(r.enabled)])).toEqual([
      ['fume_over', 1],
      ['over_limit', 0],
      ['purifier_off', 1],
    ]);
  });
});
