import { describe, expect, it } from 'vitest';
import { LidarFileError, readLidarCsv } from './lidar-csv';

const header = [
  '# LTLIDAR-CSV 1',
  '# device=LT0001',
  '# type=HS',
  '# time=2026-11-25 12:00:00',
  '# elevation=0',
  '# azimuthStart=0',
  '# azimuthStep=90',
  '# bins=3',
  '# binMeters=7.5',
  '# firstRange=3.75',
  'azimuth,quantity,values...',
];

describe('LTLIDAR-CSV reader', () => {
  it('reads a scan: metadata, extinction per ray, depolarisation where given', () => {
    const scan = readLidarCsv(
      [
        ...header,
        '0,ext,0.1,0.2,0.3',
        '0,depol,0.05,0.06,0.07',
        '90,ext,0.4,0.5,0.6',
        '180,ext,1,1,1',
        '270,ext,0,0,0',
        '',
      ].join('\n'),
    );
    expect(scan.device).toBe('LT0001');
    expect(scan.azimuthCount).toBe(4);
    expect(scan.bins).toBe(3);
    expect(Array.from(scan.extinction.slice(3, 6))).toEqual([0.4000000059604645, 0.5, 0.6000000238418579]);
    expect(scan.depol[1]).toBeCloseTo(0.06, 6);
    expect(scan.depol[4]).toBeCloseTo(0.04, 6);
  });

  it('refuses a corrupted file with its line and reason', () => {
    const bad = (lines: string[]) => {
      try {
        readLidarCsv(lines.join('\n'));
      } catch (err) {
        expect(err).toBeInstanceOf(LidarFileError);
        return (err as LidarFileError).message;
      }
      throw new Error('accepted a bad file');
    };
    expect(bad(['hello', ...header.slice(1)])).toContain('LTLIDAR-CSV');
    expect(bad([...header, '0,ext,0.1,0.2'])).toContain('第 12 行');
    expect(bad([...header, '0,ext,0.1,x,0.3'])).toContain('不是数字');
    expect(bad([...header, '0,ext,0.1,0.2,0.3', '45,ext,0.1,0.2,0.3'])).toContain('方位角应为 90');
    expect(bad([...header.filter((l) => !l.startsWith('# time'))])).toContain('time');
    expect(bad([...header])).toContain('没有数据行');
    expect(bad([...header, '0,ext,0.1,0.2,99'])).toContain('0–65');
  });
});
