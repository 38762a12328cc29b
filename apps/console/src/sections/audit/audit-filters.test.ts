import { describe, expect, it } from 'vitest';
import { actionOptions, auditParams, targetTypeName, timeRangeOf } from './audit-filters';

describe('actionOptions', () => {
  it('groups actions by family with a "whole family" choice the server reads as a prefix', () => {
    const groups = actionOptions({
      'operator.create': '新增运营人员',
      'operator.update': '修改运营人员',
      'session.signin': '登录',
    });
    expect(groups).toEqual([
      {
        label: '运营人员',
        title: '运营人员',
        options: [
          { value: 'operator.', label: '全部运营人员操作' },
          { value: 'operator.create', label: '新增运营人员' },
          { value: 'operator.update', label: '修改运营人员' },
        ],
      },
      {
        label: '登录与会话',
        title: '登录与会话',
        options: [
          { value: 'session.', label: '全部登录与会话操作' },
          { value: 'session.signin', label: '登录' },
        ],
      },
    ]);
  });

  it('covers every action of the contract, each once', () => {
    const values = actionOptions().flatMap((g) => g.options.map((o) => o.value));
    expect(values).toContain('openapp.rotate');
    expect(values).toContain('dict.item_delete');
    expect(new Set(values).size).toBe(values.length);
  });

  it('names an unknown family by its code', () => {
    expect(actionOptions({ 'report.create': '新增报告' })[0]?.label).toBe('report');
  });
});

describe('auditParams', () => {
  it('passes paging, direction and filters through, without the sort column', () => {
    expect(
      auditParams({ pageNum: 2, pageSize: 20, sortBy: 'at', sortOrder: 'ascend', actor: 'admin', action: 'role.' }),
    ).toEqual({ pageNum: 2, pageSize: 20, sortOrder: 'ascend', actor: 'admin', action: 'role.' });
  });

  it('leaves out a malformed time or outcome pasted into the address', () => {
    expect(
      auditParams({ pageNum: 1, startTime: '2024-05-01', endTime: '2024-05-31 23:59:59', outcome: 'maybe' }),
    ).toEqual({ pageNum: 1, endTime: '2024-05-31 23:59:59' });
  });
});

describe('timeRangeOf', () => {
  it('reads well-formed ends only', () => {
    expect(timeRangeOf({ startTime: '2024-05-01 00:00:00', endTime: 'soon' })).toEqual([
      '2024-05-01 00:00:00',
      undefined,
    ]);
    expect(timeRangeOf({})).toEqual([undefined, undefined]);
  });
});

describe('targetTypeName', () => {
  it('names known object types in Chinese and leaves others as they are', () => {
    expect(targetTypeName('dict_item')).toBe('字典项');
    expect(targetTypeName('report')).toBe('report');
    expect(targetTypeName(null)).toBe('');
  });
});
