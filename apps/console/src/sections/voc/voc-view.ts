/** Pure helpers of VOC 分析: the range presets in China time, percentages, the regime colours. */

export const RANGE_PRESETS = [
  { value: '24h', label: '近 24 小时', hours: 24 },
  { value: '3d', label: '近 3 天', hours: 72 },
  { value: '7d', label: '近 7 天', hours: 168 },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];

/** 'YYYY-MM-DD HH:mm:ss' in China time (UTC+8) of an instant, whatever the browser's zone. */
export function chinaText(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The startTime and endTime of a preset ending at `nowMs`. */
export function rangeOf(preset: RangePreset, nowMs: number): { startTime: string; endTime: string } {
  const hours = RANGE_PRESETS.find((p) => p.value === preset)?.hours ?? 24;
  return { startTime: chinaText(nowMs - hours * 3600_000), endTime: chinaText(nowMs) };
}

export function percent(share: number | null): string {
  return share === null ? '—' : `${(share * 100).toFixed(1)}%`;
}

export const REGIME_COLORS: Record<string, string> = { voc: 'volcano', transition: 'gold', nox: 'blue' };
