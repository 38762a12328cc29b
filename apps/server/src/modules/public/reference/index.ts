import { defineModule, type ModuleContext } from '../../../platform/module';
import { stations } from '../../data/stations';
import { referenceRoutes } from './reference.routes';
import { ReferenceService } from './reference.service';

/** Area lists, the station register and visitor ids for the public site. */
export const reference = defineModule({
  name: 'reference',
  tags: [{ name: 'reference', description: '区划列表、站点名录、访客标识' }],
  create(context: ModuleContext<unknown, undefined>) {
    return { api: {}, routes: referenceRoutes(new ReferenceService(context.use(stations).repository)) };
  },
});
