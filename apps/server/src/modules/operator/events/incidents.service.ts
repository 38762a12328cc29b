import type { Writable } from 'node:stream';
import {
  type BreakdownRow,
  type CatalogCountNode,
  type CatalogNode,
  ErrorCode,
  EVENT_SOURCES,
  type EventSourceCode,
  type HandlingReport,
  type hotMapQuery,
  type incidentPeriodQuery,
  LOCATION_LIMIT,
  type OrgEventNode,
  type OrgNode,
  STATISTICS_SHEETS,
  type statisticsExportQuery,
  type statisticsQuery,
} from '@lantian/contracts';
import {
  chinaDay,
  civilFromDays,
  EVENT_PRIORITIES,
  EVENT_STATE_CODES,
  EVENT_STATES,
  type EventPriority,
  formatChinaDate,
  formatChinaDateTime,
  isEventState,
  isOverdue,
  parseChinaDateTime,
} from '@lantian/domain';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { type AreaScope, inScope } from '../../../platform/db/area-scope';
import { AppError, invalidField } from '../../../platform/errors';
import type { OperatorPrincipal } from '../../../platform/http/principal';
import type { EventScope } from './events.repository';
import { type EventsService, eventNo } from './events.service';
import type { BreakdownCounts, IncidentsRepository, StatsFilter } from './incidents.repository';

const DAY = 86_400;
/** Without startTime, the period is the last 30 days. */
const DEFAULT_DAYS = 30;
/** The longest period one call may count over (three years, a leap day included). */
const MAX_PERIOD = (3 * 365 + 1) * DAY;
/** All time, for the counts the spec gives no period (the organisation tree, a grid's totals). */
const ALL_TIME = { from: 0, to: Number.MAX_SAFE_INTEGER };
/** The most cells one hot map answers (zoomed in without a view box, cells approach single events). */
const MAX_CELLS = 10_000;
/** Event rows of one export. */
export const EXPORT_EVENT_LIMIT = 100_000;
const EXPORT_BATCH = 2_000;

type PeriodInput = { startTime?: string | undefined; endTime?: string | undefined };
type StatisticsInput = z.output<typeof statisticsQuery>;
type Sheet = z.output<typeof statisticsExportQuery>['sheet'];

/** What the statistics need of the rest of the events module and of the grids and operators modules. */
export interface IncidentSources {
  events: Pick<EventsService, 'scopeOf' | 'filterOf' | 'list' | 'catalogueTree'>;
  /** The dictionary's label of a catalogue value (undefined when it has none). */
  label(code: string): Promise<string | undefined>;
  gridNames(codes: readonly string[]): Promise<Map<string, string>>;
  orgTree(scope: AreaScope): Promise<OrgNode[]>;
}

interface Column {
  header: string;
  key: string;
  width: number;
}

/** A file being made: its name and how to write it to a stream (after every check has passed). */
export interface ExportFile {
  filename: string;
  write(stream: Writable): Promise<void>;
}

function median(sorted: number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? upper : Math.round(((sorted[mid - 1] ?? 0) + upper) / 2);
}

function durationOf(values: number[]) {
  const sorted = values.filter((v) => v >= 0).sort((a, b) => a - b);
  const sum = sorted.reduce((s, v) => s + v, 0);
  return {
    count: sorted.length,
    averageSeconds: sorted.length === 0 ? null : Math.round(sum / sorted.length),
    medianSeconds: median(sorted),
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The label of a China day bucket at a period size. */
function periodLabel(day: number, timeType: 'day' | 'month' | 'year'): string {
  const { year, month, day: d } = civilFromDays(day);
  if (timeType === 'year') return String(year);
  if (timeType === 'month') return `${year}-${pad2(month)}`;
  return `${year}-${pad2(month)}-${pad2(d)}`;
}

/** Every period label from one day bucket to another, in order. */
function periodLabels(fromDay: number, toDay: number, timeType: 'day' | 'month' | 'year'): string[] {
  const labels: string[] = [];
  for (let day = fromDay; day <= toDay; day += 1) {
    const label = periodLabel(day, timeType);
    if (labels[labels.length - 1] !== label) labels.push(label);
  }
  return labels;
}

const emptyCounts = (key: string | null): BreakdownCounts => ({
  key,
  total: 0,
  open: 0,
  handled: 0,
  closed: 0,
  rejected: 0,
  overdue: 0,
});

function addCounts(into: BreakdownCounts, from: BreakdownCounts) {
  into.total += from.total;
  into.open += from.open;
  into.handled += from.handled;
  into.closed += from.closed;
  into.rejected += from.rejected;
  into.overdue += from.overdue;
}

const byTotal = (a: BreakdownRow, b: BreakdownRow) => b.total - a.total || String(a.key).localeCompare(String(b.key));

const BREAKDOWN_COLUMNS = (first: string): Column[] => [
  { header: first, key: 'name', width: 24 },
  { header: '编码', key: 'key', width: 20 },
  { header: '事件数', key: 'total', width: 10 },
  { header: '待处置', key: 'open', width: 10 },
  { header: '已处置待结案', key: 'handled', width: 14 },
  { header: '已结案', key: 'closed', width: 10 },
  { header: '已驳回', key: 'rejected', width: 10 },
  { header: '逾期', key: 'overdue', width: 10 },
];

const EVENT_COLUMNS: Column[] = [
  { header: '事件单号', key: 'no', width: 18 },
  { header: '标题', key: 'title', width: 30 },
  { header: '事件类别', key: 'catalog', width: 14 },
  { header: '状态', key: 'state', width: 10 },
  { header: '优先级', key: 'priority', width: 8 },
  { header: '来源', key: 'source', width: 10 },
  { header: '地址', key: 'address', width: 30 },
  { header: '经度', key: 'lon', width: 12 },
  { header: '纬度', key: 'lat', width: 12 },
  { header: '所属网格', key: 'grid', width: 18 },
  { header: '区划代码', key: 'area', width: 10 },
  { header: '派遣组织', key: 'org', width: 18 },
  { header: '上报人', key: 'reporter', width: 12 },
  { header: '上报时间', key: 'reportedAt', width: 20 },
  { header: '处置时限', key: 'deadline', width: 20 },
  { header: '是否逾期', key: 'overdue', width: 8 },
  { header: '结案时间', key: 'closedAt', width: 20 },
];

/**
 * The read side of grid events: hot map, statistics, index charts, grid counts and the Excel export.
 * Every figure is counted in SQL over the reader's event scope (IncidentsRepository); this service
 * turns parameters into filters, names codes and shapes the answers.
 */
export class IncidentsService {
  constructor(
    private readonly repository: IncidentsRepository,
    private readonly sources: IncidentSources,
    private readonly now: Clock,
  ) {}

  // --- Parameters -------------------------------------------------------------------------------

  /** startTime/endTime → epoch seconds: the last 30 days by default, at most three years. */
  period(input: PeriodInput): { from: number; to: number } {
    const to = input.endTime === undefined ? this.now() : parseChinaDateTime(input.endTime);
    const from = input.startTime === undefined ? to - DEFAULT_DAYS * DAY : parseChinaDateTime(input.startTime);
    const blamed = input.endTime === undefined ? 'startTime' : 'endTime';
    if (from > to) throw invalidField(blamed, input.endTime === undefined ? '不能晚于结束时间' : '不能早于开始时间');
    if (to - from > MAX_PERIOD) throw invalidField(blamed, '时间范围不能超过 3 年');
    return { from, to };
  }

  private async context(
    input: PeriodInput & { eventClassification?: string | undefined },
    principal: OperatorPrincipal,
  ): Promise<{ scope: EventScope; filter: StatsFilter }> {
    const range = this.period(input);
    const scope = await this.sources.events.scopeOf(principal);
    // The events module's own rule for a catalogue parameter: the catalogue and all its sub-catalogues.
    const catalogs =
      input.eventClassification === undefined
        ? undefined
        : (await this.sources.events.filterOf({ eventClassification: input.eventClassification }, principal)).catalogs;
    return { scope, filter: { ...range, catalogs } };
  }

  /** A grid parameter of another county than the reader's is refused (the grid's first six digits are its county). */
  private checkGrid(gridCode: string, principal: OperatorPrincipal, field: string) {
    if (!inScope(gridCode.slice(0, 6), principal.scope)) {
      throw new AppError(ErrorCode.AREA_OUT_OF_SCOPE, `${field} 不在您的管辖范围`);
    }
  }

  /** Catalogue labels, asked once per value within a call. */
  private labeller() {
    const known = new Map<string, Promise<string>>();
    return (code: string): Promise<string> => {
      let label = known.get(code);
      if (label === undefined) {
        label = this.sources.label(code).then((l) => l ?? code);
        known.set(code, label);
      }
      return label;
    };
  }

  private async named(rows: BreakdownCounts[], name: (key: string | null) => Promise<string> | string) {
    const named: BreakdownRow[] = [];
    for (const row of rows) named.push({ ...row, name: await name(row.key) });
    return named.sort(byTotal);
  }

  // --- Hot map ------------------------------------------------------------------------------------

  /** getVoLocationData: the events in cells of 360 / 2^(zoom+2) degrees, each at its events' mean position. */
  async hotMap(query: z.output<typeof hotMapQuery>, principal: OperatorPrincipal) {
    const { scope, filter } = await this.context(query, principal);
    const cellDegrees = 360 / 2 ** (query.zoom + 2);
    const rows = await this.repository.cells(scope, { ...filter, bbox: this.bboxOf(query) }, cellDegrees);
    const cells = new Map<
      string,
      { count: number; sumLon: number; sumLat: number; catalogs: Array<{ code: string; count: number }> }
    >();
    let total = 0;
    for (const row of rows) {
      const key = `${row.cx}:${row.cy}`;
      let cell = cells.get(key);
      if (cell === undefined) {
        cell = { count: 0, sumLon: 0, sumLat: 0, catalogs: [] };
        cells.set(key, cell);
      }
      cell.count += row.count;
      cell.sumLon += row.sumLon;
      cell.sumLat += row.sumLat;
      cell.catalogs.push({ code: row.catalog, count: row.count });
      total += row.count;
    }
    const label = this.labeller();
    const ordered = [...cells.values()].sort((a, b) => b.count - a.count);
    const kept = ordered.slice(0, MAX_CELLS);
    const round = (v: number) => Math.round(v * 1e6) / 1e6;
    return {
      zoom: query.zoom,
      cellDegrees,
      total,
      truncated: ordered.length > kept.length,
      cells: await Promise.all(
        kept.map(async (cell) => ({
          lon: round(cell.sumLon / cell.count),
          lat: round(cell.sumLat / cell.count),
          count: cell.count,
          catalogs: await Promise.all(
            cell.catalogs
              .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code))
              .slice(0, 3)
              .map(async (c) => ({ code: c.code, name: await label(c.code), count: c.count })),
          ),
        })),
      ),
    };
  }

  private bboxOf(query: { minLon?: number; minLat?: number; maxLon?: number; maxLat?: number }) {
    const { minLon, minLat, maxLon, maxLat } = query;
    if (minLon === undefined || minLat === undefined || maxLon === undefined || maxLat === undefined) return undefined;
    return { minLon, minLat, maxLon, maxLat };
  }

  /** getLocationData: the events of a small area as markers, the newest 500 at most. */
  async locations(
    query: z.output<typeof incidentPeriodQuery> & {
      minLon?: number;
      minLat?: number;
      maxLon?: number;
      maxLat?: number;
    },
    principal: OperatorPrincipal,
  ) {
    const bbox = this.bboxOf(query);
    if (bbox === undefined) throw invalidField('minLon', '请给出视野范围 minLon、minLat、maxLon、maxLat');
    const { scope, filter } = await this.context(query, principal);
    const within = { ...filter, bbox };
    const [found, total] = await Promise.all([
      this.repository.markers(scope, within, LOCATION_LIMIT),
      this.repository.total(scope, within),
    ]);
    const label = this.labeller();
    const now = this.now();
    return {
      total,
      truncated: found.more,
      list: await Promise.all(
        found.rows.map(async (row) => {
          const state = isEventState(row.state) ? row.state : 'reported';
          const deadline = row.deadline === null ? null : Number(row.deadline);
          return {
            eventId: String(row.id),
            title: row.title,
            eventClassification: row.catalog,
            catalogName: await label(row.catalog),
            eventState: state,
            stateName: EVENT_STATES[state],
            longitude: Number(row.lon),
            latitude: Number(row.lat),
            bindGridCode: row.grid_code,
            reportedAt: formatChinaDateTime(Number(row.reported_at)),
            overdue: isOverdue(state, deadline, now),
          };
        }),
      ),
    };
  }

  /** getVoLocationTreeData: the catalogue tree with each node's own count and its subtree's. */
  async catalogTree(query: z.output<typeof incidentPeriodQuery>, principal: OperatorPrincipal) {
    const { scope, filter } = await this.context(query, principal);
    const rows = await this.repository.breakdown(scope, filter, { kind: 'catalog' }, this.now());
    const own = new Map(rows.map((r) => [r.key ?? '', r.total]));
    const placed = new Set<string>();
    const count = (node: CatalogNode): CatalogCountNode => {
      placed.add(node.code);
      const children = node.children.map(count);
      const mine = own.get(node.code) ?? 0;
      return {
        code: node.code,
        name: node.name,
        own: mine,
        count: mine + children.reduce((s, c) => s + c.count, 0),
        children,
      };
    };
    const tree = (await this.sources.events.catalogueTree()).map(count);
    // Events of a catalogue no longer in the dictionary still count: at the top, under their value.
    const label = this.labeller();
    for (const [code, n] of own) {
      if (!placed.has(code)) tree.push({ code, name: await label(code), own: n, count: n, children: [] });
    }
    return { total: rows.reduce((s, r) => s + r.total, 0), tree };
  }

  /** queryStatisticsByCatalogCode: one catalogue (with its sub-catalogues) by state, by period, by grid. */
  async catalogStatistics(
    query: PeriodInput & { eventClassification: string; timeType: 'day' | 'month' },
    principal: OperatorPrincipal,
  ) {
    const { scope, filter } = await this.context(query, principal);
    const now = this.now();
    // An operator kept to a grid of the deepest level sees its events on that grid itself.
    const depth = scope.gridPrefix === undefined ? 9 : Math.min(scope.gridPrefix.length + 3, DEEPEST_GRID_CODE);
    const [states, days, grids] = await Promise.all([
      this.repository.breakdown(scope, filter, { kind: 'state' }, now),
      this.repository.dayCounts(scope, filter, 'none'),
      this.repository.breakdown(scope, filter, { kind: 'grid', depth }, now),
    ]);
    const byState = new Map(states.map((s) => [s.key, s.total]));
    const dates = periodLabels(chinaDay(filter.from), chinaDay(filter.to), query.timeType);
    const index = new Map(dates.map((d, i) => [d, i]));
    const counts = dates.map(() => 0);
    for (const d of days) {
      const i = index.get(periodLabel(d.day, query.timeType));
      if (i !== undefined) counts[i] = (counts[i] ?? 0) + d.count;
    }
    const names = await this.sources.gridNames(grids.flatMap((g) => (g.key === null ? [] : [g.key])));
    return {
      eventClassification: query.eventClassification,
      catalogName: await this.labeller()(query.eventClassification),
      total: states.reduce((s, r) => s + r.total, 0),
      byState: EVENT_STATE_CODES.map((state) => ({
        eventState: state,
        stateName: EVENT_STATES[state],
        count: byState.get(state) ?? 0,
      })),
      series: { timeType: query.timeType, dates, counts },
      byGrid: grids
        .map((g) => ({
          gridCode: g.key,
          gridName: g.key === null ? '未划入网格' : (names.get(g.key) ?? g.key),
          count: g.total,
        }))
        .sort((a, b) => b.count - a.count || String(a.gridCode).localeCompare(String(b.gridCode))),
    };
  }

  /** queryCatalogIncidentData and statistics/byCatalog: per catalogue, where its events stand. */
  async byCatalog(query: z.output<typeof incidentPeriodQuery>, principal: OperatorPrincipal) {
    const { scope, filter } = await this.context(query, principal);
    const rows = await this.repository.breakdown(scope, filter, { kind: 'catalog' }, this.now());
    const label = this.labeller();
    return this.named(rows, (key) => label(key ?? ''));
  }

  /** queryVoTopTeenIncidentData: the ten catalogues with the most events. */
  async topCatalogs(query: z.output<typeof incidentPeriodQuery>, principal: OperatorPrincipal) {
    const rows = await this.byCatalog(query, principal);
    return rows.slice(0, 10).map((r) => ({ code: r.key ?? '', name: r.name, count: r.total }));
  }

  // --- Statistics ---------------------------------------------------------------------------------

  /** Per top grid (or per child of gridCode); events on the grid itself keep its code, "（本级）". */
  async byGrid(query: StatisticsInput, principal: OperatorPrincipal) {
    if (query.gridCode !== undefined) this.checkGrid(query.gridCode, principal, 'gridCode');
    const { scope, filter } = await this.context(query, principal);
    const parent = query.gridCode ?? scope.gridPrefix;
    // A grid of the deepest level has no children: its events all count on the grid itself (本级).
    const depth = parent === undefined ? 9 : Math.min(parent.length + 3, DEEPEST_GRID_CODE);
    const rows = await this.repository.breakdown(
      scope,
      { ...filter, gridPrefix: query.gridCode },
      { kind: 'grid', depth },
      this.now(),
    );
    const names = await this.sources.gridNames(rows.flatMap((r) => (r.key === null ? [] : [r.key])));
    return this.named(rows, (key) => {
      if (key === null) return '未划入网格';
      const name = names.get(key) ?? key;
      return key === parent ? `${name}（本级）` : name;
    });
  }

  /** Per organisation the events were dispatched to ("未派遣" for the others). */
  async byOrg(query: z.output<typeof incidentPeriodQuery>, principal: OperatorPrincipal) {
    const { scope, filter } = await this.context(query, principal);
    const rows = await this.repository.breakdown(scope, filter, { kind: 'org' }, this.now());
    const names = new Map<string, string>();
    const walk = (nodes: OrgNode[]) => {
      for (const node of nodes) {
        names.set(node.id, node.name);
        walk(node.children);
      }
    };
    walk(await this.sources.orgTree(principal.scope));
    return this.named(rows, (key) => (key === null ? '未派遣' : (names.get(key) ?? key)));
  }

  /** A series of periods (every day, month or year of the range, empty ones as zeros). */
  async byPeriod(query: StatisticsInput, principal: OperatorPrincipal): Promise<BreakdownRow[]> {
    const { scope, filter } = await this.context(query, principal);
    const days = await this.repository.breakdown(scope, filter, { kind: 'day' }, this.now());
    const labels = periodLabels(chinaDay(filter.from), chinaDay(filter.to), query.timeType);
    const rows = new Map(labels.map((label) => [label, emptyCounts(label)]));
    for (const day of days) {
      const row = rows.get(periodLabel(Number(day.key), query.timeType));
      if (row !== undefined) addCounts(row, day);
    }
    return [...rows.values()].map((r) => ({ ...r, name: r.key ?? '' }));
  }

  /** Response, dispatch, handling and total times (average and median), and the overdue rate. */
  async handling(query: z.output<typeof incidentPeriodQuery>, principal: OperatorPrincipal): Promise<HandlingReport> {
    const { scope, filter } = await this.context(query, principal);
    const rows = await this.repository.handlingTimes(scope, filter, this.now());
    const late = rows.filter((r) => r.late).length;
    const between = (pick: (r: (typeof rows)[number]) => [number | null, number | null]) =>
      rows.flatMap((r) => {
        const [start, end] = pick(r);
        return start === null || end === null ? [] : [end - start];
      });
    return {
      events: rows.length,
      response: durationOf(between((r) => [r.reportedAt, r.acceptedAt])),
      dispatch: durationOf(between((r) => [r.reportedAt, r.dispatchedAt])),
      handling: durationOf(between((r) => [r.dispatchedAt, r.handledAt])),
      total: durationOf(between((r) => [r.reportedAt, r.state === 'closed' ? r.closedAt : null])),
      overdue: late,
      overdueRate: rows.length === 0 ? null : Math.round((late / rows.length) * 10_000) / 10_000,
    };
  }

  // --- Export -------------------------------------------------------------------------------------

  /**
   * The Excel file of one statistics sheet. Everything that can refuse (parameters, scope, the
   * 100,000-row cap) is checked here, before the first byte: the file then streams to the reply.
   */
  async export(query: z.output<typeof statisticsExportQuery>, principal: OperatorPrincipal): Promise<ExportFile> {
    const stamp = formatChinaDate(this.now()).replaceAll('-', '');
    const filename = `事件统计-${STATISTICS_SHEETS[query.sheet]}-${stamp}.xlsx`;
    if (query.sheet === 'events') return { filename, write: await this.eventsSheet(query, principal) };
    const rows = await this.sheetRows(query.sheet, query, principal);
    return {
      filename,
      write: (stream) => writeWorkbook(stream, STATISTICS_SHEETS[query.sheet], rows.columns, asyncRows([rows.rows])),
    };
  }

  private async sheetRows(
    sheet: Exclude<Sheet, 'events'>,
    query: StatisticsInput,
    principal: OperatorPrincipal,
  ): Promise<{ columns: Column[]; rows: Array<Record<string, string | number | null>> }> {
    if (sheet === 'handling') {
      const report = await this.handling(query, principal);
      const hours = (s: number | null) => (s === null ? null : Math.round((s / 3600) * 100) / 100);
      const line = (name: string, d: HandlingReport['response']) => ({
        name,
        count: d.count,
        average: hours(d.averageSeconds),
        median: hours(d.medianSeconds),
      });
      return {
        columns: [
          { header: '指标', key: 'name', width: 24 },
          { header: '事件数', key: 'count', width: 10 },
          { header: '平均（小时）', key: 'average', width: 14 },
          { header: '中位数（小时）', key: 'median', width: 14 },
        ],
        rows: [
          line('响应时长（上报→受理）', report.response),
          line('派遣时长（上报→派遣）', report.dispatch),
          line('处置时长（派遣→处置完成）', report.handling),
          line('办结时长（上报→结案）', report.total),
          { name: '逾期事件', count: report.overdue, average: null, median: null },
          {
            name: '逾期率（%）',
            count: report.events,
            average: report.overdueRate === null ? null : Math.round(report.overdueRate * 10_000) / 100,
            median: null,
          },
        ],
      };
    }
    const rows =
      sheet === 'byCatalog'
        ? await this.byCatalog(query, principal)
        : sheet === 'byGrid'
          ? await this.byGrid(query, principal)
          : sheet === 'byOrg'
            ? await this.byOrg(query, principal)
            : await this.byPeriod(query, principal);
    const first = { byCatalog: '事件类别', byGrid: '网格', byOrg: '组织', byPeriod: '时间' }[sheet];
    return { columns: BREAKDOWN_COLUMNS(first), rows: rows.map((r) => ({ ...r })) };
  }

  private async eventsSheet(query: StatisticsInput, principal: OperatorPrincipal) {
    if (query.gridCode !== undefined) this.checkGrid(query.gridCode, principal, 'gridCode');
    const { scope, filter } = await this.context(query, principal);
    const within = { ...filter, gridPrefix: query.gridCode };
    const total = await this.repository.total(scope, within);
    if (total > EXPORT_EVENT_LIMIT) {
      throw invalidField(
        'startTime',
        `导出的事件有 ${total} 条，超过 ${EXPORT_EVENT_LIMIT.toLocaleString('en-US')} 条，请缩小时间范围或按类别、网格导出`,
      );
    }
    const orgNames = new Map<string, string>();
    const walk = (nodes: OrgNode[]) => {
      for (const node of nodes) {
        orgNames.set(node.id, node.name);
        walk(node.children);
      }
    };
    walk(await this.sources.orgTree(principal.scope));
    const label = this.labeller();
    const now = this.now();
    const repository = this.repository;
    const gridNames = this.sources.gridNames;
    async function* batches() {
      let before: number | null = null;
      for (;;) {
        const batch = await repository.exportBatch(scope, within, before, EXPORT_BATCH);
        if (batch.length === 0) return;
        const names = await gridNames([...new Set(batch.flatMap((r) => (r.grid_code === null ? [] : [r.grid_code])))]);
        const rows: Array<Record<string, string | number | null>> = [];
        for (const row of batch) {
          const state = isEventState(row.state) ? row.state : 'reported';
          const deadline = row.deadline === null ? null : Number(row.deadline);
          const priority = Number(row.priority) as EventPriority;
          rows.push({
            no: eventNo(Number(row.id), Number(row.reported_at)),
            title: row.title,
            catalog: await label(row.catalog),
            state: EVENT_STATES[state],
            priority: EVENT_PRIORITIES[priority] ?? String(row.priority),
            source: EVENT_SOURCES[row.source as EventSourceCode] ?? row.source,
            address: row.address,
            lon: Number(row.lon),
            lat: Number(row.lat),
            grid: row.grid_code === null ? '' : (names.get(row.grid_code) ?? row.grid_code),
            area: row.area_code,
            org: row.org_id === null ? '' : (orgNames.get(row.org_id) ?? row.org_id),
            reporter: row.reporter_name,
            reportedAt: formatChinaDateTime(Number(row.reported_at)),
            deadline: deadline === null ? '' : formatChinaDateTime(deadline),
            overdue: row.overdue_at !== null || isOverdue(state, deadline, now) ? '是' : '否',
            closedAt: row.closed_at === null ? '' : formatChinaDateTime(Number(row.closed_at)),
          });
        }
        yield rows;
        before = Number(batch[batch.length - 1]?.id);
        if (batch.length < EXPORT_BATCH) return;
      }
    }
    return (stream: Writable) => writeWorkbook(stream, STATISTICS_SHEETS.events, EVENT_COLUMNS, batches());
  }

  // --- Index page ---------------------------------------------------------------------------------

  /** voEventDate: events per China day of the period. */
  async eventsPerDay(query: PeriodInput, principal: OperatorPrincipal) {
    const { scope, filter } = await this.context(query, principal);
    const rows = await this.repository.dayCounts(scope, filter, 'none');
    const first = chinaDay(filter.from);
    const dates = periodLabels(first, chinaDay(filter.to), 'day');
    const counts = dates.map(() => 0);
    for (const row of rows) {
      const i = row.day - first;
      if (i >= 0 && i < counts.length) counts[i] = (counts[i] ?? 0) + row.count;
    }
    return { dates, counts, total: counts.reduce((s, n) => s + n, 0) };
  }

  /** voEventStateDate: the newest events with their state (the events list, page by page). */
  newestEvents(
    query: { pageNo: number; pageSize: number; eventState?: string | undefined },
    principal: OperatorPrincipal,
  ) {
    const state = query.eventState;
    return this.sources.events.list(
      {
        pageNum: query.pageNo,
        pageSize: query.pageSize,
        ...(state !== undefined && isEventState(state) ? { eventState: state } : {}),
      },
      principal,
    );
  }

  /** voOrgTreeData: the organisation tree with the events dispatched to each (all time). */
  async orgTree(principal: OperatorPrincipal): Promise<OrgEventNode[]> {
    const scope = await this.sources.events.scopeOf(principal);
    const [tree, rows] = await Promise.all([
      this.sources.orgTree(principal.scope),
      this.repository.breakdown(scope, ALL_TIME, { kind: 'org' }, this.now()),
    ]);
    const counts = new Map(rows.map((r) => [r.key, r]));
    const node = (org: OrgNode): OrgEventNode => {
      const children = org.children.map(node);
      const own = counts.get(org.id) ?? emptyCounts(org.id);
      return {
        id: org.id,
        parentId: org.parentId,
        name: org.name,
        areaCode: org.areaCode,
        areaName: org.areaName,
        dispatched: own.total,
        open: own.open,
        closed: own.closed,
        subtreeDispatched: own.total + children.reduce((s, c) => s + c.subtreeDispatched, 0),
        children,
      };
    };
    return tree.map(node);
  }

  /** voEventStatusChartDateCount / voEventCatalogChartDateCount: one series per state or top catalogue. */
  async dateSeries(
    by: 'state' | 'catalog',
    query: PeriodInput & { timeType: 'day' | 'month' },
    principal: OperatorPrincipal,
  ) {
    const { scope, filter } = await this.context(query, principal);
    const rows = await this.repository.dayCounts(scope, filter, by);
    const dates = periodLabels(chinaDay(filter.from), chinaDay(filter.to), query.timeType);
    const index = new Map(dates.map((d, i) => [d, i]));
    const series = new Map<string, { key: string; name: string; counts: number[] }>();
    const add = (key: string, name: string) => {
      let s = series.get(key);
      if (s === undefined) {
        s = { key, name, counts: dates.map(() => 0) };
        series.set(key, s);
      }
      return s;
    };
    const topOf = new Map<string, string>();
    if (by === 'state') {
      for (const state of EVENT_STATE_CODES) add(state, EVENT_STATES[state]);
    } else {
      const tree = await this.sources.events.catalogueTree();
      const mark = (node: CatalogNode, top: string) => {
        topOf.set(node.code, top);
        for (const child of node.children) mark(child, top);
      };
      for (const top of tree) {
        mark(top, top.code);
        add(top.code, top.name);
      }
    }
    const label = this.labeller();
    for (const row of rows) {
      const key = by === 'state' ? row.key : (topOf.get(row.key) ?? row.key);
      const s = series.get(key) ?? add(key, await label(key));
      const i = index.get(periodLabel(row.day, query.timeType));
      if (i !== undefined) s.counts[i] = (s.counts[i] ?? 0) + row.count;
    }
    return { dates, series: [...series.values()] };
  }

  // --- Grid counts ----------------------------------------------------------------------------------

  /** getGridEventCountInfo: the grid subtree's events by state, and how many are overdue (all time). */
  async gridCounts(gridCode: string, principal: OperatorPrincipal) {
    this.checkGrid(gridCode, principal, 'gridCode');
    const scope = await this.sources.events.scopeOf(principal);
    const rows = await this.repository.breakdown(
      scope,
      { ...ALL_TIME, gridPrefix: gridCode },
      { kind: 'state' },
      this.now(),
    );
    const byState = new Map(rows.map((r) => [r.key, r.total]));
    return {
      total: rows.reduce((s, r) => s + r.total, 0),
      overdue: rows.reduce((s, r) => s + r.overdue, 0),
      byState: EVENT_STATE_CODES.map((state) => ({
        eventState: state,
        stateName: EVENT_STATES[state],
        count: byState.get(state) ?? 0,
      })),
    };
  }

  /** getGridEvent: the events of a grid's subtree, as the event list shows them. */
  gridEvents(
    query: { gridCode: string; pageNum: number; pageSize: number; eventState?: string | undefined },
    principal: OperatorPrincipal,
  ) {
    this.checkGrid(query.gridCode, principal, 'gridCode');
    const state = query.eventState;
    return this.sources.events.list(
      {
        pageNum: query.pageNum,
        pageSize: query.pageSize,
        bindGridCode: query.gridCode,
        ...(state !== undefined && isEventState(state) ? { eventState: state } : {}),
      },
      principal,
    );
  }

  /** getGridEventAnalyzeData: a grid's period per child grid and per catalogue. */
  async gridAnalysis(query: PeriodInput & { gridCode: string }, principal: OperatorPrincipal) {
    const children = await this.byGrid({ ...query, timeType: 'day' }, principal);
    const { scope, filter } = await this.context(query, principal);
    const rows = await this.repository.breakdown(
      scope,
      { ...filter, gridPrefix: query.gridCode },
      { kind: 'catalog' },
      this.now(),
    );
    const label = this.labeller();
    return { gridCode: query.gridCode, children, catalogs: await this.named(rows, (key) => label(key ?? '')) };
  }

  /** getGridIncidentCount: per child grid of a grid, or per top grid of an area, the events of the period. */
  async childGridCounts(
    query: PeriodInput & { parentCode?: string | undefined; areaCode?: string | undefined },
    principal: OperatorPrincipal,
  ) {
    if (query.parentCode !== undefined) this.checkGrid(query.parentCode, principal, 'parentCode');
    else if (query.areaCode !== undefined && !inScope(query.areaCode, principal.scope)) {
      throw new AppError(ErrorCode.AREA_OUT_OF_SCOPE, 'areaCode 不在您的管辖范围');
    }
    const parent = query.parentCode;
    // A grid of the deepest level (6 + 8 × 3 digits, gridCodeParam) has no child grids to count.
    if (parent !== undefined && parent.length + 3 > DEEPEST_GRID_CODE) return [];
    const { scope, filter } = await this.context(query, principal);
    const rows = await this.repository.breakdown(
      scope,
      {
        ...filter,
        gridPrefix: parent,
        area: parent === undefined && query.areaCode !== undefined ? { areaCode: query.areaCode } : undefined,
      },
      { kind: 'grid', depth: parent === undefined ? 9 : parent.length + 3 },
      this.now(),
    );
    const names = await this.sources.gridNames(rows.flatMap((r) => (r.key === null ? [] : [r.key])));
    return rows
      .map((r) => ({
        gridCode: r.key,
        gridName: r.key === null ? '未划入网格' : (names.get(r.key) ?? r.key),
        count: r.total,
      }))
      .sort((a, b) => b.count - a.count || String(a.gridCode).localeCompare(String(b.gridCode)));
  }
}

/** The longest grid code: a county's 6 digits and 8 levels of 3 (packages/contracts gridCodeParam). */
const DEEPEST_GRID_CODE = 30;

async function* asyncRows<T>(batches: T[][]): AsyncGenerator<T[]> {
  for (const batch of batches) yield batch;
}

/**
 * One sheet streamed into `stream` with exceljs's WorkbookWriter: rows are committed as they come,
 * so a 100,000-row export never holds the whole workbook in memory.
 */
async function writeWorkbook(
  stream: Writable,
  name: string,
  columns: Column[],
  batches: AsyncIterable<Array<Record<string, string | number | null>>>,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = '蓝天平台';
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const batch of batches) {
    for (const row of batch) sheet.addRow(row).commit();
  }
  sheet.commit();
  await workbook.commit();
}
