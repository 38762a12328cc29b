import type { GridTreeNode } from '@lantian/contracts';
import type { AreaScope } from '../../../platform/db/area-scope';
import { ResponseCache } from '../../../platform/http/response-cache';
import { defineModule } from '../../../platform/module';
import { maps } from '../../data/maps';
import { stations } from '../../data/stations';
import { AreaOutlines } from './area-outlines';
import { areasRoutes } from './areas.routes';
import { PlatformAreasService } from './areas.service';

/** Serialized answers kept: enough for the areas a bureau's staff open; outlines do not change while running. */
const ANSWERS = { ttlMs: 24 * 3600_000, maxEntries: 64 };

/**
 * The platform's area calls (spec §7 "Platform: user and area", sys/area/getCurrentGeoJson): the
 * operator's area (outline, map centre, summary), outlines of areas inside it (403 outside), their
 * open-API variants, and the administrative top of the grid tree. Outlines come from the offline
 * map files of the maps module; areas from @lantian/areas; station counts from the stations module.
 */
export const platformAreas = defineModule({
  name: 'platformAreas',
  tags: [{ name: 'platform-areas', description: '运营平台：辖区轮廓、地图中心、区域概况、网格树的行政区划' }],
  create(context) {
    const outlines = new AreaOutlines(context.use(maps).files);
    const service = new PlatformAreasService(outlines, context.use(stations).repository);
    const answers = new ResponseCache(ANSWERS.ttlMs, { maxEntries: ANSWERS.maxEntries, hourly: false });
    return {
      api: {
        /**
         * The administrative top of the grid tree: the operator's area and every division below it down
         * to the counties (the grids module hangs its grids below them for /adm/grid/allGridTreeData).
         */
        gridTree: (scope: AreaScope): GridTreeNode[] => service.gridTree(service.own(scope)),
      },
      routes: areasRoutes(service, answers),
    };
  },
});
