import type { CityProfile } from '../geography';
import { TAU } from './angles';
import type { HourConditions } from './conditions';

/**
 * Particles of one hour. PM2.5 is the city's annual mean (its emissions and region) times one factor
 * per cause, because causes of haze compound rather than add: the season and district heating, the
 * episode's load, the boundary layer (shallow at night), humidity (particles swell), wind and rain.
 * Desert dust is added on top, not multiplied, since it arrives from elsewhere whatever the city does.
 * PM10 is the non-dust PM2.5 scaled by the place's coarse fraction, plus the dust.
 */

/** Extra PM10 from desert dust, μg/m³: storms behind spring fronts, and a haze of it all year near the deserts. */
export function desertDust(place: CityProfile, { season, fronts }: HourConditions, windSpeed: number): number {
  return (
    place.dust *
    (650 * season.spring * fronts.dust + 70 * (0.6 + 0.8 * season.spring) * (0.5 + Math.min(windSpeed, 8) / 8))
  );
}

/** PM2.5, μg/m³. `dilution` is the wind's (see wind.ts), `dust` the hour's desert dust. */
export function fineParticles(
  place: CityProfile,
  { season, timeOfDay, load, noise, rain }: HourConditions,
  humidity: number,
  dilution: number,
  dust: number,
): number {
  // The load averages about 1.4 over a year; the factor keeps the city's annual mean near its base.
  const episode = (0.3 + 0.85 * load) * 0.72;
  const seasonFactor = 1 + (0.25 + 0.15 * place.heating) * season.winterSwing;
  const heatingFactor = 1 + 0.6 * place.heating * season.heating;
  const solarHour = timeOfDay.solarHour;
  const boundaryLayer =
    1 + 0.2 * Math.cos((TAU * (solarHour - 23)) / 24) + 0.07 * Math.cos((TAU * 2 * (solarHour - 9)) / 24);
  const swelling = 1 + (0.6 * (Math.max(0, humidity - 70) - Math.max(0, place.rhMean - 70))) / 30;
  return (
    place.pmBase *
      seasonFactor *
      heatingFactor *
      episode *
      boundaryLayer *
      swelling *
      dilution *
      rain.washout *
      (1 + 0.2 * noise.pm) +
    0.2 * dust
  );
}

/** PM10, μg/m³, from the hour's PM2.5 and desert dust. */
export function coarseParticles(place: CityProfile, { noise }: HourConditions, pm2_5: number, dust: number): number {
  return (pm2_5 - 0.2 * dust) * place.pm10Ratio * (1 + 0.1 * noise.cloud) + dust;
}
