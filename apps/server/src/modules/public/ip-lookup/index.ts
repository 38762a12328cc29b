import { defineModule } from '../../../platform/module';
import { ipLookupRoutes } from './ip-lookup.routes';

/** GET /api/common/ipPlus: which city a visitor (or a given address) is in, from the offline ip2region database. */
export const ipLookup = defineModule({
  name: 'ip-lookup',
  tags: [{ name: 'common', description: '公共接口：IP 定位' }],
  create() {
    return { api: {}, routes: ipLookupRoutes };
  },
});
