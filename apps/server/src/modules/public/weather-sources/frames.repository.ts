import type { Selectable } from 'kysely';
import type { Database } from '../../../platform/db/database';
import type { ImageFramesTable, SourceOrigin, WeatherSourcesTables } from './weather-sources.tables';

export type FrameMeta = Omit<Selectable<ImageFramesTable>, 'data'>;

/** image_frames: radar, satellite and nowcast images with their bytes. */
export class FramesRepository {
  constructor(private readonly database: Database<WeatherSourcesTables>) {}

  /** Writes a batch in one transaction; a frame of the same name is replaced. */
  async save(frames: readonly ImageFramesTable[]): Promise<void> {
    if (frames.length === 0) return;
    await this.database.db.transaction().execute(async (trx) => {
      for (const frame of frames) {
        await trx.deleteFrom('image_frames').where('name', '=', frame.name).execute();
        await trx.insertInto('image_frames').values(frame).execute();
      }
    });
  }

  /** Frames of a kind (and product, and region) in [from, to], oldest first, without their bytes. */
  async list(
    kind: string,
    product: string | undefined,
    from: number,
    to: number,
    region?: string,
  ): Promise<FrameMeta[]> {
    let query = this.database.db
      .selectFrom('image_frames')
      .select([
        'name',
        'kind',
        'product',
        'region',
        'time',
        'width',
        'height',
        'format',
        'origin',
        'source_url',
        'imported_at',
      ])
      .where('kind', '=', kind)
      .where('time', '>=', from)
      .where('time', '<=', to);
    if (product) query = query.where('product', '=', product);
    if (region) query = query.where('region', '=', region);
    return query.orderBy('time').execute();
  }

  async latestTime(kind: string): Promise<number | undefined> {
    const row = await this.database.db
      .selectFrom('image_frames')
      .select((eb) => eb.fn.max('time').as('t'))
      .where('kind', '=', kind)
      .executeTakeFirst();
    return row?.t == null ? undefined : Number(row.t);
  }

  /** Frames per kind and product with their time span, for the radar configuration. */
  async summary(): Promise<
    { kind: string; product: string; region: string; frames: number; first: number; last: number }[]
  > {
    const rows = await this.database.db
      .selectFrom('image_frames')
      .select((eb) => [
        'kind',
        'product',
        'region',
        eb.fn.countAll<number>().as('frames'),
        eb.fn.min('time').as('first'),
        eb.fn.max('time').as('last'),
      ])
      .groupBy(['kind', 'product', 'region'])
      .orderBy('kind')
      .orderBy('product')
      .execute();
    return rows.map((r) => ({ ...r, frames: Number(r.frames), first: Number(r.first), last: Number(r.last) }));
  }

  /** The newest frame of a kind and region at or before `at`, with its bytes. */
  async latestOf(kind: string, region: string, at: number): Promise<Selectable<ImageFramesTable> | undefined> {
    return this.database.db
      .selectFrom('image_frames')
      .selectAll()
      .where('kind', '=', kind)
      .where('region', '=', region)
      .where('time', '<=', at)
      .orderBy('time', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Drops frames of a kind older than `before` (traffic images arrive every few minutes per city). */
  async deleteKindOlder(kind: string, before: number): Promise<number> {
    const result = await this.database.db
      .deleteFrom('image_frames')
      .where('kind', '=', kind)
      .where('time', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async byName(name: string): Promise<Selectable<ImageFramesTable> | undefined> {
    return this.database.db.selectFrom('image_frames').selectAll().where('name', '=', name).executeTakeFirst();
  }

  async byNameOrUrl(name: string, url: string): Promise<Selectable<ImageFramesTable> | undefined> {
    return this.database.db
      .selectFrom('image_frames')
      .selectAll()
      .where((eb) => eb.or([eb('name', '=', name), eb('source_url', '=', url)]))
      .executeTakeFirst();
  }

  async hasTime(kind: string, time: number, origin: SourceOrigin): Promise<boolean> {
    const row = await this.database.db
      .selectFrom('image_frames')
      .select('name')
      .where('kind', '=', kind)
      .where('time', '=', time)
      .where('origin', '=', origin)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Drops frames older than `before` of an origin (the demo keeps a short loop). */
  async deleteOlder(origin: SourceOrigin, before: number): Promise<number> {
    const result = await this.database.db
      .deleteFrom('image_frames')
      .where('origin', '=', origin)
      .where('time', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
