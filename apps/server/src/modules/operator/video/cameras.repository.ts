import type { Selectable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import type { VideoCamerasTable, VideoChannelsTable, VideoTables } from './video.tables';

export type CameraRecord = Selectable<VideoCamerasTable>;
export type ChannelRecord = Selectable<VideoChannelsTable>;
export interface CameraConfig {
  camera: CameraRecord;
  channels: ChannelRecord[];
}

/** The video configuration; every read takes the operator's scope and filters on area_code in SQL. */
export class CamerasRepository {
  constructor(private readonly database: Database<VideoTables>) {}

  private get db() {
    return this.database.db;
  }

  async configs(deviceIds: readonly number[], scope: AreaScope): Promise<Map<number, CameraConfig>> {
    const result = new Map<number, CameraConfig>();
    if (deviceIds.length === 0) return result;
    const ids = [...deviceIds];
    const cameras = await this.db
      .selectFrom('video_cameras')
      .selectAll()
      .where('device_id', 'in', ids)
      .where(inAreaScope('area_code', scope))
      .execute();
    for (const camera of cameras) result.set(camera.device_id, { camera, channels: [] });
    const channels = await this.db
      .selectFrom('video_channels')
      .selectAll()
      .where('device_id', 'in', ids)
      .where(inAreaScope('area_code', scope))
      .orderBy('device_id')
      .orderBy('channel_id')
      .execute();
    for (const channel of channels) result.get(channel.device_id)?.channels.push(channel);
    return result;
  }

  async config(deviceId: number, scope: AreaScope): Promise<CameraConfig | undefined> {
    return (await this.configs([deviceId], scope)).get(deviceId);
  }

  /** Replaces a camera's configuration (its channels all at once). */
  async save(camera: CameraRecord, channels: readonly ChannelRecord[]): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('video_channels').where('device_id', '=', camera.device_id).execute();
      await tx.deleteFrom('video_cameras').where('device_id', '=', camera.device_id).execute();
      await tx.insertInto('video_cameras').values(camera).execute();
      if (channels.length > 0)
        await tx
          .insertInto('video_channels')
          .values([...channels])
          .execute();
    });
  }
}
