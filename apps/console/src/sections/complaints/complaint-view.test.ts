import { describe, expect, it } from 'vitest';
import { complaintActions, complaintParams, typeTree } from './complaint-view';

describe('complaintParams', () => {
  it('keeps well-formed filters and drops the rest', () => {
    expect(
      complaintParams({
        pageNum: 1,
        pageSize: 20,
        type: 'dust',
        status: 'received',
        source: 'public',
        keyword: 'TS2025',
        startTime: '2025-05-01 00:00:00',
      }),
    ).toEqual({
      pageNum: 1,
      pageSize: 20,
      type: 'dust',
      status: 'received',
      source: 'public',
      keyword: 'TS2025',
      startTime: '2025-05-01 00:00:00',
    });
    expect(complaintParams({ type: '1a', status: 'done', source: 'fax', endTime: 'today', sortBy: 'x' })).toEqual({});
  });
});

describe('complaintActions', () => {
  it('lets open complaints be converted or answered, and nothing else', () => {
    expect(complaintActions('received')).toEqual({ toEvent: true, reply: true });
    expect(complaintActions('accepted')).toEqual({ toEvent: true, reply: true });
    expect(complaintActions('converted')).toEqual({ toEvent: false, reply: false });
    expect(complaintActions('closed')).toEqual({ toEvent: false, reply: false });
    expect(complaintActions('rejected')).toEqual({ toEvent: false, reply: false });
  });
});

describe('typeTree', () => {
  it('hangs sub-types under their parent and leaves out disabled and alarm types', () => {
    const tree = typeTree([
      { value: 'dust', label: '扬尘', extra: {} },
      { value: 'siteDust', label: '工地扬尘', extra: { parent: 'dust' } },
      { value: 'orphan', label: '孤儿', extra: { parent: 'gone' } },
      { value: 'old', label: '停用', enabled: false, extra: {} },
      { value: 'deviceAlarm', label: '监测设备告警', extra: {} },
    ]);
    expect(tree).toEqual([
      { value: 'dust', title: '扬尘', children: [{ value: 'siteDust', title: '工地扬尘', children: [] }] },
      { value: 'orphan', title: '孤儿', children: [] },
    ]);
  });
});
