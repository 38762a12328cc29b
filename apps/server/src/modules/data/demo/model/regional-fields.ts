import type { CityProfile } from '../geography';
import { NoiseTrack } from '../random';
import { SALT } from './salts';

/**
 * The regional weather that neither the climate nor the fronts explain: warm and cold spells, cloud,
 * rain cells, gusty or still days, hazy days. Each is smooth value noise over longitude, latitude and
 * time, so neighbouring cities share it (a rain cell wets a few cities at once) and it changes over
 * hours to weeks, each at its own scale in space (degrees per lattice cell) and time (hours per cell).
 * A city reads each field as a track along time at its own place, which caches the lattice planes
 * around the current hour: a series costs a few hashes per lattice step.
 */
export interface RegionalFields {
  temperature: NoiseTrack;
  cloud: NoiseTrack;
  pm: NoiseTrack;
  wind: NoiseTrack;
  windDirection: NoiseTrack;
  pressure: NoiseTrack;
  rain: NoiseTrack;
  rainFine: NoiseTrack;
  rainBefore: NoiseTrack;
  rainFineBefore: NoiseTrack;
}

export function regionalFields(place: CityProfile, seed: number): RegionalFields {
  const lon = place.longitude;
  const lat = place.latitude;
  return {
    temperature: new NoiseTrack(seed ^ SALT.temperature, lon / 5, lat / 5, 40),
    cloud: new NoiseTrack(seed ^ SALT.cloud, lon / 3, lat / 3, 10),
    pm: new NoiseTrack(seed ^ SALT.pm, lon / 2, lat / 2, 18),
    wind: new NoiseTrack(seed ^ SALT.wind, lon / 3, lat / 3, 7),
    windDirection: new NoiseTrack(seed ^ SALT.windDirection, lon / 2, lat / 2, 5),
    pressure: new NoiseTrack(seed ^ SALT.pressure, lon / 6, lat / 6, 30),
    rain: new NoiseTrack(seed ^ SALT.rain, lon / 2.5, lat / 2.5, 9),
    rainFine: new NoiseTrack(seed ^ SALT.rainFine, lon / 1.1, lat / 1.1, 4),
    // The same fields read five hours back (separate tracks keep both caches warm).
    rainBefore: new NoiseTrack(seed ^ SALT.rain, lon / 2.5, lat / 2.5, 9),
    rainFineBefore: new NoiseTrack(seed ^ SALT.rainFine, lon / 1.1, lat / 1.1, 4),
  };
}

/**
 * The fields other than rain at one hour, each in [-1, 1], read once per hour because several steps
 * use them (cloud noise shows in cloud, humidity and PM10). The rain step reads its own fields. One
 * instance serves a whole series and is overwritten hour by hour.
 */
export class RegionalNoise {
  temperature = 0;
  cloud = 0;
  pm = 0;
  wind = 0;
  windDirection = 0;
  pressure = 0;

  update(fields: RegionalFields, hour: number): void {
    this.temperature = fields.temperature.at(hour);
    this.cloud = fields.cloud.at(hour);
    this.pm = fields.pm.at(hour);
    this.wind = fields.wind.at(hour);
    this.windDirection = fields.windDirection.at(hour);
    this.pressure = fields.pressure.at(hour);
  }
}
