import {
  type CameraSaveBody,
  cameraSaveBody,
  cameraSaveResponse,
  channelListResponse,
  deviceChannelsResponse,
  type PtzCommand,
  ptzResponse,
  startVoResponse,
} from '@lantian/contracts';
import { apiGet, apiPostJson, type DataOf } from '../../shared/api';

export { cameraSaveBody };

/** The calls of 视频监控 (spec §7 /lookout/*); each answer is checked against its schema. */

export type VideoCamera = DataOf<typeof deviceChannelsResponse>;
export type StreamView = DataOf<typeof startVoResponse>;

export const videoKeys = {
  cameras: ['video', 'cameras'] as const,
};

export const videoApi = {
  cameras: (signal?: AbortSignal) =>
    apiGet('/lookout/vochannelListAndStream', { pageNum: 1, pageSize: 100 }, channelListResponse, { signal }),
  camera: (deviceCode: string, signal?: AbortSignal) =>
    apiGet('/lookout/getDeviceChannels', { deviceCode }, deviceChannelsResponse, { signal }),
  start: (deviceCode: string, channelid: number, signal?: AbortSignal) =>
    apiGet('/lookout/stream/startVo', { deviceCode, channelid }, startVoResponse, { signal, timeoutMs: 10_000 }),
  save: (body: CameraSaveBody) => apiPostJson('/lookout/camera/save', body, cameraSaveResponse),
  ptz: (deviceCode: string, channelid: number, command: PtzCommand) =>
    apiGet('/lookout/voptz', { deviceCode, channelid, command }, ptzResponse, { timeoutMs: 8000 }),
};

/** The console address that opens a camera in 视频监控 (for links from other sections, e.g. 消防告警). */
export const cameraPath = (deviceCode: string) => `/video?device=${encodeURIComponent(deviceCode)}`;
