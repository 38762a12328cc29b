import type { CityProfile } from '../geography';
import { clamp } from '../random';
import type { HourConditions } from './conditions';
import { clearSkyAtSeaLevel } from './time-of-day';

/**
 * Ozone of one hour: a regional background plus what sunlight makes from the region's precursors.
 * Production follows the sunlight of the last few hours (weighted towards the latest), which puts the
 * peak a couple of hours behind the sun, in mid-afternoon, as measured; more in heat and still air,
 * less under cloud and rain. At night NO from traffic eats it where NO2 is high (titration), which is
 * why ozone drops after dark in a city with heavy traffic.
 */

/** The last seven hours' clear-sky sunlight, the latest weighted most, scaled so that a summer noon gives ~1. */
function recentSunlight({ timeOfDay }: HourConditions): number {
  let sunlight = timeOfDay.clearSky;
  let weight = 1;
  for (let hoursAgo = 1; hoursAgo <= 6; hoursAgo++) {
    weight *= 0.6;
    sunlight += clearSkyAtSeaLevel(timeOfDay.sinSunElevationAt(timeOfDay.solarHour - hoursAgo)) * weight;
  }
  return sunlight / 2400;
}

/** O3, μg/m³, from the hour's cloud, temperature (°C) and NO2 (μg/m³). */
export function ozone(
  place: CityProfile,
  conditions: HourConditions,
  cloud: number,
  temperature: number,
  no2: number,
): number {
  const { season, fronts, load, noise, rain } = conditions;
  const sunlight = recentSunlight(conditions);
  const warmth = clamp((temperature - 5) / 22, 0.35, 1.3);
  const made =
    170 *
    place.o3Precursor *
    sunlight *
    warmth *
    (0.85 + 0.25 * Math.min(load, 1.5)) *
    (1 - 0.6 * cloud) *
    Math.sqrt(rain.washout) *
    (1 + 0.1 * noise.temperature);
  const background = place.o3Background * (1 + 0.3 * season.spring) * (1 + 0.15 * Math.min(fronts.gust, 1));
  const titration = 1 - ((0.45 * no2) / (no2 + 35)) * (1 - Math.min(sunlight, 1));
  return background * titration + made;
}
