import { describe, expect, it } from 'vitest';
import { chinaDateTime, DEFAULT_STATE, type PageState, readState, timeBounds, writeState } from './url-state';

describe('the data-analysis page state in its address', () => {
  it('round-trips every field through the query string', () => {
    const state: PageState = {
      tab: 'cluster',
      history: {
        kind: 'station',
        codes: ['1001A', 'D310000-01'],
        pollutants: ['pm2_5', 'no2'],
        granularity: 'hour',
        range: 'custom',
        from: '2024-05-01',
        to: '2024-05-07',
      },
      cluster: { factor: 'o3', days: 7, k: 3 },
    };
    const search = writeState(state);
    expect(search).toContain('codes=1001A,D310000-01');
    expect(readState(search)).toEqual(state);
  });

  it('falls back to defaults for anything unreadable, never failing', () => {
    expect(readState('')).toEqual(DEFAULT_STATE);
    const odd = readState('?g=week&p=pm25,aqi&k=99&days=x&codes=%3Cscript%3E,110000&range=custom&from=yesterday');
    expect(odd.history).toMatchObject({ granularity: 'day', pollutants: ['aqi'], codes: ['110000'], range: '30d' });
    expect(odd.cluster).toEqual(DEFAULT_STATE.cluster);
    // An emptied selection stays empty (the page asks to choose), rather than coming back as the default.
    expect(readState('?codes=').history.codes).toEqual([]);
  });

  it('asks China time, whatever the browser zone: a quick range ends on the current hour', () => {
    const now = Date.UTC(2024, 4, 10, 6, 20); // 14:20 in China
    expect(chinaDateTime(now)).toBe('2024-05-10 14:20:00');
    expect(timeBounds({ ...DEFAULT_STATE.history, granularity: 'hour', range: '24h' }, now)).toEqual({
      startTime: '2024-05-09 15:00:00',
      endTime: '2024-05-10 14:00:00',
    });
    expect(
      timeBounds({ ...DEFAULT_STATE.history, range: 'custom', from: '2024-05-01', to: '2024-05-03' }, now),
    ).toEqual({
      startTime: '2024-05-01 00:00:00',
      endTime: '2024-05-03 23:59:59',
    });
  });
});
