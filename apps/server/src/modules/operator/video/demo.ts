import type { FastifyBaseLogger } from 'fastify';
import { NATIONWIDE } from '../../../platform/db/area-scope';
import { SYSTEM_ACTOR } from '../audit';
import type { RegistryService } from '../devices';
import { OnvifSimulator } from './simulator/onvif-simulator';
import { freePort, TestCamera, testCameraUnavailable } from './simulator/test-camera';
import { CAMERA_TYPE, type VideoService } from './video.service';

/** The demo cameras' HJ 212 password and ONVIF account (demo devices only). */
const DEMO_PASSWORD = 'demo2026';
const ONVIF_USER = 'admin';
const ONVIF_PASSWORD = 'Demo#Onvif2026';

// biome-ignore format: one line per camera
const DEMO_CAMERAS = [
  { mn: 'DEMO110105C01', name: '【演示】朝阳奥体中心 高空球机', site: { siteCode: 'DEMO-BJ-CY', name: '【演示】朝阳奥体中心', areaCode: '110105', lon: 116.397, lat: 39.982 }, channels: [{ name: '云台主画面', ptz: true }, { name: '全景', ptz: false }] },
  { mn: 'DEMO110108C01', name: '【演示】海淀中关村 枪机', site: { siteCode: 'DEMO-BJ-HD', name: '【演示】海淀中关村', areaCode: '110108', lon: 116.316, lat: 39.983 }, channels: [{ name: '路口', ptz: false }] },
  // Beside two of the fire demo's sites (消防告警 links an alarm to the cameras within FIRE_CAMERA_RADIUS_METERS).
  { mn: 'DEMO110105C01F', name: '【演示】朝阳大悦城 消防枪机', site: { siteCode: 'DEMO-BJ-CY-F', name: '【演示】朝阳大悦城', areaCode: '110105', lon: 116.518, lat: 39.924 }, channels: [{ name: '中庭', ptz: false }] },
  { mn: 'DEMO110101C01F', name: '【演示】东城隆福寺 消防枪机', site: { siteCode: 'DEMO-BJ-DC-F', name: '【演示】东城隆福寺', areaCode: '110101', lon: 116.409, lat: 39.929 }, channels: [{ name: '入口', ptz: false }] },
];

export interface VideoDemo {
  stop(): Promise<void>;
}

export interface VideoDemoCore {
  registry: RegistryService;
  byMn(mn: string): unknown;
}

/**
 * DEMO_DATA=on: four 【演示】 cameras (two of them beside the fire demo's sites) (C01 devices) whose channels are served by the RTSP test camera
 * (tools/video/test-camera.py, a test pattern with a burnt-in clock) and whose PTZ side is the ONVIF
 * simulator. Their video configuration is written again at every start (the local ports change).
 * Without GStreamer or ffmpeg the cameras are still registered, pointing at a port where nothing
 * listens, so that the console shows them offline with the reason.
 */
export async function startVideoDemo(
  core: VideoDemoCore,
  video: VideoService,
  ffmpeg: string,
  log: FastifyBaseLogger,
): Promise<VideoDemo> {
  const editor = { actor: SYSTEM_ACTOR, ip: null, scope: NATIONWIDE };
  for (const camera of DEMO_CAMERAS) {
    if (core.byMn(camera.mn) !== undefined) continue;
    const sites = await core.registry.listSites(
      { keyword: camera.site.siteCode, pageNum: 1, pageSize: 20 },
      NATIONWIDE,
    );
    const siteId =
      sites.list.find((s) => s.siteCode === camera.site.siteCode)?.siteId ??
      (await core.registry.createSite({ ...camera.site, address: '' }, editor)).siteId;
    await core.registry.create(
      {
        mn: camera.mn,
        name: camera.name,
        type: CAMERA_TYPE,
        siteId,
        password: DEMO_PASSWORD,
        installDate: null,
        status: 'active',
        factors: [],
        config: { intervalSeconds: null, noiseZone: null },
      },
      editor,
    );
  }

  const missing = testCameraUnavailable(ffmpeg);
  const port = await freePort();
  const paths = DEMO_CAMERAS.flatMap((c, i) => c.channels.map((_, k) => `/cam${i + 1}/ch${k + 1}`));
  const rtsp = new TestCamera(port, paths, 'LANTIAN DEMO');
  if (missing === undefined) await rtsp.start();
  else log.warn(`video demo: the test camera cannot run here (${missing}); the demo cameras will show as offline`);
  const onvif = new OnvifSimulator({
    username: ONVIF_USER,
    password: ONVIF_PASSWORD,
    streams: DEMO_CAMERAS[0]?.channels.map((_, k) => `rtsp://127.0.0.1:${port}/cam1/ch${k + 1}`) ?? [],
  });
  const onvifUrl = await onvif.start();

  for (const [i, camera] of DEMO_CAMERAS.entries()) {
    await video.save(
      {
        deviceCode: camera.mn,
        channels: camera.channels.map((c, k) => ({
          channelid: k + 1,
          name: c.name,
          ptz: c.ptz,
          rtspUrl: `rtsp://127.0.0.1:${port}/cam${i + 1}/ch${k + 1}`,
        })),
        ...(camera.channels.some((c) => c.ptz)
          ? { onvifUrl, onvifUser: ONVIF_USER, onvifPassword: ONVIF_PASSWORD }
          : { onvifUrl: '' }),
      },
      editor,
    );
  }
  log.info(
    { rtspPort: port, onvif: onvifUrl, cameras: DEMO_CAMERAS.length },
    'video demo: test camera and ONVIF simulator running',
  );
  return {
    async stop() {
      await rtsp.stop();
      await onvif.stop();
    },
  };
}
