import {
  allFocusCityResponse,
  city3DayResponse,
  cityCurrentResponse,
  cityDaysResponse,
  cityForeTextResponse,
  cityHoursResponse,
  cityMonthsResponse,
  cityNextHoursResponse,
  cityYearsResponse,
  focusCityResponse,
} from '@lantian/contracts';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { EncodedBody } from '../../../platform/http/encoded-body';
import { type FirstData, pageSegments } from '../../../platform/http/first-data';
import { cacheKey, type ResponseCache, sendAnswer, sendCached } from '../../../platform/http/response-cache';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { SnapshotData } from '../../data/air';
import {
  allFocusCityBody,
  cityBody,
  cityDaysBody,
  cityHoursBody,
  cityMonthsBody,
  cityNextHoursBody,
  focusCityBody,
} from './city-air.schemas';
import type { CityCurrentService } from './city-current.service';
import type { CityForecastService } from './city-forecast.service';
import type { CitySeriesService } from './city-series.service';

const CURRENT_NOTE =
  '最新小时来自内存快照；同一小时的回答只生成一次（含 br/gzip 压缩形式），带 ETag 与 Cache-Control，支持 If-None-Match（304）。';
const CITY_NOTE = '城市为 6 位区划代码或拼音名；未知城市返回 404（40402 未找到该城市）。';

const CITY_CURRENT_CALL = 'getCityCurrentData';

/** The kept answer of a current-hour call, without a promise (every request but the first ones of an hour). */
function currentAnswerNow(
  current: CityCurrentService,
  responses: ResponseCache,
  call: string,
  params: Record<string, unknown>,
): { answer: EncodedBody; maxAgeSeconds: number } | undefined {
  const now = current.validityNow();
  if (now === undefined) return undefined;
  const answer = responses.peek(cacheKey(call, { ...params, snapshot: now.snapshot.tag }));
  return answer === undefined ? undefined : { answer, maxAgeSeconds: now.maxAgeSeconds };
}

/** A current-hour call's answer as bytes: built once per snapshot (its tag is part of the key) and hour. */
async function currentAnswer(
  current: CityCurrentService,
  responses: ResponseCache,
  call: string,
  params: Record<string, unknown>,
  schema: z.ZodType,
  build: (snapshot: SnapshotData) => Promise<unknown>,
): Promise<{ answer: EncodedBody; maxAgeSeconds: number }> {
  const { snapshot, maxAgeSeconds } = await current.validity();
  const key = cacheKey(call, { ...params, snapshot: snapshot.tag });
  return { answer: await responses.answer(key, schema, () => build(snapshot)), maxAgeSeconds };
}

/**
 * The city page's first data (/city/{city}): the very answer POST /api/getCityCurrentData gives for
 * that city — the same cached bytes — so the page shows its headline without asking. Addresses that
 * name no known city have none; the page then asks and shows the call's error as before.
 */
export function cityCurrentFirstData({ current, responses }: Pick<CityAirServices, 'current' | 'responses'>) {
  return async (pathname: string): Promise<FirstData | undefined> => {
    const segments = pageSegments(pathname);
    // As the page reads its city (app/useCityParam.ts): the last segment of /city/{…}/{city}.
    const city = segments !== undefined && segments.length >= 2 && segments[0] === 'city' ? segments.at(-1) : undefined;
    if (city === undefined || city === '') return undefined;
    const parsed = cityBody.safeParse({ city });
    if (!parsed.success) return undefined;
    const body = parsed.data;
    const { answer } = await currentAnswer(
      current,
      responses,
      CITY_CURRENT_CALL,
      body,
      cityCurrentResponse,
      async (snapshot) => ok(current.current(body.city, snapshot)),
    );
    return { call: `/api/${CITY_CURRENT_CALL}`, key: city, body: answer.identity };
  };
}

export interface CityAirServices {
  current: CityCurrentService;
  series: CitySeriesService;
  forecast: CityForecastService;
  /** Serialized answers of the long series, dropped on each new hour. */
  responses: ResponseCache;
}

/** POST /api calls of a city's air quality (spec §7 "Public data"). */
export function cityAirRoutes({ current, series, forecast, responses }: CityAirServices) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['city-air'], access: 'public', signed: true });

    /**
     * A current-hour answer: built once per snapshot (its tag is part of the key) and hour, sent as
     * prepared bytes; browsers may keep it until the next hour can exist.
     */
    const sendCurrent = (
      reply: FastifyReply,
      call: string,
      params: Record<string, unknown>,
      schema: z.ZodType,
      build: (snapshot: SnapshotData) => Promise<unknown>,
    ): void | Promise<void> => {
      const kept = currentAnswerNow(current, responses, call, params);
      if (kept !== undefined) {
        reply.header('cache-control', `public, max-age=${kept.maxAgeSeconds}`);
        return sendAnswer(reply, kept.answer);
      }
      return currentAnswer(current, responses, call, params, schema, build).then(({ answer, maxAgeSeconds }) => {
        reply.header('cache-control', `public, max-age=${maxAgeSeconds}`);
        return sendAnswer(reply, answer);
      });
    };

    route.post(
      '/api/getCityCurrentData',
      {
        summary: '城市当前空气质量：最新小时的各项指数、分指数与级别、首要污染物、健康提示',
        description: `数据时间早于当前 3 小时以上时 stale 为 true；区县（暂无区县级数据）或 7 天内无数据的城市 current 为 null。${CURRENT_NOTE}${CITY_NOTE}`,
        body: cityBody,
        response: cityCurrentResponse,
      },
      ({ body }, reply) =>
        sendCurrent(reply, CITY_CURRENT_CALL, body, cityCurrentResponse, async (snapshot) =>
          ok(current.current(body.city, snapshot)),
        ),
    );

    route.post(
      '/api/getCityHoursData',
      {
        summary: '城市逐小时空气质量（默认最近 24 小时，最长 31 天）',
        description: `只列出已有数据的小时；缺测小时数见 missingHours。${CITY_NOTE}`,
        body: cityHoursBody,
        response: cityHoursResponse,
      },
      ({ body }, reply) =>
        sendCached(reply, responses, 'getCityHoursData', body, cityHoursResponse, async () =>
          ok(await series.hours(body)),
        ),
    );

    route.post(
      '/api/getCityDayData',
      {
        summary: '城市逐日空气质量（默认最近 30 天，最长 366 天）',
        description: `日 AQI 按 24 小时均值与臭氧日最大 8 小时均值计算；缺数据的日子数见 missingDays。${CITY_NOTE}`,
        body: cityDaysBody,
        response: cityDaysResponse,
      },
      ({ body }, reply) =>
        sendCached(reply, responses, 'getCityDayData', body, cityDaysResponse, async () => ok(await series.days(body))),
    );

    route.post(
      '/api/getCityMonthData',
      {
        summary: '城市月度统计：均值、CO 第 95 百分位、O3 8 小时第 90 百分位、综合指数、优良天数、各级别天数',
        description: `year 取某年 12 个月，或 startTime/endTime 取范围（最长 120 个月），默认最近 12 个月。${CITY_NOTE}`,
        body: cityMonthsBody,
        response: cityMonthsResponse,
      },
      ({ body }, reply) =>
        sendCached(reply, responses, 'getCityMonthData', body, cityMonthsResponse, async () =>
          ok(await series.months(body)),
        ),
    );

    route.post(
      '/api/getCityYearData',
      { summary: '城市年度统计（全部已有年份）', description: CITY_NOTE, body: cityBody, response: cityYearsResponse },
      ({ body }, reply) =>
        sendCached(reply, responses, 'getCityYearData', body, cityYearsResponse, async () =>
          ok(await series.years(body.city)),
        ),
    );

    route.post(
      '/api/getCity3Day',
      {
        summary: '城市未来三天空气质量预报（今天起）：AQI 区间、级别区间、首要污染物',
        description: `没有预报时 items 为空。${CITY_NOTE}`,
        body: cityBody,
        response: city3DayResponse,
      },
      ({ body }, reply) =>
        sendCached(reply, responses, 'getCity3Day', body, city3DayResponse, async () =>
          ok(await forecast.threeDays(body.city)),
        ),
    );

    route.post(
      '/api/getCityForeText',
      {
        summary: '城市空气质量预报文字与发布时间',
        description: `没有今天起的预报时 forecast 为 null。${CITY_NOTE}`,
        body: cityBody,
        response: cityForeTextResponse,
      },
      ({ body }, reply) =>
        sendCached(reply, responses, 'getCityForeText', body, cityForeTextResponse, async () =>
          ok(await forecast.text(body.city)),
        ),
    );

    route.post(
      '/api/getCityNextHoursData',
      {
        summary: '城市未来逐小时展望：逐小时天气预报 + 所在日的空气质量日预报（不是逐小时 AQI 预报）',
        description: `默认 24 小时，最多 72 小时。没有逐小时空气质量预报，因此不给出逐小时 AQI；没有天气预报时 items 为空。${CITY_NOTE}`,
        body: cityNextHoursBody,
        response: cityNextHoursResponse,
      },
      ({ body }, reply) =>
        sendCached(reply, responses, 'getCityNextHoursData', body, cityNextHoursResponse, async () =>
          ok(await forecast.nextHours(body.city, body.hours)),
        ),
    );

    route.post(
      '/api/getFocusCityData',
      {
        summary: '关注城市卡片：今天的天气（meteo[0].textDay/iconDay）与当前空气质量（airquality[0].aqi/mainPol）',
        description: `区县暂无空气质量数据，airquality 为空。${CURRENT_NOTE}${CITY_NOTE}`,
        body: focusCityBody,
        response: focusCityResponse,
      },
      ({ body }, reply) =>
        sendCurrent(reply, 'getFocusCityData', body, focusCityResponse, async (snapshot) =>
          ok(await current.focus(body, snapshot)),
        ),
    );

    route.post(
      '/api/getAllFocusCityData',
      {
        summary: '多个关注城市的卡片数据（stationCodes 逗号分隔，最多 50 个）',
        description: `任一城市未知时返回 404，data.stationCodes 列出未知的代码。${CURRENT_NOTE}`,
        body: allFocusCityBody,
        response: allFocusCityResponse,
      },
      ({ body }, reply) =>
        sendCurrent(
          reply,
          'getAllFocusCityData',
          { codes: body.stationCodes.map((a) => a.code).join(',') },
          allFocusCityResponse,
          async (snapshot) => ok(await current.focusAll(body.stationCodes, snapshot)),
        ),
    );
  };
}
