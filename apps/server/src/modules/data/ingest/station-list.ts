import { CnemcFileError, type CnemcRejectedRow } from './cnemc-file';
import { parseCsvRecords } from './csv';

/**
 * The station list that accompanies the china_sites files (`站点列表-2018.csv` and the like):
 *
 *     监测点编码,监测点名称,城市,经度,纬度,对照点
 *     1001A,万寿西宫,北京,116.366,39.8673,N
 *
 * `对照点` is Y/N (a reference station, left out of city values). Column order may vary; the
 * 对照点 column may be absent (then no station is a reference unless its name says 对照点).
 */

export const STATION_LIST_COLUMNS = ['监测点编码', '监测点名称', '城市', '经度', '纬度'] as const;
export const STATION_LIST_REFERENCE_COLUMN = '对照点';

export interface ListedStation {
  code: string;
  name: string;
  /** The city as written; resolved when the station is created. */
  city: string;
  longitude: number | null;
  latitude: number | null;
  isReference: boolean;
  line: number;
}

export interface StationListParseResult {
  stations: ListedStation[];
  rejected: CnemcRejectedRow[];
}

/** True when a header (already split) is a station list's. */
export function isStationListHeader(fields: readonly string[]): boolean {
  const names = fields.map((f) => f.trim());
  return STATION_LIST_COLUMNS.every((c) => names.includes(c));
}

const SIGNED_DECIMAL = /^-?\d+(\.\d+)?$/;
const YES = new Set(['Y', 'YES', '是', '1', 'TRUE']);
const NO = new Set(['N', 'NO', '否', '0', 'FALSE', '']);

export function parseStationList(input: string): StationListParseResult {
  const records = parseCsvRecords(input);
  const header = records[0];
  if (header === undefined) throw new CnemcFileError('文件为空 / the file is empty', null);
  const names = header.fields.map((f) => f.trim());
  if (!isStationListHeader(names)) {
    const missing = STATION_LIST_COLUMNS.filter((c) => !names.includes(c));
    throw new CnemcFileError(
      `表头不是站点列表格式 / not a station-list header (缺少列 / missing columns: ${missing.join(', ')}); expected: ${[
        ...STATION_LIST_COLUMNS,
        STATION_LIST_REFERENCE_COLUMN,
      ].join(',')}`,
      header.line,
    );
  }
  const index = new Map(names.map((n, i) => [n, i]));
  const stations: ListedStation[] = [];
  const rejected: CnemcRejectedRow[] = [];
  records.slice(1).forEach((rec, n) => {
    const where = `第 ${rec.line} 行 / line ${rec.line}`;
    const get = (column: string) => {
      const i = index.get(column);
      return i === undefined ? '' : (rec.fields[i] ?? '').trim();
    };
    const reasons: string[] = [];
    if (rec.fields.length !== names.length) {
      reasons.push(
        `有 ${rec.fields.length} 列，表头有 ${names.length} 列 / has ${rec.fields.length} fields, the header ${names.length}`,
      );
    } else {
      const code = get('监测点编码');
      if (code === '' || /\s/.test(code) || code.length > 24) {
        reasons.push(`监测点编码无效 / invalid station code: ${JSON.stringify(code)}`);
      }
      const name = get('监测点名称');
      if (name === '' || name.length > 100)
        reasons.push(`监测点名称无效 / invalid station name: ${JSON.stringify(name)}`);
      const coordinate = (column: string, limit: number): number | null => {
        const value = get(column);
        if (value === '') return null;
        if (!SIGNED_DECIMAL.test(value) || Math.abs(Number(value)) > limit) {
          reasons.push(`${column} 不是有效的坐标 / not a valid coordinate: ${JSON.stringify(value)}`);
          return null;
        }
        return Number(value);
      };
      const longitude = coordinate('经度', 180);
      const latitude = coordinate('纬度', 90);
      const flag = get(STATION_LIST_REFERENCE_COLUMN).toUpperCase();
      if (!YES.has(flag) && !NO.has(flag)) {
        reasons.push(`对照点 应为 Y 或 N / must be Y or N: ${JSON.stringify(flag)}`);
      }
      if (reasons.length === 0) {
        stations.push({
          code,
          name,
          city: get('城市'),
          longitude,
          latitude,
          isReference: YES.has(flag),
          line: rec.line,
        });
        return;
      }
    }
    rejected.push({
      line: rec.line,
      record: n + 1,
      stationCode: get('监测点编码') || null,
      where,
      reasons,
    });
  });
  return { stations, rejected };
}
