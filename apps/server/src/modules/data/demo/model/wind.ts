import type { CityProfile } from '../geography';
import { RAD } from './angles';
import type { HourConditions } from './conditions';

/**
 * Wind of one hour, and what it does to the city's emissions. The speed is the place's mean, stirred
 * by the day (stronger in the afternoon), calmer in a stagnant episode and gusty behind a front. The
 * direction is a weighted mean of the flows that compete for the hour, added as vectors so that a weak
 * monsoon and a strong front blend the way winds do: the winter and summer monsoons, north-westerlies
 * behind a front, southerlies ahead of one, and light variable wind in between.
 */

/** Wind speed, m/s. */
export function surfaceWindSpeed(place: CityProfile, { timeOfDay, fronts, load, noise, rain }: HourConditions): number {
  return Math.max(
    0.3,
    place.windMean * (0.8 + 0.3 * noise.wind) * (1 + 0.25 * timeOfDay.diurnal) * (1.15 - 0.17 * Math.min(load, 1.5)) +
      7.5 * fronts.gust +
      1.3 * Math.min(fronts.prefrontal, 1) +
      Math.min(rain.wet, 1),
  );
}

/** The warm southerly ahead of a front: from 190° everywhere. */
const AHEAD_OF_FRONT_FROM = 190 * RAD;
const AHEAD_OF_FRONT_EAST = Math.sin(AHEAD_OF_FRONT_FROM);
const AHEAD_OF_FRONT_NORTH = Math.cos(AHEAD_OF_FRONT_FROM);

/**
 * A place's monsoons as unit vectors (east, north) pointing where they blow from: north-westerly or
 * north-easterly in winter, south-easterly or south-westerly in summer. They depend on the place
 * alone, so a series computes them once rather than four sines and cosines an hour.
 */
export class Monsoons {
  readonly winterEast: number;
  readonly winterNorth: number;
  readonly summerEast: number;
  readonly summerNorth: number;

  constructor(place: CityProfile) {
    const winterFrom = (place.latitude > 28 ? 320 : 20) * RAD;
    const summerFrom = (place.latitude > 26 && place.longitude > 108 ? 150 : 200) * RAD;
    this.winterEast = Math.sin(winterFrom);
    this.winterNorth = Math.cos(winterFrom);
    this.summerEast = Math.sin(summerFrom);
    this.summerNorth = Math.cos(summerFrom);
  }
}

/**
 * Degrees the wind blows from, 0–360: the flows added as (east, north) vectors, each as long as its
 * weight, in a fixed order (the sums' rounding is part of the demo's data).
 */
export function windDirection(monsoons: Monsoons, { season, fronts, noise }: HourConditions): number {
  const frontFrom = fronts.gustBearing * RAD;
  const winterWeight = season.winter;
  const summerWeight = 1 - season.winter;
  const frontWeight = 3 * Math.min(fronts.gust, 1);
  const aheadWeight = 1.5 * Math.min(fronts.prefrontal, 1);
  let east = 0;
  east += monsoons.winterEast * winterWeight;
  east += monsoons.summerEast * summerWeight;
  east += Math.sin(frontFrom) * frontWeight;
  east += AHEAD_OF_FRONT_EAST * aheadWeight;
  let north = 0;
  north += monsoons.winterNorth * winterWeight;
  north += monsoons.summerNorth * summerWeight;
  north += Math.cos(frontFrom) * frontWeight;
  north += AHEAD_OF_FRONT_NORTH * aheadWeight;
  const mean = Math.atan2(east, north) / RAD + 80 * noise.windDirection;
  return ((mean % 360) + 360) % 360;
}

/** The share of the city's emissions left in its air at this wind speed: 1 up to 1.6 m/s, less above. */
export function windDilution(windSpeed: number): number {
  return 1 / (1 + 0.17 * Math.max(0, windSpeed - 1.6));
}
