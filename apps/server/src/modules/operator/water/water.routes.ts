import { waterHistoryQuery, waterHistoryResponse, waterStationsQuery, waterStationsResponse } from '@lantian/contracts';
import { operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { WaterService } from './water.service';

/** Spec §7 /zhhb/center/getWaterStations, and a station's hourly history (water:view). */
export function waterRoutes(water: WaterService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['water'], access: 'operator:water:view', signed: false });
    route.get(
      '/zhhb/center/getWaterStations',
      {
        summary: '辖区内的地表水自动监测站（H01）：最新值、各因子与站点的 GB 3838-2002 水质类别',
        description:
          '水质类别为参评因子（pH、溶解氧、高锰酸盐指数、化学需氧量、五日生化需氧量、氨氮、总磷；湖库另加总氮）中最差的类别。劣Ⅴ类在前。地区参数超出辖区为 403 AREA_OUT_OF_SCOPE。',
        query: waterStationsQuery,
        response: waterStationsResponse,
      },
      async (request) => ok(await water.stations(request.query, operatorOf(request).scope)),
    );
    route.get(
      '/water/station/history',
      {
        summary: '水质站逐小时数据：各因子序列（含每小时类别与Ⅲ类限值）与站点类别',
        description: '默认最近 48 小时，范围最多 31 天；辖区外或非水质站 404。',
        query: waterHistoryQuery,
        response: waterHistoryResponse,
      },
      async (request) => ok(await water.history(request.query, operatorOf(request).scope)),
    );
  };
}
