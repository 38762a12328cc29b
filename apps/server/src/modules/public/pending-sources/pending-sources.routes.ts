import {
  type emptyFeatureCollection,
  emptyFeatureCollectionResponse,
  emptyListResponse,
  errorEnvelope,
} from '@lantian/contracts';
import { z } from 'zod';
import { notFound } from '../../../platform/errors';
import { timeParam } from '../../../platform/http/params';
import { type ApiApp, ok } from '../../../platform/http/routes';

/**
 * Spec §7 calls whose data source (radar, typhoon tracks, traffic images…) is not connected yet
 * (soundings, the gridded wind, trajectories and meteo-info products left for modules/public/upper-air). Each is registered
 * with its method, path and a parameter schema from the spec's names, so clients and the API docs
 * see the real contract; each answers code 0 with an empty result of its shape — an empty list,
 * or an empty FeatureCollection where the answer is a map layer — except getTrafficImage, a blob
 * call, which has no empty image to give and answers 404 `暂无交通图像`.
 */

const PENDING = '（数据源尚未接入，暂返回空结果）';

const text = (max: number) => z.string().trim().min(1, '不能为空').max(max, '过长');
const optionalTime = timeParam.optional().describe('时间 YYYY-MM-DD HH:mm:ss（北京时间），默认最新');

type Answer = 'list' | 'features' | 'noImage';

interface PendingCall {
  method: 'GET' | 'POST';
  url: string;
  summary: string;
  /** Where the parameters travel: query string, JSON body, or the path. */
  in: 'querystring' | 'body' | 'params';
  params: z.ZodObject;
  answer: Answer;
}

const PENDING_CALLS: readonly PendingCall[] = [
  {
    method: 'GET',
    url: '/api/getTrafficImage',
    summary: '城市实时交通图像（图片；暂无图像时 404 暂无交通图像）',
    in: 'querystring',
    params: z.object({ cityName: text(40).describe('城市名') }),
    answer: 'noImage',
  },
  {
    method: 'GET',
    url: '/api/getTrafficImageRecord',
    summary: '交通图像记录列表',
    in: 'querystring',
    params: z.object({ cityName: text(40).optional().describe('城市名'), time: optionalTime }),
    answer: 'list',
  },
  {
    method: 'GET',
    url: '/api/getTrafficImageConfig',
    summary: '交通图像的城市配置',
    in: 'querystring',
    params: z.object({}),
    answer: 'list',
  },
  {
    method: 'GET',
    url: '/api/common/getTyphoonData',
    summary: '台风路径（地图图层）',
    in: 'querystring',
    params: z.object({
      year: z
        .string()
        .regex(/^(19|20)\d{2}$/, '应为 4 位年份')
        .describe('年份'),
      name: text(40).optional().describe('台风名或编号'),
    }),
    answer: 'features',
  },
  {
    method: 'GET',
    url: '/api/common/getDisasterInfo',
    summary: '灾害预警信息',
    in: 'querystring',
    params: z.object({ type: text(32).describe('灾害类型') }),
    answer: 'list',
  },
  {
    method: 'GET',
    url: '/api/common/getWeatherStationLivedata',
    summary: '气象站实况（地图图层）',
    in: 'querystring',
    params: z.object({ time: optionalTime }),
    answer: 'features',
  },
  {
    method: 'GET',
    url: '/api/common/getNowcastingData',
    summary: '短时临近预报',
    in: 'querystring',
    params: z.object({ time: optionalTime }),
    answer: 'list',
  },
  {
    method: 'GET',
    url: '/api/common/getNmcRadarConfig',
    summary: '中央气象台雷达图配置',
    in: 'querystring',
    params: z.object({}),
    answer: 'list',
  },
  {
    method: 'GET',
    url: '/api/common/getNmcImageData',
    summary: '中央气象台图像数据',
    in: 'querystring',
    params: z.object({ url: text(2000).describe('图像地址') }),
    answer: 'list',
  },
  {
    method: 'GET',
    url: '/api/common/getNmcFocastImageData',
    summary: '中央气象台预报图像数据',
    in: 'querystring',
    params: z.object({ url: text(2000).describe('图像地址') }),
    answer: 'list',
  },
];

/** The paths of the calls that answer empty, for the report and the tests. */
export const PENDING_CALL_ROUTES = PENDING_CALLS.map((c) => ({ method: c.method, url: c.url, answer: c.answer }));

const EMPTY_FEATURES: z.infer<typeof emptyFeatureCollection> = { type: 'FeatureCollection', features: [] };

function respond(answer: Answer) {
  if (answer === 'noImage') {
    return {
      response: { 404: errorEnvelope },
      handler: async () => {
        throw notFound('暂无交通图像');
      },
    };
  }
  if (answer === 'features') {
    return { response: { 200: emptyFeatureCollectionResponse }, handler: async () => ok(EMPTY_FEATURES) };
  }
  return { response: { 200: emptyListResponse }, handler: async () => ok([]) };
}

/**
 * Registered from the table above rather than through the route builder: each answer has its own
 * response map (the image call documents a 404), which the builder's single 200 answer does not cover.
 * A city parameter is checked by its schema (an unknown one is 404 未找到该城市, as everywhere else).
 */
export function pendingSourceRoutes(app: ApiApp): void {
  for (const call of PENDING_CALLS) {
    const { response, handler } = respond(call.answer);
    app.route({
      method: call.method,
      url: call.url,
      config: { access: 'public', signed: true },
      schema: {
        tags: ['pending'],
        summary: `${call.summary}${PENDING}`,
        [call.in]: call.params,
        response,
      },
      handler,
    });
  }
}
