import type { Insertable, Selectable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import type { NoticesTable, NoticesTables } from './notices.tables';

export type NoticeRecord = Selectable<NoticesTable> & { read_at: number | null };

export interface NoticeFilter {
  type?: string | undefined;
  isRead?: boolean | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** Notices within the reader's area, with the reader's own read mark. */
export class NoticesRepository {
  constructor(private readonly database: Database<NoticesTables>) {}

  async insert(row: Insertable<NoticesTable>): Promise<number> {
    const inserted = await this.database.db.insertInto('notices').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  private scoped(operatorId: string, scope: AreaScope) {
    return this.database.db
      .selectFrom('notices as n')
      .leftJoin('notice_reads as r', (join) =>
        join.onRef('r.notice_id', '=', 'n.id').on('r.operator_id', '=', operatorId),
      )
      .where(inAreaScope('n.area_code', scope));
  }

  async list(
    operatorId: string,
    scope: AreaScope,
    filter: NoticeFilter,
    page: { offset: number; limit: number },
  ): Promise<{ list: NoticeRecord[]; total: number }> {
    let query = this.scoped(operatorId, scope);
    if (filter.type !== undefined) query = query.where('n.type', '=', filter.type);
    if (filter.isRead === true) query = query.where('r.read_at', 'is not', null);
    if (filter.isRead === false) query = query.where('r.read_at', 'is', null);
    if (filter.from !== undefined) query = query.where('n.created_at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('n.created_at', '<=', filter.to);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const list = await query
      .selectAll('n')
      .select('r.read_at')
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return { list, total: Number(total.n) };
  }

  async unread(operatorId: string, scope: AreaScope): Promise<number> {
    const row = await this.scoped(operatorId, scope)
      .where('r.read_at', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async get(id: number, operatorId: string, scope: AreaScope): Promise<NoticeRecord | undefined> {
    return this.scoped(operatorId, scope).selectAll('n').select('r.read_at').where('n.id', '=', id).executeTakeFirst();
  }

  /** Marks notices read (all unread ones of the scope when `ids` is null); returns how many were newly marked. */
  async markRead(ids: readonly number[] | null, operatorId: string, scope: AreaScope, at: number): Promise<number> {
    let query = this.scoped(operatorId, scope).where('r.read_at', 'is', null).select('n.id');
    if (ids !== null) {
      if (ids.length === 0) return 0;
      query = query.where('n.id', 'in', [...ids]);
    }
    const unread = await query.execute();
    if (unread.length === 0) return 0;
    for (let i = 0; i < unread.length; i += 500) {
      await this.database.db
        .insertInto('notice_reads')
        .values(
          unread.slice(i, i + 500).map((n) => ({ notice_id: Number(n.id), operator_id: operatorId, read_at: at })),
        )
        .onConflict((oc) => oc.columns(['notice_id', 'operator_id']).doNothing())
        .execute();
    }
    return unread.length;
  }
}
