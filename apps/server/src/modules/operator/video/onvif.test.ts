import { ptzVelocity } from '@lantian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CameraUnreachable, OnvifPtz } from './onvif-client';
import { OnvifSimulator } from './simulator/onvif-simulator';

describe('ONVIF PTZ through the onvif client against the simulator', () => {
  const camera = new OnvifSimulator({
    username: 'admin',
    password: 'Cam#2026',
    streams: ['rtsp://127.0.0.1:1/ch1', 'rtsp://127.0.0.1:1/ch2'],
  });
  let url = '';
  beforeAll(async () => {
    url = await camera.start();
  });
  afterAll(() => camera.stop());

  it('moves channel 2 right with ContinuousMove, then Stop holds the position', async () => {
    const ptz = new OnvifPtz();
    const endpoint = { url, username: 'admin', password: 'Cam#2026' };
    await ptz.move(endpoint, 2, ptzVelocity('right') ?? { x: 0, y: 0, zoom: 0 });
    await new Promise((r) => setTimeout(r, 300));
    await ptz.stop(endpoint, 2);
    const held = camera.position(2);
    expect(held.x).toBeGreaterThan(0.03);
    expect(held.y).toBe(0);
    expect(camera.position(1).x).toBe(0);
    expect(camera.moves.map((m) => [m.channel, m.kind, m.velocity.x])).toEqual([
      [2, 'ContinuousMove', 0.5],
      [2, 'Stop', 0],
    ]);
    const reported = await ptz.status(endpoint, 2);
    expect(reported.x).toBeCloseTo(held.x, 3);
  });

  it('a wrong password is refused by the camera (WS-Security digest checked)', async () => {
    const before = camera.rejected;
    await expect(
      new OnvifPtz().move({ url, username: 'admin', password: 'wrong' }, 1, { x: 0, y: 0.5, zoom: 0 }),
    ).rejects.toBeInstanceOf(CameraUnreachable);
    expect(camera.rejected).toBeGreaterThan(before);
    expect(camera.moves.filter((m) => m.channel === 1)).toHaveLength(0);
  });

  it('a camera that is not there fails within the timeout', async () => {
    const started = Date.now();
    await expect(
      new OnvifPtz().stop({ url: 'http://127.0.0.1:1/onvif/device_service', username: 'a', password: 'b' }, 1),
    ).rejects.toBeInstanceOf(CameraUnreachable);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
