import { defineModule, type ModuleContext } from '../../../platform/module';
import { audit } from '../audit';
import { devices } from '../devices';
import { CamerasRepository } from './cameras.repository';
import { startVideoDemo, type VideoDemo } from './demo';
import * as m0060 from './migrations/0060_video';
import { OnvifPtz } from './onvif-client';
import { RelayManager } from './relay';
import { Sealer } from './secrets';
import { hlsPath, videoRoutes } from './video.routes';
import { VideoService } from './video.service';
import { readVideoSettings, type VideoSettings } from './video.settings';
import type { VideoTables } from './video.tables';

export { OnvifSimulator } from './simulator/onvif-simulator';
export { TestCamera, testCameraUnavailable } from './simulator/test-camera';
export type { VideoTables } from './video.tables';

/** The development key; production sets VIDEO_SECRET_KEY (a warning says so at start). */
const DEV_SECRET = 'lantian-video-development-key';

/**
 * Video monitoring (issue 20, spec §7 /lookout/*): C01 cameras of the device core with their video
 * configuration, live streams relayed RTSP → HLS by ffmpeg, PTZ over ONVIF. Owns video_cameras and
 * video_channels (migration 0060); reads devices through the device core's api.
 */
export const video = defineModule({
  name: 'video',
  tags: [{ name: 'video', description: '运营平台：视频监控（摄像机、直播转发、云台控制）' }],
  migrations: { '0060_video': m0060 },
  settings: readVideoSettings,
  create(context: ModuleContext<VideoTables, VideoSettings>) {
    const { settings, log, now } = context;
    const core = context.use(devices);
    const relays = new RelayManager(
      {
        dir: settings.hlsDir,
        ffmpeg: settings.ffmpeg,
        idleSeconds: settings.idleSeconds,
        connectSeconds: settings.connectSeconds,
      },
      log,
      hlsPath,
    );
    const sealer = new Sealer(settings.secretKey ?? DEV_SECRET);
    const service = new VideoService(
      { registry: core.registry, byMn: (mn) => core.byMn(mn) },
      new CamerasRepository(context.database),
      relays,
      new OnvifPtz(),
      sealer,
      context.use(audit).log,
      now,
    );
    let demo: VideoDemo | null = null;
    return {
      api: { service },
      routes: videoRoutes(service, relays),
      async start() {
        if (settings.secretKey === undefined && context.config.nodeEnv === 'production')
          log.warn('VIDEO_SECRET_KEY is not set: camera credentials are sealed with the development key');
        if (settings.demo) {
          demo = await startVideoDemo(core, service, settings.ffmpeg, log).catch((err: unknown) => {
            log.error({ err }, 'the video demo could not start');
            return null;
          });
        }
      },
      async close() {
        await relays.close();
        await demo?.stop();
      },
    };
  },
});
