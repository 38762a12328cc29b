import { type Expression, type Insertable, type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import { type AreaScope, inAreaScope, inCodeTree } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import { containsIgnoringCase } from '../../../platform/db/like';
import type { EventsTables } from '../events';

import type { PatrolPointsTable, PatrolsTable, PatrolsTables } from './patrols.tables';

/** The patrols module's view of the database: its tables, and the events table read for the events of a patrol. */
export type PatrolsView = PatrolsTables & Pick<EventsTables, 'events'>;

/**
 * What an operator may see of patrols: their organisation's area, narrowed for grid roles like events
 * (docs/GRID.md) — a grid manager to the patrols started in their grid's subtree, a grid member to
 * their own.
 */
export interface PatrolScope {
  area: AreaScope;
  gridPrefix?: string | undefined;
  memberId?: string | undefined;
}

export interface PatrolFilter {
  keyword?: string | undefined;
  gridPrefix?: string | undefined;
  tool?: string | undefined;
  status?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

export type PatrolRecord = Selectable<PatrolsTable> & { event_count: number };
export type StoredPoint = Selectable<PatrolPointsTable>;

/** The condition of a patrol scope on the alias `p`. */
export function inPatrolScope(scope: PatrolScope): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [inAreaScope('p.area_code', scope.area)];
  if (scope.gridPrefix !== undefined) parts.push(inCodeTree('p.grid_code', scope.gridPrefix));
  if (scope.memberId !== undefined) parts.push(sql<SqlBool>`p.operator_id = ${scope.memberId}`);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** Rows per multi-row INSERT of points: 6 columns × 100 stays under SQLite's oldest parameter limit (999). */
const POINTS_CHUNK = 100;

/** Patrols and their points. SQL lives here only; every read of others' patrols takes the reader's scope. */
export class PatrolsRepository {
  constructor(readonly database: Database<PatrolsView>) {}

  transaction<T>(work: (trx: Kysely<PatrolsView>) => Promise<T>): Promise<T> {
    return this.database.db.transaction().execute(work);
  }

  async insert(row: Insertable<PatrolsTable>): Promise<number> {
    const inserted = await this.database.db.insertInto('patrols').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  private rows() {
    return this.database.db
      .selectFrom('patrols as p')
      .selectAll('p')
      .select((eb) =>
        eb
          .selectFrom('events as e')
          .whereRef('e.patrol_id', '=', 'p.id')
          .select((c) => c.fn.countAll<number>().as('n'))
          .as('event_count'),
      );
  }

  private static record(row: Selectable<PatrolsTable> & { event_count: number | null }): PatrolRecord {
    return { ...row, event_count: Number(row.event_count ?? 0) };
  }

  async get(id: number, scope: PatrolScope): Promise<PatrolRecord | undefined> {
    const row = await this.rows().where('p.id', '=', id).where(inPatrolScope(scope)).executeTakeFirst();
    return row === undefined ? undefined : PatrolsRepository.record(row);
  }

  /** A patrol of the operator's own (the writes: only the patrolling operator sends points or finishes). */
  async own(id: number, operatorId: string): Promise<PatrolRecord | undefined> {
    const row = await this.rows().where('p.id', '=', id).where('p.operator_id', '=', operatorId).executeTakeFirst();
    return row === undefined ? undefined : PatrolsRepository.record(row);
  }

  /** The operator's active patrol, if any (at most one: a partial unique index). */
  async active(operatorId: string): Promise<PatrolRecord | undefined> {
    const row = await this.rows()
      .where('p.operator_id', '=', operatorId)
      .where('p.status', '=', 'active')
      .executeTakeFirst();
    return row === undefined ? undefined : PatrolsRepository.record(row);
  }

  async list(scope: PatrolScope, filter: PatrolFilter, page: { offset: number; limit: number }) {
    let query = this.database.db.selectFrom('patrols as p').where(inPatrolScope(scope));
    if (filter.keyword !== undefined && filter.keyword !== '') {
      query = query.where(containsIgnoringCase(['p.operator_name', 'p.note'], filter.keyword));
    }
    if (filter.gridPrefix !== undefined) query = query.where(inCodeTree('p.grid_code', filter.gridPrefix));
    if (filter.tool !== undefined) query = query.where('p.tool', '=', filter.tool);
    if (filter.status !== undefined) query = query.where('p.status', '=', filter.status);
    if (filter.from !== undefined) query = query.where('p.started_at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('p.started_at', '<=', filter.to);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const ids = await query
      .select('p.id')
      .orderBy('p.started_at', 'desc')
      .orderBy('p.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    const wanted = ids.map((r) => Number(r.id));
    const rows = wanted.length === 0 ? [] : await this.rows().where('p.id', 'in', wanted).execute();
    const byId = new Map(rows.map((r) => [Number(r.id), PatrolsRepository.record(r)]));
    return { list: wanted.flatMap((id) => byId.get(id) ?? []), total: Number(total.n) };
  }

  /** The patrol's last stored point. */
  async lastPoint(patrolId: number): Promise<StoredPoint | undefined> {
    return this.database.db
      .selectFrom('patrol_points')
      .selectAll()
      .where('patrol_id', '=', patrolId)
      .orderBy('t', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The times already stored between two times (inclusive): what a batch sent again repeats. */
  async timesBetween(patrolId: number, from: number, to: number): Promise<Set<number>> {
    const rows = await this.database.db
      .selectFrom('patrol_points')
      .select('t')
      .where('patrol_id', '=', patrolId)
      .where('t', '>=', from)
      .where('t', '<=', to)
      .execute();
    return new Set(rows.map((r) => Number(r.t)));
  }

  /** The whole track in time order. */
  async points(patrolId: number): Promise<StoredPoint[]> {
    const rows = await this.database.db
      .selectFrom('patrol_points')
      .selectAll()
      .where('patrol_id', '=', patrolId)
      .orderBy('t')
      .execute();
    return rows.map((r) => ({ ...r, t: Number(r.t) }));
  }

  /**
   * Stores points, skipping any whose (patrol, second) is already stored — the key makes a batch sent
   * twice harmless even when the two arrive together. Returns how many were new.
   */
  async appendPoints(trx: Kysely<PatrolsView>, rows: readonly Insertable<PatrolPointsTable>[]): Promise<number> {
    let inserted = 0;
    for (let i = 0; i < rows.length; i += POINTS_CHUNK) {
      const result = await trx
        .insertInto('patrol_points')
        .values(rows.slice(i, i + POINTS_CHUNK))
        .onConflict((oc) => oc.columns(['patrol_id', 't']).doNothing())
        .executeTakeFirst();
      inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return inserted;
  }

  /**
   * Sets the track's totals, only when the patrol is still active and has the point count the caller
   * measured from: false when another batch was stored in between (the caller measures again).
   */
  async updateTrack(
    trx: Kysely<PatrolsView>,
    id: number,
    seenCount: number,
    totals: { distance_m: number; point_count: number },
  ): Promise<boolean> {
    const result = await trx
      .updateTable('patrols')
      .set(totals)
      .where('id', '=', id)
      .where('status', '=', 'active')
      .where('point_count', '=', seenCount)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Ends an active patrol; false when it was not active any more. */
  async finish(id: number, operatorId: string, endedAt: number, note: string): Promise<boolean> {
    const result = await this.database.db
      .updateTable('patrols')
      .set({ status: 'finished', ended_at: endedAt, note })
      .where('id', '=', id)
      .where('operator_id', '=', operatorId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The events reported during a patrol (events.patrol_id), oldest first; read-only. */
  async events(patrolId: number) {
    return this.database.db
      .selectFrom('events')
      .select(['id', 'title', 'catalog', 'state', 'address', 'lon', 'lat', 'reported_at'])
      .where('patrol_id', '=', patrolId)
      .orderBy('reported_at')
      .orderBy('id')
      .execute();
  }
}
