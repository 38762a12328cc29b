import { chinaTime } from '@lantian/domain';
import { describe, expect, it } from 'vitest';
import { chinaSitesCsv, published, values } from '../../../testing/fixtures/release-files';
import { parseChinaSitesCsv, primaryOf } from './china-sites-file';
import { CnemcFileError } from './cnemc-file';
import { runQc } from './qc';

const HOUR7 = { date: '20180220', hour: 7, stations: { '1001A': values(1), '1002A': values(40) } };
const HOUR8 = { date: '20180220', hour: 8, stations: { '1001A': values(2) } };

describe('china_sites daily file', () => {
  it('turns hour × type lines into one row per station and hour, O3 read as GUIDE §6', () => {
    const { rows, rejected, duplicates, stations } = parseChinaSitesCsv(
      chinaSitesCsv(['1001A', '1002A'], [HOUR7, HOUR8]),
    );
    expect(rejected).toEqual([]);
    expect(duplicates).toBe(0);
    expect(stations).toEqual(['1001A', '1002A']);
    expect(rows.map((r) => [r.stationCode, r.timepoint, r.line])).toEqual([
      ['1001A', '2018-02-20 07:00:00', 2],
      ['1002A', '2018-02-20 07:00:00', 2],
      ['1001A', '2018-02-20 08:00:00', 17],
    ]);
    const first = rows[0];
    expect(first?.time).toBe(chinaTime(2018, 2, 20, 7));
    expect(first?.aqi).toBe(published(values(1)).aqi);
    // O3_24h is the current hour and O3 the 24-hour maximum; O3_8h_24h the current 8-hour mean.
    expect(first?.values).toEqual(values(1));
    expect(runQc(rows).mismatches).toEqual([]);
  });

  it('reads the header case-insensitively, empty cells as missing, hour 0 as the end of the previous day', () => {
    const text = 'DATE,Hour,Type,1001A,1002A\n20180220,0,AQI,54,\n20180220,0,PM2.5,38,\n20180220,0,O3_24h,62,\n';
    const { rows } = parseChinaSitesCsv(text);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ stationCode: '1001A', aqi: 54, time: chinaTime(2018, 2, 20, 0) });
    expect(rows[0]?.values).toMatchObject({ pm2_5: 38, o3_1h: 62, pm10: null, o3_1h_max_24h: null });
    expect(rows[0]?.primaryPollutants).toEqual(['pm2_5']);
  });

  it('reads a file saved with a BOM and CRLF line ends like the plain one, lines included', () => {
    const plain = chinaSitesCsv(['1001A', '1002A'], [HOUR7, HOUR8]);
    const windows = parseChinaSitesCsv(`\uFEFF${plain.replaceAll('\n', '\r\n')}`);
    expect(windows.stations).toEqual(['1001A', '1002A']);
    expect(windows).toEqual(parseChinaSitesCsv(plain));
  });

  it('computes the primary pollutant from the values, only above AQI 50', () => {
    expect(primaryOf(54, { ...values(0), pm2_5: 38, pm10: 10, o3_1h: 10, no2: 10 })).toEqual(['pm2_5']);
    expect(primaryOf(40, { ...values(0), pm2_5: 20 })).toEqual([]);
    // Published 51 where the values give IAQI 50: the highest IAQI is named, not nothing.
    expect(primaryOf(51, { ...values(0), pm2_5: 35, pm10: 10, o3_1h: 10, no2: 10 })).toEqual(['pm2_5']);
  });

  it('lets the later copy of a repeated hour and type win, counting it', () => {
    const text = chinaSitesCsv(['1001A'], [HOUR7]).replace(
      '\n20180220,7,PM2.5,31\n',
      '\n20180220,7,PM2.5,31\n20180220,7,PM2.5,33\n',
    );
    const { rows, duplicates } = parseChinaSitesCsv(text);
    expect(duplicates).toBe(1);
    expect(rows[0]?.values.pm2_5).toBe(33);
  });

  it('rejects a bad number for its station and hour only, naming the line and type', () => {
    const text = chinaSitesCsv(['1001A', '1002A'], [HOUR7, HOUR8]).replace(
      '20180220,7,NO2,18,57',
      '20180220,7,NO2,1八,57',
    );
    const { rows, rejected } = parseChinaSitesCsv(text);
    expect(rows.map((r) => `${r.stationCode} ${r.timepoint}`)).toEqual([
      '1002A 2018-02-20 07:00:00',
      '1001A 2018-02-20 08:00:00',
    ]);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ line: 9, stationCode: '1001A' });
    expect(rejected[0]?.reasons.join()).toContain('第 9 行 / line 9 NO2');
    expect(rejected[0]?.reasons.join()).toContain('"1八"');
  });

  it('rejects lines with a bad date, hour, type or field count, and a truncated last line', () => {
    const good = chinaSitesCsv(['1001A', '1002A'], [HOUR7]);
    const text = `${good}20180230,7,AQI,1,2\n20180220,24,AQI,1,2\n20180220,7,PM1,1,2\n20180220,8,AQI,5`;
    const { rows, rejected } = parseChinaSitesCsv(text);
    expect(rows).toHaveLength(2);
    expect(rejected.map((r) => [r.line, r.reasons.join()])).toEqual([
      [17, expect.stringContaining('YYYYMMDD')],
      [18, expect.stringContaining('0–23')],
      [19, expect.stringContaining('unknown type: "PM1"')],
      [20, expect.stringContaining('has 4 fields, the header 5')],
    ]);
  });

  it('refuses a header that is not the form, or has bad station columns', () => {
    expect(() => parseChinaSitesCsv('time,hour,type,1001A\n')).toThrow(CnemcFileError);
    expect(() => parseChinaSitesCsv('date,hour,type,1001A,1001A\n')).toThrow(/duplicated station columns: 1001A/);
    expect(() => parseChinaSitesCsv('date,hour,type\n')).toThrow(/no station columns/);
    expect(() => parseChinaSitesCsv('')).toThrow(/empty/);
  });
});
