import { areaByCode } from '@lantian/areas';
import { ConfigError, type Env, integer, isHttpUrl, oneOf, read } from '../../../platform/config';

/**
 * Live fetching of each source is off until its URL template is set. Templates name the time of
 * the file wanted in UTC: {yyyy} {MM} {dd} {HH} {mm} (radar and satellite frames, rounded down to
 * the source's interval), {year} (the typhoon best-track file of the current year).
 */
export interface WeatherSourcesSettings {
  /** TYPHOON_BST_URL: the CMA best-track file of a year, e.g. …/CH{year}BST.txt. */
  typhoonUrl: string | undefined;
  /** WARNING_CAP_URL: one CAP 1.2 message, or a feed answering several `<alert>` documents in a list. */
  warningUrl: string | undefined;
  /** METAR_URL: a bulletin of raw METAR lines ({icaos}: the known stations, comma-separated). */
  metarUrl: string | undefined;
  /** RADAR_IMAGE_URL: the national composite reflectivity PNG of a time. */
  radarUrl: string | undefined;
  /** SATELLITE_IMAGE_URL: the true-colour satellite image of a time. */
  satelliteUrl: string | undefined;
  /** TRAFFIC_IMAGE_URL: a city's traffic image ({city}: the 6-digit code, {cityName}: its Chinese name). */
  trafficUrl: string | undefined;
  /** TRAFFIC_IMAGE_CITIES: the cities whose traffic image is fetched, 6-digit codes, comma-separated. */
  trafficCities: string[];
  /** TRAFFIC_IMAGE_KEEP_DAYS: traffic images older than this are dropped. */
  trafficKeepDays: number;
  /** WEATHER_SOURCES_INBOX: a drop folder whose files are imported (inbox.ts), or undefined. */
  inbox: string | undefined;
  /** WEATHER_SOURCES_INBOX_SECONDS: how often the drop folder is looked at. */
  inboxSeconds: number;
  /** WEATHER_SOURCES_FETCH_MINUTES: how often the live sources are polled. */
  fetchMinutes: number;
  /** Radar frames of the demo loop (DEMO_DATA=on): how many 6-minute frames are kept. */
  demo: 'on' | 'off';
  demoFrames: number;
}

function template(env: Env, name: string): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  if (!isHttpUrl(raw.replace(/\{[a-zA-Z]+\}/g, 'x'))) {
    throw new ConfigError(name, raw, '必须是 http(s) 地址模板 / must be an http(s) URL template');
  }
  return raw;
}

function cityCodes(env: Env, name: string): string[] {
  const raw = read(env, name);
  if (raw === undefined) return [];
  const codes = raw
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  for (const code of codes) {
    const area = areaByCode(code);
    if (!area || !(area.level === 'city' || area.municipality)) {
      throw new ConfigError(name, raw, `${code} 不是城市区划代码 / is not a city code`);
    }
  }
  return [...new Set(codes)];
}

export function readWeatherSourcesSettings(env: Env): WeatherSourcesSettings {
  return {
    typhoonUrl: template(env, 'TYPHOON_BST_URL'),
    warningUrl: template(env, 'WARNING_CAP_URL'),
    metarUrl: template(env, 'METAR_URL'),
    radarUrl: template(env, 'RADAR_IMAGE_URL'),
    satelliteUrl: template(env, 'SATELLITE_IMAGE_URL'),
    trafficUrl: template(env, 'TRAFFIC_IMAGE_URL'),
    trafficCities: cityCodes(env, 'TRAFFIC_IMAGE_CITIES'),
    trafficKeepDays: integer(env, 'TRAFFIC_IMAGE_KEEP_DAYS', 7, 1, 366),
    inbox: read(env, 'WEATHER_SOURCES_INBOX'),
    inboxSeconds: integer(env, 'WEATHER_SOURCES_INBOX_SECONDS', 60, 1, 86_400),
    fetchMinutes: integer(env, 'WEATHER_SOURCES_FETCH_MINUTES', 10, 1, 1440),
    demo: oneOf(env, 'DEMO_DATA', ['on', 'off'] as const, 'on'),
    demoFrames: integer(env, 'RADAR_DEMO_FRAMES', 20, 2, 240),
  };
}

/** A URL template filled for a UTC time. */
export function fillTemplate(raw: string, t: number, extra: Readonly<Record<string, string>> = {}): string {
  const d = new Date(t * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const values: Record<string, string> = {
    yyyy: String(d.getUTCFullYear()),
    year: String(d.getUTCFullYear()),
    MM: pad(d.getUTCMonth() + 1),
    dd: pad(d.getUTCDate()),
    HH: pad(d.getUTCHours()),
    mm: pad(d.getUTCMinutes()),
    ...extra,
  };
  return raw.replace(/\{([a-zA-Z]+)\}/g, (whole, key: string) => values[key] ?? whole);
}
