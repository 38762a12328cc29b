import { type Insertable, type QueryExecutorProvider, type Selectable, sql } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import { containsIgnoringCase } from '../../../platform/db/like';
import type { EventsTables } from '../events';
import type { OperatorsTables } from '../operators';
import type { ComplaintsTable, ComplaintsTables } from './complaints.tables';

/**
 * The complaints module's view of the database: its table, and what it reads beside it — the linked
 * event's state (a converted complaint reads 已办结 once its event is closed) and the handler's name.
 */
export type ComplaintsView = ComplaintsTables & Pick<EventsTables, 'events'> & Pick<OperatorsTables, 'operators'>;

export type ComplaintRecord = Selectable<ComplaintsTable> & {
  event_state: string | null;
  event_closed_at: number | null;
  handled_by_name: string | null;
};

export interface ComplaintFilter {
  types?: readonly string[] | undefined;
  status?: string | undefined;
  source?: string | undefined;
  keyword?: string | undefined;
  /** A tracking number typed as the keyword. */
  id?: number | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** Complaints. SQL lives here only; every operator read takes the reader's area scope. */
export class ComplaintsRepository {
  constructor(readonly database: Database<ComplaintsView>) {}

  async insert(row: Insertable<ComplaintsTable>): Promise<number> {
    const inserted = await this.database.db
      .insertInto('complaints')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  private rows() {
    return this.database.db
      .selectFrom('complaints as c')
      .leftJoin('events as e', 'e.id', 'c.event_id')
      .leftJoin('operators as o', 'o.id', 'c.handled_by')
      .selectAll('c')
      .select(['e.state as event_state', 'e.closed_at as event_closed_at', 'o.name as handled_by_name']);
  }

  async get(id: number, scope: AreaScope): Promise<ComplaintRecord | undefined> {
    return this.rows().where('c.id', '=', id).where(inAreaScope('c.area_code', scope)).executeTakeFirst();
  }

  /**
   * A complaint by id whatever its area: the citizen's progress query, which the caller checks against
   * the tracking number's date and the phone's last digits before answering anything.
   */
  async progress(id: number): Promise<ComplaintRecord | undefined> {
    return this.rows().where('c.id', '=', id).executeTakeFirst();
  }

  private filtered(scope: AreaScope, filter: ComplaintFilter) {
    let query = this.database.db.selectFrom('complaints as c').where(inAreaScope('c.area_code', scope));
    if (filter.types !== undefined) query = query.where('c.type', 'in', [...filter.types]);
    if (filter.status !== undefined) query = query.where('c.status', '=', filter.status);
    if (filter.source !== undefined) query = query.where('c.source', '=', filter.source);
    if (filter.id !== undefined) query = query.where('c.id', '=', filter.id);
    else if (filter.keyword !== undefined && filter.keyword !== '') {
      query = query.where(containsIgnoringCase(['c.title', 'c.content', 'c.address'], filter.keyword));
    }
    if (filter.from !== undefined) query = query.where('c.created_at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('c.created_at', '<=', filter.to);
    return query;
  }

  async list(scope: AreaScope, filter: ComplaintFilter, page: { offset: number; limit: number }) {
    const query = this.filtered(scope, filter);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const ids = await query
      .select('c.id')
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    const wanted = ids.map((r) => Number(r.id));
    const rows = wanted.length === 0 ? [] : await this.rows().where('c.id', 'in', wanted).execute();
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    return { list: wanted.flatMap((id) => byId.get(id) ?? []), total: Number(total.n) };
  }

  /** Complaints in the scope still waiting for someone to look at them (the header badge). */
  async countReceived(scope: AreaScope): Promise<number> {
    const row = await this.filtered(scope, { status: 'received' })
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Marks a complaint converted into `eventId`, inside the event's transaction, only from a state that
   * may be converted and never twice: false when someone converted or answered it first. The
   * transaction is the events module's (typed with its tables): written in plain SQL, which any
   * executor runs, rather than through a query builder typed for one schema.
   */
  async markConverted(
    trx: QueryExecutorProvider,
    id: number,
    change: { event_id: number; handled_at: number; handled_by: string },
  ): Promise<boolean> {
    const result = await sql`
      update complaints
         set status = 'converted', event_id = ${change.event_id}, handled_at = ${change.handled_at},
             handled_by = ${change.handled_by}
       where id = ${id} and status in ('received', 'accepted') and event_id is null`.execute(trx);
    return Number(result.numAffectedRows ?? 0) > 0;
  }

  /** Answers a complaint, only from the state the caller saw: false when it moved in between. */
  async answer(
    id: number,
    from: string,
    change: { status: string; reply: string; handled_at: number; handled_by: string },
  ): Promise<boolean> {
    const result = await this.database.db
      .updateTable('complaints')
      .set(change)
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
