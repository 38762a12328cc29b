/**
 * The small statistics the analysis pages compute from the answers they already have: nothing here
 * asks the server, so the numbers on screen are exactly the API's values rearranged.
 */

/** Pearson's correlation coefficient of the pairs where both values are present; null under 3 pairs or no spread. */
export function pearson(pairs: readonly (readonly [number | null, number | null])[]): number | null {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of pairs) {
    if (x === null || y === null || !Number.isFinite(x) || !Number.isFinite(y)) continue;
    xs.push(x);
    ys.push(y);
  }
  const n = xs.length;
  if (n < 3) return null;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] as number) - mx;
    const dy = (ys[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/** How strong a correlation reads in words (|r|: < 0.3 weak, < 0.6 moderate, otherwise strong). */
export function correlationWords(r: number | null): string {
  if (r === null) return '数据不足';
  const strength = Math.abs(r) < 0.3 ? '弱' : Math.abs(r) < 0.6 ? '中等' : '强';
  return `${r >= 0 ? '正' : '负'}相关（${strength}）`;
}

/** Mean of the present values, null when none. */
export function meanOf(values: readonly (number | null | undefined)[]): number | null {
  const present = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return present.length === 0 ? null : present.reduce((a, b) => a + b, 0) / present.length;
}

/** Max of the present values, null when none. */
export function maxOf(values: readonly (number | null | undefined)[]): number | null {
  const present = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return present.length === 0 ? null : Math.max(...present);
}

/** 同比/环比 change in percent, one decimal: (now − before) / before; null without both or with before 0. */
export function changePercent(now: number | null | undefined, before: number | null | undefined): number | null {
  if (now === null || now === undefined || before === null || before === undefined || before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

/** '+12.5%' / '−3.0%' / '—'. For pollution a rise is bad, which the caller colours. */
export function formatChange(change: number | null): string {
  if (change === null) return '—';
  if (change === 0) return '0.0%';
  return `${change > 0 ? '+' : '−'}${Math.abs(change).toFixed(1)}%`;
}

/**
 * Days per primary pollutant over days that had one (AQI > 50); a day with two primary pollutants
 * counts for each. Sorted by count, most first; ties by the pollutant order given.
 */
export function primaryPollutantDays(
  days: readonly { primaryPollutant: readonly string[] }[],
  order: readonly string[],
): { key: string; days: number }[] {
  const counts = new Map<string, number>();
  for (const d of days) for (const p of d.primaryPollutant) counts.set(p, (counts.get(p) ?? 0) + 1);
  const rank = (k: string) => {
    const i = order.indexOf(k);
    return i === -1 ? order.length : i;
  };
  return [...counts].map(([key, n]) => ({ key, days: n })).sort((a, b) => b.days - a.days || rank(a.key) - rank(b.key));
}
