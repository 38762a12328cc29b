import type { AutoRecordRow, LidarDataType } from '@lantian/contracts';
import { formatChinaDate, formatChinaDateTime, parseChinaDateTime } from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import type { AreaScope } from '../../../platform/db/area-scope';
import { invalidField, notFound } from '../../../platform/errors';
import { type Page, pageAnswer, pageOf } from '../../../platform/http/params';
import type { AuditLog } from '../audit';
import { unpackDepol, unpackExtinction } from './codec';
import type { LidarEditor } from './hotspots.service';
import { type LidarService, rangeOf } from './lidar.service';
import { renderCurtain } from './lidar-images';
import { roundValue, valuesOf } from './products';
import type { AutoRecord, RecordFilter, RecordsRepository } from './records.repository';

const recordNotFound = () => notFound('未找到该走航记录');
const round1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

/** Vehicle (走航) records: catalogue, lists, points, curtains, collect flags, history (/lidar/auto/*, /lidarRecords/*). */
export class RecordsService {
  constructor(
    private readonly records: RecordsRepository,
    private readonly lidar: LidarService,
    private readonly audit: AuditLog,
    private readonly now: Clock,
  ) {}

  private async names(scope: AreaScope) {
    return new Map((await this.lidar.devicesOf(scope, ['L02'])).map((d) => [d.id, d.name]));
  }

  present(r: AutoRecord, names: Map<number, string>): AutoRecordRow {
    return {
      id: String(r.id),
      recordid: String(r.id),
      uniqueid: r.uniqueid,
      sautoid: String(r.device_id),
      deviceName: names.get(r.device_id) ?? String(r.device_id),
      lddatatype: 'Extinction',
      starttime: formatChinaDateTime(r.start_t),
      endtime: formatChinaDateTime(r.end_t),
      isCollect: r.is_collect === 1,
      points: r.points,
      lengthMeters: Math.round(r.length_m),
      meanPm25: round1(r.mean_pm25),
      maxPm25: round1(r.max_pm25),
      fluxGramsPerSecond: r.flux_gs === null ? null : Math.round(r.flux_gs * 100) / 100,
      source: r.source,
    };
  }

  async list(scope: AreaScope, filter: RecordFilter, page: Page | null) {
    const result = await this.records.list(scope, filter, page);
    const names = await this.names(scope);
    return { list: result.list.map((r) => this.present(r, names)), total: result.total };
  }

  async paged(
    query: {
      pageNum: number;
      pageSize: number;
      sautoid?: string | undefined;
      startTime?: string | undefined;
      endTime?: string | undefined;
    },
    scope: AreaScope,
  ) {
    const page = pageOf(query, 20);
    const filter: RecordFilter = {};
    if (query.sautoid !== undefined) filter.deviceId = Number(query.sautoid);
    if (query.startTime !== undefined && query.endTime !== undefined)
      Object.assign(filter, rangeOf(query.startTime, query.endTime, 366 * 86_400, '一年'));
    return pageAnswer(page, await this.list(scope, filter, page));
  }

  async catalog(sautoid: string | undefined, scope: AreaScope) {
    const filter: RecordFilter = { from: this.now() - 90 * 86_400 };
    if (sautoid !== undefined) filter.deviceId = Number((await this.lidar.device(Number(sautoid), scope, ['L02'])).id);
    const { list } = await this.list(scope, filter, null);
    const byDate = new Map<string, AutoRecordRow[]>();
    for (const r of list) byDate.set(r.starttime.slice(0, 10), [...(byDate.get(r.starttime.slice(0, 10)) ?? []), r]);
    return [...byDate.entries()].map(([date, records]) => ({ date, records }));
  }

  async get(id: number, scope: AreaScope): Promise<AutoRecord> {
    const r = await this.records.get(id, scope);
    if (r === undefined) throw recordNotFound();
    return r;
  }

  async last(sautoid: number, scope: AreaScope) {
    await this.lidar.device(sautoid, scope, ['L02']);
    const { list } = await this.list(scope, { deviceId: sautoid }, { pageNum: 1, pageSize: 1, offset: 0, limit: 1 });
    return list[0] === undefined ? null : this.info(Number(list[0].id), scope);
  }

  private route(record: AutoRecord, points: Awaited<ReturnType<RecordsRepository['points']>>) {
    return points.map((p) => {
      const ext = unpackExtinction(p.extinction);
      const lowest = Math.max(0, Math.ceil((30 - record.first_height) / record.bin_m));
      return {
        dataIndex: p.seq,
        time: formatChinaDateTime(p.t),
        lon: p.lon,
        lat: p.lat,
        pm25: round1(p.pm25),
        pm10: round1(p.pm10),
        extinction: Number.isFinite(ext[lowest] ?? Number.NaN) ? Math.round((ext[lowest] ?? 0) * 1000) / 1000 : null,
        boundaryLayerHeight: p.blh === null ? null : Math.round(p.blh),
      };
    });
  }

  async info(id: number, scope: AreaScope) {
    const record = await this.get(id, scope);
    const points = await this.records.points(id);
    return {
      ...this.present(record, await this.names(scope)),
      route: this.route(record, points),
      curtainUrl: `/scan/recordCurtain?recordid=${id}`,
    };
  }

  async dataList(query: { recordid: string; dataListNums: number; factorid: LidarDataType }, scope: AreaScope) {
    const record = await this.get(Number(query.recordid), scope);
    const points = await this.records.points(record.id);
    const step = Math.max(1, Math.ceil(points.length / query.dataListNums));
    const chosen = points.filter((_, i) => i % step === 0);
    const route = this.route(record, chosen);
    return {
      heights: Array.from({ length: record.bins }, (_, j) => record.first_height + j * record.bin_m),
      list: chosen.map((p, i) => ({
        ...(route[i] as (typeof route)[number]),
        profile: Array.from(valuesOf(query.factorid, unpackExtinction(p.extinction), unpackDepol(p.depol)), (v) =>
          roundValue(query.factorid, v),
        ),
      })),
    };
  }

  async datetimePaths(query: { recordid: string; imageListNums: number; factorid: LidarDataType }, scope: AreaScope) {
    const record = await this.get(Number(query.recordid), scope);
    const points = await this.records.points(record.id);
    const step = Math.max(1, Math.ceil(points.length / query.imageListNums));
    return points
      .filter((_, i) => i % step === 0)
      .map((p) => ({
        dataIndex: p.seq,
        time: formatChinaDateTime(p.t),
        path: `/scan/recordCurtain?recordid=${record.id}&factorid=${query.factorid}&upTo=${p.seq}`,
      }));
  }

  async curtain(recordId: number, scope: AreaScope, factorid: LidarDataType, upTo?: number): Promise<Buffer> {
    const record = await this.get(recordId, scope);
    const points = (await this.records.points(recordId)).filter((p) => upTo === undefined || p.seq <= upTo);
    return renderCurtain({
      columns: points.map((p) => valuesOf(factorid, unpackExtinction(p.extinction), unpackDepol(p.depol))),
      labels: points.map((p) => formatChinaDateTime(p.t).slice(11, 16)),
      bins: record.bins,
      binMeters: record.bin_m,
      firstHeight: record.first_height,
      boundary: points.map((p) => p.blh),
      dataType: factorid,
      title: `Mobile record ${record.uniqueid}`,
      subtitle: `${formatChinaDateTime(record.start_t)} — ${formatChinaDateTime(record.end_t)}, ${(record.length_m / 1000).toFixed(1)} km${record.source === 'demo' ? ', demo (simulated)' : ''}`,
      xTitle: 'Time along the route (China)',
      maxHeight: 2000,
    });
  }

  async collect(id: number, collect: boolean, editor: LidarEditor) {
    const before = await this.get(id, editor.scope);
    await this.records.setCollect(id, collect);
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'lidar.record_collect',
      target: { type: 'lidar_record', id: String(id), name: before.uniqueid },
      before: { isCollect: before.is_collect === 1 },
      after: { isCollect: collect },
    });
    return this.present({ ...before, is_collect: collect ? 1 : 0 }, await this.names(editor.scope));
  }

  /** History by repeated date ranges (`historyDateRange=from&historyDateRange=to`, dates). */
  async history(
    query: {
      sautoid?: string | undefined;
      historyDateRange?: string | string[] | undefined;
      isCollect?: string | undefined;
    },
    scope: AreaScope,
  ) {
    const filter: RecordFilter = {};
    if (query.sautoid !== undefined) filter.deviceId = Number(query.sautoid);
    if (query.isCollect !== undefined) filter.collected = query.isCollect === '1' || query.isCollect === 'true';
    const range =
      query.historyDateRange === undefined
        ? []
        : Array.isArray(query.historyDateRange)
          ? query.historyDateRange
          : [query.historyDateRange];
    const dates = range.map((d, i) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) throw invalidField('historyDateRange', '格式应为 YYYY-MM-DD');
      try {
        return parseChinaDateTime(`${d} 00:00:00`) + (i === 1 ? 86_399 : 0);
      } catch {
        throw invalidField('historyDateRange', '不是有效的日期');
      }
    });
    if (dates[0] !== undefined) filter.from = dates[0];
    if (dates[1] !== undefined) filter.to = dates[1];
    else if (dates[0] !== undefined) filter.to = dates[0] + 86_399;
    if (filter.from !== undefined && filter.to !== undefined && filter.to < filter.from)
      throw invalidField('historyDateRange', '结束日期不能早于开始日期');
    return (await this.list(scope, filter, null)).list;
  }

  async byDate(date: string, scope: AreaScope) {
    let from: number;
    try {
      from = parseChinaDateTime(`${date} 00:00:00`);
    } catch {
      throw invalidField('date', '不是有效的日期');
    }
    const { list } = await this.list(scope, { from, to: from + 86_399 }, null);
    return Promise.all(list.map((r) => this.info(Number(r.id), scope)));
  }

  async openHistory(startText: string, endText: string, scope: AreaScope) {
    const { from, to } = rangeOf(startText, endText, 31 * 86_400, '31 天');
    return (await this.list(scope, { from, to }, null)).list;
  }

  today(): string {
    return formatChinaDate(this.now());
  }
}
