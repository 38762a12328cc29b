import {
  meteoDataResponse,
  meteoProductsResponse,
  pointValuesResponse,
  soundingResponse,
  soundingStationsResponse,
  trajectoryResponse,
} from '@lantian/contracts';
import { z } from 'zod';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { UpperAirApi } from '../../data/upper-air';
import {
  lonlatParams,
  lonlatQuery,
  meteoinfoMsgQuery,
  meteoinfoQuery,
  soundingQuery,
  trajectoryBody,
} from './upper-air.schemas';

/**
 * The public site's upper-air calls (spec §7 "Common" and "Public data"): sounding stations and
 * profiles, the gridded wind at a point, back trajectories and the meteo-info products.
 */
export function upperAirRoutes(upperAir: UpperAirApi) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['upper-air'], access: 'public', signed: true });
    const { soundings, wind } = upperAir;

    route.get(
      '/api/common/getAirSoundingStation',
      { summary: '探空站（GeoJSON 点图层，含最新观测时次）', query: z.object({}), response: soundingStationsResponse },
      async () => {
        const stations = await soundings.stationList(null);
        return ok({
          type: 'FeatureCollection' as const,
          features: stations.map((s) => ({
            type: 'Feature' as const,
            geometry: { type: 'Point' as const, coordinates: [s.longitude, s.latitude] as [number, number] },
            properties: s,
          })),
        });
      },
    );

    route.get(
      '/api/common/getSoundingData',
      {
        summary: '探空廓线与指数（LCL、LFC/EL、CAPE/CIN、K、SI、LI、可降水量、逆温层、混合层高度）',
        query: soundingQuery,
        response: soundingResponse,
      },
      async ({ query }) => ok(await soundings.sounding(query.soundingCode, query.time, null)),
    );

    route.get(
      '/api/common/lonlat/:x',
      {
        summary: '经纬度点位的格点风（各层双线性插值，最接近所给时间的时次）',
        params: lonlatParams,
        query: lonlatQuery,
        response: pointValuesResponse,
      },
      async ({ params, query }) => ok(await wind.point(params.x.lon, params.x.lat, query.time)),
    );

    route.post(
      '/api/getAirTrajectoryData',
      {
        summary: '气团后向/前向轨迹（JSON 请求体；运动学 RK2 轨迹，GeoJSON LineString，每点带时间）',
        body: trajectoryBody,
        response: trajectoryResponse,
      },
      async ({ body }) => ok(await wind.trajectories(body)),
    );

    route.get(
      '/api/getMeteoinfoMsg',
      {
        summary: '气象综合产品列表（格点风场各层：可用时次、起报时间）',
        query: meteoinfoMsgQuery,
        response: meteoProductsResponse,
      },
      async () => ok(await wind.products()),
    );

    route.get(
      '/api/getMeteoinfoData',
      {
        summary: '气象综合产品数据（某层某时次的风场格点与风速统计）',
        query: meteoinfoQuery,
        response: meteoDataResponse,
      },
      async ({ query }) => ok(await wind.product(query.type, query.time)),
    );
  };
}
