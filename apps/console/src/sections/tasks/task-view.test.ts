import { describe, expect, it } from 'vitest';
import { boxesFor, boxOf, canComplete, consolePath, taskParams } from './task-view';

describe('the task centre’s tabs', () => {
  it('offers 本辖区 only to dispatchers', () => {
    expect(boxesFor(['self', 'grid:view'])).toEqual(['mine', 'assigned']);
    expect(boxesFor(['self', 'grid:dispatch'])).toEqual(['mine', 'assigned', 'area']);
  });
  it('falls back to 我的待办 for a missing or forbidden box', () => {
    expect(boxOf(undefined, ['mine', 'assigned'])).toBe('mine');
    expect(boxOf('area', ['mine', 'assigned'])).toBe('mine');
    expect(boxOf('area', ['mine', 'assigned', 'area'])).toBe('area');
  });
});

describe('the list call', () => {
  it('always names the box and drops junk filters and sorting', () => {
    expect(
      taskParams({ pageNum: 1, pageSize: 20, box: 'area', status: 'open', kind: 'robbery', sortBy: 'x' }, 'assigned'),
    ).toEqual({ box: 'assigned', pageNum: 1, pageSize: 20, status: 'open' });
    expect(taskParams({ status: 'later', kind: 'event' }, 'mine')).toEqual({ box: 'mine', kind: 'event' });
  });
});

describe('a task’s links and buttons', () => {
  it('turns a console link into a route, and leaves other addresses alone', () => {
    expect(consolePath('/platform/grid-events?eventId=3')).toBe('/grid-events?eventId=3');
    expect(consolePath('https://example.com/x')).toBeUndefined();
    expect(consolePath(null)).toBeUndefined();
  });
  it('completes only one’s own open hand-assigned tasks here', () => {
    expect(canComplete({ kind: 'manual', status: 'open', assigneeId: '5' }, '5')).toBe(true);
    expect(canComplete({ kind: 'manual', status: 'open', assigneeId: '5' }, '6')).toBe(false);
    expect(canComplete({ kind: 'event', status: 'open', assigneeId: '5' }, '5')).toBe(false);
    expect(canComplete({ kind: 'manual', status: 'done', assigneeId: '5' }, '5')).toBe(false);
  });
});
