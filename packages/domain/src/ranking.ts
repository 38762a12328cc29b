export interface Ranked<T> {
  item: T;
  rank: number | null;
}

/**
 * Ascending competition ranking ("1, 2, 2, 4"): lower is cleaner, equal values share a rank and are
 * listed by code; items without a value follow, unranked, by code.
 */
export function rankAscending<T>(
  items: readonly T[],
  value: (item: T) => number | null,
  code: (item: T) => string,
): Ranked<T>[] {
  const byCode = (a: T, b: T) => (code(a) < code(b) ? -1 : code(a) > code(b) ? 1 : 0);
  const valued = items.filter((i) => value(i) !== null);
  const missing = items.filter((i) => value(i) === null).sort(byCode);
  valued.sort((a, b) => (value(a) ?? 0) - (value(b) ?? 0) || byCode(a, b));
  const out: Ranked<T>[] = [];
  let previous: number | null = null;
  let rank = 0;
  valued.forEach((item, index) => {
    const v = value(item);
    if (v !== previous) rank = index + 1;
    previous = v;
    out.push({ item, rank });
  });
  for (const item of missing) out.push({ item, rank: null });
  return out;
}
