import { defineModule, type ModuleContext } from '../../../platform/module';
import { upperAir } from '../../data/upper-air';
import { upperAirRoutes } from './upper-air.routes';

/** The public site's upper-air calls, on the shared upper-air data (modules/data/upper-air). */
export const publicUpperAir = defineModule({
  name: 'public-upper-air',
  tags: [{ name: 'upper-air', description: '高空气象：探空、格点风场、气团轨迹' }],
  create(context: ModuleContext<unknown, undefined>) {
    return { api: {}, routes: upperAirRoutes(context.use(upperAir)) };
  },
});
