import type { CityProfile } from '../geography';
import type { HourConditions } from './conditions';
import { carbonMonoxide, nitrogenDioxide, sulphurDioxide } from './gases';
import { ozone } from './ozone';
import { coarseParticles, desertDust, fineParticles } from './particles';
import type { WeatherOfHour } from './weather';
import { windDilution } from './wind';

/**
 * The city-wide concentrations of one hour, from its conditions and its weather. The pollutants are
 * computed in the order they feed each other: desert dust into both particle sizes, PM2.5 into CO,
 * NO2 into ozone (which traffic's NO eats at night). One instance serves a whole series and is
 * overwritten hour by hour; computing them together in one method lets the engine inline the
 * formulas into it, which keeps the hourly loop about as fast as when the model was one long function.
 */
export class AirOfHour {
  /** Extra PM10 from desert dust, μg/m³. */
  dust = 0;
  /** μg/m³ (CO mg/m³). */
  pm2_5 = 0;
  pm10 = 0;
  so2 = 0;
  no2 = 0;
  co = 0;
  o3 = 0;

  constructor(private readonly place: CityProfile) {}

  update(conditions: HourConditions, weather: WeatherOfHour): void {
    const place = this.place;
    const dilution = windDilution(weather.windSpeed);
    const dust = desertDust(place, conditions, weather.windSpeed);
    const pm2_5 = fineParticles(place, conditions, weather.humidity, dilution, dust);
    const no2 = nitrogenDioxide(place, conditions, dilution);
    this.dust = dust;
    this.pm2_5 = pm2_5;
    this.pm10 = coarseParticles(place, conditions, pm2_5, dust);
    this.so2 = sulphurDioxide(place, conditions, dilution);
    this.no2 = no2;
    this.co = carbonMonoxide(place, conditions, pm2_5);
    this.o3 = ozone(place, conditions, weather.cloud, weather.temperature, no2);
  }
}
