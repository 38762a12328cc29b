import {
  disasterInfoResponse,
  imageFrameListAnswer,
  imageFrameSequenceResponse,
  radarConfigResponse,
  stationLiveResponse,
  typhoonResponse,
} from '@lantian/contracts';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import {
  disasterQuery,
  frameNameParams,
  imageUrlQuery,
  nowcastingQuery,
  rgbImageQuery,
  stationLiveQuery,
  typhoonQuery,
} from './weather-sources.schemas';
import { FRAME_ROUTE, type WeatherSources } from './weather-sources.service';

/** Imported frames never change under their name: browsers may keep them a day. */
const FRAME_MAX_AGE_SECONDS = 86_400;

export function weatherSourceRoutes(sources: WeatherSources) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['weather-sources'], access: 'public', signed: true });

    route.get(
      '/api/common/getTyphoonData',
      {
        summary: '台风路径（GeoJSON）',
        description:
          '来自中国气象局热带气旋最佳路径资料（CMA 格式）。给 name（中文名、英文名或编号）时返回该台风的路径线与逐 6 小时路径点（时间、GB/T 19201-2006 等级、中心气压、最大风速）；不给 name 时返回该年全部台风的路径线（台风列表）。尚未导入该年资料时返回空集合与 message。',
        query: typhoonQuery,
        response: typhoonResponse,
      },
      async ({ query }) => ok(await sources.typhoonData(query.year, query.name)),
    );

    route.get(
      '/api/common/getDisasterInfo',
      {
        summary: '生效中的气象灾害预警',
        description:
          '来自国家预警信息发布中心的 CAP 1.2 预警消息：生效、未过期、未解除的预警，含类型、级别（蓝黄橙红及颜色）、标题、内容与防御指南。',
        query: disasterQuery,
        response: disasterInfoResponse,
      },
      async ({ query }) => ok(await sources.disasterInfo(query.type)),
    );

    route.get(
      '/api/common/getWeatherStationLivedata',
      {
        summary: '气象站（机场）实况（GeoJSON）',
        description:
          '机场 METAR/SPECI 报文：每站截至 time（默认最新一份报文）前 3 小时内的最新观测——气温、露点、相对湿度（计算）、风、能见度、气压、天气现象（中文）与原始报文。',
        query: stationLiveQuery,
        response: stationLiveResponse,
      },
      async ({ query }) => ok(await sources.stationLive(query.time)),
    );

    route.get(
      '/api/common/getNmcRadarConfig',
      {
        summary: '雷达、卫星图像配置：区域范围、已有产品与 dBZ 图例',
        response: radarConfigResponse,
      },
      async () => ok(await sources.radarConfig()),
    );

    route.get(
      '/api/common/getNowcastingData',
      {
        summary: '短时临近：最近两小时的雷达拼图序列及其后的外推预报帧',
        query: nowcastingQuery,
        response: imageFrameSequenceResponse,
      },
      async ({ query }) => ok(await sources.nowcasting(query.time)),
    );

    route.get(
      '/api/common/getRgbImageNameList',
      {
        summary: '卫星真彩色图像帧列表（截至 time 的 24 小时）',
        description: '污染物插值图见 getRgbaImageNameList。产品为 {type}_{code}，如 fy4a_true_color。',
        query: rgbImageQuery,
        response: imageFrameListAnswer,
      },
      async ({ query }) => ok(await sources.satelliteFrames(query.type, query.code, query.time)),
    );

    for (const [path, summary, kinds] of [
      ['/api/common/getNmcImageData', '已导入的雷达、卫星图像（图片）', ['radar', 'satellite']],
      ['/api/common/getNmcFocastImageData', '已导入的临近预报图像（图片）', ['nowcast']],
    ] as const) {
      route.get(
        path,
        {
          summary,
          description:
            'url 为图像文件名、本站图像地址或导入时记录的来源地址。只返回已导入的图像，从不代为抓取其他地址；未知图像 404。',
          query: imageUrlQuery,
        },
        async ({ query }, reply) => {
          const frame = await sources.image(query.url, kinds);
          return reply
            .header('content-type', frame.format === 'png' ? 'image/png' : 'image/jpeg')
            .header('cache-control', `public, max-age=${FRAME_MAX_AGE_SECONDS}`)
            .send(Buffer.from(frame.data));
        },
      );
    }

    // Loaded by browsers in <img> (the radar loop): browsers cannot sign.
    route.get(
      `${FRAME_ROUTE}/:name`,
      { summary: '雷达、卫星、临近预报图像（按文件名）', params: frameNameParams, signed: false },
      async ({ params }, reply) => {
        const frame = await sources.frameBytes(params.name);
        return reply
          .header('content-type', frame.format === 'png' ? 'image/png' : 'image/jpeg')
          .header('cache-control', `public, max-age=${FRAME_MAX_AGE_SECONDS}`)
          .send(Buffer.from(frame.data));
      },
    );
  };
}
