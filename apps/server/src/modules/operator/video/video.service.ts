import {
  type cameraSaveBody,
  type channelListQuery,
  ErrorCode,
  type PtzCommand,
  type StreamView,
  type VideoCamera,
} from '@lantian/contracts';
import { ptzVelocity } from '@lantian/domain';
import type { z } from 'zod';
import type { AreaScope } from '../../../platform/db/area-scope';
import { AppError, invalidField, notFound } from '../../../platform/errors';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import type { AuditActor, AuditLog } from '../audit';
import type { DeviceView, RegistryService } from '../devices';
import type { CameraConfig, CamerasRepository, ChannelRecord } from './cameras.repository';
import { CameraUnreachable, type OnvifPtz } from './onvif-client';
import type { RelayManager } from './relay';
import type { Sealer } from './secrets';

/** Who acts, from where, within which area (the audit's and the scope's facts of a request). */
export interface Editor {
  actor: AuditActor;
  ip: string | null;
  scope: AreaScope;
}

/** The device type of cameras in the device core. */
export const CAMERA_TYPE = 'C01';

export interface VideoCore {
  registry: RegistryService;
  byMn(mn: string): { id: number; type: string } | undefined;
}

const cameraNotFound = () => notFound('未找到该摄像机');
const unreachable = (what: string) =>
  new AppError(ErrorCode.CAMERA_UNREACHABLE, what, { headers: { 'retry-after': '5' } });

/** The relay's key of a channel (also its HLS folder and path segment). */
export const streamKey = (deviceId: number, channel: number) => `${deviceId}-${channel}`;

/**
 * The video calls: cameras (C01 devices) of the operator's area with their channels and live state,
 * starting streams for a site or a channel, PTZ over ONVIF, and the camera's video configuration.
 */
export class VideoService {
  constructor(
    private readonly core: VideoCore,
    private readonly cameras: CamerasRepository,
    private readonly relays: RelayManager,
    private readonly ptz: OnvifPtz,
    private readonly sealer: Sealer,
    private readonly audit: AuditLog,
    private readonly now: () => number,
  ) {}

  /** The C01 device with this MN in the scope (404 outside it, like a row that is not there). */
  private async device(deviceCode: string, scope: AreaScope): Promise<DeviceView> {
    const known = this.core.byMn(deviceCode);
    if (known === undefined || known.type !== CAMERA_TYPE) throw cameraNotFound();
    return this.core.registry.view(known.id, scope).catch(() => {
      throw cameraNotFound();
    });
  }

  /** A device in the scope by id (the HLS route's check). */
  async deviceInScope(deviceId: number, scope: AreaScope): Promise<boolean> {
    try {
      const device = await this.core.registry.view(deviceId, scope);
      return device.type === CAMERA_TYPE;
    } catch {
      return false;
    }
  }

  private present(device: DeviceView, config: CameraConfig | undefined): VideoCamera {
    return {
      deviceId: device.id,
      deviceCode: device.mn,
      name: device.name,
      siteCode: device.site_code,
      siteName: device.site_name,
      areaCode: device.area_code,
      online: device.online ?? 'never',
      configured: config !== undefined,
      onvif: config?.camera.onvif_url != null,
      channels: (config?.channels ?? []).map((c) => ({
        channelid: c.channel_id,
        name: c.name,
        ptz: c.ptz === 1,
        stream: this.relays.view(streamKey(device.id, c.channel_id)),
      })),
    };
  }

  private async presentAll(devices: DeviceView[], scope: AreaScope): Promise<VideoCamera[]> {
    const configs = await this.cameras.configs(
      devices.map((d) => d.id),
      scope,
    );
    return devices.map((d) => this.present(d, configs.get(d.id)));
  }

  async channels(deviceCode: string, scope: AreaScope): Promise<VideoCamera> {
    const device = await this.device(deviceCode, scope);
    return this.present(device, await this.cameras.config(device.id, scope));
  }

  async list(query: z.output<typeof channelListQuery>, scope: AreaScope) {
    const keyword = query.keyword?.toLowerCase();
    const devices = (await this.core.registry.all({ type: CAMERA_TYPE }, scope))
      .filter((d) => d.status !== 'retired')
      .filter((d) => query.siteCode === undefined || d.site_code === query.siteCode)
      .filter(
        (d) =>
          keyword === undefined ||
          d.name.toLowerCase().includes(keyword) ||
          d.mn.toLowerCase().includes(keyword) ||
          d.site_name.toLowerCase().includes(keyword),
      )
      .sort((a, b) => a.site_code.localeCompare(b.site_code) || a.mn.localeCompare(b.mn));
    const page = pageOf(query, 20);
    const slice = devices.slice(page.offset, page.offset + page.limit);
    return pageAnswer(page, { list: await this.presentAll(slice, scope), total: devices.length });
  }

  private async start(device: DeviceView, channel: ChannelRecord): Promise<StreamView> {
    const url = this.sealer.open(channel.rtsp_sealed);
    if (url === undefined) {
      return {
        state: 'offline',
        reason: '摄像机的 RTSP 地址无法解密（VIDEO_SECRET_KEY 已更换），请重新登记',
        url: null,
        since: null,
      };
    }
    return this.relays.ensure(streamKey(device.id, channel.channel_id), url);
  }

  /** Plays every channel of every camera of a site. */
  async playSite(siteCode: string, scope: AreaScope): Promise<VideoCamera[]> {
    const devices = (await this.core.registry.all({ type: CAMERA_TYPE }, scope)).filter(
      (d) => d.site_code === siteCode && d.status !== 'retired',
    );
    if (devices.length === 0) throw notFound('该站点没有摄像机');
    const configs = await this.cameras.configs(
      devices.map((d) => d.id),
      scope,
    );
    for (const device of devices) {
      for (const channel of configs.get(device.id)?.channels ?? []) await this.start(device, channel);
    }
    return devices.map((d) => this.present(d, configs.get(d.id)));
  }

  async startChannel(deviceCode: string, channelId: number, scope: AreaScope): Promise<StreamView> {
    const device = await this.device(deviceCode, scope);
    const config = await this.cameras.config(device.id, scope);
    if (config === undefined) throw notFound('该摄像机尚未登记视频配置');
    const channel = config.channels.find((c) => c.channel_id === channelId);
    if (channel === undefined) throw notFound(`该摄像机没有通道 ${channelId}`);
    return this.start(device, channel);
  }

  async control(deviceCode: string, channelId: number, command: PtzCommand, editor: Editor) {
    const device = await this.device(deviceCode, editor.scope);
    const config = await this.cameras.config(device.id, editor.scope);
    const channel = config?.channels.find((c) => c.channel_id === channelId);
    if (config === undefined || channel === undefined) throw notFound(`该摄像机没有通道 ${channelId}`);
    if (channel.ptz !== 1) throw new AppError(ErrorCode.CONFLICT, '该通道是固定摄像机，不支持云台控制');
    const { onvif_url: url, onvif_user: username } = config.camera;
    const password =
      config.camera.onvif_password_sealed === null ? '' : this.sealer.open(config.camera.onvif_password_sealed);
    if (url === null || password === undefined) throw new AppError(ErrorCode.CONFLICT, '该摄像机未登记 ONVIF 云台地址');
    const endpoint = { url, username: username ?? '', password };
    const velocity = ptzVelocity(command) ?? { x: 0, y: 0, zoom: 0 };
    const target = { type: 'camera', id: device.mn, name: `${device.name} 通道 ${channelId}` };
    try {
      if (command === 'stop') await this.ptz.stop(endpoint, channelId);
      else await this.ptz.move(endpoint, channelId, velocity);
    } catch (err) {
      if (!(err instanceof CameraUnreachable)) throw err;
      await this.audit.record({
        actor: editor.actor,
        ip: editor.ip,
        action: 'video.ptz',
        target,
        outcome: 'failure',
        detail: command,
      });
      throw unreachable('云台无应答：摄像机无法连接或拒绝了 ONVIF 账号，请检查摄像机网络与登记的 ONVIF 地址');
    }
    const position = await this.ptz.status(endpoint, channelId).catch(() => null);
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'video.ptz',
      target,
      detail: command,
      after: { velocity, position },
    });
    return { command, velocity, position };
  }

  async save(body: z.output<typeof cameraSaveBody>, editor: Editor): Promise<VideoCamera> {
    const device = await this.device(body.deviceCode, editor.scope);
    const before = await this.cameras.config(device.id, editor.scope);
    const channels: ChannelRecord[] = body.channels.map((c) => {
      const kept = before?.channels.find((b) => b.channel_id === c.channelid)?.rtsp_sealed;
      if (c.rtspUrl === undefined && kept === undefined)
        throw invalidField('channels.rtspUrl', `通道 ${c.channelid} 请填写 RTSP 地址`);
      return {
        device_id: device.id,
        channel_id: c.channelid,
        area_code: device.area_code,
        name: c.name,
        ptz: c.ptz ? 1 : 0,
        rtsp_sealed: c.rtspUrl === undefined ? (kept as string) : this.sealer.seal(c.rtspUrl),
      };
    });
    // Left out keeps what is stored; an empty address removes the ONVIF control.
    const onvifUrl =
      body.onvifUrl === undefined ? (before?.camera.onvif_url ?? null) : body.onvifUrl === '' ? null : body.onvifUrl;
    const onvifUser = body.onvifUser ?? before?.camera.onvif_user ?? null;
    const password =
      body.onvifPassword === undefined || body.onvifPassword === ''
        ? (before?.camera.onvif_password_sealed ?? null)
        : this.sealer.seal(body.onvifPassword);
    await this.cameras.save(
      {
        device_id: device.id,
        area_code: device.area_code,
        onvif_url: onvifUrl,
        onvif_user: onvifUrl === null ? null : onvifUser,
        onvif_password_sealed: onvifUrl === null ? null : password,
        updated_at: this.now(),
      },
      channels,
    );
    // A removed channel's relay must not outlive it.
    for (const old of before?.channels ?? []) {
      if (!channels.some((c) => c.channel_id === old.channel_id))
        await this.relays.stop(streamKey(device.id, old.channel_id));
    }
    const shown = (c?: CameraConfig) =>
      c === undefined
        ? null
        : {
            onvifUrl: c.camera.onvif_url,
            onvifUser: c.camera.onvif_user,
            channels: c.channels.map((ch) => ({ channelid: ch.channel_id, name: ch.name, ptz: ch.ptz === 1 })),
          };
    const after = await this.cameras.config(device.id, editor.scope);
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'video_camera.save',
      target: { type: 'camera', id: device.mn, name: device.name },
      // Addresses and passwords are credentials: the log says that they changed, not what they are.
      detail:
        body.channels.some((c) => c.rtspUrl !== undefined) || body.onvifPassword
          ? '已更新 RTSP 地址或 ONVIF 密码'
          : null,
      before: shown(before),
      after: shown(after),
    });
    return this.present(device, after);
  }
}
