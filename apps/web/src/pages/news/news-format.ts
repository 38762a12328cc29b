/** Small pure helpers of the news pages (tested). */

/** 'YYYY-MM-DD HH:mm:ss' → 'MM-DD HH:mm' in lists of this year, 'YYYY-MM-DD' for older years. */
export function listDate(publishTime: string, thisYear: number): string {
  const year = Number(publishTime.slice(0, 4));
  return year === thisYear ? publishTime.slice(5, 16) : publishTime.slice(0, 10);
}

/** 12345 → '1.2万', as Chinese news sites count readers. */
export function countText(n: number): string {
  if (n < 10_000) return String(n);
  return `${(n / 10_000).toFixed(n < 100_000 ? 1 : 0).replace(/\.0$/, '')}万`;
}

/** The page numbers a pager shows: the first, the last, and two around the current, with gaps as null. */
export function pagerItems(current: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, current - 1, current, current + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [i, p] of sorted.entries()) {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) out.push(null);
    out.push(p);
  }
  return out;
}

/** 'YYYY-MM' → '2026年5月'. */
export function monthText(month: string): string {
  return `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`;
}

/** A positive integer id from an address segment, or undefined. */
export function idOf(text: string | undefined): number | undefined {
  return text !== undefined && /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : undefined;
}
