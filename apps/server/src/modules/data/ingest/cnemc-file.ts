import {
  isMissingMarker,
  type PollutantKey,
  parseChinaDateTime,
  parsePrimaryPollutants,
  type RealtimeInput,
  TimeParseError,
} from '@lantian/domain';
import { z } from 'zod';
import { parseCsvRecords } from './csv';
import { CnemcFileError } from './file-error';

export { CnemcFileError } from './file-error';

/**
 * Reader of the national monitoring centre's (CNEMC) hourly station release, in its CSV and GeoJSON
 * forms: bytes → typed rows plus the rows it had to reject, each with reasons naming the line (CSV) or
 * the feature (GeoJSON; such files are often one long line). Problems with the file as a whole — not
 * UTF-8, wrong header, broken JSON — throw a CnemcFileError instead.
 *
 * Fields are read as GUIDE §6 established on real hours: the release's `o3` is the highest 1-hour O3
 * of the last 24 h and `o3_24h` the current hour; `o3_8h` is the day's highest 8-hour mean and
 * `o3_8h_24h` the current 8-hour moving mean. The rows give all four distinct names so that no reader
 * can take the release's names at face value by accident.
 */

export const CNEMC_CSV_COLUMNS = [
  'timepoint',
  'stationcode',
  'longitude',
  'latitude',
  'area',
  'positionname',
  'primarypollutant',
  'aqi',
  'pm10',
  'pm10_24h',
  'pm2_5',
  'pm2_5_24h',
  'o3',
  'o3_24h',
  'o3_8h',
  'o3_8h_24h',
  'no2',
  'no2_24h',
  'so2',
  'so2_24h',
  'co',
  'co_24h',
] as const;

export type CnemcColumn = (typeof CNEMC_CSV_COLUMNS)[number];

export interface CnemcConcentrations {
  pm2_5: number | null;
  pm2_5_24h: number | null;
  pm10: number | null;
  pm10_24h: number | null;
  so2: number | null;
  so2_24h: number | null;
  no2: number | null;
  no2_24h: number | null;
  /** mg/m³ */
  co: number | null;
  co_24h: number | null;
  /** Current 1-hour O3 — published as `o3_24h`. */
  o3_1h: number | null;
  /** Highest 1-hour O3 of the last 24 hours — published as `o3`. */
  o3_1h_max_24h: number | null;
  /** Current 8-hour moving mean of O3 — published as `o3_8h_24h`. */
  o3_8h_moving: number | null;
  /** Highest 8-hour mean of the day so far — published as `o3_8h`. */
  o3_8h_max_today: number | null;
}

/** Which published field fills which concentration (GUIDE §6). */
export const CNEMC_FIELD_OF: Readonly<Record<keyof CnemcConcentrations, CnemcColumn>> = {
  pm2_5: 'pm2_5',
  pm2_5_24h: 'pm2_5_24h',
  pm10: 'pm10',
  pm10_24h: 'pm10_24h',
  so2: 'so2',
  so2_24h: 'so2_24h',
  no2: 'no2',
  no2_24h: 'no2_24h',
  co: 'co',
  co_24h: 'co_24h',
  o3_1h: 'o3_24h',
  o3_1h_max_24h: 'o3',
  o3_8h_moving: 'o3_8h_24h',
  o3_8h_max_today: 'o3_8h',
};

export type CnemcFormat = 'csv' | 'geojson';

export interface CnemcStationRow {
  /** CSV: line where the record starts (the header is line 1). GeoJSON: null. */
  line: number | null;
  /** 1-based position among the data records (the GeoJSON feature number). */
  record: number;
  /** The published time as written. */
  timepoint: string;
  /** Epoch seconds; the release's times are China time. */
  time: number;
  stationCode: string;
  stationName: string;
  /** City name as published (`area`). */
  area: string;
  longitude: number | null;
  latitude: number | null;
  /** Published real-time AQI. */
  aqi: number | null;
  /** Published primary pollutants, in published order. */
  primaryPollutants: PollutantKey[];
  /** Published level name (`quality`), where the file has it. */
  quality: string | null;
  values: CnemcConcentrations;
}

export interface CnemcRejectedRow {
  line: number | null;
  record: number;
  stationCode: string | null;
  /** "第 12 行 / line 12" or "第 12 个要素 / feature 12". */
  where: string;
  reasons: string[];
}

export interface CnemcParseResult {
  format: CnemcFormat;
  rows: CnemcStationRow[];
  rejected: CnemcRejectedRow[];
}

/** The current 1-hour values as the real-time AQI takes them (GUIDE §6). */
export function realtimeInputOfValues(v: CnemcConcentrations): RealtimeInput {
  return { so2: v.so2, no2: v.no2, pm10: v.pm10, co: v.co, o3: v.o3_1h, pm2_5: v.pm2_5, so2_24h: v.so2_24h };
}

/** The current 1-hour values of a row as the real-time AQI takes them (GUIDE §6). */
export function realtimeInputOf(row: CnemcStationRow): RealtimeInput {
  return realtimeInputOfValues(row.values);
}

// ---------------------------------------------------------------------------------------------------
// Bytes → text

/**
 * Where the first byte that is not UTF-8 is, or null when all of it is. TextDecoder says whether bytes
 * are UTF-8 but not where they stop being so, and nothing in Node does: its replacing mode marks the
 * spot with U+FFFD and everything before the mark is valid UTF-8, so the mark's offset is the length of
 * that text encoded again. A U+FFFD the file really holds (EF BF BD) is passed over; `ignoreBOM` keeps a
 * BOM in the text so that its three bytes are counted.
 */
export function firstInvalidUtf8Offset(bytes: Uint8Array): number | null {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const encoder = new TextEncoder();
  let offset = 0;
  let from = 0;
  for (let at = text.indexOf('\uFFFD'); at !== -1; at = text.indexOf('\uFFFD', at + 1)) {
    offset += encoder.encode(text.slice(from, at)).length;
    if (bytes[offset] !== 0xef || bytes[offset + 1] !== 0xbf || bytes[offset + 2] !== 0xbd) return offset;
    offset += 3;
    from = at + 1;
  }
  return null;
}

/** Strict UTF-8 (a leading BOM is dropped). Anything else fails naming the line and byte of the first bad byte. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    // `fatal` refuses rather than replaces; the default `ignoreBOM: false` drops a leading BOM.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    const offset = firstInvalidUtf8Offset(bytes);
    let line: number | null = null;
    if (offset !== null) {
      line = 1;
      for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
    }
    throw new CnemcFileError(
      `文件不是 UTF-8 编码（GBK 等编码请先转换为 UTF-8）/ the file is not UTF-8${
        offset === null ? '' : ` (byte ${offset})`
      }`,
      line,
    );
  }
}

// ---------------------------------------------------------------------------------------------------
// Field reading, shared by both forms

const DECIMAL = /^\d+(\.\d+)?$/;
const SIGNED_DECIMAL = /^-?\d+(\.\d+)?$/;
const INTEGER = /^\d+$/;

type RawValue = string | number | boolean | null | undefined;

function text(value: RawValue): string {
  return value === null || value === undefined ? '' : String(value).trim();
}

class FieldErrors {
  readonly reasons: string[] = [];
  add(reason: string): void {
    this.reasons.push(reason);
  }
}

function concentration(field: string, value: RawValue, errors: FieldErrors): number | null {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  const t = text(value);
  if (isMissingMarker(t)) return null;
  if (!DECIMAL.test(t)) {
    errors.add(`${field} 不是有效的浓度 / not a valid concentration: ${JSON.stringify(t)}`);
    return null;
  }
  return Number(t);
}

function aqiValue(value: RawValue, errors: FieldErrors): number | null {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  const t = text(value);
  if (isMissingMarker(t)) return null;
  if (!INTEGER.test(t)) {
    errors.add(`aqi 不是非负整数 / not a non-negative integer: ${JSON.stringify(t)}`);
    return null;
  }
  return Number(t);
}

function coordinate(field: string, value: RawValue, limit: number, errors: FieldErrors): number | null {
  if (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit) return value;
  const t = text(value);
  if (isMissingMarker(t)) return null;
  const n = Number(t);
  if (!SIGNED_DECIMAL.test(t) || Math.abs(n) > limit) {
    errors.add(`${field} 不是有效的坐标 / not a valid coordinate: ${JSON.stringify(t)}`);
    return null;
  }
  return n;
}

function timeValue(value: RawValue, errors: FieldErrors): { timepoint: string; time: number } {
  const timepoint = text(value);
  // The release writes ISO style (2018-02-20T07:00:00); CSV exports often use a space.
  const normalised = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(timepoint) ? timepoint.replace('T', ' ') : timepoint;
  try {
    return { timepoint, time: parseChinaDateTime(normalised) };
  } catch (err) {
    if (!(err instanceof TimeParseError)) throw err;
    errors.add(`timepoint ${err.problem}: ${JSON.stringify(timepoint)}`);
    return { timepoint, time: Number.NaN };
  }
}

interface Located {
  line: number | null;
  record: number;
  where: string;
}

type RowOutcome = { ok: true; row: CnemcStationRow } | { ok: false; rejected: CnemcRejectedRow };

function readRecord(
  get: (column: string) => RawValue,
  at: Located,
  coordinates: { longitude: RawValue; latitude: RawValue },
): RowOutcome {
  const errors = new FieldErrors();
  const stationCode = text(get('stationcode'));
  if (stationCode === '' || /\s/.test(stationCode)) {
    errors.add(`stationcode 无效 / invalid station code: ${JSON.stringify(stationCode)}`);
  }
  const { timepoint, time } = timeValue(get('timepoint'), errors);
  const primary = parsePrimaryPollutants(text(get('primarypollutant')));
  if (primary.unknown.length > 0) {
    errors.add(`primarypollutant 含未知名称 / unknown pollutant name: ${primary.unknown.join(', ')}`);
  }
  const read = (key: keyof CnemcConcentrations) => concentration(CNEMC_FIELD_OF[key], get(CNEMC_FIELD_OF[key]), errors);
  const values: CnemcConcentrations = {
    pm2_5: read('pm2_5'),
    pm2_5_24h: read('pm2_5_24h'),
    pm10: read('pm10'),
    pm10_24h: read('pm10_24h'),
    so2: read('so2'),
    so2_24h: read('so2_24h'),
    no2: read('no2'),
    no2_24h: read('no2_24h'),
    co: read('co'),
    co_24h: read('co_24h'),
    o3_1h: read('o3_1h'),
    o3_1h_max_24h: read('o3_1h_max_24h'),
    o3_8h_moving: read('o3_8h_moving'),
    o3_8h_max_today: read('o3_8h_max_today'),
  };
  const row: CnemcStationRow = {
    line: at.line,
    record: at.record,
    timepoint,
    time,
    stationCode,
    stationName: text(get('positionname')),
    area: text(get('area')),
    longitude: coordinate('longitude', coordinates.longitude, 180, errors),
    latitude: coordinate('latitude', coordinates.latitude, 90, errors),
    aqi: aqiValue(get('aqi'), errors),
    primaryPollutants: primary.keys,
    quality: isMissingMarker(text(get('quality'))) ? null : text(get('quality')),
    values,
  };
  if (errors.reasons.length > 0) {
    return {
      ok: false,
      rejected: { ...at, stationCode: stationCode === '' ? null : stationCode, reasons: errors.reasons },
    };
  }
  return { ok: true, row };
}

// ---------------------------------------------------------------------------------------------------
// CSV

export function parseCnemcCsv(input: string): CnemcParseResult {
  const records = parseCsvRecords(input);
  const header = records[0];
  if (header === undefined) throw new CnemcFileError('文件为空 / the file is empty', null);
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const duplicated = names.filter((n, i) => n !== '' && names.indexOf(n) !== i);
  const missing = CNEMC_CSV_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0 || duplicated.length > 0) {
    const problems = [
      missing.length > 0 ? `缺少列 / missing columns: ${missing.join(', ')}` : '',
      duplicated.length > 0 ? `重复列 / duplicated columns: ${duplicated.join(', ')}` : '',
    ].filter((p) => p !== '');
    throw new CnemcFileError(
      `表头不是国家站小时数据格式 / not a CNEMC station-hour header (${problems.join('; ')}); expected: ${CNEMC_CSV_COLUMNS.join(',')}`,
      header.line,
    );
  }
  const index = new Map(names.map((n, i) => [n, i]));
  const rows: CnemcStationRow[] = [];
  const rejected: CnemcRejectedRow[] = [];
  records.slice(1).forEach((rec, n) => {
    const at: Located = { line: rec.line, record: n + 1, where: `第 ${rec.line} 行 / line ${rec.line}` };
    if (rec.fields.length !== names.length) {
      rejected.push({
        ...at,
        stationCode: null,
        reasons: [
          `有 ${rec.fields.length} 列，表头有 ${names.length} 列 / has ${rec.fields.length} fields, the header ${names.length}`,
        ],
      });
      return;
    }
    const get = (column: string): RawValue => {
      const i = index.get(column);
      return i === undefined ? undefined : rec.fields[i];
    };
    const outcome = readRecord(get, at, { longitude: get('longitude'), latitude: get('latitude') });
    if (outcome.ok) rows.push(outcome.row);
    else rejected.push(outcome.rejected);
  });
  return { format: 'csv', rows, rejected };
}

// ---------------------------------------------------------------------------------------------------
// GeoJSON

const FeatureCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(z.unknown()),
});

const Feature = z.object({
  type: z.literal('Feature'),
  geometry: z
    .object({ type: z.literal('Point'), coordinates: z.array(z.number()).min(2) })
    .nullable()
    .optional(),
  properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});

/** GeoJSON has no coordinate columns: longitude and latitude come from the Point geometry. */
const GEOJSON_REQUIRED = CNEMC_CSV_COLUMNS.filter((c) => c !== 'longitude' && c !== 'latitude');

function jsonErrorLine(input: string, message: string): number | null {
  const position = /position (\d+)/.exec(message)?.[1];
  if (position === undefined) return null;
  let line = 1;
  for (let i = 0; i < Number(position) && i < input.length; i++) if (input[i] === '\n') line++;
  return line;
}

export function parseCnemcGeoJson(input: string): CnemcParseResult {
  const textWithoutBom = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  let json: unknown;
  try {
    json = JSON.parse(textWithoutBom);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new CnemcFileError(`不是有效的 JSON / not valid JSON: ${message}`, jsonErrorLine(textWithoutBom, message));
  }
  const collection = FeatureCollection.safeParse(json);
  if (!collection.success) {
    throw new CnemcFileError('不是 GeoJSON FeatureCollection / not a GeoJSON FeatureCollection', null);
  }
  const rows: CnemcStationRow[] = [];
  const rejected: CnemcRejectedRow[] = [];
  collection.data.features.forEach((raw, n) => {
    const at: Located = { line: null, record: n + 1, where: `第 ${n + 1} 个要素 / feature ${n + 1}` };
    const feature = Feature.safeParse(raw);
    if (!feature.success) {
      const issues = feature.error.issues.map((i) => `${i.path.map(String).join('.') || '(feature)'}: ${i.message}`);
      rejected.push({
        ...at,
        stationCode: null,
        reasons: [`不是有效的点要素 / not a valid Point feature: ${issues.join('; ')}`],
      });
      return;
    }
    const properties = feature.data.properties;
    const absent = GEOJSON_REQUIRED.filter((c) => !(c in properties));
    if (absent.length > 0) {
      rejected.push({ ...at, stationCode: null, reasons: [`缺少属性 / missing properties: ${absent.join(', ')}`] });
      return;
    }
    const coordinates = feature.data.geometry?.coordinates;
    const outcome = readRecord((c) => properties[c], at, {
      longitude: coordinates?.[0] ?? properties.longitude,
      latitude: coordinates?.[1] ?? properties.latitude,
    });
    if (outcome.ok) rows.push(outcome.row);
    else rejected.push(outcome.rejected);
  });
  return { format: 'geojson', rows, rejected };
}

// ---------------------------------------------------------------------------------------------------

/** Which form a text is in: GeoJSON starts with '{', anything else is taken as CSV. */
export function detectCnemcFormat(input: string): CnemcFormat {
  return /^\uFEFF?\s*\{/.test(input) ? 'geojson' : 'csv';
}

/** Reads a release file of either form from its bytes. */
export function parseCnemcFile(bytes: Uint8Array): CnemcParseResult {
  const input = decodeUtf8(bytes);
  return detectCnemcFormat(input) === 'geojson' ? parseCnemcGeoJson(input) : parseCnemcCsv(input);
}
