import { defineModule, type ModuleContext } from '../../../platform/module';
import { air } from '../../data/air';
import { upperAir } from '../../data/upper-air';
import { operatorUpperAirRoutes } from './upper-air.routes';
import { WindAqi } from './wind-aqi';

/** 探空与风场 for the bureau's console: /air/sounding/* and /atmoWindy/nationalWindy/*, area-scoped. */
export const operatorUpperAir = defineModule({
  name: 'operator-upper-air',
  tags: [{ name: 'upper-air-platform', description: '平台：探空分析与全国风场' }],
  create(context: ModuleContext<unknown, undefined>) {
    const aqi = new WindAqi(context.use(air).current);
    return { api: {}, routes: operatorUpperAirRoutes(context.use(upperAir), aqi) };
  },
});
