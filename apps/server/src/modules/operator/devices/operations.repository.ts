import type { Insertable, Selectable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import type { DeviceOperationsTable, DevicesTables } from './devices.tables';

export type OperationRecord = Selectable<DeviceOperationsTable>;

/** Operation records (ops): scoped by the area of the devices they concern. */
export class OperationsRepository {
  constructor(private readonly database: Database<DevicesTables>) {}

  async insert(row: Insertable<DeviceOperationsTable>): Promise<number> {
    const inserted = await this.database.db
      .insertInto('device_operations')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async list(
    filter: {
      operationStatus?: string | undefined;
      validStatus?: string | undefined;
      deviceId?: string | undefined;
      from?: number | undefined;
      to?: number | undefined;
    },
    scope: AreaScope,
    page: { offset: number; limit: number },
  ): Promise<{ list: OperationRecord[]; total: number }> {
    let query = this.database.db.selectFrom('device_operations').where(inAreaScope('area_code', scope));
    if (filter.operationStatus !== undefined) query = query.where('operation_status', '=', filter.operationStatus);
    if (filter.validStatus !== undefined) query = query.where('valid_status', '=', filter.validStatus);
    if (filter.from !== undefined) query = query.where('end_t', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('start_t', '<=', filter.to);
    if (filter.deviceId !== undefined) {
      // device_ids is "1,2,3": match the id as a whole item.
      const id = filter.deviceId;
      query = query.where((eb) =>
        eb.or([
          eb('device_ids', '=', id),
          eb('device_ids', 'like', `${id},%`),
          eb('device_ids', 'like', `%,${id}`),
          eb('device_ids', 'like', `%,${id},%`),
        ]),
      );
    }
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const list = await query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return { list, total: Number(total.n) };
  }
}
