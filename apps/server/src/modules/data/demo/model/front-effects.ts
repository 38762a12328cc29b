import { smoothstep } from '../random';
import { firstPassageAfter, type Passage } from './fronts';

/**
 * What the fronts around an hour do to its weather: the gusty north-westerly and the cold behind a
 * front, the warm southerly ahead of it, its band of rain, the dust it lifts. Each effect is a sum over
 * the passages near the hour of the passage's strength times a curve of the hour's age relative to it
 * (hours after the passage; negative before it), so that two fronts in quick succession add up and an
 * effect fades smoothly instead of ending at the next front. The curves' time scales are those people
 * know from the news: the gale blows for a day, the cold lingers for days, rain comes just before.
 *
 * One instance serves a whole series and is overwritten hour by hour, so the hourly loop allocates
 * nothing for it.
 */
export class FrontEffects {
  /** Wind of the fronts just passed, ~0–1.5 (the sum of their strengths, fading within a day). */
  gust = 0;
  /** Degrees the strongest of those winds blows from: opposite to its front's bearing. */
  gustBearing = 315;
  /** The warm, southerly flow ahead of a coming front, ~0–1. */
  prefrontal = 0;
  /** The cold air behind fronts, fading over days, ~0–1.5. */
  cold = 0;
  /** The fronts' bands of rain around their passage. */
  rain = 0;
  /** The desert dust the fronts carry, fading within a day or two. */
  dust = 0;

  /** The effects at `hour` of every passage from 200 hours before it to 36 hours after. */
  update(passages: readonly Passage[], hour: number): void {
    let gust = 0;
    let gustWeight = 0;
    let gustBearing = 315;
    let prefrontal = 0;
    let cold = 0;
    let rain = 0;
    let dust = 0;
    for (let i = firstPassageAfter(passages, hour - 200); i < passages.length; i++) {
      const passage = passages[i];
      if (passage === undefined || passage.time > hour + 36) break;
      const age = hour - passage.time;
      const strength = passage.strength;
      if (age >= -1 && age <= 72) {
        const gustOfThis = strength * Math.exp(-Math.max(age, 0) / 14) * smoothstep(-1, 1.5, age);
        gust += gustOfThis;
        if (gustOfThis > gustWeight) {
          gustWeight = gustOfThis;
          gustBearing = passage.bearing + 180;
        }
      }
      if (age < 0) prefrontal += strength * Math.exp(age / 12);
      if (age >= -2) cold += strength * Math.exp(-Math.max(age, 0) / 45) * smoothstep(-2, 4, age);
      if (age >= -14 && age <= 10) rain += strength * passage.rain * Math.exp(-(((age + 2) / 4.5) ** 2));
      if (age >= -3 && age <= 60) {
        dust += strength * passage.dust * Math.exp(-Math.max(age, 0) / 16) * smoothstep(-3, 1, age);
      }
    }
    this.gust = gust;
    this.gustBearing = gustBearing;
    this.prefrontal = prefrontal;
    this.cold = cold;
    this.rain = rain;
    this.dust = dust;
  }
}
