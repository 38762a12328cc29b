import { describe, expect, it } from 'vitest';
import type { AreaScope } from '../../../platform/db/area-scope';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { RecordsRepository } from './records.repository';
import { SchedulesRepository } from './schedules.repository';
import { TemplatesRepository } from './templates.repository';

const NOW = 1_790_000_000;
const BEIJING: AreaScope = { areaCode: '110000' };
const CHAOYANG: AreaScope = { areaCode: '110105' };
const SHANGHAI: AreaScope = { areaCode: '310000' };
const PAGE = { pageNum: 1, pageSize: 20, offset: 0, limit: 20 };

const template = (area: string, name: string) => ({
  name,
  type: 'month',
  category: '空气质量',
  content_json: '[]',
  project_id: 'org1',
  area_code: area,
  created_by: 'op1',
  created_by_name: '张伟',
  created_at: NOW,
  updated_at: NOW,
  deleted_at: null,
});

describe.each(testDialects())('report repositories on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  it('scope templates to the area in SQL, and keep the recycle bin apart', async () => {
    const { database } = await fresh();
    const repo = new TemplatesRepository(database);
    const chaoyang = await repo.insert(template('110105', '朝阳月报'));
    await repo.insert(template('310000', '上海月报'));
    const beijing = await repo.insert(template('110000', '北京月报'));
    const inUse = await repo.list({ deleted: false }, BEIJING, null);
    expect(inUse.list.map((t) => t.name).sort()).toEqual(['北京月报', '朝阳月报']);
    expect(await repo.byId(beijing, CHAOYANG)).toBeUndefined();
    expect(await repo.update(beijing, { deleted_at: NOW }, CHAOYANG)).toBe(false);
    expect(await repo.update(chaoyang, { deleted_at: NOW + 1 }, BEIJING)).toBe(true);
    expect((await repo.list({ deleted: true }, BEIJING, PAGE)).list.map((t) => t.id)).toEqual([chaoyang]);
    expect((await repo.list({ deleted: false, name: '北京' }, BEIJING, PAGE)).total).toBe(1);
    expect(await repo.countIn(SHANGHAI)).toBe(1);
  });

  it('store records with their images, list them by period and origin, and delete them together', async () => {
    const { database } = await fresh();
    const repo = new RecordsRepository(database);
    const record = (area: string, fromDay: number, origin: string) => ({
      title: `${area} 报告`,
      type: 'month',
      template_id: 1,
      template_name: '月报',
      area_code: area,
      from_day: fromDay,
      to_day: fromDay + 29,
      period_label: '2024年4月',
      content_json: '[]',
      numbers_json: '{}',
      substance: '',
      origin,
      schedule_id: null,
      created_by: null,
      created_by_name: '定时报告',
      created_at: NOW + fromDay,
      updated_at: NOW,
    });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    const id = await repo.transaction(async (trx) => {
      const recordId = await repo.insert(trx, record('110105', 19_814, 'schedule'));
      await repo.insertImage(trx, {
        kind: 'chart',
        record_id: recordId,
        template_id: null,
        area_code: '110105',
        mime: 'image/png',
        width: 2,
        height: 1,
        bytes: png.length,
        sha256: 'x',
        data: png,
        created_by: null,
        created_at: NOW,
      });
      return recordId;
    });
    await repo.transaction((trx) => repo.insert(trx, record('310000', 19_844, 'manual')));
    const [image] = await repo.imagesOf(id);
    expect(Buffer.from(image?.data ?? []).equals(png)).toBe(true);
    expect(await repo.image(image?.id ?? 0, SHANGHAI)).toBeUndefined();
    expect((await repo.list({ origin: 'schedule' }, BEIJING, PAGE)).list.map((r) => r.id)).toEqual([id]);
    expect((await repo.list({ fromDay: 19_820 }, { areaCode: '100000' }, PAGE)).total).toBe(1);
    expect(await repo.delete(id, SHANGHAI)).toBe(false);
    expect(await repo.delete(id, CHAOYANG)).toBe(true);
    expect(await repo.imagesOf(id)).toEqual([]);
  });

  it('let one claimant take a due schedule run', async () => {
    const { database } = await fresh();
    const repo = new SchedulesRepository(database);
    const id = await repo.insert({
      name: '北京月报',
      type: 'month',
      business_type: 'autoMonitor',
      area_code: '110000',
      settings_json: '{"templateId":"1","hour":8}',
      template_id: 1,
      enabled: 1,
      next_run_at: NOW,
      last_run_at: null,
      last_record_id: null,
      last_error: null,
      created_by: null,
      created_by_name: '张伟',
      created_at: NOW,
      updated_at: NOW,
    });
    expect((await repo.due(NOW - 1, 10)).length).toBe(0);
    expect((await repo.due(NOW, 10)).map((s) => s.id)).toEqual([id]);
    expect(await repo.claim(id, NOW, NOW + 86_400)).toBe(true);
    expect(await repo.claim(id, NOW, NOW + 86_400)).toBe(false);
    expect((await repo.due(NOW + 10, 10)).length).toBe(0);
    expect(await repo.byId(id, SHANGHAI)).toBeUndefined();
    expect((await repo.list({}, BEIJING, PAGE)).total).toBe(1);
  });
});
