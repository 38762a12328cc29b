import { ConfigError, type Env, integer, isHttpUrl, read } from '../../../platform/config';
import { DOWNLOAD_DEFAULTS } from './fetcher';

export interface IngestSettings {
  /**
   * Where `import --from … --to …` downloads a day of the public archive: an http(s) URL template with
   * the date as {yyyymmdd} or {yyyy}, {mm}, {dd} (`https://example.org/china_sites_{yyyymmdd}.csv`).
   */
  archiveUrl: string | undefined;
  /** The station list those downloads need for stations the register does not have yet (http(s) URL). */
  stationsUrl: string | undefined;
  /** IMPORT_DOWNLOAD_MAX_MB: a download is abandoned as soon as it passes this size. */
  downloadMaxBytes: number;
  /** IMPORT_DOWNLOAD_TIMEOUT_SECONDS: one attempt at one file, headers and body together. */
  downloadTimeoutMs: number;
}

/** Placeholders of IMPORT_ARCHIVE_URL: the China calendar date of the day to download. */
export const IMPORT_URL_PLACEHOLDERS = ['yyyymmdd', 'yyyy', 'mm', 'dd'] as const;

function archiveUrl(env: Env): string | undefined {
  const name = 'IMPORT_ARCHIVE_URL';
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  const expected =
    '应为 http(s):// 网址模板，日期写作 {yyyymmdd} 或 {yyyy}{mm}{dd} / expected an http(s) URL template with the date as {yyyymmdd} or {yyyy}, {mm}, {dd}';
  const placeholders = [...raw.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] ?? '');
  const known = new Set<string>(IMPORT_URL_PLACEHOLDERS);
  const unknown = placeholders.find((p) => !known.has(p));
  if (unknown !== undefined) {
    throw new ConfigError(name, raw, `未知占位符 / unknown placeholder {${unknown}}; ${expected}`);
  }
  // Without the day in it, every day of a range would download the same file.
  const dated = placeholders.includes('yyyymmdd') || ['yyyy', 'mm', 'dd'].every((p) => placeholders.includes(p));
  const sample = raw.replace(/\{(yyyymmdd|yyyy|mm|dd)\}/g, (_m, p: string) =>
    p === 'yyyymmdd' ? '20180220' : p === 'yyyy' ? '2018' : p === 'mm' ? '02' : '20',
  );
  if (!dated || /[{}]/.test(sample) || !isHttpUrl(sample)) throw new ConfigError(name, raw, expected);
  return raw;
}

function stationsUrl(env: Env): string | undefined {
  const raw = read(env, 'IMPORT_STATIONS_URL');
  if (raw === undefined) return undefined;
  if (!isHttpUrl(raw)) {
    throw new ConfigError('IMPORT_STATIONS_URL', raw, '应为 http(s):// 网址 / expected an http(s) URL');
  }
  return raw;
}

/** IMPORT_ARCHIVE_URL, IMPORT_STATIONS_URL and the download bounds (used by `npm run -s lantian -- import --from … --to …`). */
export function readIngestSettings(env: Env): IngestSettings {
  return {
    archiveUrl: archiveUrl(env),
    stationsUrl: stationsUrl(env),
    downloadMaxBytes:
      integer(env, 'IMPORT_DOWNLOAD_MAX_MB', DOWNLOAD_DEFAULTS.maxBytes / 1024 / 1024, 1, 4096) * 1024 * 1024,
    downloadTimeoutMs:
      integer(env, 'IMPORT_DOWNLOAD_TIMEOUT_SECONDS', DOWNLOAD_DEFAULTS.timeoutMs / 1000, 1, 3600) * 1000,
  };
}
