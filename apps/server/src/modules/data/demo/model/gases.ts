import type { CityProfile } from '../geography';
import type { HourConditions } from './conditions';

/**
 * NO2, SO2 and CO of one hour. Each follows its sources: NO2 the traffic clock (China time, not the
 * sun's), SO2 coal (winter and district heating), CO combustion in general, so it rides on PM2.5. Like
 * PM2.5 they are products of one factor per cause around the city's base; wind and rain act on them
 * more weakly (exponents below 1) than on particles, since rain washes little of a gas out.
 */

/** NO2 follows the traffic clock (rush hours 08:00 and 20:00), dips at noon when the sun splits it. */
function trafficClock(clockHour: number): number {
  return (
    1 +
    0.3 * Math.exp(-(((clockHour - 8.5) / 1.8) ** 2)) +
    0.35 * Math.exp(-(((clockHour - 20.5) / 2.5) ** 2)) -
    0.25 * Math.exp(-(((clockHour - 14) / 3) ** 2))
  );
}

/** NO2, μg/m³. */
export function nitrogenDioxide(
  place: CityProfile,
  { season, timeOfDay, load, noise, rain }: HourConditions,
  dilution: number,
): number {
  return (
    place.no2Base *
    (0.78 + 0.4 * season.winter) *
    (0.62 + 0.42 * Math.min(load, 1.8)) *
    dilution ** 0.7 *
    trafficClock(timeOfDay.clockHour) *
    rain.washout ** 0.3 *
    (1 + 0.15 * noise.pm)
  );
}

/** SO2, μg/m³: highest in a heated winter, with a late-morning peak when inversions break down. */
export function sulphurDioxide(
  place: CityProfile,
  { season, timeOfDay, load }: HourConditions,
  dilution: number,
): number {
  return (
    place.so2Base *
    (0.8 + 0.35 * season.winter) *
    (1 + 0.45 * place.heating * season.heating) *
    (0.75 + 0.25 * Math.min(load, 1.8)) *
    (1 + 0.3 * Math.exp(-(((timeOfDay.solarHour - 11) / 3) ** 2))) *
    dilution ** 0.5
  );
}

/** CO, mg/m³, from the hour's PM2.5 (μg/m³). */
export function carbonMonoxide(place: CityProfile, { season, noise }: HourConditions, pm2_5: number): number {
  return 0.2 + place.coPerPm * pm2_5 * (1 + 0.15 * place.heating * season.heating) + 0.08 * (1 + noise.pm);
}
