import type { CityProfile } from '../geography';
import { FrontEffects } from './front-effects';
import { Rain } from './rain';
import { RegionalNoise } from './regional-fields';
import { Season } from './season';
import { TimeOfDay } from './time-of-day';

/**
 * Everything one hour's weather and air are computed from: the season, the time of day, the fronts,
 * the pollution load, the regional noise and the rain. They are gathered in one record so that each
 * weather and pollutant step takes the place and this record, plus the few quantities of the same
 * hour it depends on, instead of a dozen loose numbers that could be passed in the wrong order. One
 * record serves a whole series and its parts are overwritten hour by hour: the hourly loop is the
 * seed's hot path and allocates nothing for it.
 */
export interface HourConditions {
  readonly season: Season;
  readonly timeOfDay: TimeOfDay;
  readonly fronts: FrontEffects;
  /** Pollution load × the episode's intensity: see pollution-load.ts. */
  load: number;
  readonly noise: RegionalNoise;
  readonly rain: Rain;
}

export function hourConditions(place: CityProfile): HourConditions {
  return {
    season: new Season(),
    timeOfDay: new TimeOfDay(place),
    fronts: new FrontEffects(),
    load: 0,
    noise: new RegionalNoise(),
    rain: new Rain(),
  };
}
