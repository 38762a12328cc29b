import { type Area, listCities, resolveArea } from '@lantian/areas';
import {
  ErrorCode,
  exportFormat,
  HISTORY_LIMITS,
  HISTORY_POLLUTANTS,
  type HistoryPollutant,
  historyGranularity,
  historyPollutant,
} from '@lantian/contracts';
import { z } from 'zod';
import { intParam, optionalField, pageParams, reportAppIssue, timeParam } from '../../../platform/http/params';

/**
 * Form-encoded parameters of the data-analysis calls, parsed into typed values. Lists travel as one
 * comma-separated field (`cities=110000,shanghai`), as getAllFocusCityData's stationCodes do: a form
 * post of the public site carries each parameter once, and the signature signs each value once.
 */

const list = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(2000, '过长')
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
      ),
    ])
    .refine((items) => items.length > 0, '不能为空')
    .refine((items) => items.length <= max, `最多 ${max} 个`)
    .describe(field);

let cityCodes: ReadonlySet<string> | undefined;
const isListedCity = (area: Area) => {
  cityCodes ??= new Set(listCities().map((c) => c.code));
  return cityCodes.has(area.code);
};

/** Cities by code or pinyin name; any unknown one → 404 未找到城市 naming them all. */
export const citiesParam = list('城市：6 位区划代码或拼音名，逗号分隔', HISTORY_LIMITS.maxTargets).transform(
  (items, ctx): Area[] => {
    const areas: Area[] = [];
    const unknown: string[] = [];
    for (const item of items) {
      const area = /^(\d{6}|[a-z]+)$/.test(item) ? resolveArea(item) : undefined;
      if (area === undefined || !isListedCity(area)) unknown.push(item);
      else if (!areas.some((a) => a.code === area.code)) areas.push(area);
    }
    if (unknown.length > 0) {
      reportAppIssue(ctx, {
        code: ErrorCode.CITY_NOT_FOUND,
        msg: `未找到城市：${unknown.slice(0, 5).join('、')}${unknown.length > 5 ? ' 等' : ''}（应为地级市或直辖市的区划代码或拼音名）`,
        data: { cities: unknown },
      });
      return z.NEVER;
    }
    return areas;
  },
);

/** Station codes (checked against the register by the service). */
export const stationsParam = list('站点编码，逗号分隔（如 1001A,1002A）', HISTORY_LIMITS.maxTargets).refine(
  (codes) => codes.every((c) => /^[A-Za-z0-9-]{1,20}$/.test(c)),
  '应为站点编码（字母、数字、连字符）',
);

export const pollutantsParam = list('污染物，逗号分隔：aqi,pm2_5,pm10,o3,o3_8h,no2,so2,co', 8).transform(
  (items, ctx): HistoryPollutant[] => {
    const bad = items.filter((i) => !historyPollutant.safeParse(i).success);
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `未知的污染物 ${bad.join('、')}，可选 ${HISTORY_POLLUTANTS.join(',')}` });
      return z.NEVER;
    }
    // The order of the columns is the product's, whatever order they were asked in.
    return HISTORY_POLLUTANTS.filter((p) => items.includes(p));
  },
);

export const historyQueryBody = z.object({
  cities: optionalField(citiesParam),
  stations: optionalField(stationsParam),
  pollutants: optionalField(pollutantsParam).describe('污染物，默认全部'),
  granularity: optionalField(historyGranularity).describe('hour 逐小时 / day 逐日（默认）/ month 逐月'),
  startTime: optionalField(timeParam).describe('开始时间（含）YYYY-MM-DD HH:mm:ss；逐日取其所在日，逐月取其所在月'),
  endTime: optionalField(timeParam).describe('结束时间（含），默认当前'),
  ...pageParams(50, HISTORY_LIMITS.pageSizeMax),
});
export type HistoryQueryBody = z.output<typeof historyQueryBody>;

export const exportBody = historyQueryBody.omit({ pageNum: true, pageSize: true }).extend({
  format: exportFormat.describe('csv（UTF-8 带 BOM）或 xlsx'),
});
export type ExportBody = z.output<typeof exportBody>;

export const exportFileParams = z.object({
  file: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}\.(csv|xlsx)$/, '应为 <凭证>.csv 或 <凭证>.xlsx')
    .describe('导出凭证与格式，如 Xy…Z.csv'),
});

export const CLUSTER_LIMITS = {
  maxDays: 90,
  defaultDays: 30,
  minDays: 3,
  maxK: 10,
  defaultK: 4,
  maxStations: 3000,
} as const;

export const clusterQuery = z.object({
  time: optionalField(timeParam).describe('时段结束时间 YYYY-MM-DD HH:mm:ss，默认数据的最新小时'),
  factor: optionalField(historyPollutant).describe('污染物，默认 pm2_5'),
  days: optionalField(intParam(CLUSTER_LIMITS.minDays, CLUSTER_LIMITS.maxDays, 3)).describe(
    `时段天数 ${CLUSTER_LIMITS.minDays}–${CLUSTER_LIMITS.maxDays}，默认 ${CLUSTER_LIMITS.defaultDays}`,
  ),
  k: optionalField(intParam(2, CLUSTER_LIMITS.maxK, 2)).describe(
    `类数 2–${CLUSTER_LIMITS.maxK}，默认 ${CLUSTER_LIMITS.defaultK}`,
  ),
  cities: optionalField(citiesParam).describe('只聚类这些城市的站点（逗号分隔），默认全国'),
});
export type ClusterQuery = z.output<typeof clusterQuery>;
