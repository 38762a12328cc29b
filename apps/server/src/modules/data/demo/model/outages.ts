import { hash2, hash3, unit } from '../random';
import { POLLUTANT_FIELDS } from './pollutants';
import { SALT } from './salts';

/**
 * Gaps in a station's data, because real monitoring data has them and the product must show missing
 * values as missing (never 0) and compute averages without them. A gap is drawn per station and China
 * day from hashes alone, so the seeder and the hourly scheduler agree on which hours are missing
 * without sharing state.
 */

/** What a station reports at one hour: everything, nothing (offline) or all but one analyser. */
export const ONLINE = -1;
export const OFFLINE = -2;

/**
 * Outages as a pure function of the station and the hour: on about 2 % of days a station goes
 * offline for 2–9 hours, and on about 2.5 % one analyser drops out for 1–6 hours. Returns, per hour
 * of the series, ONLINE, OFFLINE or the index (into POLLUTANT_FIELDS) of the missing pollutant.
 */
export function outages(stationHash: number, firstHourEnd: number, length: number): Int8Array {
  const out = new Int8Array(length).fill(ONLINE);
  // From the day before the first hour: a gap that starts late that day can reach into the series.
  const firstDay = Math.floor((firstHourEnd + 8) / 24) - 1;
  const lastDay = Math.floor((firstHourEnd + length - 1 + 8) / 24);
  for (let day = firstDay; day <= lastDay; day++) {
    const fault = hash3(stationHash, day, SALT.fault);
    if (unit(fault) < 0.025) {
      const start = day * 24 - 8 + Math.floor(unit(hash2(fault, 1)) * 24);
      const hours = 1 + Math.floor(unit(hash2(fault, 2)) * 6);
      mark(out, firstHourEnd, start, hours, hash2(fault, 3) % POLLUTANT_FIELDS.length);
    }
  }
  // Whole-station outages last, so that they win over a single analyser's.
  for (let day = firstDay; day <= lastDay; day++) {
    const outage = hash3(stationHash, day, SALT.outage);
    if (unit(outage) < 0.02) {
      const start = day * 24 - 8 + Math.floor(unit(hash2(outage, 1)) * 24);
      mark(out, firstHourEnd, start, 2 + Math.floor(unit(hash2(outage, 2)) * 8), OFFLINE);
    }
  }
  return out;
}

/** Sets `hours` hours from `start` (hours since the epoch) to `value`, where they fall in the series. */
function mark(out: Int8Array, firstHourEnd: number, start: number, hours: number, value: number): void {
  for (let hour = Math.max(start, firstHourEnd); hour < start + hours && hour < firstHourEnd + out.length; hour++) {
    out[hour - firstHourEnd] = value;
  }
}
