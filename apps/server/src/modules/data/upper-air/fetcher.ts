import { WIND_LEVELS } from '@lantian/contracts';
import { unzipSync } from 'fflate';
import type { SoundingService } from './soundings.service';
import { CHINESE_SOUNDING_STATIONS, igraIdOf } from './stations';
import type { UpperAirSettings } from './upper-air.settings';
import type { WindService } from './wind.service';

/**
 * Live fetching from the configured URL templates (UPPER_AIR_IGRA_URL, UPPER_AIR_WIND_URL). Each
 * file goes through the importer whole; a failed download or a refused file is logged and the
 * stored data stays as it was. Without a template nothing is fetched and the calls say "no data yet".
 */

const TIMEOUT_MS = 120_000;
const MAX_BYTES = 200 * 1024 * 1024;

export interface FetchLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

async function download(url: string): Promise<Uint8Array> {
  const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = new Uint8Array(await res.arrayBuffer());
  if (body.byteLength > MAX_BYTES) throw new Error(`文件过大（${body.byteLength} 字节）`);
  return body;
}

/** NCEI serves IGRA station files zipped: the first entry is the text. */
export function unpackText(body: Uint8Array): string {
  if (body[0] === 0x50 && body[1] === 0x4b) {
    const entries = Object.values(unzipSync(body));
    const first = entries[0];
    if (!first) throw new Error('压缩包为空');
    return new TextDecoder().decode(first);
  }
  return new TextDecoder().decode(body);
}

const pad = (n: number) => String(n).padStart(2, '0');
export function runName(t: number): string {
  const d = new Date(t * 1000);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}`;
}

export async function fetchSoundings(
  settings: UpperAirSettings,
  soundings: SoundingService,
  now: number,
  log: FetchLog,
) {
  if (!settings.igraUrl) return;
  const year = new Date(now * 1000).getUTCFullYear();
  for (const station of CHINESE_SOUNDING_STATIONS) {
    const igraId = igraIdOf(station.code);
    const url = settings.igraUrl.replaceAll('{igraId}', igraId).replaceAll('{year}', String(year));
    try {
      const report = await soundings.importIgra(unpackText(await download(url)), url);
      log.info({ url, ...report }, 'IGRA soundings imported');
    } catch (err) {
      log.warn({ err, url }, 'IGRA soundings not imported');
    }
  }
}

export async function fetchWind(settings: UpperAirSettings, wind: WindService, now: number, log: FetchLog) {
  if (!settings.windUrl) return;
  const period = settings.windEveryHours * 3600;
  // The previous run: the current one is rarely published yet.
  const run = Math.floor(now / period) * period - period;
  for (const level of WIND_LEVELS) {
    const url = settings.windUrl.replaceAll('{run}', runName(run)).replaceAll('{level}', level);
    try {
      const report = await wind.importNetcdf(await download(url), url);
      log.info({ url, ...report }, 'wind grids imported');
    } catch (err) {
      log.warn({ err, url }, 'wind grids not imported');
    }
  }
}
