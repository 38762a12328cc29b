/**
 * The smallest area holding every point's area code: the shared city (`xxxx00`) or province (`xx0000`),
 * else `fallback` (the operator's own area). A nationwide operator whose stations are all in Beijing
 * then sees Beijing's outline, not the whole country with a dot on it.
 */
export function fitArea(codes: readonly string[], fallback: string): string {
  if (codes.length === 0) return fallback;
  const first = codes[0] as string;
  for (const [digits, pad] of [
    [4, '00'],
    [2, '0000'],
  ] as const) {
    const prefix = first.slice(0, digits);
    // A municipality (北京, 天津, 上海, 重庆) has no city level of its own: its outline is the province's.
    if (digits === 4 && MUNICIPALITIES.has(first.slice(0, 2))) continue;
    const code = `${prefix}${pad}`;
    // Never wider than the operator's own area, never outside it.
    if (codes.every((c) => c.startsWith(prefix)) && code.startsWith(scopePrefix(fallback))) return code;
  }
  return fallback;
}

const MUNICIPALITIES = new Set(['11', '12', '31', '50']);

function scopePrefix(code: string): string {
  if (code === '100000') return '';
  if (code.endsWith('0000')) return code.slice(0, 2);
  if (code.endsWith('00')) return code.slice(0, 4);
  return code;
}
