import { echarts } from './echarts';

/**
 * An area's outline for the offline maps (`/maps/<code>.json`, a plain cacheable file, not an
 * envelope): its text, which ECharts parses itself, and whose it is (an area without an outline of
 * its own gets the enclosing area's; null when there is none at all).
 */
export async function getOutline(
  areaCode: string,
  signal?: AbortSignal,
): Promise<{ code: string; text: string } | null> {
  const response = await fetch(`/maps/${encodeURIComponent(areaCode)}.json`, { signal, credentials: 'same-origin' });
  if (!response.ok) return null;
  const code = /\/maps\/(\d{6})\.json$/.exec(new URL(response.url, window.location.href).pathname)?.[1] ?? areaCode;
  return { code, text: await response.text() };
}

const registered = new Set<string>();

/** Registers an outline with ECharts once, under a name of its own; the name for `geo.map`. */
export function mapNameOf(outline: { code: string; text: string }): string {
  const name = `lt-area-${outline.code}`;
  if (!registered.has(name)) {
    echarts.registerMap(name, outline.text);
    registered.add(name);
  }
  return name;
}
