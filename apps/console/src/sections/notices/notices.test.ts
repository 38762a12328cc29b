import { describe, expect, it } from 'vitest';
import { noticeParams, noticeRoute } from './notices';

describe('noticeRoute', () => {
  it('opens console addresses inside the console', () => {
    expect(noticeRoute('/platform/alarms?alarmId=3')).toBe('/alarms?alarmId=3');
    expect(noticeRoute('/platform/devices/12')).toBe('/devices/12');
    expect(noticeRoute('/platform/')).toBe('/');
  });

  it('refuses anything else', () => {
    expect(noticeRoute(null)).toBeUndefined();
    expect(noticeRoute('https://example.com/platform/alarms')).toBeUndefined();
    expect(noticeRoute('/platformer/x')).toBeUndefined();
    expect(noticeRoute('/platform//evil.example')).toBeUndefined();
    expect(noticeRoute('/api/x')).toBeUndefined();
  });
});

describe('noticeParams', () => {
  it('keeps well-formed filters and drops the rest', () => {
    expect(noticeParams({ pageNum: 1, type: 'alarm', isRead: '0', startTime: '2025-03-01 00:00:00' })).toEqual({
      pageNum: 1,
      type: 'alarm',
      isRead: '0',
      startTime: '2025-03-01 00:00:00',
    });
    expect(noticeParams({ pageNum: 1, type: 'spam', isRead: 'yes', endTime: 'now', sortBy: 'x' })).toEqual({
      pageNum: 1,
    });
  });
});
