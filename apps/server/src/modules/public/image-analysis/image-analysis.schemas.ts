import { areaCode, IMAGE_METHODS, IMAGE_POLLUTANTS, IMAGE_SPAN_KEYS, VIDEO_LIMITS } from '@lantian/contracts';
import { z } from 'zod';
import { intParam, optionalField, timeParam } from '../../../platform/http/params';

export const imageListQuery = z.object({
  type: z
    .enum(IMAGE_POLLUTANTS, { error: `应为 ${IMAGE_POLLUTANTS.join('、')} 之一` })
    .describe('污染物：aqi、pm2_5、pm10、o3（1 小时）、no2、so2、co'),
  code: areaCode.describe('区域：100000 全国，省级或地市级区划代码'),
  time: timeParam.describe('截止时次 YYYY-MM-DD HH:mm:ss（北京时间）'),
  mode: optionalField(z.enum(IMAGE_SPAN_KEYS, { error: `应为 ${IMAGE_SPAN_KEYS.join('、')} 之一` })).describe(
    '时段：截止时次之前的 24h（默认）、48h、72h 或 7d',
  ),
  method: optionalField(z.enum(IMAGE_METHODS, { error: `应为 ${IMAGE_METHODS.join('、')} 之一` })).describe(
    '插值方法：idw 反距离权重（默认）或 kriging 普通克里金',
  ),
});

export const frameParams = z.object({
  name: z.string().max(64, '过长').describe('帧文件名，如 aqi_100000_2024050112.png'),
});

export const videoFields = z.object({
  key: z.string().trim().min(1, '不能为空').max(80, '不能超过 80 个字符').describe('视频名称（下载文件名）'),
  fps: optionalField(intParam(VIDEO_LIMITS.minFps, VIDEO_LIMITS.maxFps, 2)).describe(
    `每秒帧数 ${VIDEO_LIMITS.minFps}–${VIDEO_LIMITS.maxFps}，默认 ${VIDEO_LIMITS.defaultFps}`,
  ),
});
