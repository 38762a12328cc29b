import type { ReportNumbers } from '@lantian/contracts';
import { asAqiLevel, chinaDay, civilFromDays, isoWeekday, LEVELS, parseChinaDateTime } from '@lantian/domain';
import { type Png, svgToPng } from './charts';
import { REPORT_FONT_FAMILY } from './fonts';

/**
 * The AQI calendar of a report's period (the `aqiImage` element and call): one cell per day in
 * Monday-first weeks, coloured by the day's level, with the day's AQI; a legend of the six levels.
 */

const CELL = 64;
const GAP = 4;
const LEFT = 20;
const TOP = 70;
const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Dark text on the light levels (优, 良), white on the others. */
const ink = (level: number) => (level === 1 || level === 2 || level === 0 ? '#1f2329' : '#ffffff');

export function aqiCalendarSvg(numbers: ReportNumbers): { svg: string; width: number } {
  const first = chinaDay(parseChinaDateTime(`${numbers.period.startDate} 00:00:00`));
  const last = chinaDay(parseChinaDateTime(`${numbers.period.endDate} 00:00:00`));
  const byDate = new Map(numbers.daily.map((d) => [d.date, d]));
  const offset = isoWeekday(first) - 1;
  const weeks = Math.ceil((offset + last - first + 1) / 7);
  const width = LEFT * 2 + 7 * (CELL + GAP);
  const height = TOP + 24 + weeks * (CELL + GAP) + 60;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${REPORT_FONT_FAMILY}">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${width / 2}" y="36" font-size="20" text-anchor="middle" fill="#1f2329">${escapeXml(`${numbers.areaName} ${numbers.period.label} 空气质量日历`)}</text>`,
  ];
  WEEKDAYS.forEach((name, i) => {
    const x = LEFT + i * (CELL + GAP) + CELL / 2;
    parts.push(`<text x="${x}" y="${TOP}" font-size="14" text-anchor="middle" fill="#595959">${name}</text>`);
  });
  for (let day = first; day <= last; day++) {
    const index = offset + day - first;
    const x = LEFT + (index % 7) * (CELL + GAP);
    const y = TOP + 12 + Math.floor(index / 7) * (CELL + GAP);
    const { year, month, day: dom } = civilFromDays(day);
    const date = `${year}-${String(month).padStart(2, '0')}-${String(dom).padStart(2, '0')}`;
    const entry = byDate.get(date);
    const level = asAqiLevel(entry?.level ?? 0);
    parts.push(`<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" rx="6" fill="${LEVELS[level].color}"/>`);
    parts.push(`<text x="${x + 6}" y="${y + 18}" font-size="13" fill="${ink(level)}">${dom}</text>`);
    const aqi = entry?.aqi == null ? '—' : String(entry.aqi);
    parts.push(
      `<text x="${x + CELL / 2}" y="${y + 46}" font-size="18" text-anchor="middle" fill="${ink(level)}">${aqi}</text>`,
    );
  }
  const legendY = TOP + 12 + weeks * (CELL + GAP) + 24;
  ([1, 2, 3, 4, 5, 6] as const).forEach((level, i) => {
    const x = LEFT + i * 80;
    parts.push(`<rect x="${x}" y="${legendY - 12}" width="14" height="14" fill="${LEVELS[level].color}"/>`);
    parts.push(`<text x="${x + 20}" y="${legendY}" font-size="13" fill="#1f2329">${LEVELS[level].name}</text>`);
  });
  parts.push('</svg>');
  return { svg: parts.join(''), width };
}

export async function aqiCalendarPng(numbers: ReportNumbers): Promise<Png> {
  const { svg, width } = aqiCalendarSvg(numbers);
  return svgToPng(svg, width);
}
