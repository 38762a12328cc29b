import { Readable } from 'node:stream';
import { ErrorCode, type HistoryData } from '@lantian/contracts';
import { chinaTime } from '@lantian/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { NOW } from '../../../testing/fixtures/city-air-scene';
import { addDataAnalysisScene, pm25At } from '../../../testing/fixtures/data-analysis-scene';
import { signedInject } from '../../../testing/signed';
import { AirStore } from '../../data/air';

let app: TestApp;
let now = NOW;

beforeAll(async () => {
  app = await createTestApp({ now: () => now });
  await addDataAnalysisScene(app.database);
}, 60_000);
afterAll(async () => {
  await app.close();
});

const post = (url: string, params: Record<string, string>) =>
  signedInject(app.server, app.config, { method: 'POST', url, params });

async function history(params: Record<string, string>): Promise<HistoryData> {
  const res = await post('/api/getHistoryData', params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Every row of a query, page after page. */
async function allRows(params: Record<string, string>) {
  const rows: HistoryData['table']['list'] = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = await history({ ...params, pageNum: String(pageNum), pageSize: '500' });
    rows.push(...page.table.list);
    if (rows.length >= page.table.total) return rows;
  }
}

const MAY = (d: number, h = 0) => `2024-05-${String(d).padStart(2, '0')} ${String(h).padStart(2, '0')}:00:00`;

describe('history query', () => {
  it('answers a city’s days as getCityDayData does, value for value', async () => {
    const params = { startTime: MAY(3), endTime: MAY(9) };
    const days = await post('/api/getCityDayData', { city: '110000', ...params });
    const items: Record<string, number | null>[] = days.json().data.items;
    expect(items.length).toBe(7);
    const data = await history({ cities: 'beijing', granularity: 'day', pollutants: 'pm2_5,aqi,o3_8h,no2', ...params });
    // The columns come in the product's order, whatever order they were asked in.
    expect(data.columns.map((c) => c.key)).toEqual(['aqi', 'pm2_5', 'o3_8h', 'no2']);
    expect(data.table.total).toBe(7);
    expect(data.times).toHaveLength(7);
    expect(data.table.list.map((r) => r.values)).toEqual(items.map((i) => [i.aqi, i.pm2_5, i.o3_8h, i.no2]));
    expect(data.table.list[0]).toMatchObject({ time: '2024-05-03', code: '110000', name: '北京市' });
    expect(data.series.find((s) => s.pollutant === 'pm2_5')?.data).toEqual(items.map((i) => i.pm2_5));
  });

  it('answers a city’s hours as getCityHoursData does', async () => {
    const params = { startTime: MAY(9, 1), endTime: MAY(9, 23) };
    const hours = await post('/api/getCityHoursData', { city: 'shanghai', ...params });
    const items: Record<string, number | null>[] = hours.json().data.items;
    const data = await history({ cities: '310000', granularity: 'hour', pollutants: 'aqi,pm2_5,o3', ...params });
    expect(data.table.list.map((r) => r.values)).toEqual(items.map((i) => [i.aqi, i.pm2_5, i.o3]));
    expect(data.table.list[0]?.time).toBe('2024-05-09 01:00');
  });

  it('answers station hours as stored, and station days computed from them', async () => {
    const stored = await new AirStore(app.database).stationHours.series(
      '1001A',
      chinaTime(2024, 5, 8, 1),
      chinaTime(2024, 5, 9),
    );
    const hours = await history({
      stations: '1001A',
      granularity: 'hour',
      pollutants: 'pm2_5,no2',
      startTime: MAY(8, 1),
      endTime: MAY(9),
    });
    expect(hours.table.list.map((r) => r.values)).toEqual(stored.map((s) => [s.pm2_5, s.no2]));
    expect(hours.targets[0]).toEqual({ kind: 'station', code: '1001A', name: '万寿西宫', cityName: '北京市' });

    const days = await history({
      stations: '1001A,N320100-01',
      granularity: 'day',
      pollutants: 'pm2_5',
      startTime: MAY(8),
      endTime: MAY(8),
    });
    const mean = (code: string) => {
      let sum = 0;
      for (let h = 1; h <= 24; h++) sum += pm25At(code, chinaTime(2024, 5, 8) + h * 3600);
      return Math.round(sum / 24);
    };
    expect(days.table.list).toEqual([
      { time: '2024-05-08', code: '1001A', name: '万寿西宫', values: [mean('1001A')] },
      { time: '2024-05-08', code: 'N320100-01', name: '玄武湖', values: [mean('N320100-01')] },
    ]);
    expect(days.notes.join('')).toContain('由其小时值');
  });

  it('answers months of cities from the month table, with CO as its 95th percentile', async () => {
    const months = await post('/api/getCityMonthData', { city: 'beijing', year: '2024' });
    const may = (months.json().data.items as Record<string, unknown>[]).find((m) => m.month === '2024-05');
    const data = await history({
      cities: 'beijing',
      granularity: 'month',
      pollutants: 'aqi,pm2_5,co',
      startTime: MAY(1),
      endTime: MAY(31),
    });
    expect(data.table.list).toEqual([
      {
        time: '2024-05',
        code: '110000',
        name: '北京市',
        values: [may?.aqiMean ?? null, may?.pm2_5 ?? null, may?.co ?? null],
      },
    ]);
    expect(data.columns.map((c) => c.title)).toContain('CO 日均值第95百分位 (mg/m³)');
  });

  it('pages the table in a stable order: by target as asked, then time', async () => {
    const params = {
      cities: 'shanghai,beijing',
      granularity: 'hour',
      pollutants: 'pm2_5',
      startTime: MAY(8, 1),
      endTime: MAY(9),
    };
    const rows = await allRows(params);
    expect(rows).toHaveLength(48);
    expect(rows[0]?.code).toBe('310000');
    expect(rows[24]?.code).toBe('110000');
    const page2 = await history({ ...params, pageNum: '2', pageSize: '10' });
    expect(page2.table).toMatchObject({ total: 48, pageNum: 2, pageSize: 10 });
    expect(page2.table.list).toEqual(rows.slice(10, 20));
  });

  it('refuses bad input with a clear Chinese message and a stable code, reading nothing', async () => {
    const cases: [Record<string, string>, number, number, string][] = [
      [{ cities: 'beijing', startTime: MAY(9), endTime: MAY(3) }, 400, ErrorCode.VALIDATION, '不能早于开始时间'],
      [
        { cities: 'beijing', granularity: 'hour', startTime: '2023-01-01 00:00:00', endTime: MAY(9) },
        400,
        ErrorCode.VALIDATION,
        '366 天',
      ],
      [
        { cities: 'beijing', granularity: 'day', startTime: '2000-01-01 00:00:00', endTime: MAY(9) },
        400,
        ErrorCode.VALIDATION,
        '3660 天',
      ],
      [
        { stations: '1001A', granularity: 'month', startTime: '2022-01-01 00:00:00', endTime: MAY(9) },
        400,
        ErrorCode.VALIDATION,
        '12 个月',
      ],
      [{ cities: 'beijing', startTime: '2024-13-01 00:00:00' }, 400, ErrorCode.VALIDATION, 'startTime'],
      [{ cities: 'beijing', startTime: 'yesterday' }, 400, ErrorCode.VALIDATION, 'startTime'],
      [{ cities: 'beijing', granularity: 'week' }, 400, ErrorCode.VALIDATION, 'granularity'],
      [{ cities: 'beijing', pollutants: 'pm25' }, 400, ErrorCode.VALIDATION, '未知的污染物'],
      [{ cities: 'beijing,atlantis' }, 404, ErrorCode.CITY_NOT_FOUND, '未找到城市：atlantis'],
      [{ cities: '110101' }, 404, ErrorCode.CITY_NOT_FOUND, '地级市'],
      [{ stations: '1001A,9999Z' }, 404, ErrorCode.STATION_NOT_FOUND, '未找到站点：9999Z'],
      [{ cities: 'beijing', stations: '1001A' }, 400, ErrorCode.VALIDATION, '不能与 cities 同时使用'],
      [{}, 400, ErrorCode.VALIDATION, '请选择城市'],
      [
        { cities: Array.from({ length: 51 }, (_, i) => String(110000 + i * 10000)).join(',') },
        400,
        ErrorCode.VALIDATION,
        '最多 50 个',
      ],
    ];
    for (const [params, status, code, text] of cases) {
      const res = await post('/api/getHistoryData', params);
      expect(res.statusCode, JSON.stringify(params)).toBe(status);
      expect(res.json().code, JSON.stringify(params)).toBe(code);
      expect(res.json().msg, JSON.stringify(params)).toContain(text);
    }
  });

  it('refuses a query of more rows than one call reads, pointing at the export', async () => {
    const cities = [
      '110000',
      '310000',
      '320100',
      '440100',
      '440300',
      '330100',
      '510100',
      '420100',
      '610100',
      '500000',
      '120000',
      '210100',
      '370100',
      '410100',
    ];
    const res = await post('/api/getHistoryData', {
      cities: cities.join(','),
      granularity: 'hour',
      startTime: '2023-05-10 00:00:00',
      endTime: MAY(9),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.QUERY_TOO_LARGE, data: { limit: 120_000 } });
    expect(res.json().msg).toContain('导出');
  });
});

/** A CSV of RFC 4180 (quoted fields may hold commas and quotes), as rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  return rows;
}

const asNumber = (v: string) => (v === '' ? null : Number(v));

describe('export', () => {
  const query = {
    stations: '1001A,D310000-01',
    granularity: 'hour',
    pollutants: 'aqi,pm2_5,o3,co',
    startTime: MAY(7, 1),
    endTime: MAY(9),
  };

  async function ticket(format: 'csv' | 'xlsx', params: Record<string, string> = query) {
    const res = await post('/api/createDataExport', { ...params, format });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { url: string; fileName: string; rows: number };
  }

  it('streams a CSV (UTF-8 with BOM, Chinese file name) whose values equal the query’s', async () => {
    const expected = await allRows(query);
    const { url, fileName, rows } = await ticket('csv');
    expect(rows).toBe(2 * 48);
    expect(fileName).toBe('蓝天空气质量_万寿西宫等2个站点_2024-05-07至2024-05-09_逐小时.csv');
    const res = await app.server.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(fileName)}`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...lines] = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(header).toEqual([
      '时间',
      '类型',
      '编码',
      '名称',
      '所属城市',
      'AQI',
      'PM2.5 (μg/m³)',
      'O3 1小时 (μg/m³)',
      'CO (mg/m³)',
    ]);
    expect(lines).toHaveLength(expected.length);
    expect(lines.map((l) => ({ time: l[0], code: l[2], name: l[3], values: l.slice(5).map(asNumber) }))).toEqual(
      expected,
    );
    expect(lines[0]?.slice(1, 5)).toEqual(['站点', '1001A', '万寿西宫', '北京市']);
  });

  it('streams an XLSX whose 数据 sheet reads back equal to the query', async () => {
    const params = { cities: 'beijing,shanghai', granularity: 'day', startTime: MAY(3), endTime: MAY(10) };
    const expected = await allRows(params);
    const { url } = await ticket('xlsx', params);
    const res = await app.server.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.read(Readable.from([res.rawPayload]));
    const sheet = book.getWorksheet('数据');
    const read: { time: string; code: string; name: string; values: (number | null)[] }[] = [];
    sheet?.eachRow((row, n) => {
      if (n === 1) return;
      const cells = (row.values as unknown[]).slice(1);
      read.push({
        time: String(cells[0]),
        code: String(cells[2]),
        name: String(cells[3]),
        values: Array.from({ length: 8 }, (_, i) => (cells[5 + i] === undefined ? null : Number(cells[5 + i]))),
      });
    });
    expect(expected.length).toBe(16);
    expect(read).toEqual(expected);
    expect(book.getWorksheet('说明')).toBeDefined();
  });

  it('takes a ticket once; an unknown, used, expired or mismatched one is 404 40431', async () => {
    const { url } = await ticket('csv');
    expect((await app.server.inject({ method: 'GET', url })).statusCode).toBe(200);
    const again = await app.server.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      code: ErrorCode.EXPORT_TICKET_NOT_FOUND,
      msg: expect.stringContaining('重新导出'),
    });
    expect(
      (await app.server.inject({ method: 'GET', url: '/api/dataExport/AAAAAAAAAAAAAAAAAAAAAAAA.csv' })).statusCode,
    ).toBe(404);
    const other = await ticket('csv');
    expect((await app.server.inject({ method: 'GET', url: other.url.replace('.csv', '.xlsx') })).statusCode).toBe(404);
    const late = await ticket('xlsx');
    now = NOW + 301;
    try {
      expect((await app.server.inject({ method: 'GET', url: late.url })).statusCode).toBe(404);
    } finally {
      now = NOW;
    }
    expect((await app.server.inject({ method: 'GET', url: '/api/dataExport/..%2Fetc.csv' })).statusCode).toBe(400);
  });

  it('checks an export as the query (bad input → 4xx, no ticket), but lets a year of hours of 50 stations through', async () => {
    const bad = await post('/api/createDataExport', { ...query, stations: '1001A,0000X', format: 'csv' });
    expect(bad.statusCode).toBe(404);
    expect((await post('/api/createDataExport', { ...query, format: 'pdf' })).statusCode).toBe(400);
    const year = await post('/api/createDataExport', {
      stations: '1001A',
      granularity: 'hour',
      startTime: '2023-05-10 00:00:00',
      endTime: MAY(9),
      format: 'csv',
    });
    expect(year.statusCode).toBe(200);
    // 2023-05-10 00:00 … 2024-05-09 00:00: 365 days of hours, both ends included.
    expect(year.json().data.rows).toBe(8761);
  });

  it('refuses an unsigned query and ticket', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/createDataExport',
      payload: { cities: 'beijing', format: 'csv' },
    });
    expect(res.statusCode).toBe(401);
  });
});
