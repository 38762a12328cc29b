import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { encodeMp4, VideoEncodeError } from './mp4';

const require = createRequire(import.meta.url);
const ffprobe = (require('@ffprobe-installer/ffprobe') as { path: string }).path;

async function frame(i: number): Promise<Buffer> {
  const canvas = createCanvas(321, 241);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = `rgb(${(i * 40) % 255}, 80, 160)`;
  ctx.fillRect(0, 0, 321, 241);
  return canvas.encode('png');
}

describe('frames → MP4', () => {
  it('is H.264 with one video frame per input frame (ffprobe)', async () => {
    const frames = await Promise.all([0, 1, 2, 3, 4, 5, 6].map(frame));
    const mp4 = await encodeMp4(frames, { fps: 2 });
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'lt-mp4-')), 'v.mp4');
    writeFileSync(file, mp4);
    const probe = JSON.parse(
      execFileSync(ffprobe, [
        '-v',
        'error',
        '-count_frames',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=codec_name,nb_read_frames,width,height',
        '-of',
        'json',
        file,
      ]).toString(),
    ) as { streams: Array<{ codec_name: string; nb_read_frames: string; width: number; height: number }> };
    const stream = probe.streams[0];
    expect(stream?.codec_name).toBe('h264');
    expect(Number(stream?.nb_read_frames)).toBe(7);
    // Odd sizes are padded to even ones.
    expect(stream?.width).toBe(322);
    expect(stream?.height).toBe(242);
  }, 30_000);

  it('refuses frames that are not images, and an empty list', async () => {
    await expect(encodeMp4([Buffer.from('not a picture')], { fps: 1 })).rejects.toBeInstanceOf(VideoEncodeError);
    await expect(encodeMp4([], { fps: 1 })).rejects.toBeInstanceOf(VideoEncodeError);
  }, 30_000);
});
