import { describe, expect, it } from 'vitest';
import { alarmParams, timeRangeOf } from './alarm-filters';

describe('alarmParams', () => {
  it('passes paging and well-formed filters', () => {
    const params = { pageNum: 2, pageSize: 20, status: 'active', type: 'offline', level: '1', keyword: '朝阳' };
    expect(alarmParams(params)).toEqual(params);
  });

  it('drops malformed filters and any sort', () => {
    expect(
      alarmParams({
        pageNum: 1,
        status: 'burning',
        level: '9',
        type: 'x',
        deviceId: '0',
        startTime: '2025-03-01',
        sortBy: 'level',
        sortOrder: 'ascend',
      }),
    ).toEqual({ pageNum: 1 });
  });
});

describe('timeRangeOf', () => {
  it('keeps well-formed ends only', () => {
    expect(timeRangeOf({ startTime: '2025-03-01 00:00:00', endTime: 'soon' })).toEqual([
      '2025-03-01 00:00:00',
      undefined,
    ]);
  });
});
