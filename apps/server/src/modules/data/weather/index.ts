import { defineModule, type ModuleContext } from '../../../platform/module';
import { ObservedDays } from './observed-days.service';
import { WeatherRepository } from './weather.repository';
import type { WeatherTables } from './weather.tables';

export * from './observed-days.service';
export * from './weather.presenters';
export * from './weather.repository';
export type * from './weather.tables';
export * from './weather-days';

/**
 * City weather: observations and forecasts, and the days summarised from them. Its tables are
 * created by the air module's first migration (0002_air_and_weather); later changes are its own.
 */
export const weather = defineModule({
  name: 'weather',
  create(context: ModuleContext<WeatherTables, undefined>) {
    const repository = new WeatherRepository(context.database);
    return { api: { repository, observedDays: new ObservedDays(repository) } };
  },
});
