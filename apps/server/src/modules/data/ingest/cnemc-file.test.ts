import { chinaTime } from '@lantian/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileError } from '../../../testing/fixtures/release-files';
import {
  CNEMC_CSV_COLUMNS,
  decodeUtf8,
  detectCnemcFormat,
  firstInvalidUtf8Offset,
  parseCnemcCsv,
  parseCnemcFile,
  parseCnemcGeoJson,
  realtimeInputOf,
} from './cnemc-file';
import { parseCsvRecords } from './csv';

const HEADER = CNEMC_CSV_COLUMNS.join(',');
const ROW_1001A =
  '2018-02-20 07:00:00,1001A,116.366,39.8673,北京市,万寿西宫,细颗粒物(PM2.5),54,-;,-;,38,134,84,62,37,37,17,42,3,22,0.7,2.2';
const ROW_TIED =
  '2018-02-20T07:00:00,1002A,116.17,40.2865,北京市,定陵,"颗粒物(PM10),细颗粒物(PM2.5)",100,150,7,75,98,112,83,86,85,8,28,3,13,0.2,1.4';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('CNEMC CSV', () => {
  it('reads a row, with O3 fields named for what they are (GUIDE §6)', () => {
    const { format, rows, rejected } = parseCnemcFile(utf8(csv(ROW_1001A)));
    expect(format).toBe('csv');
    expect(rejected).toEqual([]);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      line: 2,
      record: 1,
      timepoint: '2018-02-20 07:00:00',
      time: chinaTime(2018, 2, 20, 7),
      stationCode: '1001A',
      stationName: '万寿西宫',
      area: '北京市',
      longitude: 116.366,
      latitude: 39.8673,
      aqi: 54,
      primaryPollutants: ['pm2_5'],
      quality: null,
    });
    expect(row?.values).toEqual({
      pm2_5: 38,
      pm2_5_24h: 134,
      pm10: null,
      pm10_24h: null,
      so2: 3,
      so2_24h: 22,
      no2: 17,
      no2_24h: 42,
      co: 0.7,
      co_24h: 2.2,
      o3_1h: 62,
      o3_1h_max_24h: 84,
      o3_8h_moving: 37,
      o3_8h_max_today: 37,
    });
    expect(row && realtimeInputOf(row)).toEqual({
      so2: 3,
      no2: 17,
      pm10: null,
      co: 0.7,
      o3: 62,
      pm2_5: 38,
      so2_24h: 22,
    });
  });

  it('keeps commas inside quoted fields and accepts the ISO time of the release', () => {
    const { rows, rejected } = parseCnemcCsv(csv(ROW_TIED));
    expect(rejected).toEqual([]);
    expect(rows[0]?.primaryPollutants).toEqual(['pm10', 'pm2_5']);
    expect(rows[0]?.time).toBe(chinaTime(2018, 2, 20, 7));
  });

  it('reads -; and empty fields as missing, never 0', () => {
    const row = ROW_1001A.replace(',38,134,', ',,-;,').replace(',54,', ',-;,').replace('细颗粒物(PM2.5)', '-;');
    const { rows, rejected } = parseCnemcCsv(csv(row));
    expect(rejected).toEqual([]);
    expect(rows[0]).toMatchObject({ aqi: null, primaryPollutants: [] });
    expect(rows[0]?.values.pm2_5).toBeNull();
    expect(rows[0]?.values.pm2_5_24h).toBeNull();
  });

  it('accepts a UTF-8 BOM, CRLF line ends and a trailing blank line', () => {
    const bytes = utf8(`\uFEFF${HEADER}\r\n${ROW_1001A}\r\n${ROW_TIED}\r\n\r\n`);
    const { rows, rejected } = parseCnemcFile(bytes);
    expect(rejected).toEqual([]);
    expect(rows.map((r) => [r.stationCode, r.line])).toEqual([
      ['1001A', 2],
      ['1002A', 3],
    ]);
  });

  it('accepts the columns in another order, and extra columns', () => {
    const columns = ['quality', ...[...CNEMC_CSV_COLUMNS].reverse()];
    const values = ['良', ...ROW_1001A.split(',').reverse()];
    const { rows, rejected } = parseCnemcCsv(`${columns.join(',')}\n${values.join(',')}`);
    expect(rejected).toEqual([]);
    expect(rows[0]).toMatchObject({ stationCode: '1001A', aqi: 54, quality: '良' });
    expect(rows[0]?.values.o3_1h).toBe(62);
  });

  it('rejects a wrong header, naming line 1 and the missing columns', () => {
    const err = fileError(() => parseCnemcCsv(`${HEADER.replace('o3_8h_24h', 'o3_8h_avg')}\n${ROW_1001A}`));
    expect(err.line).toBe(1);
    expect(err.message).toContain('第 1 行 / line 1');
    expect(err.message).toContain('o3_8h_24h');
    expect(fileError(() => parseCnemcCsv(`${HEADER},aqi\n`)).message).toContain('duplicated columns: aqi');
    expect(fileError(() => parseCnemcCsv('')).message).toContain('empty');
  });

  it('rejects bad numbers, naming the line and the column, and keeps the good rows', () => {
    const bad = ROW_1001A.replace(',17,42,', ',1七,42,').replace(',0.7,', ',-0.7,');
    const { rows, rejected } = parseCnemcCsv(csv(ROW_TIED, bad, ROW_1001A));
    expect(rows.map((r) => r.line)).toEqual([2, 4]);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ line: 3, record: 2, stationCode: '1001A', where: '第 3 行 / line 3' });
    expect(rejected[0]?.reasons.join('\n')).toMatch(/no2 .*"1七"/);
    expect(rejected[0]?.reasons.join('\n')).toMatch(/co .*"-0.7"/);
  });

  it.each([
    [ROW_1001A.replace(',54,', ',54.5,'), 'aqi'],
    [ROW_1001A.replace('2018-02-20 07:00:00', '2018-02-30 07:00:00'), 'timepoint'],
    [ROW_1001A.replace('2018-02-20 07:00:00', '20/02/2018 07:00'), 'timepoint'],
    [ROW_1001A.replace('1001A', ''), 'stationcode'],
    [ROW_1001A.replace('116.366', '216.366'), 'longitude'],
    [ROW_1001A.replace('细颗粒物(PM2.5)', '细颗粒物'), 'unknown pollutant name: 细颗粒物'],
    [ROW_1001A.replace(',2.2', ''), 'has 21 fields'],
  ])('rejects %j (%s)', (row, reason) => {
    const { rows, rejected } = parseCnemcCsv(csv(row));
    expect(rows).toEqual([]);
    expect(rejected[0]?.reasons.join('\n')).toContain(reason);
    expect(rejected[0]?.line).toBe(2);
  });

  it('refuses bytes that are not UTF-8 (a GBK export), naming the line and the byte', () => {
    const before = utf8(`\uFEFF${HEADER}\n${ROW_1001A}\n2018-02-20 07:00:00,1003A,1,1,`);
    const gbk = new Uint8Array([...before, 0xb1, 0xb1, 0xbe, 0xa9]);
    const err = fileError(() => parseCnemcFile(gbk));
    expect(err.line).toBe(3);
    expect(err.message).toContain('第 3 行 / line 3');
    expect(err.message).toContain('UTF-8');
    // The BOM's three bytes count: the offset is into the file as it is on disk.
    expect(err.message).toContain(`(byte ${before.length})`);
  });

  it('drops a BOM in text given directly, as in bytes', () => {
    const { rows, rejected } = parseCnemcCsv(`\uFEFF${HEADER}\r\n${ROW_TIED}\r\n`);
    expect(rejected).toEqual([]);
    expect(rows.map((r) => [r.stationCode, r.line, r.values.co_24h])).toEqual([['1002A', 2, 1.4]]);
  });

  it('counts lines inside quoted fields and reports an unterminated quote where it opened', () => {
    const records = parseCsvRecords('a,b\n"x\ny",z\nlast,"q ""quoted"""');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x\ny', 'z'] },
      { line: 4, fields: ['last', 'q "quoted"'] },
    ]);
    const err = fileError(() => parseCnemcCsv(csv(ROW_1001A, '2018-02-20 07:00:00,"1002A,')));
    expect(err.line).toBe(3);
    expect(err.message).toContain('unterminated');
  });
});

describe('UTF-8 checking', () => {
  it.each([
    [[0x61, 0x62], null],
    [[0xe4, 0xb8, 0xad], null],
    [[0xf0, 0x9f, 0x98, 0x80], null],
    [[0x61, 0xc0, 0x80], 1],
    [[0xe4, 0xb8], 0],
    [[0xed, 0xa0, 0x80], 0],
    [[0xf4, 0x90, 0x80, 0x80], 0],
    [[0x61, 0x80], 1],
    [[0xff], 0],
    // A U+FFFD the file really holds is not the bad byte; a BOM is counted.
    [[0xef, 0xbf, 0xbd, 0x61, 0xff], 4],
    [[0xef, 0xbf, 0xbd], null],
    [[0xef, 0xbb, 0xbf, 0xe4, 0xb8, 0xad, 0xe4, 0x61], 6],
  ])('%j → first bad byte %s', (bytes, offset) => {
    expect(firstInvalidUtf8Offset(new Uint8Array(bytes))).toBe(offset);
  });

  it('agrees with the strict decoder on any bytes: null exactly when they decode, valid UTF-8 up to the offset', () => {
    // Whole characters (ASCII, CJK, U+FFFD, emoji, BOM) among stray bytes, so both outcomes come up.
    const piece = fc.oneof(
      fc.constantFrom(
        [0x61],
        [0x0a],
        [0xe4, 0xb8, 0xad],
        [0xef, 0xbf, 0xbd],
        [0xf0, 0x9f, 0x98, 0x80],
        [0xef, 0xbb, 0xbf],
      ),
      fc.integer({ min: 0, max: 255 }).map((b) => [b]),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const bytes = new Uint8Array(pieces.flat());
        const strict = new TextDecoder('utf-8', { fatal: true });
        const decodes = (b: Uint8Array) => {
          try {
            strict.decode(b);
            return true;
          } catch {
            return false;
          }
        };
        const offset = firstInvalidUtf8Offset(bytes);
        if (offset === null) return decodes(bytes);
        // Valid up to the offset, and no character (at most 4 bytes) starts there.
        const noCharAt = [1, 2, 3, 4].every((k) => !decodes(bytes.subarray(offset, offset + k)));
        return !decodes(bytes) && decodes(bytes.subarray(0, offset)) && noCharAt;
      }),
    );
  });

  it('drops a BOM and decodes', () => {
    expect(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0xe5, 0x8c, 0x97]))).toBe('北');
  });
});

describe('CNEMC GeoJSON', () => {
  const properties = Object.fromEntries(
    CNEMC_CSV_COLUMNS.map((c, i) => [c, ROW_1001A.split(',')[i] ?? '']).filter(
      ([c]) => c !== 'longitude' && c !== 'latitude',
    ),
  );
  const feature = (
    props: Record<string, unknown>,
    geometry: unknown = { type: 'Point', coordinates: [116.366, 39.8673] },
  ) => ({
    type: 'Feature',
    geometry,
    properties: props,
  });
  const collection = (...features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });

  it('reads the release properties, coordinates from the geometry', () => {
    const input = collection(feature({ ...properties, timepoint: '2018-02-20T07:00:00', aqi: 54, quality: '良' }));
    expect(detectCnemcFormat(input)).toBe('geojson');
    const { format, rows, rejected } = parseCnemcFile(utf8(`\uFEFF${input}`));
    expect(format).toBe('geojson');
    expect(rejected).toEqual([]);
    expect(rows[0]).toMatchObject({
      line: null,
      record: 1,
      stationCode: '1001A',
      longitude: 116.366,
      latitude: 39.8673,
      aqi: 54,
      quality: '良',
      primaryPollutants: ['pm2_5'],
    });
    expect(rows[0]?.values).toMatchObject({ o3_1h: 62, o3_1h_max_24h: 84, pm10: null });
  });

  it('takes JSON numbers as they are, and checks them too', () => {
    const { rows, rejected } = parseCnemcGeoJson(
      collection(
        feature({ ...properties, aqi: 54, pm2_5: 38, co: 0.7 }, { type: 'Point', coordinates: [1e-7, 0] }),
        feature({ ...properties, aqi: 54.5, pm2_5: -1 }),
      ),
    );
    expect(rows[0]).toMatchObject({ aqi: 54, longitude: 1e-7, latitude: 0 });
    expect(rows[0]?.values).toMatchObject({ pm2_5: 38, co: 0.7 });
    expect(rejected[0]?.reasons.join(' ')).toMatch(/aqi.*pm2_5|pm2_5.*aqi/s);
  });

  it('rejects features one by one, naming the feature', () => {
    const { co: _co, ...withoutCo } = properties;
    const { rows, rejected } = parseCnemcGeoJson(
      collection(
        feature(properties),
        feature(withoutCo),
        feature({ ...properties, pm2_5: 'abc' }),
        { type: 'Feature', geometry: { type: 'LineString', coordinates: [] }, properties },
        feature(properties, null),
      ),
    );
    expect(rows.map((r) => r.record)).toEqual([1, 5]);
    expect(rows[1]).toMatchObject({ longitude: null, latitude: null });
    expect(rejected.map((r) => [r.where, r.reasons.join(' ')])).toEqual([
      ['第 2 个要素 / feature 2', expect.stringContaining('missing properties: co')],
      ['第 3 个要素 / feature 3', expect.stringContaining('pm2_5')],
      ['第 4 个要素 / feature 4', expect.stringContaining('geometry')],
    ]);
  });

  it('refuses broken JSON and JSON that is not a FeatureCollection', () => {
    expect(fileError(() => parseCnemcGeoJson('{"type": "FeatureCollection",\n "features": [}')).message).toContain(
      'not valid JSON',
    );
    expect(fileError(() => parseCnemcGeoJson('{"type": "Feature"}')).message).toContain('FeatureCollection');
  });
});
