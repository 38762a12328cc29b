import {
  HISTORY_GRANULARITIES,
  HISTORY_POLLUTANTS,
  type HistoryGranularity,
  type HistoryPollutant,
} from '@lantian/contracts/data-analysis';

/**
 * The page's state lives in its address (/analysis/data?…), so that a link (and its short link)
 * opens the same cities, pollutants, granularity and period. Anything unreadable falls back to the
 * default instead of failing: an old or hand-edited link still opens a page.
 */

export type TargetKind = 'city' | 'station';
export type Tab = 'history' | 'cluster';

/** Quick ranges, relative to now ("近30天" stays the last 30 days whenever the link is opened). */
export const QUICK_RANGES = {
  '24h': { label: '近24小时', hours: 24 },
  '7d': { label: '近7天', hours: 7 * 24 },
  '30d': { label: '近30天', hours: 30 * 24 },
  '90d': { label: '近90天', hours: 90 * 24 },
  '1y': { label: '近1年', hours: 365 * 24 },
  '3y': { label: '近3年', hours: 3 * 365 * 24 },
} as const;
export type QuickRange = keyof typeof QUICK_RANGES;

export const RANGES_OF: Record<HistoryGranularity, readonly QuickRange[]> = {
  hour: ['24h', '7d', '30d'],
  day: ['7d', '30d', '90d', '1y'],
  month: ['1y', '3y'],
};

export interface HistoryState {
  kind: TargetKind;
  codes: string[];
  pollutants: HistoryPollutant[];
  granularity: HistoryGranularity;
  range: QuickRange | 'custom';
  /** 'YYYY-MM-DD' of a custom range. */
  from: string;
  to: string;
}

export interface ClusterState {
  factor: HistoryPollutant;
  days: number;
  k: number;
}

export interface PageState {
  tab: Tab;
  history: HistoryState;
  cluster: ClusterState;
}

export const DEFAULT_STATE: PageState = {
  tab: 'history',
  history: {
    kind: 'city',
    codes: ['110000', '310000'],
    pollutants: ['aqi', 'pm2_5', 'pm10', 'o3_8h'],
    granularity: 'day',
    range: '30d',
    from: '',
    to: '',
  },
  cluster: { factor: 'pm2_5', days: 30, k: 4 },
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CODE = /^[A-Za-z0-9-]{1,20}$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

const intIn = (value: string | null, min: number, max: number, fallback: number) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

export function readState(search: string): PageState {
  const q = new URLSearchParams(search);
  const d = DEFAULT_STATE;
  const granularity = oneOf(HISTORY_GRANULARITIES, q.get('g'), d.history.granularity);
  const codes = (q.get('codes') ?? '')
    .split(',')
    .filter((c) => CODE.test(c))
    .slice(0, 50);
  const pollutants = HISTORY_POLLUTANTS.filter((p) => (q.get('p') ?? '').split(',').includes(p));
  const from = q.get('from') ?? '';
  const to = q.get('to') ?? '';
  const custom = DATE.test(from) && DATE.test(to);
  const range = oneOf(
    Object.keys(QUICK_RANGES) as QuickRange[],
    q.get('range'),
    RANGES_OF[granularity].includes('30d') ? '30d' : '1y',
  );
  return {
    tab: q.get('tab') === 'cluster' ? 'cluster' : 'history',
    history: {
      kind: q.get('kind') === 'station' ? 'station' : 'city',
      codes: codes.length > 0 ? codes : q.has('codes') ? [] : d.history.codes,
      pollutants: pollutants.length > 0 ? pollutants : d.history.pollutants,
      granularity,
      range: custom && q.get('range') === 'custom' ? 'custom' : range,
      from: custom ? from : '',
      to: custom ? to : '',
    },
    cluster: {
      factor: oneOf(HISTORY_POLLUTANTS, q.get('factor'), d.cluster.factor),
      days: intIn(q.get('days'), 3, 90, d.cluster.days),
      k: intIn(q.get('k'), 2, 10, d.cluster.k),
    },
  };
}

export function writeState(state: PageState): string {
  const q = new URLSearchParams();
  if (state.tab === 'cluster') q.set('tab', 'cluster');
  const h = state.history;
  q.set('kind', h.kind);
  q.set('codes', h.codes.join(','));
  q.set('p', h.pollutants.join(','));
  q.set('g', h.granularity);
  q.set('range', h.range);
  if (h.range === 'custom') {
    q.set('from', h.from);
    q.set('to', h.to);
  }
  q.set('factor', state.cluster.factor);
  q.set('days', String(state.cluster.days));
  q.set('k', String(state.cluster.k));
  return `?${q.toString().replace(/%2C/g, ',')}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm:ss' in China time (UTC+8, no DST) of an instant, whatever the browser's zone. */
export function chinaDateTime(ms: number): string {
  const d = new Date(ms + 8 * 3_600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** The start and end the server is asked for. A quick range ends now, on the hour. */
export function timeBounds(state: HistoryState, nowMs: number): { startTime: string; endTime: string } {
  if (state.range === 'custom' && state.from !== '' && state.to !== '') {
    return { startTime: `${state.from} 00:00:00`, endTime: `${state.to} 23:59:59` };
  }
  const quick = QUICK_RANGES[state.range === 'custom' ? '30d' : state.range];
  const end = Math.floor(nowMs / 3_600_000) * 3_600_000;
  // Hours are labelled by their end: N hours back from the current one are N − 1 hours before it.
  const start = end - (quick.hours - 1) * 3_600_000;
  return { startTime: chinaDateTime(start), endTime: chinaDateTime(end) };
}
