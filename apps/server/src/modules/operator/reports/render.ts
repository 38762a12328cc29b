import {
  REPORT_QUERIES,
  type RenderedElement,
  type ReportElement,
  type ReportNumbers,
  type ReportPlaceholder,
  type ReportQuery,
} from '@lantian/contracts';
import { fillPlaceholders, POLLUTANTS } from '@lantian/domain';

/**
 * What a generated report says, from its numbers: the placeholders' values, and each table's rows.
 * Pure: the same numbers always give the same report (charts and images are drawn by charts.ts and
 * aqi-image.ts from the same numbers).
 */

const dash = '—';
const num = (value: number | null, decimals = 0) => (value === null ? dash : value.toFixed(decimals));
const percent = (rate: number | null) => (rate === null ? dash : `${(rate * 100).toFixed(1)}%`);

export function placeholderValues(
  numbers: ReportNumbers,
  title: string,
  generatedAt: string,
): Record<ReportPlaceholder, string> {
  const air = numbers.air;
  const heavy = air.levelDays.filter((l) => l.level >= 5).reduce((n, l) => n + l.days, 0);
  return {
    area: numbers.areaName,
    period: numbers.period.label,
    title,
    aqiMean: air.aqiMean === null ? dash : String(Math.round(air.aqiMean)),
    days: String(air.days),
    goodDays: String(air.goodDays),
    goodRate: percent(air.goodRate),
    heavyDays: String(heavy),
    pm2_5: num(air.pm2_5),
    pm10: num(air.pm10),
    so2: num(air.so2),
    no2: num(air.no2),
    co: num(air.co, 1),
    o3_8h: num(air.o3_8h),
    compositeIndex: num(air.compositeIndex, 2),
    rank: numbers.rank?.rank == null ? dash : String(numbers.rank.rank),
    rankTotal: numbers.rank === null ? dash : String(numbers.rank.total),
    alarmTotal: String(numbers.alarms.reduce((n, a) => n + a.count, 0)),
    generatedAt,
  };
}

export interface Table {
  columns: string[];
  rows: string[][];
}

const POLLUTANT_ROWS = [
  ['PM2.5 平均浓度', 'pm2_5', 0],
  ['PM10 平均浓度', 'pm10', 0],
  ['SO2 平均浓度', 'so2', 0],
  ['NO2 平均浓度', 'no2', 0],
  ['CO 第 95 百分位浓度', 'co', 1],
  ['O3 日最大 8 小时第 90 百分位浓度', 'o3_8h', 0],
] as const;

export function tableOf(query: ReportQuery, numbers: ReportNumbers): Table {
  const air = numbers.air;
  switch (query) {
    case 'airSummary':
      return {
        columns: ['指标', '数值', '单位'],
        rows: [
          ...POLLUTANT_ROWS.map(([label, key, decimals]) => [label, num(air[key], decimals), POLLUTANTS[key].unit]),
          ['综合指数', num(air.compositeIndex, 2), ''],
          ['平均 AQI', air.aqiMean === null ? dash : String(Math.round(air.aqiMean)), ''],
          ['有效监测天数', String(air.days), '天'],
          ['优良天数', String(air.goodDays), '天'],
          ['优良率', percent(air.goodRate), ''],
        ],
      };
    case 'levelDays':
      return {
        columns: ['级别', '天数', '占比'],
        rows: air.levelDays.map((l) => [
          l.levelName,
          String(l.days),
          air.days === 0 ? dash : percent(l.days / air.days),
        ]),
      };
    case 'dailyAqi':
      return {
        columns: ['日期', 'AQI', '级别', '首要污染物'],
        rows: numbers.daily.map((d) => [
          d.date,
          d.aqi === null ? dash : String(d.aqi),
          d.levelName,
          d.primaryPollutant.length === 0 ? dash : d.primaryPollutant.map(pollutantName).join('、'),
        ]),
      };
    case 'cityRank': {
      const rank = numbers.rank;
      if (rank === null) return { columns: ['说明'], rows: [['仅城市月报有全国排名']] };
      return { columns: ['名次', '城市', '综合指数'], rows: rankRows(rank, numbers.areaName, air.compositeIndex) };
    }
    case 'alarmLevels':
      return { columns: ['告警级别', '次数'], rows: numbers.alarms.map((a) => [a.name, String(a.count)]) };
  }
}

const POLLUTANT_NAMES: Record<string, string> = {
  pm2_5: 'PM2.5',
  pm10: 'PM10',
  so2: 'SO2',
  no2: 'NO2',
  co: 'CO',
  o3: 'O3',
  o3_8h: 'O3_8h',
};
function pollutantName(key: string): string {
  return POLLUTANT_NAMES[key] ?? key;
}

/** The elements whose content is text (text and tables); charts and images get their image elsewhere. */
export function renderText(
  element: ReportElement,
  numbers: ReportNumbers,
  values: Record<ReportPlaceholder, string>,
): RenderedElement | undefined {
  if (element.kind === 'text') {
    return {
      kind: 'text',
      id: element.id,
      title: element.title,
      style: element.style,
      text: fillPlaceholders(element.text, values),
    };
  }
  if (element.kind === 'table') {
    const table = tableOf(element.query, numbers);
    return { kind: 'table', id: element.id, title: element.title || REPORT_QUERIES[element.query].name, ...table };
  }
  return undefined;
}

type Ranking = NonNullable<ReportNumbers['rank']>;
type RankEntry = Ranking['best'][number];

/**
 * The best and worst cities with the report's own city in its place, in rank order; a gap in the
 * ranks (cities left out) is one '…' row. A short ranking is printed whole, each city once.
 */
function rankRows(rank: Ranking, areaName: string, compositeIndex: number | null): string[][] {
  const own: RankEntry = { rank: rank.rank, cityName: areaName, compositeIndex };
  const entries = new Map<string, RankEntry>();
  for (const entry of [...rank.best, own, ...rank.worst]) entries.set(entry.cityName, entry);
  const sorted = [...entries.values()].sort(
    (a, b) => (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER),
  );
  const rows: string[][] = [];
  let previous = 0;
  for (const entry of sorted) {
    if (entry.rank !== null && entry.rank > previous + 1 && rows.length > 0) rows.push(['…', '…', '…']);
    rows.push([entry.rank === null ? dash : String(entry.rank), entry.cityName, num(entry.compositeIndex, 2)]);
    if (entry.rank !== null) previous = entry.rank;
  }
  return rows;
}
