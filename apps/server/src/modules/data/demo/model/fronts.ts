import type { CityProfile } from '../geography';
import { clamp, hash3, unit } from '../random';
import { RAD } from './angles';
import { SALT } from './salts';
import { winterness } from './season';

/**
 * Synoptic weather as a sequence of cold fronts. Front k leaves an origin in Mongolia at a seeded time
 * in its own slot of about four days and sweeps south-east across the country at 35–60 km/h, weakening
 * with distance. Each front is drawn from the seed and its index alone, so the fronts that pass a
 * place over any span of time can be listed without generating the ones before: that is what lets the
 * seeder and the hourly scheduler compute the same hour independently.
 */

/** Mean spacing of fronts: one about every 4.3 days, jittered. */
const SLOT_HOURS = 103;

interface Front {
  /** Hours since the epoch when it leaves the origin. */
  start: number;
  /** Sine and cosine of the bearing: distance along the track is a dot product with the place's offset. */
  sin: number;
  cos: number;
  /** Degrees, the direction it moves towards. */
  bearing: number;
  /** km/h. */
  speed: number;
  strength: number;
  /** How far from the origin it still counts, km. */
  reach: number;
  /** The rest as in {@link Passage}, before the place and the season shape them. */
  residual: number;
  growth: number;
  intensity: number;
  rain: number;
  dust: number;
}

/** Front `index` of a seed: when it starts, where it heads, how strong it is, what it carries. */
function front(seed: number, index: number): Front {
  const draw = (salt: number) => unit(hash3(seed ^ SALT.front, index, salt));
  const start = index * SLOT_HOURS + draw(1) * SLOT_HOURS * 0.8;
  const bearing = 115 + 40 * draw(2);
  const strength = (0.25 + 0.75 * draw(3) ** 0.8) * (0.5 + 0.5 * winterness(start));
  return {
    start,
    sin: Math.sin(bearing * RAD),
    cos: Math.cos(bearing * RAD),
    bearing,
    speed: 35 + 25 * draw(4),
    strength,
    reach: 1200 + 3300 * strength,
    residual: 0.05 + 0.2 * draw(5),
    growth: 0.16 + 0.22 * draw(6),
    intensity: 0.7 + 1.4 * draw(7) ** 2.5,
    rain: draw(8) < 0.6 ? 0.4 + 0.6 * draw(9) : 0,
    dust: draw(10) < 0.45 ? 0.5 + 0.5 * draw(11) : 0,
  };
}

/** One front passing one place. */
export interface Passage {
  /** Hours since the epoch. */
  time: number;
  /** Strength where it passes (0–1): weaker far from the origin and in sheltered places. */
  strength: number;
  /** Strong enough to sweep the pollution away. */
  clearing: boolean;
  /** Degrees, the direction it moves towards (its wind blows from the opposite one). */
  bearing: number;
  /** The pollution load the air keeps right behind it. */
  residual: number;
  /** Load added per day of still air after it: faster in winter and in basins. */
  growth: number;
  /** How heavy the episode that builds up after it gets (a multiplier on the load). */
  intensity: number;
  /** Its band of rain (0 for a dry front). */
  rain: number;
  /** The desert dust it carries (0 for none). */
  dust: number;
}

/** Every front passing `place` between two times (hours since the epoch), in time order. */
export function passagesOver(place: CityProfile, seed: number, fromHour: number, toHour: number): Passage[] {
  const radius = Math.hypot(place.x, place.y);
  const travel = radius / 35;
  const firstIndex = Math.floor((fromHour - travel) / SLOT_HOURS) - 1;
  const lastIndex = Math.floor((toHour + travel) / SLOT_HOURS) + 1;
  const out: Passage[] = [];
  for (let index = firstIndex; index <= lastIndex; index++) {
    const passing = front(seed, index);
    const distance = place.x * passing.sin + place.y * passing.cos;
    if (distance > passing.reach) continue;
    const time = passing.start + distance / passing.speed;
    if (time < fromHour || time > toHour) continue;
    const strength = passing.strength * place.frontExposure * Math.sqrt(clamp(1 - distance / passing.reach, 0, 1));
    if (strength < 0.05) continue;
    out.push({
      time,
      strength,
      // Whether a front clears the air depends on its own strength where it arrives: a front that
      // reaches a sheltered place still replaces the air there, only with less wind and cold.
      clearing: strength >= 0.3 * place.frontExposure,
      bearing: passing.bearing,
      residual: passing.residual,
      growth: passing.growth * place.stagnation * (0.45 + 0.55 * winterness(time)),
      intensity: passing.intensity,
      rain: passing.rain,
      dust: passing.dust,
    });
  }
  return out.sort((a, b) => a.time - b.time);
}

/** Index of the first passage later than `hour` (binary search: the list is in time order). */
export function firstPassageAfter(passages: readonly Passage[], hour: number): number {
  let low = 0;
  let high = passages.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((passages[middle]?.time ?? Number.POSITIVE_INFINITY) <= hour) low = middle + 1;
    else high = middle;
  }
  return low;
}
