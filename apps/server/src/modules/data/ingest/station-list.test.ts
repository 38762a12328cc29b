import { describe, expect, it } from 'vitest';
import { CnemcFileError } from './cnemc-file';
import { parseStationList } from './station-list';

const HEADER = '监测点编码,监测点名称,城市,经度,纬度,对照点';

describe('station list', () => {
  it('reads stations, a BOM and the Y/N reference column', () => {
    const { stations, rejected } = parseStationList(
      `\uFEFF${HEADER}\r\n1001A,万寿西宫,北京,116.366,39.8673,N\r\n1013A,郊外,北京,116.0,40.5,Y\r\n`,
    );
    expect(rejected).toEqual([]);
    expect(stations).toEqual([
      {
        code: '1001A',
        name: '万寿西宫',
        city: '北京',
        longitude: 116.366,
        latitude: 39.8673,
        isReference: false,
        line: 2,
      },
      { code: '1013A', name: '郊外', city: '北京', longitude: 116, latitude: 40.5, isReference: true, line: 3 },
    ]);
  });

  it('accepts another column order and no 对照点 column; empty coordinates are missing', () => {
    const { stations } = parseStationList('城市,监测点编码,监测点名称,纬度,经度\n天津,1015A,市监测中心,,\n');
    expect(stations[0]).toMatchObject({
      code: '1015A',
      city: '天津',
      longitude: null,
      latitude: null,
      isReference: false,
    });
  });

  it('rejects bad lines, naming them, and keeps the rest', () => {
    const { stations, rejected } = parseStationList(
      `${HEADER}\n1001A,万寿西宫,北京,116.366,39.8673,N\n1002A,定陵,北京,东经116,40.2,N\n1003A,东四,北京,116.4,39.9,maybe\n1004A,天坛\n`,
    );
    expect(stations.map((s) => s.code)).toEqual(['1001A']);
    expect(rejected.map((r) => [r.line, r.reasons.join(' ')])).toEqual([
      [3, expect.stringContaining('经度')],
      [4, expect.stringContaining('Y or N')],
      [5, expect.stringContaining('has 2 fields')],
    ]);
  });

  it('refuses a file that is not a station list', () => {
    expect(() => parseStationList('code,name\n1001A,x\n')).toThrow(CnemcFileError);
    expect(() => parseStationList('code,name\n')).toThrow(/监测点编码/);
  });
});
