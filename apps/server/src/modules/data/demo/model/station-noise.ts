import { hash2, signed } from '../random';

/**
 * A station's own wobble around its city's value, so that the stations of a city neither move in
 * lockstep nor jump about at random: a slow drift (a random value every five hours, joined smoothly)
 * plus a little hour-to-hour jitter. It is drawn from the station's hash and the hour alone, so any
 * stretch of it can be recomputed on its own.
 */

const NOISE_STEP_HOURS = 5;
/** Keeps the jitter's draws apart from the drift's. */
const JITTER_SALT = 0x2545_f491;

/** Per-station noise of one pollutant (its index in POLLUTANT_FIELDS) along a series, in [-1, 1]. */
export function stationNoise(stationHash: number, field: number, firstHourEnd: number, length: number): Float64Array {
  const out = new Float64Array(length);
  const seed = hash2(stationHash, field);
  // The drift's current lattice cell and its values at both ends, carried over to the next cell.
  let cell = Number.NaN;
  let atCellStart = 0;
  let atCellEnd = 0;
  for (let i = 0; i < length; i++) {
    const hourEnd = firstHourEnd + i;
    const position = (hourEnd - 0.5) / NOISE_STEP_HOURS;
    const cellNow = Math.floor(position);
    if (cellNow !== cell) {
      atCellStart = cellNow === cell + 1 ? atCellEnd : signed(hash2(seed, cellNow));
      atCellEnd = signed(hash2(seed, cellNow + 1));
      cell = cellNow;
    }
    const fraction = position - cellNow;
    const slow = atCellStart + (atCellEnd - atCellStart) * fraction * fraction * (3 - 2 * fraction);
    const jitter = signed(hash2(seed ^ JITTER_SALT, hourEnd));
    out[i] = 0.75 * slow + 0.25 * jitter;
  }
  return out;
}
