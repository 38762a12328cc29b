import { createReadStream } from 'node:fs';
import {
  cameraSaveBody,
  cameraSaveResponse,
  channelListQuery,
  channelListResponse,
  deviceChannelsQuery,
  deviceChannelsResponse,
  ptzQuery,
  ptzResponse,
  startVoQuery,
  startVoResponse,
  voStartQuery,
  voStartResponse,
} from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../../platform/errors';
import { actorOf, operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { RelayManager } from './relay';
import type { Editor, VideoService } from './video.service';

const editorOf = (request: FastifyRequest): Editor => ({
  actor: actorOf(request),
  ip: request.ip,
  scope: operatorOf(request).scope,
});

const SCOPE_NOTE = '限本人所辖区域：辖区外的摄像机与站点为 404。';

/** The HLS address of a stream (served by the route below). */
export const hlsPath = (key: string) => `/lookout/stream/hls/${key}/index.m3u8`;

const hlsParams = z.object({
  key: z.string().regex(/^\d{1,10}-\d{1,2}$/, '无效的视频流'),
  file: z.string().regex(/^(index\.m3u8|seg\d{5}\.ts)$/, '无效的视频文件名'),
});

/**
 * Spec §7's video calls (video:view to watch, video:control to steer a camera and to register its
 * video configuration). GETs as the spec lists them; starting a stream is a GET that writes nothing
 * lasting (a relay that stops by itself when nobody watches).
 */
export function videoRoutes(video: VideoService, relays: RelayManager) {
  return (app: ApiApp) => {
    const view = routesOf(app, { tags: ['video'], access: 'operator:video:view', signed: false });
    view.get(
      '/lookout/getDeviceChannels',
      {
        summary: '摄像机的通道列表及各通道的直播状态',
        description: `${SCOPE_NOTE}deviceCode 为摄像机（C01 设备）的 MN。`,
        query: deviceChannelsQuery,
        response: deviceChannelsResponse,
      },
      async (request) => ok(await video.channels(request.query.deviceCode, operatorOf(request).scope)),
    );
    view.get(
      '/lookout/vochannelListAndStream',
      {
        summary: '辖区内的摄像机（分页）：站点、心跳在线状态、通道与直播状态',
        description: `${SCOPE_NOTE}按站点编码 siteCode 或关键字筛选。`,
        query: channelListQuery,
        response: channelListResponse,
      },
      async (request) => ok(await video.list(request.query, operatorOf(request).scope)),
    );
    view.get(
      '/lookout/play/vostart',
      {
        summary: '播放一个站点的全部摄像机：为每个通道启动 RTSP→HLS 转发，返回各通道状态与播放地址',
        description: `${SCOPE_NOTE}siteType 默认 2（设备站点）。转发在无人观看 VIDEO_IDLE_SECONDS 秒后自动停止。`,
        query: voStartQuery,
        response: voStartResponse,
      },
      async (request) => ok(await video.playSite(request.query.siteCode, operatorOf(request).scope)),
    );
    view.get(
      '/lookout/stream/startVo',
      {
        summary: '播放一个通道：启动（或保持）转发，返回状态（connecting / live / offline 及原因）与 HLS 地址',
        description: `${SCOPE_NOTE}播放器每隔几秒调用一次以保持转发并获取最新状态。`,
        query: startVoQuery,
        response: startVoResponse,
      },
      async (request) =>
        ok(await video.startChannel(request.query.deviceCode, request.query.channelid, operatorOf(request).scope)),
    );
    view.get(
      '/lookout/stream/hls/:key/:file',
      {
        summary: 'HLS 播放列表与分片（需登录，限辖区内的摄像机）',
        params: hlsParams,
        // One player fetches a playlist and a segment every second: the group budget is not for this.
        rateLimit: false,
      },
      async (request, reply) => {
        const { key, file } = request.params;
        const deviceId = Number(key.split('-')[0]);
        if (!(await video.deviceInScope(deviceId, operatorOf(request).scope))) throw notFound('未找到该视频流');
        relays.touch(key);
        const path = relays.file(key, file);
        if (path === undefined) throw notFound('视频流未在播放或分片已过期');
        reply.header('cache-control', 'no-store');
        reply.type(file.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t');
        return reply.send(createReadStream(path));
      },
    );

    const control = routesOf(app, { tags: ['video'], access: 'operator:video:control', signed: false });
    control.get(
      '/lookout/voptz',
      {
        summary: '云台控制：ONVIF ContinuousMove（按住）/ Stop（松开）',
        description:
          'command：up/down/left/right/upleft/upright/downleft/downright（水平、垂直速度 ±0.5），zoomin/zoomout（变倍速度 ±0.5），stop 停止。摄像机无应答为 503 CAMERA_UNREACHABLE。',
        query: ptzQuery,
        response: ptzResponse,
        writes: true,
      },
      async (request) =>
        ok(
          await video.control(
            request.query.deviceCode,
            request.query.channelid,
            request.query.command,
            editorOf(request),
          ),
        ),
    );
    control.post(
      '/lookout/camera/save',
      {
        summary: '登记或修改摄像机的视频配置：通道（名称、RTSP 地址、是否云台）与 ONVIF 地址、账号',
        description: 'RTSP 地址与 ONVIF 密码加密保存，从不返回；留空表示不修改。',
        body: cameraSaveBody,
        response: cameraSaveResponse,
      },
      async (request) => ok(await video.save(request.body, editorOf(request)), '已保存'),
    );
  };
}
