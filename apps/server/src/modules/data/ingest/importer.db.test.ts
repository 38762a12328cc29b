import { chinaTime, cityRealtimeAqi } from '@lantian/domain';
import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../database';
import { freshDatabases, testDialects } from '../../../testing/databases';
import {
  type CnemcRowSpec,
  chinaSitesCsv,
  cnemcCsv,
  cnemcRow,
  published,
  STATIONS,
  stationListCsv,
  utf8,
  type Values,
  values,
} from '../../../testing/fixtures/release-files';
import { AirStore } from '../air';
import { StationsRepository } from '../stations';
import { CNEMC_CSV_COLUMNS } from './cnemc-file';
import { Importer, type ImporterOptions } from './importer';

const T7 = '2018-02-20 07:00:00';
const T8 = '2018-02-20 08:00:00';
const AT7 = chinaTime(2018, 2, 20, 7);
const AT8 = chinaTime(2018, 2, 20, 8);

const row = (code: string, time: string, seed: number, extra: Partial<CnemcRowSpec> = {}) =>
  cnemcRow({ code, time, values: values(seed), ...extra });

describe.each(testDialects())('importer on %s', (dialect) => {
  const fresh = freshDatabases(dialect);
  let database: AppDatabase;

  async function setup(options: ImporterOptions = {}) {
    ({ database } = await fresh());
    const importer = () => new Importer(database, { now: () => 1_700_000_000, ...options });
    return { importer, air: new AirStore(database), stations: new StationsRepository(database) };
  }

  it('imports a national CSV: stations with their cities, hours as GUIDE §6 reads them, city values', async () => {
    const { importer, air, stations } = await setup();
    const im = importer();
    const file = cnemcCsv(...STATIONS.map((s, i) => row(s.code, T7, i * 7)));
    const report = await im.importFile({ name: 'hour.csv', bytes: utf8(file) });
    expect(report).toMatchObject({ form: 'cnemc-csv', error: null, rows: 5, accepted: 5, inserted: 5 });

    const all = await stations.all();
    expect(all.map((s) => [s.code, s.city_code, s.county_code, s.is_reference, s.source])).toEqual([
      ['1001A', '110000', null, 0, 'cnemc'],
      ['1002A', '110000', null, 0, 'cnemc'],
      ['1003A', '110000', null, 0, 'cnemc'],
      ['1013A', '110000', null, 1, 'cnemc'],
      ['1956A', '652800', '652801', 0, 'cnemc'],
    ]);
    expect(all[0]).toMatchObject({ name: '万寿西宫', longitude: 116.366, latitude: 39.8673 });

    const [first] = await air.stationHours.series('1001A', AT7, AT7);
    const v = values(0);
    expect(first).toMatchObject({
      aqi: published(v).aqi,
      level: 2,
      primary_pollutant: 'pm10',
      o3: v.o3_1h,
      o3_1h_max: v.o3_1h_max_24h,
      o3_8h: v.o3_8h_moving,
      o3_8h_max: v.o3_8h_max_today,
      pm2_5: v.pm2_5,
      co: 0.7,
      source: 'cnemc',
      qc_flags: 0,
      revised: 0,
    });

    // Beijing's value from its three non-reference stations (the reference station is left out).
    const [beijing] = (await air.cityHours.at(AT7)).filter((c) => c.city_code === '110000');
    const expected = cityRealtimeAqi(
      [0, 7, 14].map((seed) => {
        const x = values(seed);
        return {
          name: 'x',
          values: { pm2_5: x.pm2_5, pm10: x.pm10, so2: x.so2, no2: x.no2, co: x.co, o3: x.o3_1h },
        };
      }),
    );
    expect(beijing).toMatchObject({ aqi: expected.aqi, station_count: 3, pm2_5: expected.concentrations.pm2_5 });

    await im.finish();
    const summary = im.summary();
    expect(summary).toMatchObject({
      files: 1,
      failed: [],
      rows: 5,
      stations: { known: 0, created: 5 },
      hours: 1,
      inserted: 5,
      updated: 0,
      unchanged: 0,
      rejected: { count: 0, first: [] },
      qc: { checked: 5, mismatches: 0 },
      cityRows: { hours: 2, days: 2, months: 2, years: 2 },
    });
  });

  it('changes nothing on re-import; a revised hour replaces the old one, marked revised', async () => {
    const { importer, air } = await setup();
    const file = cnemcCsv(row('1001A', T7, 0), row('1002A', T7, 1));
    await importer().importFile({ name: 'a.csv', bytes: utf8(file) });
    const again = importer();
    await again.importFile({ name: 'a.csv', bytes: utf8(file) });
    expect(again.summary()).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 2,
      stations: { known: 2, created: 0 },
    });

    const revised = importer();
    await revised.importFile({ name: 'b.csv', bytes: utf8(cnemcCsv(row('1001A', T7, 5), row('1002A', T7, 1))) });
    expect(revised.summary()).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });
    const rows = await air.stationHours.at(AT7);
    expect(rows.map((r) => [r.station_code, r.pm2_5, r.revised])).toEqual([
      ['1001A', values(5).pm2_5, 1],
      ['1002A', values(1).pm2_5, 0],
    ]);
  });

  it('lets the later copy of a repeated row win and counts the hour once', async () => {
    const { importer, air } = await setup();
    const im = importer();
    await im.importFile({
      name: 'twice.csv',
      bytes: utf8(cnemcCsv(row('1001A', T7, 0), row('1002A', T7, 1), row('1001A', T7, 3))),
    });
    expect(im.summary()).toMatchObject({ rows: 3, duplicates: 1, inserted: 2 });
    const [stored] = await air.stationHours.series('1001A', AT7, AT7);
    expect(stored?.pm2_5).toBe(values(3).pm2_5);
  });

  it('rejects bad rows with their line and imports the rest; a truncated file keeps its complete rows', async () => {
    const { importer, air } = await setup();
    const im = importer();
    const bad = row('1002A', T7, 1).replace(',0.7,', ',-0.7,');
    await im.importFile({ name: 'bad.csv', bytes: utf8(cnemcCsv(row('1001A', T7, 0), bad, row('1003A', T7, 2))) });
    const full = cnemcCsv(row('1001A', T8, 0), row('1002A', T8, 1), row('1003A', T8, 2));
    const cut = full.slice(0, full.lastIndexOf(',1', full.length - 20));
    await im.importFile({ name: 'cut.csv', bytes: utf8(cut) });
    const summary = im.summary();
    expect(summary.rejected).toEqual({
      count: 2,
      first: [
        { file: 'bad.csv', line: 3, where: '第 3 行 / line 3', reason: expect.stringContaining('co 不是有效的浓度') },
        {
          file: 'cut.csv',
          line: 4,
          where: '第 4 行 / line 4',
          reason: expect.stringContaining('fields, the header 22'),
        },
      ],
    });
    expect(summary.inserted).toBe(4);
    expect((await air.stationHours.at(AT8)).map((r) => r.station_code)).toEqual(['1001A', '1002A']);
  });

  it('fails a whole file that has the wrong header or is not UTF-8, and still imports the others', async () => {
    const { importer } = await setup();
    const im = importer();
    const header = await im.importFile({ name: 'header.csv', bytes: utf8('a,b,c\n1,2,3\n') });
    const gbk = await im.importFile({
      name: 'gbk.csv',
      bytes: new Uint8Array([...utf8(cnemcCsv(row('1001A', T7, 0))), 0xb1, 0xb1, 0xbe, 0xa9]),
    });
    const broken = await im.importFile({
      name: 'broken.geojson',
      bytes: utf8('{"type": "FeatureCollection", "features": ['),
    });
    await im.importFile({ name: 'good.csv', bytes: utf8(cnemcCsv(row('1001A', T7, 0))) });
    expect(header.error).toContain('line 1');
    expect(gbk.error).toContain('UTF-8');
    const summary = im.summary();
    expect(summary.failed).toEqual([
      { file: 'header.csv', reason: expect.stringContaining('missing columns') },
      { file: 'gbk.csv', reason: expect.stringContaining('第 3 行 / line 3') },
      { file: 'broken.geojson', reason: expect.stringContaining('not valid JSON') },
    ]);
    expect(broken.form).toBe('cnemc-geojson');
    expect(summary).toMatchObject({ files: 1, inserted: 1 });
  });

  it('tells the forms apart by the header as CSV reads it; a header CSV cannot read fails the file at line 1', async () => {
    const { importer } = await setup();
    const im = importer();
    const quoted = stationListCsv(STATIONS, { quotedHeader: true });
    const list = await im.importFile({ name: 'list.csv', bytes: utf8(quoted) }, 'station-list');
    expect(list).toMatchObject({ form: 'station-list', error: null, accepted: STATIONS.length });
    const broken = await im.importFile({ name: 'broken.csv', bytes: utf8('date,ho"ur,type,1001A\n') });
    expect(broken.error).toMatch(/^第 1 行 \/ line 1: .*a quote inside an unquoted field/);
  });

  it('rejects every row of a station whose city it cannot place, naming the city text', async () => {
    const { importer, stations } = await setup();
    const im = importer();
    await im.importFile({
      name: 'x.csv',
      bytes: utf8(
        cnemcCsv(
          row('1001A', T7, 0),
          row('9999A', T7, 1, { area: '火星市', name: '火星站' }),
          row('9999A', T8, 1, { area: '火星市', name: '火星站' }),
        ),
      ),
    });
    const summary = im.summary();
    expect(summary.rejected.count).toBe(2);
    expect(summary.rejected.first.map((r) => r.line)).toEqual([3, 4]);
    expect(summary.rejected.first[0]?.reason).toContain('火星市');
    expect((await stations.all()).map((s) => s.code)).toEqual(['1001A']);
  });

  it('flags rows whose published AQI or primary pollutant do not follow from the values', async () => {
    const { importer, air } = await setup();
    const im = importer();
    await im.importFile({
      name: 'qc.csv',
      bytes: utf8(
        cnemcCsv(
          row('1001A', T7, 0, { aqi: '150' }),
          row('1002A', T7, 1, { primary: '二氧化硫' }),
          row('1003A', T7, 2),
        ),
      ),
    });
    const rows = await air.stationHours.at(AT7);
    expect(rows.map((r) => [r.station_code, r.qc_flags, r.aqi, r.primary_pollutant])).toEqual([
      ['1001A', 1, 150, 'pm10'],
      ['1002A', 2, published(values(1)).aqi, 'so2'],
      ['1003A', 0, published(values(2)).aqi, 'pm10'],
    ]);
    expect(im.summary().qc).toMatchObject({
      checked: 3,
      mismatches: 2,
      aqi: 1,
      primary: 1,
      byStation: [
        {
          station: '1001A',
          count: 1,
          first: [{ file: 'qc.csv', where: '第 2 行 / line 2', field: 'aqi', published: 150 }],
        },
        { station: '1002A', count: 1, first: [{ field: 'primary', published: ['so2'], computed: ['pm10'] }] },
      ],
    });
  });

  it('imports china_sites files with their station list, in batches of whole hours', async () => {
    const { importer, air, stations } = await setup({ batchRows: 2 });
    const im = importer();
    await im.importFile({ name: '站点列表.csv', bytes: utf8(stationListCsv(STATIONS)) }, 'station-list');
    const hours = [7, 8, 9].map((hour) => ({
      date: '20180220',
      hour,
      stations: Object.fromEntries(STATIONS.map((s, i): [string, Values] => [s.code, values(i * 5 + hour)])),
    }));
    const codes = STATIONS.map((s) => s.code);
    const report = await im.importFile({ name: 'china_sites_20180220.csv', bytes: utf8(chinaSitesCsv(codes, hours)) });
    expect(report).toMatchObject({ form: 'china-sites', rows: 15, accepted: 15, inserted: 15 });
    const all = await stations.all();
    expect(all.map((s) => [s.code, s.name, s.city_code, s.is_reference, s.source])).toEqual([
      ['1001A', '万寿西宫', '110000', 0, 'china_sites'],
      ['1002A', '定陵', '110000', 0, 'china_sites'],
      ['1003A', '东四', '110000', 0, 'china_sites'],
      ['1013A', '郊外(对照点)', '110000', 1, 'china_sites'],
      ['1956A', '孔雀公园', '652800', 0, 'china_sites'],
    ]);
    const [first] = await air.stationHours.series('1001A', AT8, AT8);
    expect(first).toMatchObject({
      source: 'china_sites',
      o3: values(8).o3_1h,
      o3_1h_max: values(8).o3_1h_max_24h,
      o3_8h: values(8).o3_8h_moving,
      o3_8h_max: values(8).o3_8h_max_today,
      aqi: published(values(8)).aqi,
      primary_pollutant: 'pm10',
      qc_flags: 0,
    });
    expect((await air.cityHours.ofCity('110000', AT7, AT8 + 3600)).map((c) => c.station_count)).toEqual([3, 3, 3]);
    expect(im.summary()).toMatchObject({ hours: 3, qc: { checked: 15, mismatches: 0 }, cityRows: { hours: 6 } });
  });

  it('rejects china_sites stations that are in no list and not in the register', async () => {
    const { importer, stations } = await setup();
    await importer().importFile({ name: 'hour.csv', bytes: utf8(cnemcCsv(row('1001A', T7, 0))) });
    const im = importer();
    const file = chinaSitesCsv(
      ['1001A', '1002A'],
      [{ date: '20180220', hour: 8, stations: { '1001A': values(1), '1002A': values(2) } }],
    );
    await im.importFile({ name: 'china_sites_20180220.csv', bytes: utf8(file) });
    const summary = im.summary();
    // 1001A is in the register already; 1002A is nowhere.
    expect(summary).toMatchObject({ inserted: 1, stations: { known: 1, created: 0 } });
    expect(summary.rejected.first).toEqual([
      {
        file: 'china_sites_20180220.csv',
        line: 2,
        where: '第 2 行 / line 2',
        reason: expect.stringContaining('1002A'),
      },
    ]);
    expect(summary.rejected.first[0]?.reason).toContain('station list');
    expect(await stations.count()).toBe(1);
  });

  it('refuses a --stations file that is not a station list', async () => {
    const { importer } = await setup();
    const im = importer();
    const report = await im.importFile({ name: 's.csv', bytes: utf8(cnemcCsv(row('1001A', T7, 0))) }, 'station-list');
    expect(report.error).toContain('station-list header');
    expect(im.summary()).toMatchObject({ files: 0, inserted: 0, failed: [{ file: 's.csv' }] });
  });

  it('reads the GeoJSON form and names features in its rejections', async () => {
    const { importer } = await setup({ aggregate: false });
    const im = importer();
    const feature = (code: string, aqi: string) => {
      const fields = row(code, T7, 0).split(',');
      const properties = Object.fromEntries(CNEMC_CSV_COLUMNS.map((c, i) => [c, fields[i] ?? '']));
      return {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [116.366, 39.8673] },
        properties: { ...properties, aqi },
      };
    };
    const json = JSON.stringify({
      type: 'FeatureCollection',
      features: [feature('1001A', String(published(values(0)).aqi)), feature('1002A', 'x')],
    });
    await im.importFile({ name: 'hour.geojson', bytes: utf8(json) });
    expect(im.summary()).toMatchObject({
      inserted: 1,
      cityRows: { hours: 0 },
      rejected: { count: 1, first: [{ line: null, where: '第 2 个要素 / feature 2' }] },
    });
  });

  // PostgreSQL runs transactions side by side; SQLite has one writer per file (two processes take
  // turns: cli/import-live.test.ts).
  it.skipIf(dialect === 'sqlite')(
    'runs two imports of overlapping files at once without aborting on a unique key',
    async () => {
      const { importer, air } = await setup({ batchRows: 10 });
      const hours = Array.from({ length: 12 }, (_, h) => `2018-02-20 ${String(h).padStart(2, '0')}:00:00`);
      const file = (offset: number) =>
        utf8(cnemcCsv(...hours.flatMap((t, h) => STATIONS.map((s, i) => row(s.code, t, h * 10 + i + offset)))));
      // The same station-hours, the second import with other values: whichever writes a row last wins.
      const [a, b] = await Promise.all([
        importer().importFile({ name: 'a.csv', bytes: file(0) }),
        importer().importFile({ name: 'b.csv', bytes: file(3) }),
      ]);
      const rows = hours.length * STATIONS.length;
      expect(a.error).toBeNull();
      expect(b.error).toBeNull();
      expect(a.inserted + b.inserted).toBe(rows);
      expect(a.inserted + a.updated + a.unchanged).toBe(rows);
      expect(b.inserted + b.updated + b.unchanged).toBe(rows);
      expect(await air.stationHours.series('1001A', AT7 - 7 * 3600, AT7 + 4 * 3600)).toHaveLength(hours.length);
    },
  );
});
