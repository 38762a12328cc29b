import { describe, expect, it } from 'vitest';
import { type AreaScope, NATIONWIDE } from '../../../platform/db/area-scope';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { CamerasRepository } from './cameras.repository';

const NOW = 1_760_000_000;
const CHAOYANG: AreaScope = { areaCode: '110105' };
const HAIDIAN: AreaScope = { areaCode: '110108' };

const camera = (deviceId: number, areaCode: string) => ({
  device_id: deviceId,
  area_code: areaCode,
  onvif_url: 'http://10.0.0.9/onvif/device_service',
  onvif_user: 'admin',
  onvif_password_sealed: 'v1.sealed',
  updated_at: NOW,
});
const channel = (deviceId: number, channelId: number, areaCode: string, ptz = 0) => ({
  device_id: deviceId,
  channel_id: channelId,
  area_code: areaCode,
  name: `通道${channelId}`,
  ptz,
  rtsp_sealed: `v1.rtsp${channelId}`,
});

describe.each(testDialects())('video cameras repository on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  it('saves a camera with its channels, replaces them all at once, and reads within the scope only', async () => {
    const { database } = await fresh();
    const repo = new CamerasRepository(database);
    await repo.save(camera(1, '110105'), [channel(1, 1, '110105', 1), channel(1, 2, '110105')]);
    await repo.save(camera(2, '110108'), [channel(2, 1, '110108')]);

    const all = await repo.configs([1, 2], NATIONWIDE);
    expect([...all.keys()].sort()).toEqual([1, 2]);
    expect(all.get(1)?.channels.map((c) => [c.channel_id, c.ptz])).toEqual([
      [1, 1],
      [2, 0],
    ]);
    expect(typeof all.get(1)?.camera.updated_at).toBe('number');
    expect([...(await repo.configs([1, 2], CHAOYANG)).keys()]).toEqual([1]);
    expect(await repo.config(1, HAIDIAN)).toBeUndefined();
    expect(await repo.configs([], NATIONWIDE)).toEqual(new Map());

    await repo.save({ ...camera(1, '110105'), onvif_url: null }, [channel(1, 3, '110105')]);
    const replaced = await repo.config(1, CHAOYANG);
    expect(replaced?.camera.onvif_url).toBeNull();
    expect(replaced?.channels.map((c) => c.channel_id)).toEqual([3]);
  });
});
