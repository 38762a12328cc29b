import { OPEN_EVENT_STATES } from '@lantian/domain';
import { type Expression, type Insertable, type RawBuilder, type SqlBool, sql } from 'kysely';
import { type AreaScope, inAreaScope, inCodeTree } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import { type EventScope, type EventsView, inEventScope } from './events.repository';
import type { EventsTable } from './events.tables';

/** What the statistics count: a period of report times, optionally catalogues, a grid subtree, an area, a box. */
export interface StatsFilter {
  from: number;
  to: number;
  catalogs?: readonly string[] | undefined;
  gridPrefix?: string | undefined;
  /** A narrower area than the scope (the choropleth of a county). */
  area?: AreaScope | undefined;
  bbox?: { minLon: number; minLat: number; maxLon: number; maxLat: number } | undefined;
}

/** Counts of one group by where its events stand. */
export interface BreakdownCounts {
  key: string | null;
  total: number;
  open: number;
  handled: number;
  closed: number;
  rejected: number;
  overdue: number;
}

/** The grouping keys of a breakdown. Each is SQL text without parameters: PostgreSQL matches a
 * selected expression to its GROUP BY only when both are the same text, and two parameters are not. */
export type BreakdownKey =
  | { kind: 'catalog' }
  | { kind: 'state' }
  | { kind: 'org' }
  | { kind: 'day' }
  /** The grid `depth` characters long above each event's grid (its top grid: 9; a child of G: G.length + 3). */
  | { kind: 'grid'; depth: number };

const OPEN_LIST = sql.join(OPEN_EVENT_STATES.map((s) => sql.lit(s)));
/** China day of the report (days since 1970-01-01 in UTC+8); integer division on both databases. */
const DAY_SQL = sql<number>`((e.reported_at + 28800) / 86400)`;

function keySql(key: BreakdownKey): RawBuilder<string | number | null> {
  switch (key.kind) {
    case 'catalog':
      return sql`e.catalog`;
    case 'state':
      return sql`e.state`;
    case 'org':
      return sql`e.org_id`;
    case 'day':
      return DAY_SQL;
    case 'grid':
      if (!Number.isInteger(key.depth) || key.depth < 9 || key.depth > 30)
        throw new Error(`bad grid depth ${key.depth}`);
      // Events filed directly on a shorter grid (the parent itself) keep their own code.
      return sql`substr(e.grid_code, 1, ${sql.lit(key.depth)})`;
  }
}

/** "Overdue": the sweep marked it, or it is still open past its deadline (the sweep may not have run yet). */
const lateSql = (now: number) =>
  sql<SqlBool>`(e.overdue_at is not null or (e.state in (${OPEN_LIST}) and e.deadline < ${now}))`;

const count = (value: unknown): number => Number(value ?? 0);

/**
 * The read side of grid events: aggregates for the hot map, statistics, index charts and grid counts.
 * SQL over the events table (and the first accept of each event in its log, for the response time);
 * every query takes the reader's {@link EventScope}, applied with {@link inEventScope}.
 */
export class IncidentsRepository {
  constructor(private readonly database: Database<EventsView>) {}

  private where(scope: EventScope, filter: StatsFilter): Expression<SqlBool> {
    const parts: Expression<SqlBool>[] = [
      inEventScope(scope),
      sql<SqlBool>`e.reported_at between ${filter.from} and ${filter.to}`,
    ];
    if (filter.catalogs !== undefined) {
      parts.push(
        filter.catalogs.length === 0
          ? sql<SqlBool>`1 = 0`
          : sql<SqlBool>`e.catalog in (${sql.join(filter.catalogs.map((c) => sql`${c}`))})`,
      );
    }
    if (filter.gridPrefix !== undefined) parts.push(inCodeTree('e.grid_code', filter.gridPrefix));
    if (filter.area !== undefined) parts.push(inAreaScope('e.area_code', filter.area));
    if (filter.bbox !== undefined) {
      const b = filter.bbox;
      parts.push(sql<SqlBool>`e.lon between ${b.minLon} and ${b.maxLon} and e.lat between ${b.minLat} and ${b.maxLat}`);
    }
    return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
  }

  private events(scope: EventScope, filter: StatsFilter) {
    return this.database.db.selectFrom('events as e').where(this.where(scope, filter));
  }

  async total(scope: EventScope, filter: StatsFilter): Promise<number> {
    const row = await this.events(scope, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return count(row.n);
  }

  /**
   * The hot map: events grouped into square cells of `cell` degrees (and by catalogue inside a cell,
   * for its top catalogues), with the sums of their positions for the cell's mean position. One row
   * per cell and catalogue, never one per event.
   */
  async cells(scope: EventScope, filter: StatsFilter, cell: number) {
    if (!(cell > 0 && Number.isFinite(cell))) throw new Error(`bad cell size ${cell}`);
    // A literal, not a parameter: see BreakdownKey.
    const size = sql.lit(cell);
    const cx = sql<number>`floor(e.lon / ${size})`;
    const cy = sql<number>`floor(e.lat / ${size})`;
    const rows = await this.events(scope, filter)
      .select([cx.as('cx'), cy.as('cy'), 'e.catalog'])
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('e.lon').as('sum_lon'),
        eb.fn.sum<number>('e.lat').as('sum_lat'),
      ])
      .groupBy([cx, cy, 'e.catalog'])
      .execute();
    return rows.map((r) => ({
      cx: Number(r.cx),
      cy: Number(r.cy),
      catalog: r.catalog,
      count: count(r.n),
      sumLon: Number(r.sum_lon),
      sumLat: Number(r.sum_lat),
    }));
  }

  /** The newest events of a small area, for markers: at most `limit` (one more is read to know there are more). */
  async markers(scope: EventScope, filter: StatsFilter, limit: number) {
    const rows = await this.events(scope, filter)
      .select([
        'e.id',
        'e.title',
        'e.catalog',
        'e.state',
        'e.lon',
        'e.lat',
        'e.grid_code',
        'e.reported_at',
        'e.deadline',
      ])
      .orderBy('e.reported_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(limit + 1)
      .execute();
    return { rows: rows.slice(0, limit), more: rows.length > limit };
  }

  /** Counts per key with where the events stand; `now` decides which open events are late. */
  async breakdown(scope: EventScope, filter: StatsFilter, key: BreakdownKey, now: number): Promise<BreakdownCounts[]> {
    const k = keySql(key);
    const when = (condition: Expression<SqlBool>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`;
    const rows = await this.events(scope, filter)
      .select(k.as('k'))
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        when(sql<SqlBool>`e.state in (${OPEN_LIST})`).as('open'),
        when(sql<SqlBool>`e.state in ('handled', 'reviewed')`).as('handled'),
        when(sql<SqlBool>`e.state = 'closed'`).as('closed'),
        when(sql<SqlBool>`e.state = 'rejected'`).as('rejected'),
        when(lateSql(now)).as('late'),
      ])
      .groupBy(k)
      .execute();
    return rows.map((r) => ({
      key: r.k === null ? null : String(r.k),
      total: count(r.n),
      open: count(r.open),
      handled: count(r.handled),
      closed: count(r.closed),
      rejected: count(r.rejected),
      overdue: count(r.late),
    }));
  }

  /** Counts per China day and a second key (state or catalogue), for the charts. */
  async dayCounts(scope: EventScope, filter: StatsFilter, by: 'state' | 'catalog' | 'none') {
    const k = by === 'none' ? sql<string>`''` : by === 'state' ? sql<string>`e.state` : sql<string>`e.catalog`;
    const rows = await this.events(scope, filter)
      .select([DAY_SQL.as('day'), k.as('k')])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy([DAY_SQL, k])
      .execute();
    return rows.map((r) => ({ day: Number(r.day), key: String(r.k), count: count(r.n) }));
  }

  /**
   * The times of every event of the period for the handling report: report, first acceptance (from
   * the history: the row keeps no acceptance time), latest dispatch, handled, closed; and the overdue facts.
   */
  async handlingTimes(scope: EventScope, filter: StatsFilter, now: number) {
    const rows = await this.events(scope, filter)
      .select(['e.state', 'e.reported_at', 'e.dispatched_at', 'e.handled_at', 'e.closed_at'])
      .select((eb) =>
        eb
          .selectFrom('event_logs as l')
          .whereRef('l.event_id', '=', 'e.id')
          .where('l.action', '=', 'accept')
          .select((c) => c.fn.min<number>('l.at').as('a'))
          .as('accepted_at'),
      )
      .select(sql<number>`case when ${lateSql(now)} then 1 else 0 end`.as('late'))
      .execute();
    const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
    return rows.map((r) => ({
      state: r.state,
      reportedAt: Number(r.reported_at),
      acceptedAt: num(r.accepted_at),
      dispatchedAt: num(r.dispatched_at),
      handledAt: num(r.handled_at),
      closedAt: num(r.closed_at),
      late: count(r.late) === 1,
    }));
  }

  /** A batch of the period's events for the export, newest first, after the id `before` (keyset paging). */
  async exportBatch(scope: EventScope, filter: StatsFilter, before: number | null, limit: number) {
    let query = this.events(scope, filter).selectAll('e');
    if (before !== null) query = query.where('e.id', '<', before);
    return query.orderBy('e.id', 'desc').limit(limit).execute();
  }

  /**
   * Many events at once (volume tests and benches): one transaction of prepared statements on SQLite.
   * The rows leave `id` to the database, which `EventsTable` cannot say of a row type (`Generated`).
   */
  async bulkInsert(rows: readonly Insertable<EventsTable>[]): Promise<number> {
    return this.database.bulkInsert('events', rows as readonly EventsTable[]);
  }
}
