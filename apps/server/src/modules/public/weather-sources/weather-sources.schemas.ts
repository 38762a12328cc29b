import { type Area, listCities, resolveArea } from '@lantian/areas';
import { WARNING_TYPE_KEYS } from '@lantian/contracts';
import { z } from 'zod';
import { CITY_NOT_FOUND, reportAppIssue, timeParam } from '../../../platform/http/params';

const text = (max: number) => z.string().trim().min(1, '不能为空').max(max, '过长');
const optionalTime = timeParam.optional().describe('时间 YYYY-MM-DD HH:mm:ss（北京时间），默认最新');

export const typhoonQuery = z.object({
  year: z
    .string()
    .regex(/^(19|20)\d{2}$/, '应为 4 位年份')
    .transform(Number)
    .describe('年份'),
  name: text(40)
    .optional()
    .describe('台风中文名、英文名或国际编号（如 杜苏芮 / DOKSURI / 2305）；不给时返回该年全部台风'),
});

export const disasterQuery = z.object({
  type: z
    .enum(['all', ...WARNING_TYPE_KEYS], { error: `应为 all 或 ${WARNING_TYPE_KEYS.join('/')}` })
    .describe(`预警类型：all 全部，或 ${WARNING_TYPE_KEYS.join('/')}`),
});

export const stationLiveQuery = z.object({ time: optionalTime });
export const nowcastingQuery = z.object({ time: optionalTime });

export const imageUrlQuery = z.object({
  url: text(2000).describe('图像文件名、本站图像地址或其原始来源地址（只提供已导入的图像）'),
});

export const frameNameParams = z.object({
  name: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,120}$/, '文件名只能含字母、数字、_ . -')
    .describe('图像文件名'),
});

export const rgbImageQuery = z.object({
  type: text(32).describe('卫星，如 fy4a'),
  code: text(32).describe('产品，如 true_color'),
  time: timeParam.describe('截止时间（返回此前 24 小时的帧）'),
});

/** A city by its Chinese name (北京 or 北京市), its 6-digit code or its pinyin name. */
function cityByName(value: string): Area | undefined {
  const named = listCities().find((c) => c.name === value || c.shortName === value);
  if (named) return named;
  const area = resolveArea(value);
  return area && (area.level === 'city' || area.municipality) ? area : undefined;
}

const cityName = text(40)
  .describe('城市名（北京 / 北京市），也可为 6 位区划代码或拼音名')
  .transform((value, ctx): Area => {
    const city = cityByName(value);
    if (city === undefined) {
      reportAppIssue(ctx, CITY_NOT_FOUND);
      return z.NEVER;
    }
    return city;
  });

export const trafficImageQuery = z.object({ cityName });
export const trafficRecordQuery = z.object({
  cityName: cityName.optional(),
  time: optionalTime,
});
