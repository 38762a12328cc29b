import { z } from 'zod';
import { envelope } from './envelope';

/**
 * Image analysis (spec §7 `GET /api/common/getRgbaImageNameList`, `POST /api/createVideo`): the
 * interpolated pollutant frames of an area, hour by hour, and videos made of them.
 */

/** What a frame can show: the AQI or one pollutant's 1-hour concentration (`type` of the name list). */
export const IMAGE_POLLUTANTS = ['aqi', 'pm2_5', 'pm10', 'o3', 'no2', 'so2', 'co'] as const;
export type ImagePollutant = (typeof IMAGE_POLLUTANTS)[number];

/** How the field is interpolated: inverse-distance weighting (the default) or ordinary kriging. */
export const IMAGE_METHODS = ['idw', 'kriging'] as const;
export type ImageMethod = (typeof IMAGE_METHODS)[number];

/** The spans the name list answers (`mode`): the hours up to `time`. */
export const IMAGE_SPAN_KEYS = ['24h', '48h', '72h', '7d'] as const;
export type ImageSpan = (typeof IMAGE_SPAN_KEYS)[number];
/** Hours of each span. */
export const IMAGE_SPANS: Readonly<Record<ImageSpan, number>> = { '24h': 24, '48h': 48, '72h': 72, '7d': 168 };

/** Limits of `POST /api/createVideo`, also checked by the web client before it uploads. */
export const VIDEO_LIMITS = {
  /** Frames in one video. */
  maxFiles: 240,
  /** Bytes of one frame. */
  maxFileBytes: 4 * 1024 * 1024,
  /** Bytes of the whole upload. */
  maxTotalBytes: 96 * 1024 * 1024,
  /** Pixels of a frame's longer side. */
  maxSide: 4096,
  /** Frames per second: the range and the default. */
  minFps: 1,
  maxFps: 12,
  defaultFps: 4,
} as const;

export const imageFrame = z.object({
  name: z
    .string()
    .describe('帧文件名：{type}_{区划代码}_{YYYYMMDDHH}.png（北京时间，时次为小时末）；克里金插值为 …_kriging.png'),
  time: z.string().describe('时次 YYYY-MM-DD HH:mm:ss（北京时间）'),
  url: z.string().describe('帧图像地址（PNG，可直接用于 <img>，无需签名）'),
  stations: z.number().int().describe('该时次参与插值的站点数（全国）'),
  demo: z.boolean().describe('是否为演示数据'),
});
export type ImageFrame = z.infer<typeof imageFrame>;

export const imageFrameList = z.array(imageFrame).describe('有数据的时次，按时间升序');
export const imageFrameListResponse = envelope(imageFrameList);
