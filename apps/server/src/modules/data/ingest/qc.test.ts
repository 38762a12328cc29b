import { describe, expect, it } from 'vitest';
import { CNEMC_CSV_COLUMNS, type CnemcStationRow, parseCnemcCsv } from './cnemc-file';
import { checkRow, runQc } from './qc';

type Fields = Partial<Record<(typeof CNEMC_CSV_COLUMNS)[number], string>>;

const BASE: Fields = {
  timepoint: '2018-02-20 07:00:00',
  stationcode: '1001A',
  longitude: '116.366',
  latitude: '39.8673',
  area: '北京市',
  positionname: '万寿西宫',
  primarypollutant: '细颗粒物(PM2.5)',
  aqi: '54',
  pm10: '-;',
  pm10_24h: '-;',
  pm2_5: '38',
  pm2_5_24h: '134',
  o3: '84',
  o3_24h: '62',
  o3_8h: '37',
  o3_8h_24h: '37',
  no2: '17',
  no2_24h: '42',
  so2: '3',
  so2_24h: '22',
  co: '0.7',
  co_24h: '2.2',
};

function rows(...variants: Fields[]): CnemcStationRow[] {
  const quote = (v: string) => (v.includes(',') ? `"${v}"` : v);
  const lines = variants.map((v) => CNEMC_CSV_COLUMNS.map((c) => quote({ ...BASE, ...v }[c] ?? '')).join(','));
  const parsed = parseCnemcCsv([CNEMC_CSV_COLUMNS.join(','), ...lines].join('\n'));
  expect(parsed.rejected).toEqual([]);
  return parsed.rows;
}

function only(fields: Fields) {
  const [row] = rows(fields);
  if (row === undefined) throw new Error('no row');
  return checkRow(row);
}

describe('QC of one row', () => {
  it('accepts a row whose AQI and primary pollutant follow from its concentrations', () => {
    const result = only({});
    expect(result?.aqiRange).toEqual([54, 55]);
    expect(result?.iaqiRanges.pm2_5).toEqual([54, 55]);
    expect(result?.iaqiRanges.pm10).toBeNull();
    expect(result?.mismatch).toBeNull();
  });

  it('allows the rounding of published values: PM2.5 "38" stands for 37.5–38.5, AQI 54–55', () => {
    expect(only({ aqi: '55' })?.mismatch).toBeNull();
    expect(only({ aqi: '53' })?.mismatch).toMatchObject({
      station: '1001A',
      field: 'aqi',
      published: 53,
      computed: [54, 55],
    });
    expect(only({ aqi: '56' })?.mismatch).toMatchObject({ field: 'aqi', computed: [54, 55] });
  });

  it('allows ±0.05 mg/m³ for CO', () => {
    const co = { pm2_5: '5', primarypollutant: '-;', o3_24h: '10', no2: '5', so2: '2' };
    // CO 6.0 mg/m³ (1 h) → 5.95–6.05 → IAQI 60–61.
    expect(only({ ...co, co: '6.0', aqi: '60', primarypollutant: '一氧化碳' })?.mismatch).toBeNull();
    expect(only({ ...co, co: '6.0', aqi: '61', primarypollutant: '一氧化碳' })?.mismatch).toBeNull();
    expect(only({ ...co, co: '6.0', aqi: '62', primarypollutant: '一氧化碳' })?.mismatch).toMatchObject({
      computed: [60, 61],
    });
  });

  it('reads the current hour of O3 from o3_24h, not o3 (GUIDE §6)', () => {
    // o3 = 300 would give IAQI 150; the current hour o3_24h = 62 gives 20, and PM2.5 54 is the AQI.
    expect(only({ o3: '300' })?.mismatch).toBeNull();
    expect(only({ o3_24h: '300', o3: '300' })?.mismatch).toMatchObject({ field: 'aqi', computed: [150, 151] });
  });

  it('reports a wrong primary pollutant with the pollutants that would be consistent', () => {
    expect(only({ primarypollutant: '二氧化氮' })?.mismatch).toMatchObject({
      field: 'primary',
      published: ['no2'],
      computed: ['pm2_5'],
    });
    expect(only({ primarypollutant: '细颗粒物(PM2.5),二氧化硫' })?.mismatch).toMatchObject({
      published: ['pm2_5', 'so2'],
      computed: ['pm2_5'],
    });
  });

  it('accepts any pollutant whose IAQI range holds the AQI when two are close', () => {
    // PM10 86 → 85.5–86.5 → IAQI 68–69; PM2.5 49 → 48.5–49.5 → IAQI 67–69; both hold AQI 68.
    const close = { pm10: '86', pm2_5: '49', aqi: '68' };
    expect(only({ ...close, primarypollutant: '颗粒物(PM10)' })?.mismatch).toBeNull();
    expect(only({ ...close, primarypollutant: '细颗粒物(PM2.5)' })?.mismatch).toBeNull();
    expect(only({ ...close, primarypollutant: '颗粒物(PM10),细颗粒物(PM2.5)' })?.mismatch).toBeNull();
  });

  it('wants no primary pollutant at AQI ≤ 50, and one above 50', () => {
    const clean = { pm2_5: '20', aqi: '29' };
    expect(only({ ...clean, primarypollutant: '-;' })?.mismatch).toBeNull();
    expect(only({ ...clean, primarypollutant: '细颗粒物(PM2.5)' })?.mismatch).toMatchObject({
      field: 'primary',
      published: ['pm2_5'],
      computed: [],
    });
    expect(only({ primarypollutant: '-;' })?.mismatch).toMatchObject({ published: [], computed: ['pm2_5'] });
  });

  it('does not judge 臭氧8小时, which is not part of the real-time AQI', () => {
    expect(only({ primarypollutant: '细颗粒物(PM2.5),臭氧8小时' })?.mismatch).toBeNull();
    expect(only({ primarypollutant: '臭氧8小时' })?.mismatch).toBeNull();
    expect(only({ pm2_5: '20', aqi: '29', primarypollutant: '臭氧8小时' })?.mismatch).toBeNull();
  });

  it('judges the primary pollutant only where the AQI is consistent', () => {
    expect(only({ aqi: '90', primarypollutant: '二氧化氮' })?.mismatch).toMatchObject({ field: 'aqi' });
  });

  it('skips rows without a published AQI or without any pollutant value', () => {
    expect(only({ aqi: '-;' })).toBeNull();
    expect(only({ pm2_5: '', o3_24h: '-;', no2: '-;', so2: '-;', co: '-;' })).toBeNull();
    expect(only({ pm2_5: '', o3_24h: '-;', no2: '-;', so2: '-;', co: '-;', o3: '80' })).toBeNull();
  });
});

describe('QC of a file', () => {
  it('counts rows and checked rows, and checks a repeated station-hour once, at its first occurrence', () => {
    const report = runQc(
      rows(
        {},
        { stationcode: '1002A', aqi: '99' },
        { stationcode: '1002A', aqi: '54' },
        { stationcode: '1002A', aqi: '99', timepoint: '2018-02-20 08:00:00' },
        { stationcode: '1003A', aqi: '-;' },
      ),
    );
    expect(report.rows).toBe(5);
    expect(report.checked).toBe(3);
    expect(report.mismatches.map((m) => [m.station, m.line, m.timepoint])).toEqual([
      ['1002A', 3, '2018-02-20 07:00:00'],
      ['1002A', 5, '2018-02-20 08:00:00'],
    ]);
  });

  it('takes another reading of the fields when asked, which is how the naive reading is shown wrong', () => {
    const naive = runQc(rows({ o3: '300' }), (row) => ({
      pm2_5: row.values.pm2_5,
      pm10: row.values.pm10,
      so2: row.values.so2,
      no2: row.values.no2,
      co: row.values.co,
      o3: row.values.o3_1h_max_24h,
    }));
    expect(naive.mismatches).toHaveLength(1);
    expect(runQc(rows({ o3: '300' })).mismatches).toEqual([]);
  });
});
