import {
  chinaTime,
  daysInMonth,
  formatChinaDateTime,
  isMissingMarker,
  POLLUTANT_KEYS,
  type PollutantKey,
  realtimeAqi,
} from '@lantian/domain';
import {
  type CnemcConcentrations,
  CnemcFileError,
  type CnemcRejectedRow,
  type CnemcStationRow,
  realtimeInputOfValues,
} from './cnemc-file';
import { parseCsvRecords } from './csv';

/**
 * Reader of the widely shared daily "china_sites_YYYYMMDD.csv" files: one row per hour and pollutant
 * type, one column per station —
 *
 *     date,hour,type,1001A,1002A,…
 *     20180220,7,AQI,54,26,…
 *     20180220,7,PM2.5,38,0,…
 *
 * `hour` 0–23 is the end of the hour, as the national release's timepoint (hour 0 of the 20th is
 * 23:00–24:00 of the 19th). Empty cells are missing. The rows come out as the national reader's rows
 * (one per station and hour), so that QC, station handling and storage are the same for both.
 *
 * The values were scraped from the national release and its fields copied under their own names
 * (`o3` → `O3`, `o3_24h` → `O3_24h`, …), so GUIDE §6 holds for them too: `O3_24h` is the current
 * hour and `O3` the highest hour of the last 24 h; `O3_8h_24h` the current 8-hour mean and `O3_8h`
 * the day's highest. How that was verified: the shared national hour written out in this form and read
 * back (importer.realdata.test.ts) passes QC in every row read this way and fails in 189 rows read by
 * the names; and on real files the importer reports QC mismatches per station, so a file that broke
 * the rule would show it in every import summary.
 *
 * The form has no primary pollutant: it is computed from the row's values (see `primaryOf`).
 */

/** The types of the form and which concentration each fills (GUIDE §6 for O3). */
export const CHINA_SITES_TYPES: Readonly<Record<string, keyof CnemcConcentrations | 'aqi'>> = {
  AQI: 'aqi',
  'PM2.5': 'pm2_5',
  'PM2.5_24H': 'pm2_5_24h',
  PM10: 'pm10',
  PM10_24H: 'pm10_24h',
  SO2: 'so2',
  SO2_24H: 'so2_24h',
  NO2: 'no2',
  NO2_24H: 'no2_24h',
  CO: 'co',
  CO_24H: 'co_24h',
  O3: 'o3_1h_max_24h',
  O3_24H: 'o3_1h',
  O3_8H: 'o3_8h_max_today',
  O3_8H_24H: 'o3_8h_moving',
};

export const CHINA_SITES_FIXED_COLUMNS = ['date', 'hour', 'type'] as const;

export interface ChinaSitesParseResult {
  rows: CnemcStationRow[];
  rejected: CnemcRejectedRow[];
  /** Lines that repeated an hour and type already read; the later line replaced the earlier. */
  duplicates: number;
  /** Station columns of the header. */
  stations: string[];
}

/** True when a header (already split) is the china_sites form's. */
export function isChinaSitesHeader(fields: readonly string[]): boolean {
  return CHINA_SITES_FIXED_COLUMNS.every((c, i) => fields[i]?.trim().toLowerCase() === c);
}

const DECIMAL = /^\d+(\.\d+)?$/;
/** Some copies write every number with a decimal part ('54.0'). */
const INTEGRAL = /^\d+(\.0+)?$/;

/**
 * The published AQI with the primary pollutants the row's own values give: the pollutants of the
 * highest real-time IAQI, named only when the AQI is above 50. The published AQI decides whether
 * one is named, since that is the AQI the row keeps.
 */
export function primaryOf(aqi: number | null, values: CnemcStationRow['values']): PollutantKey[] {
  const computed = realtimeAqi(realtimeInputOfValues(values));
  if (aqi === null) return [...computed.primaryPollutants];
  if (aqi <= 50 || computed.aqi === null) return [];
  return POLLUTANT_KEYS.filter((k) => computed.iaqi[k] === computed.aqi);
}

interface TypeLine {
  line: number;
  fields: string[];
}

function parseDate(text: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(text.trim());
  if (m === null) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

function lineWhere(line: number): string {
  return `第 ${line} 行 / line ${line}`;
}

export function parseChinaSitesCsv(input: string): ChinaSitesParseResult {
  const records = parseCsvRecords(input);
  const header = records[0];
  if (header === undefined) throw new CnemcFileError('文件为空 / the file is empty', null);
  if (!isChinaSitesHeader(header.fields)) {
    throw new CnemcFileError(
      `表头不是 china_sites 格式 / not a china_sites header; expected: date,hour,type,1001A,…`,
      header.line,
    );
  }
  const stations = header.fields.slice(CHINA_SITES_FIXED_COLUMNS.length).map((f) => f.trim());
  const badCodes = stations.filter((c) => c === '' || /\s/.test(c) || c.length > 24);
  const repeated = stations.filter((c, i) => stations.indexOf(c) !== i);
  if (stations.length === 0 || badCodes.length > 0 || repeated.length > 0) {
    const problem =
      stations.length === 0
        ? '没有站点列 / no station columns'
        : badCodes.length > 0
          ? `站点编码无效 / invalid station codes: ${badCodes.map((c) => JSON.stringify(c)).join(', ')}`
          : `站点列重复 / duplicated station columns: ${[...new Set(repeated)].join(', ')}`;
    throw new CnemcFileError(`china_sites 表头错误 / bad china_sites header: ${problem}`, header.line);
  }

  const rejected: CnemcRejectedRow[] = [];
  let duplicates = 0;
  // time → type → the line that holds it (the later copy of a repeated hour and type wins)
  const hours = new Map<number, Map<string, TypeLine>>();
  records.slice(1).forEach((rec, n) => {
    const reject = (reason: string) =>
      rejected.push({
        line: rec.line,
        record: n + 1,
        stationCode: null,
        where: lineWhere(rec.line),
        reasons: [reason],
      });
    if (rec.fields.length !== header.fields.length) {
      reject(
        `有 ${rec.fields.length} 列，表头有 ${header.fields.length} 列 / has ${rec.fields.length} fields, the header ${header.fields.length}`,
      );
      return;
    }
    const [dateText = '', hourText = '', typeText = ''] = rec.fields;
    const date = parseDate(dateText);
    if (date === null) {
      reject(`date 不是有效的 YYYYMMDD 日期 / not a valid YYYYMMDD date: ${JSON.stringify(dateText.trim())}`);
      return;
    }
    const hourValue = hourText.trim();
    if (!/^\d{1,2}$/.test(hourValue) || Number(hourValue) > 23) {
      reject(`hour 应为 0–23 / must be 0–23: ${JSON.stringify(hourValue)}`);
      return;
    }
    const type = typeText.trim().toUpperCase();
    if (CHINA_SITES_TYPES[type] === undefined) {
      reject(`未知的 type / unknown type: ${JSON.stringify(typeText.trim())}`);
      return;
    }
    const time = chinaTime(date.year, date.month, date.day, Number(hourValue));
    let types = hours.get(time);
    if (types === undefined) {
      types = new Map();
      hours.set(time, types);
    }
    if (types.has(type)) duplicates++;
    types.set(type, { line: rec.line, fields: rec.fields });
  });

  const rows: CnemcStationRow[] = [];
  let record = 0;
  for (const time of [...hours.keys()].sort((a, b) => a - b)) {
    const types = hours.get(time) ?? new Map<string, TypeLine>();
    const lines = [...types.values()].map((t) => t.line);
    const firstLine = types.get('AQI')?.line ?? Math.min(...lines);
    const timepoint = formatChinaDateTime(time);
    stations.forEach((stationCode, s) => {
      const column = s + CHINA_SITES_FIXED_COLUMNS.length;
      const values: CnemcConcentrations = {
        pm2_5: null,
        pm2_5_24h: null,
        pm10: null,
        pm10_24h: null,
        so2: null,
        so2_24h: null,
        no2: null,
        no2_24h: null,
        co: null,
        co_24h: null,
        o3_1h: null,
        o3_1h_max_24h: null,
        o3_8h_moving: null,
        o3_8h_max_today: null,
      };
      let aqi: number | null = null;
      let present = false;
      const reasons: string[] = [];
      let badLine: number | null = null;
      for (const [type, { line, fields }] of types) {
        const cell = (fields[column] ?? '').trim();
        if (isMissingMarker(cell)) continue;
        present = true;
        const target = CHINA_SITES_TYPES[type];
        const ok = target === 'aqi' ? INTEGRAL.test(cell) : DECIMAL.test(cell);
        if (!ok) {
          badLine ??= line;
          reasons.push(
            `${lineWhere(line)} ${type} 不是有效的${target === 'aqi' ? '非负整数' : '浓度'} / not a valid ${
              target === 'aqi' ? 'non-negative integer' : 'concentration'
            }: ${JSON.stringify(cell)}`,
          );
          continue;
        }
        if (target === 'aqi') aqi = Number(cell);
        else if (target !== undefined) values[target] = Number(cell);
      }
      if (!present) return;
      record++;
      if (reasons.length > 0) {
        const line = badLine ?? firstLine;
        rejected.push({
          line,
          record,
          stationCode,
          where: `${lineWhere(line)} (${stationCode} ${timepoint})`,
          reasons,
        });
        return;
      }
      rows.push({
        line: firstLine,
        record,
        timepoint,
        time,
        stationCode,
        stationName: '',
        area: '',
        longitude: null,
        latitude: null,
        aqi,
        primaryPollutants: primaryOf(aqi, values),
        quality: null,
        values,
      });
    });
  }
  return { rows, rejected, duplicates, stations };
}
