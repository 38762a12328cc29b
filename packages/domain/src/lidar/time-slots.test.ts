import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_SLOT, inSlot, resourceStamp, rewriteResourceUrl, slotProblem } from './time-slots';

describe('time-slot splitting (spec §3, §4)', () => {
  const config = { isSplit: true, splitDetail: [DEFAULT_TIME_SLOT] };

  it('start is inclusive, end exclusive, open ends allowed', () => {
    expect(inSlot('20170601000000', DEFAULT_TIME_SLOT)).toBe(true);
    expect(inSlot('20170531235959', DEFAULT_TIME_SLOT)).toBe(false);
    expect(inSlot('20501001000000', DEFAULT_TIME_SLOT)).toBe(false);
    expect(inSlot('20501000235959', DEFAULT_TIME_SLOT)).toBe(true);
    expect(inSlot('19000101000000', { startTime: null, endTime: '20000101000000', frontPath: 'old' })).toBe(true);
    expect(inSlot('29990101000000', { startTime: '20000101000000', endTime: null, frontPath: 'new' })).toBe(true);
    expect(inSlot('2026', DEFAULT_TIME_SLOT)).toBe(false);
  });

  it('rewrites the front path of HS, IF and VF URLs whose stamp lies in a slot, and nothing else', () => {
    expect(rewriteResourceUrl('/resource/lidar/HS/20261125120000/12.png', config)).toBe(
      '/resourcenew/lidar/HS/20261125120000/12.png',
    );
    expect(rewriteResourceUrl('/resource/lidar/VF/20261125120000/12.png', config)).toBe(
      '/resourcenew/lidar/VF/20261125120000/12.png',
    );
    expect(rewriteResourceUrl('resource/lidar/IF_20261125120000_3.png', config)).toBe(
      'resourcenew/lidar/IF_20261125120000_3.png',
    );
    expect(rewriteResourceUrl('/resource/lidar/HS/20160101000000/12.png', config)).toBe(
      '/resource/lidar/HS/20160101000000/12.png',
    );
    expect(rewriteResourceUrl('/resource/photos/20261125120000/1.jpg', config)).toBe(
      '/resource/photos/20261125120000/1.jpg',
    );
    expect(rewriteResourceUrl('/resource/lidar/HS/20261125120000/12.png', { ...config, isSplit: false })).toBe(
      '/resource/lidar/HS/20261125120000/12.png',
    );
  });

  it('a rewrite changes only the first segment', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('HS', 'IF', 'VF'),
        fc.integer({ min: 2017_06_01, max: 2050_09_30 }),
        fc.stringMatching(/^[a-z0-9]{1,8}$/),
        (type, day, tail) => {
          const stamp = `${day}000000`;
          const url = `/resource/lidar/${type}/${stamp}/${tail}.png`;
          const out = rewriteResourceUrl(url, config);
          expect(out.split('/').slice(2)).toEqual(url.split('/').slice(2));
          expect(resourceStamp(out)).toBe(stamp);
        },
      ),
    );
  });

  it('refuses overlapping, reversed and malformed slots', () => {
    expect(slotProblem([DEFAULT_TIME_SLOT])).toBeNull();
    expect(slotProblem([{ startTime: '20200101000000', endTime: '20190101000000', frontPath: 'a' }])).toContain('早于');
    expect(
      slotProblem([
        { startTime: null, endTime: '20200101000000', frontPath: 'a' },
        { startTime: '20190101000000', endTime: null, frontPath: 'b' },
      ]),
    ).toContain('重叠');
    expect(slotProblem([{ startTime: '2020', endTime: null, frontPath: 'a' }])).toContain('14 位');
    expect(slotProblem([{ startTime: null, endTime: null, frontPath: '../x' }])).toContain('路径');
  });
});
