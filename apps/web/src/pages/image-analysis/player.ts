import type { ImageMethod, ImagePollutant, ImageSpan } from '@lantian/contracts';
import { LEVELS, levelBreaks } from '@lantian/domain';

/** Pure rules of the image player: the choices it offers and the range it asks for. */

export const POLLUTANT_OPTIONS: readonly { value: ImagePollutant; label: string }[] = [
  { value: 'aqi', label: 'AQI' },
  { value: 'pm2_5', label: 'PM2.5' },
  { value: 'pm10', label: 'PM10' },
  { value: 'o3', label: 'O₃' },
  { value: 'no2', label: 'NO₂' },
  { value: 'so2', label: 'SO₂' },
  { value: 'co', label: 'CO' },
];

export const METHOD_OPTIONS: readonly { value: ImageMethod; label: string }[] = [
  { value: 'idw', label: '反距离权重' },
  { value: 'kriging', label: '克里金' },
];

export type RangePreset = ImageSpan | 'custom';

export const RANGE_OPTIONS: readonly { value: RangePreset; label: string }[] = [
  { value: '24h', label: '近24小时' },
  { value: '48h', label: '近48小时' },
  { value: '72h', label: '近72小时' },
  { value: '7d', label: '近7天' },
  { value: 'custom', label: '自选日期' },
];

/** Playback speeds: milliseconds a frame stays, and the video's frames per second at that speed. */
export const SPEEDS = [
  { value: 0.5, label: '0.5×', ms: 1600, fps: 1 },
  { value: 1, label: '1×', ms: 800, fps: 2 },
  { value: 2, label: '2×', ms: 400, fps: 4 },
  { value: 4, label: '4×', ms: 200, fps: 8 },
] as const;

const HOUR = 3600;
const SPAN_HOURS: Readonly<Record<ImageSpan, number>> = { '24h': 24, '48h': 48, '72h': 72, '7d': 168 };

/** The smallest span the server offers that covers `hours` hours (at most 7 days). */
export function spanCovering(hours: number): ImageSpan {
  for (const span of ['24h', '48h', '72h', '7d'] as const) if (SPAN_HOURS[span] >= hours) return span;
  return '7d';
}

/**
 * The request of a chosen range: the end hour (epoch seconds, China hours are whole UTC hours) and
 * the span, and the first hour to show. A preset ends at the current hour; chosen dates run from the
 * first date's 01:00 to the last date's 24:00 (hours are labelled by their end), never past now.
 */
export function rangeOf(
  preset: RangePreset,
  nowSeconds: number,
  days?: { from: number; to: number },
): { end: number; span: ImageSpan; start: number } {
  const current = Math.floor(nowSeconds / HOUR) * HOUR;
  if (preset !== 'custom' || days === undefined) {
    const span = preset === 'custom' ? '24h' : preset;
    return { end: current, span, start: current - (SPAN_HOURS[span] - 1) * HOUR };
  }
  const end = Math.min(days.to + 24 * HOUR, current);
  const start = days.from + HOUR;
  const hours = Math.max(1, Math.round((end - start) / HOUR) + 1);
  return { end, span: spanCovering(hours), start };
}

/** The next frame index when playing (wrapping to the first after the last). */
export const nextIndex = (index: number, count: number) => (count === 0 ? 0 : (index + 1) % count);
export const previousIndex = (index: number, count: number) => (count === 0 ? 0 : (index - 1 + count) % count);

const SHORT_NAMES = ['优', '良', '轻度', '中度', '重度', '严重'] as const;

/** The legend of a pollutant's frames, as the frames colour it (HJ 633-2012 hourly breaks). */
export function legendOf(pollutant: ImagePollutant): { color: string; label: string }[] {
  const breaks = levelBreaks(pollutant, 'HOUR');
  return SHORT_NAMES.map((name, i) => {
    const lo = breaks[i] ?? 0;
    const hi = breaks[i + 1];
    const range = i === 5 || hi === undefined ? `>${lo}` : `${lo}–${hi}`;
    return { color: LEVELS[(i + 1) as 1].color, label: `${name} ${range}` };
  });
}
