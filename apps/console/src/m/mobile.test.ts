import { describe, expect, it } from 'vitest';
import { landsOnMobile, myTaskOrder, positionOf, tabOf } from './mobile';

describe('who lands on the mobile view', () => {
  const member = ['self', 'grid:view', 'grid:report', 'grid:edit'];
  it('a grid member on a phone', () => {
    expect(landsOnMobile(360, member, false)).toBe(true);
  });
  it('not on a wide screen, not a dispatcher, not after choosing the desktop view', () => {
    expect(landsOnMobile(1280, member, false)).toBe(false);
    expect(landsOnMobile(600, member, false)).toBe(false);
    expect(landsOnMobile(360, [...member, 'grid:dispatch'], false)).toBe(false);
    expect(landsOnMobile(360, ['self', 'grid:view'], false)).toBe(false);
    expect(landsOnMobile(360, member, true)).toBe(false);
  });
});

describe('the mobile tabs', () => {
  it('know which tab an address is under', () => {
    expect(tabOf('/m')).toBe('tasks');
    expect(tabOf('/m/tasks')).toBe('tasks');
    expect(tabOf('/m/event/12')).toBe('tasks');
    expect(tabOf('/m/report')).toBe('report');
    expect(tabOf('/m/patrol')).toBe('patrol');
  });
});

describe('我的任务', () => {
  it('puts waiting work first, overdue first among it', () => {
    const list = [
      { id: 1, eventState: 'closed', overdue: false },
      { id: 2, eventState: 'handling', overdue: false },
      { id: 3, eventState: 'dispatched', overdue: true },
      { id: 4, eventState: 'handled', overdue: false },
      { id: 5, eventState: 'dispatched', overdue: false },
    ];
    expect(myTaskOrder(list).map((e) => e.id)).toEqual([3, 2, 5, 1, 4]);
  });
});

describe('a GPS fix', () => {
  it('is rounded, and refused outside China', () => {
    expect(positionOf({ longitude: 116.39712345, latitude: 39.98212345 })).toEqual([116.397123, 39.982123]);
    expect(positionOf({ longitude: -0.12, latitude: 51.5 })).toBeUndefined();
  });
});
