import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Env, integer, read } from '../../../platform/config';

export interface VideoSettings {
  /** Where the relays write their HLS folders (VIDEO_HLS_DIR; default: the system's temp folder). */
  hlsDir: string;
  /** The ffmpeg that relays RTSP to HLS (VIDEO_FFMPEG, default `ffmpeg` on the PATH). */
  ffmpeg: string;
  /** Seconds without a player fetching before a relay is stopped (VIDEO_IDLE_SECONDS). */
  idleSeconds: number;
  /** Seconds a camera has to start sending before its stream is offline (VIDEO_CONNECT_SECONDS). */
  connectSeconds: number;
  /** The key that seals camera credentials at rest (VIDEO_SECRET_KEY). */
  secretKey: string | undefined;
  /** DEMO_DATA=on and VIDEO_DEMO not off: the 【演示】 camera with its test pattern and PTZ simulator. */
  demo: boolean;
}

export function readVideoSettings(env: Env): VideoSettings {
  return {
    hlsDir: read(env, 'VIDEO_HLS_DIR') ?? join(tmpdir(), 'lantian-hls'),
    ffmpeg: read(env, 'VIDEO_FFMPEG') ?? 'ffmpeg',
    idleSeconds: integer(env, 'VIDEO_IDLE_SECONDS', 60, 2, 3600),
    connectSeconds: integer(env, 'VIDEO_CONNECT_SECONDS', 8, 2, 60),
    secretKey: read(env, 'VIDEO_SECRET_KEY'),
    demo: (read(env, 'DEMO_DATA') ?? 'on') === 'on' && read(env, 'VIDEO_DEMO') !== 'off',
  };
}
