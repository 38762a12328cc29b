import { type AqiLevel, asAqiLevel, LEVELS } from '../aqi/levels';
import { POLLUTANTS, type PollutantKey } from '../aqi/pollutants';

/**
 * The area forecast text (区域空气质量预报文字, /threePartyForecast/getVoAreaForecastText), written
 * from the cities' level forecasts the way bureaus word their daily bulletin: per day, how many cities
 * fall in each level (by the upper level of each forecast range: the bulletin warns for the worse
 * end), which cities may be polluted and by what, and at the end the tendency over the days.
 */

export interface CityLevelForecast {
  cityName: string;
  /** 'YYYY-MM-DD' */
  date: string;
  levelMin: number;
  levelMax: number;
  primary: readonly PollutantKey[];
}

function dayLabel(date: string): string {
  const [, m, d] = date.split('-');
  return `${Number(m)}月${Number(d)}日`;
}

function levelName(level: number): string {
  return LEVELS[asAqiLevel(level)].name;
}

function dayText(areaName: string, date: string, rows: readonly CityLevelForecast[]): string {
  const counts = new Map<AqiLevel, number>();
  for (const r of rows) {
    const level = asAqiLevel(r.levelMax);
    counts.set(level, (counts.get(level) ?? 0) + 1);
  }
  const parts = [...counts.entries()]
    .filter(([level]) => level !== 0)
    .sort(([a], [b]) => a - b)
    .map(([level, n]) => `${LEVELS[level].name}${n}个`);
  let text = `${dayLabel(date)}，${areaName}${rows.length}个城市中`;
  text += parts.length > 0 ? `，预计${parts.join('、')}` : '暂无有效预报';
  const polluted = rows.filter((r) => r.levelMax >= 3).sort((a, b) => b.levelMax - a.levelMax);
  if (polluted.length > 0) {
    const names = polluted.slice(0, 5).map((r) => r.cityName);
    const more = polluted.length > 5 ? `等${polluted.length}个城市` : '';
    const primary = new Set(polluted.flatMap((r) => r.primary));
    const worst = polluted[0]?.levelMax ?? 3;
    text += `；${names.join('、')}${more}可能出现${levelName(worst)}`;
    if (primary.size > 0) text += `，首要污染物为${[...primary].map((k) => POLLUTANTS[k].label).join('、')}`;
  } else if (parts.length > 0) {
    text += '；各城市空气质量以优良为主';
  }
  return `${text}。`;
}

function meanLevel(rows: readonly CityLevelForecast[]): number | null {
  const known = rows.filter((r) => r.levelMax > 0);
  if (known.length === 0) return null;
  return known.reduce((s, r) => s + r.levelMax, 0) / known.length;
}

/** The bulletin, or null when there is no forecast at all. Days in date order. */
export function areaForecastText(areaName: string, forecasts: readonly CityLevelForecast[]): string | null {
  if (forecasts.length === 0) return null;
  const byDate = new Map<string, CityLevelForecast[]>();
  for (const f of forecasts) {
    const list = byDate.get(f.date) ?? [];
    list.push(f);
    byDate.set(f.date, list);
  }
  const dates = [...byDate.keys()].sort();
  const lines = dates.map((date) => dayText(areaName, date, byDate.get(date) ?? []));
  const first = meanLevel(byDate.get(dates[0] ?? '') ?? []);
  const last = meanLevel(byDate.get(dates[dates.length - 1] ?? '') ?? []);
  if (dates.length > 1 && first !== null && last !== null) {
    // Half a level on average over the area is what a forecaster would call a change, not noise.
    const trend = last - first >= 0.5 ? '趋于转差' : first - last >= 0.5 ? '趋于好转' : '总体保持稳定';
    lines.push(`未来${dates.length}天${areaName}空气质量${trend}。`);
  }
  return lines.join('');
}
