import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { type Expression, type SqlBool, sql } from 'kysely';
import { type AreaScope, inAreaScope, inCodeTree } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import { containsIgnoringCase } from '../../../platform/db/like';
import type { OperatorsTables } from '../operators';
import type { TasksTables } from '../tasks';
import type { EventAttachmentsTable, EventLogsTable, EventsTable, EventsTables } from './events.tables';

/** The events module's view of the database: its tables, and the names it joins for lists. */
export type EventsView = EventsTables & TasksTables & Pick<OperatorsTables, 'operators' | 'orgs'>;

/**
 * What an operator may see of events: their organisation's area, narrowed for grid roles — a grid
 * manager to their grid's subtree, a grid member to the events assigned to them or reported by them.
 */
export interface EventScope {
  area: AreaScope;
  gridPrefix?: string | undefined;
  memberId?: string | undefined;
}

export type EventRecord = Selectable<EventsTable> & {
  org_name: string | null;
  assignee_name: string | null;
  photo_count: number;
};

export type AttachmentMeta = Omit<Selectable<EventAttachmentsTable>, 'data'> & { step: string | null };

export interface EventFilter {
  state?: string | undefined;
  catalogs?: readonly string[] | undefined;
  source?: string | undefined;
  gridPrefix?: string | undefined;
  orgId?: string | undefined;
  priority?: number | undefined;
  overdueAt?: number | undefined;
  mineId?: string | undefined;
  keyword?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** Open states: an event in one of them past its deadline is overdue (packages/domain OPEN_EVENT_STATES). */
const OPEN = ['reported', 'accepted', 'dispatched', 'handling', 'returned'];

/** The condition of an event scope on the alias `e`. */
export function inEventScope(scope: EventScope): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [inAreaScope('e.area_code', scope.area)];
  if (scope.gridPrefix !== undefined) parts.push(inCodeTree('e.grid_code', scope.gridPrefix));
  if (scope.memberId !== undefined) {
    parts.push(sql<SqlBool>`(e.assignee_id = ${scope.memberId} or e.reporter_id = ${scope.memberId})`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** Events, their logs and photos. SQL lives here only; every read takes the reader's scope. */
export class EventsRepository {
  constructor(readonly database: Database<EventsView>) {}

  transaction<T>(work: (trx: Kysely<EventsView>) => Promise<T>): Promise<T> {
    return this.database.db.transaction().execute(work);
  }

  async insertEvent(trx: Kysely<EventsView>, row: Insertable<EventsTable>): Promise<number> {
    const inserted = await trx.insertInto('events').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async insertLog(trx: Kysely<EventsView>, row: Insertable<EventLogsTable>): Promise<number> {
    const inserted = await trx.insertInto('event_logs').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async insertAttachments(trx: Kysely<EventsView>, rows: Insertable<EventAttachmentsTable>[]): Promise<void> {
    for (const row of rows) await trx.insertInto('event_attachments').values(row).execute();
  }

  /**
   * Moves an event on, only from the state the caller saw: false when someone else moved it first
   * (two dispatchers at once), so that no transition is applied to a state it was not checked against.
   */
  async move(trx: Kysely<EventsView>, id: number, from: string, changes: Updateable<EventsTable>): Promise<boolean> {
    const result = await trx
      .updateTable('events')
      .set(changes)
      .where('id', '=', id)
      .where('state', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  private rows() {
    return this.database.db
      .selectFrom('events as e')
      .leftJoin('orgs as o', 'o.id', 'e.org_id')
      .leftJoin('operators as a', 'a.id', 'e.assignee_id')
      .selectAll('e')
      .select(['o.name as org_name', 'a.name as assignee_name'])
      .select((eb) =>
        eb
          .selectFrom('event_attachments as p')
          .whereRef('p.event_id', '=', 'e.id')
          .select((c) => c.fn.countAll<number>().as('n'))
          .as('photo_count'),
      );
  }

  async get(id: number, scope: EventScope): Promise<EventRecord | undefined> {
    const row = await this.rows().where('e.id', '=', id).where(inEventScope(scope)).executeTakeFirst();
    return row === undefined ? undefined : { ...row, photo_count: Number(row.photo_count ?? 0) };
  }

  async byAlarm(alarmId: number): Promise<{ id: number } | undefined> {
    const row = await this.database.db
      .selectFrom('events')
      .select('id')
      .where('alarm_id', '=', alarmId)
      .executeTakeFirst();
    return row === undefined ? undefined : { id: Number(row.id) };
  }

  private filtered(scope: EventScope, filter: EventFilter) {
    let query = this.database.db.selectFrom('events as e').where(inEventScope(scope));
    if (filter.state !== undefined) query = query.where('e.state', '=', filter.state);
    if (filter.catalogs !== undefined) query = query.where('e.catalog', 'in', [...filter.catalogs]);
    if (filter.source !== undefined) query = query.where('e.source', '=', filter.source);
    if (filter.gridPrefix !== undefined) query = query.where(inCodeTree('e.grid_code', filter.gridPrefix));
    if (filter.orgId !== undefined) query = query.where('e.org_id', '=', filter.orgId);
    if (filter.priority !== undefined) query = query.where('e.priority', '=', filter.priority);
    if (filter.overdueAt !== undefined) {
      query = query.where('e.state', 'in', OPEN).where('e.deadline', '<', filter.overdueAt);
    }
    if (filter.mineId !== undefined) {
      const me = filter.mineId;
      query = query.where((eb) => eb.or([eb('e.assignee_id', '=', me), eb('e.reporter_id', '=', me)]));
    }
    if (filter.keyword !== undefined && filter.keyword !== '') {
      query = query.where(containsIgnoringCase(['e.title', 'e.address', 'e.description'], filter.keyword));
    }
    if (filter.from !== undefined) query = query.where('e.reported_at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('e.reported_at', '<=', filter.to);
    return query;
  }

  async list(scope: EventScope, filter: EventFilter, page: { offset: number; limit: number }) {
    const query = this.filtered(scope, filter);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const ids = await query
      .select('e.id')
      .orderBy('e.reported_at', 'desc')
      .orderBy('e.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    const wanted = ids.map((r) => Number(r.id));
    const rows = wanted.length === 0 ? [] : await this.rows().where('e.id', 'in', wanted).execute();
    const byId = new Map(rows.map((r) => [Number(r.id), { ...r, photo_count: Number(r.photo_count ?? 0) }]));
    return { list: wanted.flatMap((id) => byId.get(id) ?? []), total: Number(total.n) };
  }

  /** Counts by state within the scope and filter, with how many open events are past their deadline. */
  async stateCounts(scope: EventScope, filter: EventFilter, now: number) {
    const rows = await this.filtered(scope, filter)
      .select(['e.state'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .select((eb) =>
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('e.state', 'in', OPEN), eb('e.deadline', '<', now)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('late'),
      )
      .groupBy('e.state')
      .execute();
    return rows.map((r) => ({ state: r.state, count: Number(r.n), overdue: Number(r.late ?? 0) }));
  }

  /** Counts per China day (days since the epoch) and a key column, for the index charts. */
  async dateCounts(scope: EventScope, key: 'state' | 'catalog', from: number, to: number) {
    const day = sql<number>`cast((e.reported_at + 28800) / 86400 as integer)`;
    const rows = await this.filtered(scope, { from, to })
      .select([`e.${key} as key`])
      .select(day.as('day'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy([`e.${key}`, day])
      .execute();
    return rows.map((r) => ({ key: String(r.key), day: Number(r.day), count: Number(r.n) }));
  }

  async logs(eventId: number) {
    return this.database.db
      .selectFrom('event_logs')
      .selectAll()
      .where('event_id', '=', eventId)
      .orderBy('id')
      .execute();
  }

  async attachments(eventId: number): Promise<AttachmentMeta[]> {
    return this.database.db
      .selectFrom('event_attachments as p')
      .leftJoin('event_logs as l', 'l.id', 'p.log_id')
      .select([
        'p.id',
        'p.event_id',
        'p.log_id',
        'p.name',
        'p.mime',
        'p.bytes',
        'p.width',
        'p.height',
        'p.lon',
        'p.lat',
        'p.taken_at',
        'p.sha256',
        'p.created_by',
        'p.created_by_name',
        'p.created_at',
        'l.action as step',
      ])
      .where('p.event_id', '=', eventId)
      .orderBy('p.id')
      .execute();
  }

  /** A photo's bytes, when its event lies in the reader's scope. */
  async attachmentData(id: number, scope: EventScope) {
    return this.database.db
      .selectFrom('event_attachments as p')
      .innerJoin('events as e', 'e.id', 'p.event_id')
      .select(['p.data', 'p.mime', 'p.sha256', 'p.name'])
      .where('p.id', '=', id)
      .where(inEventScope(scope))
      .executeTakeFirst();
  }

  /** Open events past their deadline that the sweep has not marked yet. */
  async lateUnmarked(now: number, limit: number) {
    return this.database.db
      .selectFrom('events')
      .select(['id', 'title', 'area_code', 'state', 'deadline', 'assignee_id', 'catalog'])
      .where('state', 'in', OPEN)
      .where('deadline', '<', now)
      .where('overdue_at', 'is', null)
      .orderBy('deadline')
      .limit(limit)
      .execute();
  }

  /** Marks an event overdue once; false when another instance did it first. */
  async markOverdue(trx: Kysely<EventsView>, id: number, at: number): Promise<boolean> {
    const result = await trx
      .updateTable('events')
      .set({ overdue_at: at })
      .where('id', '=', id)
      .where('overdue_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
