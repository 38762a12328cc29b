import type { CityProfile } from '../geography';
import { clamp } from '../random';
import type { FrontEffects } from './front-effects';
import type { RegionalFields } from './regional-fields';
import { DAYS_PER_YEAR, type Season, seasonDistance } from './season';
import type { TimeOfDay } from './time-of-day';

/**
 * Rain falls in cells of a smooth random field (two scales of value noise) where it exceeds a
 * threshold. The threshold is not a constant but the field's quantile for the share of rainy hours the
 * climate and the season (the monsoon) give, so a dry city rains in few hours and a wet one in many
 * without the field itself changing. Summer afternoons add showers; fronts add a band of rain where the
 * air is moist enough. Rain also works on everything else in the hour: it makes cloud and humidity,
 * cools the air, and washes particles out, including for a few hours after it stopped (the field is
 * read again five hours back for that).
 */

const SQRT_PI = Math.sqrt(Math.PI);

/**
 * The rain field's threshold for a share of rainy hours: its measured quantiles (value noise at two
 * scales), interpolated on the log of the share.
 */
const RAIN_QUANTILES = [
  [0.002, 1.05],
  [0.005, 0.986],
  [0.01, 0.912],
  [0.02, 0.825],
  [0.05, 0.681],
  [0.1, 0.544],
  [0.15, 0.445],
  [0.2, 0.364],
  [0.3, 0.229],
  [0.5, 0.0],
] as const;

/** The table on the log scale it is interpolated on, taken once: the rain step runs every hour. */
const RAIN_THRESHOLDS = RAIN_QUANTILES.map(([share, threshold]) => ({ logShare: Math.log(share), threshold }));

function rainThreshold(share: number): number {
  const logShare = Math.log(clamp(share, 0.002, 0.5));
  for (let i = 1; i < RAIN_THRESHOLDS.length; i++) {
    const above = RAIN_THRESHOLDS[i];
    const below = RAIN_THRESHOLDS[i - 1];
    if (above === undefined || below === undefined) break;
    if (logShare <= above.logShare) {
      const fraction = (logShare - below.logShare) / (above.logShare - below.logShare);
      return below.threshold + (above.threshold - below.threshold) * fraction;
    }
  }
  return 0;
}

/**
 * The rain of one hour at one place. One instance serves a whole series and is overwritten hour by
 * hour, so the hourly loop allocates nothing for it.
 */
export class Rain {
  /** How rainy the climate is in this season (its share of rainy hours over 10 %, at most 1.5): it brings cloud. */
  climate = 0;
  /** How wet the hour is: 0 well away from rain, 0.3 at the edge of a cell, more inside it and in a front's band. */
  wet = 0;
  /** The share of particles left after the rain of this hour and of the hours before (1 when dry). */
  washout = 1;
  /** mm/h; 0 below a measurable 0.1. */
  precipitation = 0;
  /** 1 for an afternoon shower (thunder) rather than steady rain. */
  convective = 0;

  update(
    place: CityProfile,
    fields: RegionalFields,
    hour: number,
    season: Season,
    timeOfDay: TimeOfDay,
    fronts: FrontEffects,
  ): void {
    const rainySeason = Math.exp(-((seasonDistance(season.dayOfSeason, place.rainPeakDay) / place.rainPeakWidth) ** 2));
    const rainyShare =
      place.rainyHours *
      (1 - place.monsoon + (place.monsoon * rainySeason * DAYS_PER_YEAR) / (place.rainPeakWidth * SQRT_PI));
    const threshold = rainThreshold(rainyShare);
    const afternoon = Math.exp(-(((timeOfDay.solarHour - 16) / 3) ** 2));
    const showers = 1 + 0.3 * rainySeason * place.wetness * afternoon;
    const field = (fields.rain.at(hour) + 0.5 * fields.rainFine.at(hour)) * showers;
    const fieldBefore = fields.rainBefore.at(hour - 5) + 0.5 * fields.rainFineBefore.at(hour - 5);
    const frontRain = fronts.rain * Math.min(rainyShare / 0.08, 1.2);
    // About 1.5 mm/h on average where it rains, more in a wet climate and in the rainy season; the
    // excess is measured against the room above the threshold so that a low threshold (many rainy
    // hours) does not also mean torrents.
    const excess = Math.max(0, field - threshold) / (1.3 - threshold);
    const rate = excess * 12 * (0.5 + 0.5 * place.wetness) * (0.8 + 0.4 * rainySeason) + frontRain * 2;
    const wetBefore = Math.max(0, fieldBefore - threshold + 0.3);

    this.climate = Math.min(rainyShare / 0.1, 1.5);
    this.wet = Math.max(0, field - threshold + 0.3) + 0.6 * frontRain;
    this.washout = Math.exp(-1.4 * Math.max(this.wet, 0.8 * wetBefore));
    this.precipitation = rate < 0.1 ? 0 : rate;
    this.convective = this.precipitation > 0 && rainySeason > 0.5 && afternoon > 0.5 && frontRain < 0.1 ? 1 : 0;
  }
}
