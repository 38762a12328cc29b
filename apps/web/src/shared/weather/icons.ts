/**
 * QWeather's icons (GUIDE.md: the spec's textDay/iconDay are QWeather's names). Each SVG is emitted as
 * its own file, never inlined into the script: the page carries only a table of ~70 addresses (the
 * three-digit weather codes 100 晴 … 999 未知, not the four-digit warning icons) and the browser
 * fetches, and caches, just the icons on screen.
 */
const urls = import.meta.glob<string>('../../../../../node_modules/qweather-icons/icons/[0-9][0-9][0-9].svg', {
  query: '?no-inline',
  import: 'default',
  eager: true,
});

const urlOf = new Map(
  Object.entries(urls).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1, -'.svg'.length), url]),
);

/** QWeather's "unknown" code, shown for a code the set does not have. */
export const UNKNOWN_ICON = '999';

export function hasWeatherIcon(code: string): boolean {
  return urlOf.has(code);
}

/** The address of a weather code's SVG (the unknown icon for codes the set does not have). */
export function weatherIconUrl(code: string | null | undefined): string | undefined {
  return urlOf.get(code ?? UNKNOWN_ICON) ?? urlOf.get(UNKNOWN_ICON);
}

/**
 * The colour an icon is drawn in (the set is monochrome): sun amber, cloud grey-amber, overcast grey,
 * rain blue, snow light blue, fog/haze/dust brown, hot red, cold blue.
 */
export function weatherIconColor(code: string | null | undefined): string {
  const n = Number(code);
  if (code === null || code === undefined || !Number.isInteger(n)) return '#7b8794';
  if ((n >= 100 && n <= 103) || (n >= 150 && n <= 153)) return n === 101 || n === 151 ? '#e8a317' : '#f59e0b';
  if (n >= 300 && n < 400) return '#2f7de1';
  if (n >= 400 && n < 500) return '#4aa8d8';
  if (n >= 500 && n < 600) return '#a07c4c';
  if (n === 900) return '#e5484d';
  if (n === 901) return '#3b82f6';
  return '#7b8794';
}
