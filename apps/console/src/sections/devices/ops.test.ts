import { GATEWAY_REFUSALS } from '@lantian/contracts';
import { describe, expect, it } from 'vitest';
import { invalidDataBody, operationSaveBody } from './devices.api';
import { OUTCOME_OPTIONS, outcomeName, refusalRows, refusedTotal } from './gateway';
import { invalidBody, operationBody, opsFieldErrors, percent, rangeProblem } from './ops';

const RANGE: [string, string] = ['2025-03-01 08:00:00', '2025-03-01 12:00:00'];

describe('the ops forms', () => {
  it('send the chosen devices as deviceidsStr and the range as start and end', () => {
    const body = operationBody({ deviceIds: ['3', '12'], operationStatus: 'calibration', range: RANGE });
    expect(body).toMatchObject({ deviceidsStr: '3,12', startTime: RANGE[0], endTime: RANGE[1], validStatus: 'valid' });
    expect(operationSaveBody.safeParse(body).success).toBe(true);
    const invalid = invalidBody({ deviceIds: ['3'], range: RANGE, reason: '校准期间数据', factor: 'a34004' });
    expect(invalidDataBody.safeParse(invalid).success).toBe(true);
  });

  it('put the contract’s issues on the picker and the range', () => {
    const parsed = invalidDataBody.safeParse(invalidBody({ deviceIds: [], reason: '' }));
    expect(parsed.success).toBe(false);
    const errors = opsFieldErrors(
      (parsed.error?.issues ?? []).map((i) => ({ name: [String(i.path[0])], errors: [i.message] })),
    );
    expect(errors.map((e) => e.name[0]).sort()).toEqual(['deviceIds', 'range', 'reason']);
  });

  it('check the range’s order', () => {
    expect(rangeProblem(RANGE)).toBeUndefined();
    expect(rangeProblem([RANGE[1], RANGE[0]])).toBe('结束时间应晚于开始时间');
    expect(rangeProblem(undefined)).toBe('请选择时间段');
  });

  it('show rates as percentages', () => {
    expect(percent(0.75341)).toBe(75.3);
    expect(percent(null)).toBeNull();
  });
});

describe('the gateway', () => {
  it('lists refusals most frequent first, in the contract’s words', () => {
    expect(refusalRows({ bad_crc: 3, unknown_mn: 9, junk: 0, mystery: 1 })).toEqual([
      { reason: 'unknown_mn', name: GATEWAY_REFUSALS.unknown_mn, count: 9 },
      { reason: 'bad_crc', name: GATEWAY_REFUSALS.bad_crc, count: 3 },
      { reason: 'mystery', name: 'mystery', count: 1 },
    ]);
    expect(refusedTotal({ bad_crc: 3, unknown_mn: 9 })).toBe(12);
  });

  it('names outcomes', () => {
    expect(outcomeName('accepted')).toBe('已入库');
    expect(outcomeName('wrong_password')).toBe('访问密码错误');
    expect(OUTCOME_OPTIONS[0]).toEqual({ value: 'accepted', label: '已入库' });
  });
});
