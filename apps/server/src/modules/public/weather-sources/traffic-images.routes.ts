import { trafficImageConfigResponse, trafficImageRecordResponse } from '@lantian/contracts';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { TrafficImages } from './traffic-images.service';
import { trafficImageQuery, trafficRecordQuery } from './weather-sources.schemas';

/** The three traffic-image calls of spec §7 "GET /api" (signed, as every public call). */
export function trafficImageRoutes(traffic: TrafficImages) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['weather-sources'], access: 'public', signed: true });

    route.get(
      '/api/getTrafficImage',
      {
        summary: '城市实时交通图像（图片）',
        description:
          '该城市最近 2 小时内最新的一张交通图像（PNG/JPEG）。图像来自导入或按 TRAFFIC_IMAGE_URL 定时抓取，没有离线公共数据源，也不会生成替代图；没有时 404 暂无交通图像。',
        query: trafficImageQuery,
      },
      async ({ query }, reply) => {
        const frame = await traffic.current(query.cityName);
        return reply
          .header('content-type', frame.format === 'png' ? 'image/png' : 'image/jpeg')
          .header('cache-control', 'public, max-age=60')
          .send(Buffer.from(frame.data));
      },
    );

    route.get(
      '/api/getTrafficImageRecord',
      {
        summary: '交通图像记录：某城市（不给时为全部城市）截至 time 的 24 小时内的图像',
        query: trafficRecordQuery,
        response: trafficImageRecordResponse,
      },
      async ({ query }) => ok(await traffic.record(query.cityName, query.time)),
    );

    route.get(
      '/api/getTrafficImageConfig',
      {
        summary: '交通图像的城市配置：定时抓取的城市与已有图像的城市及其时间范围',
        response: trafficImageConfigResponse,
      },
      async () => ok(await traffic.config()),
    );
  };
}
