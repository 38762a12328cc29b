import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * Frames → MP4 (H.264), for every video the platform makes (the lidar scan sequences of
 * `POST /overview/createLidarVideo`, the public `POST /api/createVideo`). The ffmpeg binary comes
 * inside the npm package `@ffmpeg-installer/ffmpeg` (nothing downloaded at install time). Frames
 * (PNG or JPEG, all the same size) go in through a pipe; the MP4 comes back in memory, fragmented
 * (written to a pipe, it cannot be seeked back to; browsers and ffprobe read fragments as they come).
 */

export interface EncodeOptions {
  /** Frames per second of the video. */
  fps: number;
  /** Longest time the encoder may take before it is killed (ms). */
  timeoutMs?: number;
}

/** Raised when ffmpeg cannot be run or refuses the frames. */
export class VideoEncodeError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'VideoEncodeError';
  }
}

const require = createRequire(import.meta.url);

let cachedPath: string | undefined;

/** Where the packaged ffmpeg binary is. */
export function ffmpegPath(): string {
  if (cachedPath === undefined) {
    const installer = require('@ffmpeg-installer/ffmpeg') as { path: string };
    cachedPath = installer.path;
  }
  return cachedPath;
}

/** Encodes `frames` (PNG/JPEG bytes) as an H.264 MP4 with exactly one video frame per input frame. */
export async function encodeMp4(frames: readonly Buffer[], options: EncodeOptions): Promise<Buffer> {
  if (frames.length === 0) throw new VideoEncodeError('no frames to encode');
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'image2pipe',
    '-framerate',
    String(options.fps),
    '-i',
    'pipe:0',
    // H.264 needs even dimensions; yuv420p is what every player decodes.
    '-vf',
    'pad=ceil(iw/2)*2:ceil(ih/2)*2:color=white',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(options.fps),
    '-movflags',
    'frag_keyframe+empty_moov+default_base_moof',
    '-f',
    'mp4',
    'pipe:1',
  ];
  return new Promise<Buffer>((resolve, reject) => {
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(ffmpegPath(), args, { stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (err) {
      reject(new VideoEncodeError('ffmpeg could not be started', err));
      return;
    }
    const out: Buffer[] = [];
    const errors: Buffer[] = [];
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new VideoEncodeError('ffmpeg took too long'));
    }, options.timeoutMs ?? 60_000);
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk));
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new VideoEncodeError('ffmpeg could not be started', err));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out));
      else
        reject(
          new VideoEncodeError(`ffmpeg failed (${code}): ${Buffer.concat(errors).toString('utf8').slice(0, 500)}`),
        );
    });
    // A closed pipe (ffmpeg refused the input) surfaces as the exit code above.
    child.stdin?.on('error', () => {});
    void (async () => {
      for (const frame of frames) {
        if (!(child.stdin?.write(frame) ?? false)) {
          await new Promise<void>((r) => child.stdin?.once('drain', () => r()));
        }
      }
      child.stdin?.end();
    })();
  });
}
