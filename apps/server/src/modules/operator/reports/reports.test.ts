import { chinaTime } from '@lantian/domain';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import { pdfText } from '../../../testing/documents';
import { seedReportMonth } from '../../../testing/fixtures/report-scene';
import { adminToken, createPlatformApp, dataOf, districtOperator, platformCall } from '../../../testing/platform';
import { signedInject } from '../../../testing/signed';

/**
 * The report centre through HTTP: a Beijing month report whose numbers are the public API's for the
 * same month, its Word and PDF read back, templates with their recycle bin, scope and refusals.
 */

const NOW = chinaTime(2024, 5, 10, 12);

const TEMPLATE = [
  { kind: 'text', id: 'h1', style: 'heading', text: '一、总体情况' },
  {
    kind: 'text',
    id: 'p1',
    text: '{{period}}，{{area}}平均 AQI 为 {{aqiMean}}，优良天数 {{goodDays}} 天，优良率 {{goodRate}}；PM2.5 平均浓度 {{pm2_5}} 微克/立方米，综合指数 {{compositeIndex}}，全国排名第 {{rank}} 位（共 {{rankTotal}} 个城市）。',
  },
  { kind: 'table', id: 't1', title: '主要指标', query: 'airSummary' },
  { kind: 'table', id: 't2', title: '各级别天数', query: 'levelDays' },
  { kind: 'chart', id: 'c1', title: '逐日 AQI', query: 'dailyAqi', chart: 'bar' },
  { kind: 'chart', id: 'c2', title: '级别构成', query: 'levelDays', chart: 'pie' },
  { kind: 'table', id: 't3', title: '城市排名', query: 'cityRank' },
  { kind: 'image', id: 'i1', title: 'AQI 日历', source: 'aqiImage' },
];

let app: TestApp;
let admin: string;
let templateId: string;
let recordId: string;

beforeAll(async () => {
  app = await createPlatformApp({}, () => NOW);
  await seedReportMonth(app);
  admin = await adminToken(app);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const call = (url: string, body?: unknown, token = admin) =>
  platformCall(app, { url, token, ...(body === undefined ? {} : { body }) });
const get = (url: string, query: Record<string, string>, token = admin) => platformCall(app, { url, token, query });

describe('templates', () => {
  it('are saved from elements, listed, and refuse an unknown placeholder (400, nothing written)', async () => {
    const saved = dataOf<{ id: string; content: unknown[] }>(
      await call('/cmsReport/template/save', {
        name: '城市空气质量月报',
        type: 'month',
        category: '空气质量',
        content: TEMPLATE,
      }),
    );
    templateId = saved.id;
    expect(saved.content).toHaveLength(TEMPLATE.length);

    const typo = await call('/cmsReport/template/save', {
      name: '错字模板',
      type: 'month',
      content: [{ kind: 'text', id: 'x', text: '平均 AQI {{aqiMaen}}' }],
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().msg).toContain('{{aqiMaen}}');
    const list = dataOf<{ total: number }>(await get('/cmsReport/template/list', {}));
    expect(list.total).toBe(1);
  });

  it('gets elements added one by one, goes to the recycle bin and comes back', async () => {
    const other = dataOf<{ id: string }>(await call('/cmsReport/template/save', { name: '临时模板', type: 'day' }));
    const added = dataOf<{ content: Array<{ id: string }> }>(
      await call('/cmsReport/template/control/add', {
        templateId: other.id,
        element: { kind: 'table', id: 'daily', query: 'dailyAqi' },
      }),
    );
    expect(added.content.map((e) => e.id)).toEqual(['daily']);
    const again = await call('/cmsReport/template/control/add', {
      templateId: other.id,
      element: { kind: 'table', id: 'daily', query: 'dailyAqi' },
    });
    expect(again.statusCode).toBe(400);

    dataOf(await call('/cmsReport/template/delete', { id: other.id }));
    const bin = dataOf<{ list: Array<{ id: string }> }>(await get('/cmsReport/template/recovery', {}));
    expect(bin.list.map((t) => t.id)).toEqual([other.id]);
    const tree = dataOf<Array<{ children: Array<{ templateId: string }> }>>(await get('/cmsReport/template/tree', {}));
    expect(tree.flatMap((c) => c.children.map((t) => t.templateId))).toEqual([templateId]);
    dataOf(await call('/cmsReport/template/recovery', { id: other.id }));
    expect(dataOf<{ total: number }>(await get('/cmsReport/template/list', {})).total).toBe(2);
  });
});

describe('a Beijing month report', () => {
  it('is generated for April 2024 with the public API’s numbers for the same month', async () => {
    const record = dataOf<{
      id: string;
      title: string;
      content: Array<{ kind: string; text?: string; rows?: string[][]; image?: string }>;
      numbers: {
        air: Record<string, unknown> & { levelDays: Array<{ level: number; days: number }> };
        rank: { rank: number; total: number };
        daily: unknown[];
      };
    }>(await call('/cmsReport/record/save', { templateId, areaCode: '110000', timepoint: '2024-04' }));
    recordId = record.id;
    expect(record.title).toBe('北京市空气质量月报（2024年4月）');
    expect(record.numbers.daily).toHaveLength(30);

    const months = await signedInject(app.server, app.config, {
      method: 'POST',
      url: '/api/getCityMonthData',
      params: { city: '110000', year: '2024' },
    });
    const april = (
      months.json() as {
        data: {
          items: Array<Record<string, unknown> & { month: string; levelDays: Array<{ level: number; days: number }> }>;
        };
      }
    ).data.items.find((m) => m.month === '2024-04');
    expect(april).toBeDefined();
    for (const key of [
      'pm2_5',
      'pm10',
      'so2',
      'no2',
      'co',
      'o3_8h',
      'compositeIndex',
      'aqiMean',
      'days',
      'goodDays',
      'goodRate',
    ]) {
      expect(record.numbers.air[key], key).toEqual(april?.[key]);
    }
    expect(record.numbers.air.levelDays.map((l) => l.days)).toEqual(april?.levelDays.map((l) => l.days));
    // Not a trivial month: several levels occur.
    expect(record.numbers.air.levelDays.filter((l) => l.days > 0).length).toBeGreaterThan(1);

    const rank = await signedInject(app.server, app.config, {
      method: 'POST',
      url: '/api/getCityRank',
      params: { timeType: 'month', time: '2024-04-01 00:00:00' },
    });
    const ranking = (rank.json() as { data: { total: number; items: Array<{ cityCode: string; rank: number }> } }).data;
    expect(record.numbers.rank.rank).toBe(ranking.items.find((i) => i.cityCode === '110000')?.rank);
    expect(record.numbers.rank.total).toBe(ranking.total);

    // The text says the same numbers.
    const paragraph = record.content.find((e) => e.kind === 'text' && e.text?.includes('平均 AQI'))?.text ?? '';
    expect(paragraph).toContain(`平均 AQI 为 ${Math.round(Number(april?.aqiMean))}`);
    expect(paragraph).toContain(`优良天数 ${april?.goodDays} 天`);
    expect(paragraph).toContain(
      `全国排名第 ${ranking.items.find((i) => i.cityCode === '110000')?.rank} 位（共 4 个城市）`,
    );

    // Charts are PNGs drawn on the server.
    const chart = record.content.find((e) => e.kind === 'chart');
    const png = await app.server.inject({
      method: 'GET',
      url: chart?.image ?? '',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
  }, 60_000);

  it('exports a Word file that opens and reads the report', async () => {
    const res = await get('/cmsReport/export', { id: recordId, format: 'docx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('北京市空气质量月报（2024年4月）.docx'));
    const { value } = await mammoth.extractRawText({ buffer: res.rawPayload });
    expect(value).toContain('北京市空气质量月报（2024年4月）');
    expect(value).toContain('一、总体情况');
    expect(value).toContain('优良天数');
    expect(value).toContain('编制单位');
  }, 60_000);

  it('exports a PDF whose Chinese text is extracted back', async () => {
    const res = await get('/cmsReport/export', { id: recordId, format: 'pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('北京市空气质量月报（2024年4月）');
    expect(text).toContain('一、总体情况');
    expect(text).toContain('各级别天数');
  }, 60_000);

  it('keeps its numbers for reportInfo, and takes a summary written by an operator', async () => {
    const info = dataOf<{ areaName: string; period: { label: string } }>(
      await get('/cmsReport/reportInfo', { id: recordId }),
    );
    expect(info).toMatchObject({ areaName: '北京市', period: { label: '2024年4月' } });
    const updated = dataOf<{ substance: string }>(
      await call('/cmsReport/record/update', { id: recordId, substance: '建议加强扬尘管控。' }),
    );
    expect(updated.substance).toBe('建议加强扬尘管控。');
    const list = dataOf<{ total: number; list: Array<{ id: string; origin: string }> }>(
      await get('/cmsReport/record/list', { startDate: '2024-04-01', endDate: '2024-04-30' }),
    );
    expect(list.list.map((r) => r.id)).toEqual([recordId]);
  });
});

describe('refusals', () => {
  it('refuses a period that does not match the template, or has not ended, and writes nothing', async () => {
    for (const timepoint of ['2024-04-01', '2024-05', '2024-13']) {
      const res = await call('/cmsReport/record/save', { templateId, areaCode: '110000', timepoint });
      expect(res.statusCode, timepoint).toBe(400);
    }
    expect(dataOf<{ total: number }>(await get('/cmsReport/record/list', {})).total).toBe(1);
  });

  it('keeps a district operator inside their district', async () => {
    const district = await districtOperator(app, admin, {
      username: 'report.chaoyang',
      areaCode: '110105',
      orgName: '朝阳区生态环境局',
      permissions: ['report:view', 'report:generate'],
    });
    const outside = await call(
      '/cmsReport/record/save',
      { templateId, areaCode: '110000', timepoint: '2024-04' },
      district.token,
    );
    // The template belongs to the whole country's organisation: not theirs to see.
    expect(outside.statusCode).toBe(404);
    expect((await get('/cmsReport/record/detail', { id: recordId }, district.token)).statusCode).toBe(404);
    expect((await get('/cmsReport/export', { id: recordId, format: 'pdf' }, district.token)).statusCode).toBe(404);
    const save = await call('/cmsReport/template/save', { name: 'x', type: 'day' }, district.token);
    expect(save.statusCode).toBe(403);
    expect(dataOf<{ total: number }>(await get('/cmsReport/record/list', {}, district.token)).total).toBe(0);
  });
});
