import { z } from 'zod';
import { envelope } from '../envelope';
import { pageOf, pageQuery } from './paging';

/**
 * Video monitoring (spec §7 "/lookout/…"): cameras are C01 devices of the device core with a video
 * configuration (channels with their RTSP address, an ONVIF endpoint for PTZ). Live streams are relayed
 * RTSP → HLS by the server; the console plays them with hls.js. Credentials are written, never read back.
 */

export const STREAM_STATES = ['idle', 'connecting', 'live', 'offline'] as const;
export const streamState = z
  .enum(STREAM_STATES)
  .describe('idle 未播放，connecting 连接中，live 直播中，offline 无法连接');

/** The spec's PTZ `command` values; `stop` ends any move. */
export const PTZ_COMMANDS = [
  'up',
  'down',
  'left',
  'right',
  'upleft',
  'upright',
  'downleft',
  'downright',
  'zoomin',
  'zoomout',
  'stop',
] as const;
export type PtzCommand = (typeof PTZ_COMMANDS)[number];
export const ptzCommand = z.enum(PTZ_COMMANDS, {
  message: 'command 应为 up、down、left、right、upleft、upright、downleft、downright、zoomin、zoomout 或 stop',
});

const deviceCode = z.string().trim().min(1, '请填写设备编号 deviceCode').max(64, 'deviceCode 过长');
const channelId = z.coerce
  .number({ message: 'channelid 应为数字' })
  .int('channelid 应为整数')
  .min(1, 'channelid 从 1 开始')
  .max(64, 'channelid 最大 64');

export const streamView = z.object({
  state: streamState,
  /** Why a stream is offline, in Chinese. */
  reason: z.string().nullable(),
  /** The HLS playlist (authenticated), present while connecting or live. */
  url: z.string().nullable(),
  since: z.number().int().nullable().describe('进入当前状态的时间（epoch 秒）'),
});
export type StreamView = z.infer<typeof streamView>;

export const videoChannel = z.object({
  channelid: z.number().int(),
  name: z.string(),
  ptz: z.boolean(),
  stream: streamView,
});
export type VideoChannel = z.infer<typeof videoChannel>;

export const videoCamera = z.object({
  deviceId: z.number().int(),
  deviceCode: z.string().describe('设备 MN'),
  name: z.string(),
  siteCode: z.string(),
  siteName: z.string(),
  areaCode: z.string(),
  online: z.string().describe('设备心跳在线状态：online / offline / never'),
  configured: z.boolean().describe('是否已登记视频配置'),
  onvif: z.boolean().describe('是否登记了 ONVIF 云台控制'),
  channels: z.array(videoChannel),
});
export type VideoCamera = z.infer<typeof videoCamera>;

export const deviceChannelsQuery = z.object({ deviceCode });
export const deviceChannelsResponse = envelope(videoCamera);

export const channelListQuery = pageQuery.extend({
  siteCode: z.string().trim().max(64).optional().describe('站点编码'),
  keyword: z.string().trim().max(50).optional().describe('按摄像机名称或编号搜索'),
});
export const channelListResponse = envelope(pageOf(videoCamera));

export const voStartQuery = z.object({
  siteCode: z.string().trim().min(1, '请填写站点编码 siteCode').max(64),
  siteType: z.enum(['2'], { message: 'siteType 目前只支持 2（设备站点）' }).default('2'),
});
export const voStartResponse = envelope(z.array(videoCamera));

export const startVoQuery = z.object({ deviceCode, channelid: channelId.default(1) });
export const startVoResponse = envelope(streamView);

export const ptzQuery = z.object({ deviceCode, channelid: channelId.default(1), command: ptzCommand });
export const ptzAnswer = z.object({
  command: ptzCommand,
  velocity: z.object({ x: z.number(), y: z.number(), zoom: z.number() }),
  position: z.object({ x: z.number(), y: z.number(), zoom: z.number() }).nullable().describe('命令后摄像机报告的位置'),
});
export const ptzResponse = envelope(ptzAnswer);

const rtspUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => /^rtsps?:\/\/[^\s]+$/.test(v), 'RTSP 地址应以 rtsp:// 开头');
export const cameraSaveBody = z.object({
  deviceCode,
  channels: z
    .array(
      z.object({
        channelid: channelId,
        name: z.string().trim().min(1, '请填写通道名称').max(50),
        ptz: z.boolean().default(false),
        /** Empty keeps the stored address. */
        rtspUrl: rtspUrl.optional(),
      }),
    )
    .min(1, '至少一个通道')
    .max(16, '最多 16 个通道')
    .refine((list) => new Set(list.map((c) => c.channelid)).size === list.length, '通道号不能重复'),
  onvifUrl: z
    .string()
    .trim()
    .max(300)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), 'ONVIF 地址应以 http:// 开头')
    .optional(),
  onvifUser: z.string().trim().max(64).optional(),
  /** Empty keeps the stored password. */
  onvifPassword: z.string().max(128).optional(),
});
export type CameraSaveBody = z.input<typeof cameraSaveBody>;
export const cameraSaveResponse = envelope(videoCamera);
