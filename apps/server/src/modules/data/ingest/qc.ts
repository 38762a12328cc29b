import {
  type PollutantKey,
  PRIMARY_POLLUTANT_MIN_AQI,
  type RealtimeInput,
  realtimeAqi,
  sortPollutantKeys,
} from '@lantian/domain';
import { type CnemcStationRow, realtimeInputOf } from './cnemc-file';

/**
 * Quality check of a national release: does each row's published real-time AQI and primary pollutant
 * follow from its published concentrations (HJ 633-2012, via @lantian/domain)?
 *
 * Published concentrations are rounded (integers; CO one decimal), so each stands for an interval
 * (±0.5; CO ±0.05). Because every IAQI is non-decreasing in its concentration, the true AQI lies
 * between the AQI of all the interval lows and the AQI of all the interval highs; a published AQI
 * outside that range cannot have come from these concentrations.
 */

/** Which concentrations of a row the real-time AQI is computed from; GUIDE §6 by default. */
export type ConcentrationReader = (row: CnemcStationRow) => RealtimeInput;

const REALTIME_POLLUTANTS = ['so2', 'no2', 'pm10', 'co', 'o3', 'pm2_5'] as const satisfies readonly PollutantKey[];

interface MismatchBase {
  station: string;
  /** Where the row is: CSV line, or null for GeoJSON (see `record`). */
  line: number | null;
  record: number;
  timepoint: string;
}

export interface AqiMismatch extends MismatchBase {
  field: 'aqi';
  published: number;
  /** The AQI range the published concentrations allow. */
  computed: [number, number];
}

export interface PrimaryMismatch extends MismatchBase {
  field: 'primary';
  published: PollutantKey[];
  /** The pollutants whose IAQI range contains the published AQI (none when AQI ≤ 50). */
  computed: PollutantKey[];
}

export type QcMismatch = AqiMismatch | PrimaryMismatch;

export interface QcReport {
  /** Rows read. */
  rows: number;
  /** Rows checked: a published AQI, at least one pollutant value, first occurrence of station + time. */
  checked: number;
  mismatches: QcMismatch[];
}

/** Half a unit of the published precision: CO is published to 0.1 mg/m³, the rest to 1 μg/m³. */
export function publishedHalfUnit(key: keyof RealtimeInput): number {
  return key === 'co' ? 0.05 : 0.5;
}

function shifted(input: RealtimeInput, direction: -1 | 1): RealtimeInput {
  const out: RealtimeInput = {};
  for (const key of [...REALTIME_POLLUTANTS, 'so2_24h'] as const) {
    const v = input[key];
    out[key] = typeof v === 'number' ? Math.max(0, v + direction * publishedHalfUnit(key)) : v;
  }
  return out;
}

function range(a: number | null, b: number | null): [number, number] | null {
  if (a === null && b === null) return null;
  const lo = Math.min(a ?? Number.POSITIVE_INFINITY, b ?? Number.POSITIVE_INFINITY);
  const hi = Math.max(a ?? Number.NEGATIVE_INFINITY, b ?? Number.NEGATIVE_INFINITY);
  return [lo, hi];
}

const contains = (r: [number, number] | null, value: number) => r !== null && r[0] <= value && value <= r[1];

export interface RowCheck {
  /** AQI range the published concentrations allow. */
  aqiRange: [number, number];
  /** IAQI range of each pollutant (null where it has no value). */
  iaqiRanges: Record<(typeof REALTIME_POLLUTANTS)[number], [number, number] | null>;
  mismatch: QcMismatch | null;
}

/**
 * Checks one row, or returns null when it cannot be checked (no published AQI or no pollutant value).
 * The primary pollutant is consistent when AQI ≤ 50 and none is named, or AQI > 50 and something is
 * named and every named pollutant's IAQI range contains the published AQI. 臭氧8小时 is not part of the
 * real-time AQI and is not checked. HJ 633-2012 requires a primary pollutant above 50, so naming none
 * there is a mismatch. The primary pollutant is judged only when the AQI itself is consistent.
 */
export function checkRow(row: CnemcStationRow, read: ConcentrationReader = realtimeInputOf): RowCheck | null {
  const published = row.aqi;
  if (published === null) return null;
  const input = read(row);
  if (!REALTIME_POLLUTANTS.some((k) => typeof input[k] === 'number')) return null;

  const low = realtimeAqi(shifted(input, -1));
  const high = realtimeAqi(shifted(input, 1));
  const aqiRange = range(low.aqi, high.aqi) ?? [0, 0];
  const between = (k: PollutantKey) => range(low.iaqi[k], high.iaqi[k]);
  const iaqiRanges: RowCheck['iaqiRanges'] = {
    so2: between('so2'),
    no2: between('no2'),
    pm10: between('pm10'),
    co: between('co'),
    o3: between('o3'),
    pm2_5: between('pm2_5'),
  };
  const base: MismatchBase = { station: row.stationCode, line: row.line, record: row.record, timepoint: row.timepoint };

  if (!contains(aqiRange, published)) {
    return { aqiRange, iaqiRanges, mismatch: { ...base, field: 'aqi', published, computed: aqiRange } };
  }

  const consistent =
    published > PRIMARY_POLLUTANT_MIN_AQI
      ? sortPollutantKeys(REALTIME_POLLUTANTS.filter((k) => contains(iaqiRanges[k], published)))
      : [];
  const named = row.primaryPollutants;
  const judged = named.filter((k) => k !== 'o3_8h');
  const ok =
    published <= PRIMARY_POLLUTANT_MIN_AQI
      ? judged.length === 0
      : named.length > 0 && judged.every((k) => consistent.includes(k));
  return {
    aqiRange,
    iaqiRanges,
    mismatch: ok ? null : { ...base, field: 'primary', published: [...named], computed: consistent },
  };
}

/** Checks every row; a station-hour repeated in the file is checked once, at its first occurrence. */
export function runQc(rows: readonly CnemcStationRow[], read: ConcentrationReader = realtimeInputOf): QcReport {
  const seen = new Set<string>();
  const mismatches: QcMismatch[] = [];
  let checked = 0;
  for (const row of rows) {
    const key = `${row.stationCode}\u0000${row.time}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const result = checkRow(row, read);
    if (result === null) continue;
    checked++;
    if (result.mismatch !== null) mismatches.push(result.mismatch);
  }
  return { rows: rows.length, checked, mismatches };
}
