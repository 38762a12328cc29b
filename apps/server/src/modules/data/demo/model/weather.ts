import type { CityProfile } from '../geography';
import { clamp } from '../random';
import { TAU } from './angles';
import type { HourConditions } from './conditions';
import { Monsoons, surfaceWindSpeed, windDirection } from './wind';

/**
 * The weather of one hour: cloud, temperature, humidity and pressure here, wind in wind.ts. Each is
 * the place's climate (its annual mean and seasonal swing) plus one additive term per cause: the day's
 * curve (damped by cloud), the fronts (cold and dry behind, warm ahead), the stagnant air of a
 * pollution episode (mild and damp), the regional noise and the rain. Additive terms keep each cause
 * readable on its own and leave the climate's mean in place over a year. The terms are summed in a
 * fixed order: the demo's data depends on it to the bit.
 */

/** Cloud cover, 0–1: rain and a rainy climate bring it, cold dry air behind a front clears it. */
function cloudCover(place: CityProfile, { season, fronts, noise, rain }: HourConditions): number {
  return clamp(
    0.3 +
      0.55 * noise.cloud +
      0.25 * rain.climate +
      1.3 * rain.wet -
      0.45 * Math.min(fronts.cold, 1) -
      0.25 * (1 - place.wetness) +
      place.overcast * (0.5 + 0.5 * season.winter),
    0,
    1,
  );
}

/** Air temperature, °C. */
function airTemperature(place: CityProfile, conditions: HourConditions, cloud: number): number {
  const { season, timeOfDay, fronts, load, noise, rain } = conditions;
  return (
    place.tMean +
    place.tAmplitude * season.summerSwing +
    place.tDiurnal * (1 - 0.55 * cloud) * timeOfDay.diurnal -
    (4 + 6 * season.winter) * fronts.cold +
    1.5 * Math.min(fronts.prefrontal, 1) +
    0.5 * Math.min(load, 1.5) +
    2.2 * noise.temperature -
    1.5 * Math.min(rain.wet, 1)
  );
}

/** Relative humidity, %: at least 86 while it rains measurably. */
function relativeHumidity(place: CityProfile, conditions: HourConditions, cloud: number): number {
  const { season, timeOfDay, fronts, load, noise, rain } = conditions;
  const humidity = clamp(
    place.rhMean +
      place.rhSummer * season.summerSwing -
      12 * (1 - 0.5 * cloud) * timeOfDay.diurnal +
      18 * Math.min(rain.wet, 1) +
      5 * Math.min(load, 1.5) -
      20 * Math.min(fronts.cold, 1) * (1 - 0.5 * place.wetness) +
      7 * noise.cloud,
    8,
    100,
  );
  const precipitation = rain.precipitation;
  return precipitation > 0 ? Math.max(humidity, 86 + 8 * Math.min(1, precipitation / 5)) : humidity;
}

/**
 * Station pressure, hPa: sea-level pressure (the winter high over the north, the high behind a front,
 * the low ahead of one, the twice-daily atmospheric tide) reduced for the station's elevation.
 */
function stationPressure(place: CityProfile, { season, timeOfDay, fronts, noise }: HourConditions): number {
  const seaLevel =
    1012 +
    26 * (season.winter - 0.5) * (0.5 + 0.5 * place.heating) +
    9 * Math.min(fronts.cold, 1.5) -
    4 * Math.min(fronts.prefrontal, 1) +
    2.5 * noise.pressure +
    0.8 * Math.cos((TAU * 2 * (timeOfDay.clockHour - 10)) / 24);
  return seaLevel * place.pressureFactor;
}

/**
 * The weather of one hour at one place. One instance serves a whole series and is overwritten hour by
 * hour; computing the quantities together in one method (rather than one call each from the hourly
 * loop) lets the engine inline the formulas above into it, which keeps the hourly loop about as fast
 * as when the model was one long function.
 */
export class WeatherOfHour {
  /** 0–1. */
  cloud = 0;
  /** °C. */
  temperature = 0;
  /** %. */
  humidity = 0;
  /** m/s. */
  windSpeed = 0;
  /** Degrees the wind blows from. */
  windDirection = 0;
  /** Station pressure, hPa. */
  pressure = 0;
  private readonly monsoons: Monsoons;

  constructor(private readonly place: CityProfile) {
    this.monsoons = new Monsoons(place);
  }

  update(conditions: HourConditions): void {
    const place = this.place;
    const cloud = cloudCover(place, conditions);
    this.cloud = cloud;
    this.temperature = airTemperature(place, conditions, cloud);
    this.humidity = relativeHumidity(place, conditions, cloud);
    this.windSpeed = surfaceWindSpeed(place, conditions);
    this.windDirection = windDirection(this.monsoons, conditions);
    this.pressure = stationPressure(place, conditions);
  }
}
