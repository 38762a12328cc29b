import { ErrorCode } from '@lantian/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors';
import {
  appIssueOf,
  areaCodeParam,
  boundedRange,
  cityParam,
  intParam,
  optionalField,
  pageOf,
  resolveRange,
  timeParam,
} from './params';

/** The field and problem of the error a range rule throws. */
function problemOf(run: () => unknown): { status: number; msg: string } {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, msg: err.msg };
    throw err;
  }
  throw new Error('expected an AppError');
}

describe('parameters parsed at the edge', () => {
  it('turns a city code or pinyin name into its area, and reports an unknown one as 404 未找到该城市', () => {
    expect(cityParam.parse('110000')).toMatchObject({ code: '110000', name: '北京市' });
    expect(cityParam.parse(' beijing ')).toMatchObject({ code: '110000' });
    const unknown = cityParam.safeParse('999900');
    expect(unknown.success).toBe(false);
    const issue = unknown.error?.issues[0];
    expect(issue?.message).toBe('未找到该城市');
    expect(appIssueOf({ params: { params: issue?.code === 'custom' ? issue.params : undefined } })).toEqual({
      code: ErrorCode.CITY_NOT_FOUND,
      msg: '未找到该城市',
    });
    // Malformed is a plain 400 issue: no error code of its own.
    const malformed = cityParam.safeParse('Bei Jing');
    expect(malformed.error?.issues[0]?.message).toBe('应为 6 位区划代码或小写拼音名');
    expect(areaCodeParam.safeParse('999999').success).toBe(false);
  });

  it('turns a China time into epoch seconds and refuses an impossible one', () => {
    expect(timeParam.parse('2024-05-10 14:00:00')).toBe(Date.UTC(2024, 4, 10, 6) / 1000);
    expect(timeParam.safeParse('2024-02-30 10:00:00').error?.issues[0]?.message).toBe('不是有效的时间');
  });

  it('reads integers within bounds and treats an empty form field as not given', () => {
    const schema = z.object({ page: optionalField(intParam(1, 10)) });
    expect(schema.parse({ page: '7' })).toEqual({ page: 7 });
    expect(schema.parse({ page: '' })).toEqual({ page: undefined });
    expect(schema.safeParse({ page: '11' }).error?.issues[0]?.message).toBe('应在 1–10 之间');
    expect(schema.safeParse({ page: '1.5' }).error?.issues[0]?.message).toBe('应为整数');
  });
});

describe('the range rule', () => {
  const defaults = { end: () => 10_000, start: (end: number) => end - 100 };
  const tooLong = (from: number, to: number) => (to - from > 1_000 ? '时间范围不能超过 1000 秒' : undefined);

  it('fills what was not given from the defaults', () => {
    expect(resolveRange({}, defaults, tooLong)).toEqual({ from: 9_900, to: 10_000 });
    expect(resolveRange({ endTime: 5_000 }, defaults, tooLong)).toEqual({ from: 4_900, to: 5_000 });
    expect(resolveRange({ startTime: 9_500 }, defaults, tooLong)).toEqual({ from: 9_500, to: 10_000 });
  });

  it('blames the field the caller gave: the end when given, else the start', () => {
    expect(problemOf(() => resolveRange({ startTime: 5, endTime: 4 }, defaults, tooLong))).toEqual({
      status: 400,
      msg: '参数错误：endTime 不能早于开始时间',
    });
    expect(problemOf(() => resolveRange({ startTime: 20_000 }, defaults, tooLong)).msg).toBe(
      '参数错误：startTime 不能晚于结束时间',
    );
    expect(problemOf(() => resolveRange({ startTime: 0 }, defaults, tooLong)).msg).toBe(
      '参数错误：startTime 时间范围不能超过 1000 秒',
    );
  });

  it('bounds a range given at both ends', () => {
    expect(boundedRange({ startTime: 0, endTime: 86_400 }, 86_400, ' 1 天')).toEqual({ from: 0, to: 86_400 });
    expect(problemOf(() => boundedRange({ startTime: 0, endTime: 86_401 }, 86_400, ' 1 天')).msg).toBe(
      '参数错误：endTime 时间范围不能超过 1 天',
    );
  });

  it('pages from 1 with a default size', () => {
    expect(pageOf({}, 24)).toEqual({ pageNum: 1, pageSize: 24, offset: 0, limit: 24 });
    expect(pageOf({ pageNum: 3, pageSize: 10 }, 24)).toEqual({ pageNum: 3, pageSize: 10, offset: 20, limit: 10 });
  });
});
