import { describe, expect, it } from 'vitest';
import type { AreaScope } from '../../../platform/db/area-scope';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { ConfigsRepository } from './configs.repository';
import { ResourcesRepository } from './resources.repository';

const NOW = 1_790_000_000;
const BEIJING: AreaScope = { areaCode: '110000' };
const CHAOYANG: AreaScope = { areaCode: '110105' };
const SHANGHAI: AreaScope = { areaCode: '310000' };
const PAGE = { pageNum: 1, pageSize: 20, offset: 0, limit: 20 };

const config = (code: string, area: string, company: string) => ({
  code,
  title: `${code} 大屏`,
  konva_json: '{}',
  company,
  type: 'screen',
  status: 0,
  token: null,
  area_code: area,
  width: 1920,
  height: 1080,
  nodes: 0,
  bindings: 0,
  created_by: null,
  updated_by_name: '张伟',
  created_at: NOW,
  updated_at: NOW,
  published_at: null,
});

describe.each(testDialects())('configuration repositories on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  it('scope dashboards in SQL, count them by company, and find a published one by its token only', async () => {
    const { database } = await fresh();
    const repo = new ConfigsRepository(database);
    const chaoyang = await repo.insert(config('CY1', '110105', '朝阳区生态环境局'));
    await repo.insert(config('CY2', '110105', '朝阳区生态环境局'));
    await repo.insert(config('SH1', '310101', '黄浦区生态环境局'));
    expect((await repo.list({}, BEIJING, PAGE)).total).toBe(2);
    expect((await repo.list({ title: 'cy1' }, BEIJING, PAGE)).list.map((c) => c.code)).toEqual(['CY1']);
    expect(await repo.countBy('company', BEIJING)).toEqual([{ key: '朝阳区生态环境局', n: 2 }]);
    expect(await repo.byId(chaoyang, SHANGHAI)).toBeUndefined();
    expect(await repo.update(chaoyang, { status: 1, token: 'T'.repeat(43) }, SHANGHAI)).toBe(false);
    expect(await repo.update(chaoyang, { status: 1, token: 'T'.repeat(43) }, CHAOYANG)).toBe(true);
    expect((await repo.byToken('T'.repeat(43)))?.id).toBe(chaoyang);
    await repo.update(chaoyang, { status: 0 }, CHAOYANG);
    expect(await repo.byToken('T'.repeat(43))).toBeUndefined();
    expect(await repo.codeTaken('CY1', null)).toBe(true);
    expect(await repo.codeTaken('CY1', chaoyang)).toBe(false);
  });

  it('show every system picture and the area’s own custom ones, bytes intact', async () => {
    const { database } = await fresh();
    const repo = new ResourcesRepository(database);
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255, 1]);
    const row = (resourceType: string, area: string, name: string) => ({
      type: 'icon',
      resource_type: resourceType,
      file_name: name,
      mime: 'image/png',
      width: 1,
      height: 1,
      bytes: bytes.length,
      sha256: 'x',
      data: bytes,
      area_code: area,
      created_by: null,
      created_by_name: '张伟',
      created_at: NOW,
    });
    const system = await repo.insert(row('system', '100000', '风机'));
    await repo.insert(row('custom', '110105', '朝阳 logo'));
    const shanghai = await repo.insert(row('custom', '310101', '黄浦 logo'));
    expect((await repo.list({}, CHAOYANG, PAGE)).list.map((r) => r.file_name).sort()).toEqual(['朝阳 logo', '风机']);
    expect((await repo.list({ resourceType: 'system' }, SHANGHAI, PAGE)).total).toBe(1);
    expect(await repo.info(shanghai, BEIJING)).toBeUndefined();
    expect(Buffer.from((await repo.file(system, SHANGHAI))?.data ?? []).equals(bytes)).toBe(true);
  });
});
