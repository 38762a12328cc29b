import { defineModule } from '../../../platform/module';
import { devices } from '../devices';
import * as m0066 from './migrations/0066_water';
import { waterRoutes } from './water.routes';
import { WaterService } from './water.service';

/**
 * Surface-water quality (issue 20, spec §7 /zhhb/center/getWaterStations): H01 stations of the device
 * core with their HJ 212 water factors, classed by GB 3838-2002 (packages/domain water). No tables of
 * its own; its migration adds the water factors to the dictionary.
 */
export const water = defineModule({
  name: 'water',
  tags: [{ name: 'water', description: '运营平台：地表水水质监测（GB 3838-2002 水质类别）' }],
  migrations: { '0066_water': m0066 },
  create(context) {
    const service = new WaterService(context.use(devices), context.now);
    return { api: { service }, routes: waterRoutes(service) };
  },
});
