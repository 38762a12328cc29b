import type { CityProfile } from '../geography';
import { RAD, TAU } from './angles';
import { DAYS_PER_YEAR } from './season';

/**
 * Where an hour stands in the day, on two clocks: the sun's (local solar time, which drives heating,
 * the boundary layer, showers and ozone) and China time (one zone for the whole country, which drives
 * traffic and so NO2). The two differ by up to two hours and more across the country, which is why
 * Ürümqi's afternoon peaks come late on the clock. The sun's height is kept as a base and a swing, so
 * that the height at any other solar hour of the same day (the ozone step looks back over the past
 * hours' sunlight) is one cosine away.
 */

/** Hours on a clock face, 0–24, for any real number of hours. */
export const mod24 = (hours: number) => ((hours % 24) + 24) % 24;

/** −1 at 06:00, +1 at 15:00 local solar time: a day's temperature curve, rising fast and cooling slowly. */
function diurnal(solarHour: number): number {
  return solarHour >= 6 && solarHour <= 15
    ? -Math.cos((Math.PI * (solarHour - 6)) / 9)
    : Math.cos((Math.PI * mod24(solarHour - 15)) / 15);
}

/** Global horizontal irradiance under a clear sky at sea level, W/m². */
export function clearSkyAtSeaLevel(sinElevation: number): number {
  return sinElevation <= 0 ? 0 : 1080 * sinElevation ** 1.15;
}

/** More sunlight reaches the ground through the plateau's thin air. */
function altitudeGain(elevation: number): number {
  return 1 + 0.00005 * elevation;
}

/**
 * The time of day of one hour at one place. One instance serves a whole series (the place's
 * latitude terms are computed once) and is overwritten hour by hour.
 */
export class TimeOfDay {
  /** Local solar time, 0–24: noon is when the sun is highest. */
  solarHour = 0;
  /** China time, 0–24. */
  clockHour = 0;
  /** The sine of the sun's elevation now; negative at night. */
  sinSunElevation = 0;
  /** Clear-sky irradiance at sea level now, W/m²: both radiation and ozone start from it. */
  clearSky = 0;
  /** −1 at dawn, +1 in mid-afternoon: the shape of the day's temperature curve. */
  diurnal = 0;
  /** sin(elevation) = base + swing × cos(hour angle), for the day's declination. */
  private sunHeightBase = 0;
  private sunHeightSwing = 0;
  private readonly sinLatitude: number;
  private readonly cosLatitude: number;

  constructor(private readonly place: CityProfile) {
    const latitude = place.latitude * RAD;
    this.sinLatitude = Math.sin(latitude);
    this.cosLatitude = Math.cos(latitude);
  }

  update(hour: number, dayOfSeason: number): void {
    this.solarHour = mod24(hour + 8 + this.place.solarOffset);
    this.clockHour = mod24(hour + 8);
    const declination = 23.44 * RAD * Math.sin((TAU * (dayOfSeason + 14 - 80)) / DAYS_PER_YEAR);
    this.sunHeightBase = this.sinLatitude * Math.sin(declination);
    this.sunHeightSwing = this.cosLatitude * Math.cos(declination);
    this.sinSunElevation = this.sinSunElevationAt(this.solarHour);
    this.clearSky = clearSkyAtSeaLevel(this.sinSunElevation);
    this.diurnal = diurnal(this.solarHour);
  }

  /** The sine of the sun's elevation at another solar hour of the same day. */
  sinSunElevationAt(solarHour: number): number {
    return this.sunHeightBase + this.sunHeightSwing * Math.cos((Math.PI * (solarHour - 12)) / 12);
  }
}

/**
 * Global irradiance at the ground, W/m²: the clear sky's, dimmed by cloud (little for thin cloud, a
 * quarter left under full overcast) and by haze in a heavy PM2.5 episode.
 */
export function surfaceRadiation(timeOfDay: TimeOfDay, elevation: number, cloud: number, pm2_5: number): number {
  return (
    timeOfDay.clearSky * altitudeGain(elevation) * (1 - 0.75 * cloud ** 2.2) * (1 - 0.25 * Math.min(pm2_5 / 250, 1))
  );
}
