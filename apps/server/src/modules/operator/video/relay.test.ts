import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RelayManager } from './relay';
import { freePort, TestCamera, testCameraUnavailable } from './simulator/test-camera';

const missing = testCameraUnavailable();
if (missing !== undefined) console.warn(`video relay tests skipped: ${missing}`);

const until = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
};

describe.skipIf(missing !== undefined)('RTSP → HLS relay with the real ffmpeg and a real RTSP camera', () => {
  let dir = '';
  let camera: TestCamera;
  let relays: RelayManager;
  /** A player polling: keeps the relay wanted and reads its state. */
  const watching = (key: string) => {
    relays.touch(key);
    return relays.view(key).state;
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lantian-relay-'));
    camera = new TestCamera(await freePort(), ['/ch1']);
    await camera.start();
    relays = new RelayManager(
      { dir, ffmpeg: 'ffmpeg', idleSeconds: 2, connectSeconds: 8 },
      pino({ level: 'silent' }),
      (key) => `/hls/${key}/index.m3u8`,
    );
  });
  afterAll(async () => {
    await relays.close();
    await camera.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('goes live with a rolling playlist of H.264 segments, survives viewers, stops when idle', async () => {
    const url = camera.urls()[0] as string;
    const first = await relays.ensure('cam-1', url);
    expect(first.state).toBe('connecting');
    expect(await until(() => watching('cam-1') === 'live', 15000)).toBe(true);
    expect(relays.view('cam-1').url).toBe('/hls/cam-1/index.m3u8');
    // Segments keep coming while a viewer keeps fetching.
    await until(() => {
      relays.touch('cam-1');
      return false;
    }, 3000);
    const playlist = await readFile(relays.file('cam-1', 'index.m3u8') as string, 'utf8');
    expect(playlist).toMatch(/#EXT-X-TARGETDURATION:[12]\n/);
    const segments = playlist.split('\n').filter((l) => l.endsWith('.ts'));
    expect(segments.length).toBeGreaterThanOrEqual(2);
    expect(relays.file('cam-1', segments.at(-1) as string)).toBeDefined();
    expect(relays.file('cam-1', '../../etc/passwd')).toBeUndefined();
    // No viewer for longer than idleSeconds: the relay and its files are gone.
    const pid = relays.pid('cam-1');
    expect(pid).toBeGreaterThan(0);
    expect(await until(() => relays.view('cam-1').state === 'idle', 6000)).toBe(true);
    // The relay is forgotten at once and its ffmpeg ended right after (SIGTERM, SIGKILL after 2 s).
    const alive = () => {
      try {
        process.kill(pid as number, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(await until(() => !alive(), 4000)).toBe(true);
  }, 30_000);

  it('another server process of the machine serves a running relay instead of starting a second one', async () => {
    const url = camera.urls()[0] as string;
    await relays.ensure('shared', url);
    expect(await until(() => watching('shared') === 'live', 15000)).toBe(true);
    // The same folder, seen from a process with another id.
    const other = new RelayManager(
      { dir, ffmpeg: 'ffmpeg', idleSeconds: 2, connectSeconds: 8, pid: process.pid + 1_000_000 },
      pino({ level: 'silent' }),
      (key) => `/hls/${key}/index.m3u8`,
    );
    const seen = await other.ensure('shared', url);
    expect(seen.state).toBe('live');
    expect(other.pid('shared')).toBeUndefined();
    expect(other.file('shared', 'index.m3u8')).toBeDefined();
    // Only the other process's player watches now: the owner keeps the relay past its idle time.
    await until(() => {
      other.touch('shared');
      return false;
    }, 3500);
    expect(relays.view('shared').state).toBe('live');
    await other.close();
    await relays.stop('shared');
  }, 40_000);

  it('a camera that goes away is offline with the reason, and the relay comes back when it returns', async () => {
    const url = camera.urls()[0] as string;
    await relays.ensure('cam-2', url);
    expect(await until(() => watching('cam-2') === 'live', 15000)).toBe(true);
    await camera.stop();
    expect(
      await until(() => {
        relays.touch('cam-2');
        return relays.view('cam-2').state === 'offline';
      }, 15000),
    ).toBe(true);
    expect(relays.view('cam-2').reason).toMatch(/摄像机|视频流|连接/);
    await camera.start();
    expect(
      await until(() => {
        relays.touch('cam-2');
        return relays.view('cam-2').state === 'live';
      }, 15000),
    ).toBe(true);
  }, 40_000);

  it('a camera that is not there is offline within a few seconds, never connecting for ever', async () => {
    const started = Date.now();
    await relays.ensure('nobody', `rtsp://127.0.0.1:${await freePort()}/ch1`);
    expect(await until(() => relays.view('nobody').state === 'offline', 6000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(6000);
    expect(relays.view('nobody').reason).toContain('拒绝连接');
    await relays.stop('nobody');
  }, 15_000);
});
