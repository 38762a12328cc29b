import { ConfigError, type Env, integer, isHttpUrl, read } from '../../../platform/config';
import { readDemoSettings } from '../demo';

export interface UpperAirSettings {
  /**
   * UPPER_AIR_IGRA_URL: where an IGRA v2 station file is fetched, with `{igraId}` and `{year}`
   * (e.g. NCEI's data-y2d/{igraId}-data-beg{year}.txt.zip; a .zip is unpacked). Unset: no fetching.
   */
  igraUrl: string | undefined;
  /** UPPER_AIR_IGRA_EVERY_HOURS: how often every station's file is fetched (ascents are 12-hourly). */
  igraEveryHours: number;
  /**
   * UPPER_AIR_WIND_URL: a CF NetCDF wind forecast, with `{run}` (the model run, YYYYMMDDHH UTC) and
   * `{level}` ('10m', '850hPa'). Unset: no fetching.
   */
  windUrl: string | undefined;
  /** UPPER_AIR_WIND_EVERY_HOURS: how often the latest run is fetched, and the runs' spacing. */
  windEveryHours: number;
  /** UPPER_AIR_NETCDF_U / UPPER_AIR_NETCDF_V: the names of the wind components in the files. */
  variables: { u: string; v: string };
  /** UPPER_AIR_KEEP_DAYS: grids and soundings older than this are deleted. */
  keepDays: number;
  /** DEMO_DATA=on: the 【演示】 grids and ascents are generated (and removed when off). */
  demo: boolean;
}

function template(env: Env, name: string, placeholders: readonly string[]): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  const sample = placeholders.reduce((s, p) => s.replaceAll(`{${p}}`, 'x'), raw);
  if (!isHttpUrl(sample)) throw new ConfigError(name, raw, '应为 http(s) 地址模板 / must be an http(s) URL template');
  return raw;
}

function variableName(env: Env, name: string, fallback: string): string {
  const raw = read(env, name) ?? fallback;
  if (!/^[A-Za-z_][\w.-]{0,63}$/.test(raw))
    throw new ConfigError(name, raw, '应为 NetCDF 变量名 / a NetCDF variable name');
  return raw;
}

export function readUpperAirSettings(env: Env): UpperAirSettings {
  return {
    igraUrl: template(env, 'UPPER_AIR_IGRA_URL', ['igraId', 'year']),
    igraEveryHours: integer(env, 'UPPER_AIR_IGRA_EVERY_HOURS', 12, 1, 168),
    windUrl: template(env, 'UPPER_AIR_WIND_URL', ['run', 'level']),
    windEveryHours: integer(env, 'UPPER_AIR_WIND_EVERY_HOURS', 6, 1, 48),
    variables: { u: variableName(env, 'UPPER_AIR_NETCDF_U', 'u10'), v: variableName(env, 'UPPER_AIR_NETCDF_V', 'v10') },
    keepDays: integer(env, 'UPPER_AIR_KEEP_DAYS', 30, 1, 3650),
    demo: readDemoSettings(env).data === 'on',
  };
}
