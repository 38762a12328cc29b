import {
  ErrorCode,
  HOTSPOT_STATUSES,
  type HotspotRow,
  type hotspotReviewBody,
  type polluterSaveBody,
  type saveHotBody,
} from '@lantian/contracts';
import {
  chinaDay,
  chinaDayStart,
  formatChinaDate,
  formatChinaDateTime,
  parseChinaDateTime,
  toLocal,
} from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { type AreaScope, inScope } from '../../../platform/db/area-scope';
import { AppError, invalidField, notFound } from '../../../platform/errors';
import { type Page, pageAnswer, pageOf } from '../../../platform/http/params';
import type { FormPhoto } from '../../../platform/uploads/photo-form';
import type { AuditActor, AuditLog } from '../audit';
import type { DeviceView } from '../devices';
import type { HotspotFilter, HotspotRecord, HotspotsRepository, PolluterRecord } from './hotspots.repository';
import { type LidarService, parseTime, rangeOf } from './lidar.service';
import type { RecordsRepository } from './records.repository';

export interface LidarEditor {
  actor: AuditActor;
  ip: string | null;
  scope: AreaScope;
}

const hotNotFound = () => notFound('未找到该热点');

export function idsOf(ids: string | string[]): number[] {
  const list = Array.isArray(ids) ? ids : ids.split(',');
  return [...new Set(list.map(Number))];
}

const dateStart = (field: string, text: string) => {
  try {
    return parseChinaDateTime(`${text} 00:00:00`);
  } catch {
    throw invalidField(field, '不是有效的日期');
  }
};

/**
 * Hot spots (found in scans, reported from a vehicle, entered by hand) and their review with photos,
 * the vehicle hot-spot calls (/lidar/netAutoHotInfo/*), polluters and their plots (/polplot/*,
 * /lidar/netAutoPolluter/*). Reads are scoped in SQL; every write is audited.
 */
export class HotspotsService {
  constructor(
    private readonly repository: HotspotsRepository,
    private readonly records: RecordsRepository,
    private readonly lidar: LidarService,
    private readonly audit: AuditLog,
    private readonly now: Clock,
  ) {}

  present(row: HotspotRecord, names: Map<number, string>): HotspotRow {
    return {
      id: String(row.id),
      hotId: `HS${String(row.id).padStart(6, '0')}`,
      origin: row.origin as HotspotRow['origin'],
      deviceId: String(row.device_id),
      deviceName: names.get(row.device_id) ?? String(row.device_id),
      recordId: row.record_id === null ? null : String(row.record_id),
      areaCode: row.area_code,
      lon: Math.round(row.lon * 1e6) / 1e6,
      lat: Math.round(row.lat * 1e6) / 1e6,
      distance: row.distance,
      azimuth: row.azimuth,
      recordTime: formatChinaDateTime(row.first_t),
      lastTime: formatChinaDateTime(row.last_t),
      scans: row.scans,
      peakExcess: Math.round(row.peak_excess * 1000) / 1000,
      autoFactor: row.auto_factor,
      value: row.value,
      status: row.status as HotspotRow['status'],
      statusName: HOTSPOT_STATUSES[row.status as keyof typeof HOTSPOT_STATUSES] ?? row.status,
      plotType: row.plot_type,
      plotShortname: row.plot_shortname,
      plotPlacename: row.plot_placename,
      plotCoordinate: `${row.lon.toFixed(6)},${row.lat.toFixed(6)}`,
      description: row.description,
      reviewedBy: row.reviewed_by,
      reviewedAt: row.reviewed_at === null ? null : formatChinaDateTime(row.reviewed_at),
      photoCount: row.photo_count,
      source: row.source,
    };
  }

  private async names(scope: AreaScope): Promise<Map<number, string>> {
    return new Map((await this.lidar.devicesOf(scope)).map((d) => [d.id, d.name]));
  }

  private async presentAll(rows: HotspotRecord[], scope: AreaScope): Promise<HotspotRow[]> {
    const names = await this.names(scope);
    return rows.map((r) => this.present(r, names));
  }

  async list(
    query: {
      startTime: string;
      endTime: string;
      siteIds?: string | undefined;
      status?: string | undefined;
      origin?: string | undefined;
      pageNum: number;
      pageSize: number;
    },
    scope: AreaScope,
  ) {
    const { from, to } = rangeOf(query.startTime, query.endTime, 366 * 86_400, '一年');
    const page: Page = pageOf(query, 20);
    const filter: HotspotFilter = { from, to };
    if (query.siteIds !== undefined) filter.deviceIds = idsOf(query.siteIds);
    if (query.status !== undefined) filter.status = query.status;
    if (query.origin !== undefined) filter.origin = query.origin;
    const result = await this.repository.list(scope, filter, page);
    return pageAnswer(page, { list: await this.presentAll(result.list, scope), total: result.total });
  }

  async chart(query: { startTime: string; endTime: string; siteIds?: string | undefined }, scope: AreaScope) {
    const { from, to } = rangeOf(query.startTime, query.endTime, 366 * 86_400, '一年');
    const filter: HotspotFilter = { from, to };
    if (query.siteIds !== undefined) filter.deviceIds = idsOf(query.siteIds);
    const rows = await this.repository.dailyCounts(scope, filter);
    const days = new Map<number, { total: number; confirmed: number; pending: number; dismissed: number }>();
    for (let d = chinaDay(from); d <= chinaDay(to); d++)
      days.set(d, { total: 0, confirmed: 0, pending: 0, dismissed: 0 });
    for (const r of rows) {
      const entry = days.get(chinaDay(r.first_t));
      if (entry === undefined) continue;
      entry.total++;
      if (r.status === 'confirmed' || r.status === 'pending' || r.status === 'dismissed') entry[r.status]++;
    }
    return [...days.entries()].map(([d, c]) => ({ date: formatChinaDate(chinaDayStart(d)), ...c }));
  }

  async get(id: number, scope: AreaScope): Promise<HotspotRecord> {
    const row = await this.repository.get(id, scope);
    if (row === undefined) throw hotNotFound();
    return row;
  }

  async detail(id: number, scope: AreaScope) {
    const row = await this.get(id, scope);
    const [present] = await this.presentAll([row], scope);
    if (present === undefined) throw hotNotFound();
    const photos = await this.repository.photos(id);
    const scan =
      row.origin === 'scan'
        ? await this.lidar.preOrNext(row.device_id, scope, formatChinaDateTime(row.last_t), 'now').catch(() => null)
        : null;
    return {
      ...present,
      photos: photos.map((p) => ({
        photoId: String(p.id),
        url: `/hotspot/photo?photoId=${p.id}`,
        name: p.name,
        width: p.width,
        height: p.height,
        createdAt: formatChinaDateTime(p.created_at),
        createdBy: p.created_by,
      })),
      imageUrl: scan?.imageUrl ?? null,
    };
  }

  async review(body: z.output<typeof hotspotReviewBody>, editor: LidarEditor) {
    const id = Number(body.id);
    const before = await this.get(id, editor.scope);
    const at = this.now();
    const change = {
      status: body.status,
      plot_type: body.plotType,
      plot_shortname: body.plotShortname === '' ? before.plot_shortname : body.plotShortname,
      plot_placename: body.plotPlacename === '' ? before.plot_placename : body.plotPlacename,
      description: body.description === '' ? before.description : body.description,
      reviewed_by: editor.actor.name,
      reviewed_at: at,
    };
    await this.repository.update(id, change);
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'lidar.hotspot_review',
      target: { type: 'lidar_hotspot', id: String(id), name: `HS${String(id).padStart(6, '0')}` },
      before: { status: before.status, plotType: before.plot_type, description: before.description },
      after: { status: change.status, plotType: change.plot_type, description: change.description },
    });
    return this.detail(id, editor.scope);
  }

  async addPhotos(id: number, photos: FormPhoto[], editor: LidarEditor) {
    if (photos.length === 0) throw invalidField('photos', '请选择要上传的照片');
    await this.get(id, editor.scope);
    await this.storePhotos(id, photos, editor);
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'lidar.hotspot_photo',
      target: { type: 'lidar_hotspot', id: String(id), name: `HS${String(id).padStart(6, '0')}` },
      after: { photos: photos.length },
    });
    return this.detail(id, editor.scope);
  }

  private async storePhotos(id: number, photos: FormPhoto[], editor: LidarEditor) {
    await this.repository.addPhotos(
      photos.map((p) => ({
        hotspot_id: id,
        name: p.name,
        mime: 'image/jpeg',
        width: p.width,
        height: p.height,
        sha256: p.sha256,
        data: p.jpeg,
        created_by: editor.actor.name,
        created_at: this.now(),
      })),
    );
  }

  async photo(photoId: number, scope: AreaScope) {
    const row = await this.repository.photo(photoId, scope);
    if (row === undefined) throw notFound('照片不存在');
    return { data: row.data, mime: row.mime, etag: `"${row.sha256}"` };
  }

  async deviceHotInfo(deviceId: number, scope: AreaScope, startText?: string, endText?: string) {
    await this.lidar.device(deviceId, scope);
    const to = parseTime('endTime', endText) ?? this.now();
    const from = parseTime('startTime', startText) ?? to - 7 * 86_400;
    if (to < from) throw invalidField('endTime', '不能早于开始时间');
    const result = await this.repository.list(scope, { from, to, deviceIds: [deviceId] }, { offset: 0, limit: 200 });
    const list = await this.presentAll(result.list, scope);
    return {
      deviceId: String(deviceId),
      total: result.total,
      pending: list.filter((h) => h.status === 'pending').length,
      confirmed: list.filter((h) => h.status === 'confirmed').length,
      list,
    };
  }

  // --- Vehicle hot spots (/lidar/netAutoHotInfo/*) ---

  async hotRecord(query: { sautoid: string; starttime: string; endtime: string }, scope: AreaScope) {
    await this.lidar.device(Number(query.sautoid), scope, ['L02']);
    const { from, to } = rangeOf(query.starttime, query.endtime, 366 * 86_400, '一年');
    const result = await this.repository.list(
      scope,
      { from, to, deviceIds: [Number(query.sautoid)], origin: 'auto' },
      null,
    );
    return this.presentAll(result.list, scope);
  }

  async hotList(
    query: {
      sautoid?: string | undefined;
      recordDate?: string | undefined;
      startDate?: string | undefined;
      endDate?: string | undefined;
      recordid?: string | undefined;
    },
    scope: AreaScope,
  ) {
    const filter: HotspotFilter = { origin: 'auto' };
    if (query.sautoid !== undefined) filter.deviceIds = [Number(query.sautoid)];
    if (query.recordid !== undefined) filter.recordId = Number(query.recordid);
    if (query.recordDate !== undefined) {
      filter.from = dateStart('recordDate', query.recordDate);
      filter.to = filter.from + 86_399;
    } else if (query.startDate !== undefined || query.endDate !== undefined) {
      if (query.startDate === undefined || query.endDate === undefined)
        throw invalidField(query.startDate === undefined ? 'startDate' : 'endDate', '开始与结束日期须同时给出');
      filter.from = dateStart('startDate', query.startDate);
      filter.to = dateStart('endDate', query.endDate) + 86_399;
      if (filter.to < filter.from) throw invalidField('endDate', '不能早于开始日期');
    } else if (query.recordid === undefined) {
      throw invalidField('recordDate', '请给出 recordDate、startDate/endDate 或 recordid');
    }
    const result = await this.repository.list(scope, filter, { offset: 0, limit: 500 });
    return this.presentAll(result.list, scope);
  }

  /** Saves a vehicle hot spot (new, or changed when `id` is given), with photos. */
  async saveAutoHot(fields: z.output<typeof saveHotBody>, photos: FormPhoto[], editor: LidarEditor) {
    const device = await this.lidar.device(Number(fields.sautoid), editor.scope, ['L02']);
    const recordId = fields.recordid === undefined ? null : Number(fields.recordid);
    if (recordId !== null) {
      const record = await this.records.get(recordId, editor.scope);
      if (record === undefined || record.device_id !== device.id)
        throw invalidField('recordid', '不是该车载雷达的走航记录');
    }
    const t = parseTime('recordTime', fields.recordTime) ?? this.now();
    const row = {
      origin: 'auto',
      device_id: device.id,
      area_code: device.area_code,
      record_id: recordId,
      lon: fields.lon,
      lat: fields.lat,
      distance: null,
      azimuth: null,
      first_t: t,
      last_t: t,
      scans: 1,
      peak_excess: 0,
      auto_factor: fields.autoFactor,
      value: fields.value ?? null,
      status: 'pending',
      plot_type: fields.plotType ?? null,
      plot_shortname: fields.plotShortname,
      plot_placename: fields.plotPlacename,
      description: fields.description,
      reviewed_by: null,
      reviewed_at: null,
      source: 'manual',
      created_at: this.now(),
    };
    let id: number;
    let before: unknown;
    if (fields.id !== undefined) {
      const existing = await this.get(Number(fields.id), editor.scope);
      if (existing.origin !== 'auto') throw new AppError(ErrorCode.CONFLICT, '只能修改走航热点');
      id = existing.id;
      before = { lon: existing.lon, lat: existing.lat, description: existing.description, value: existing.value };
      const { status: _status, created_at: _created, ...change } = row;
      await this.repository.update(id, change);
    } else {
      id = await this.repository.insert(row);
    }
    if (photos.length > 0) await this.storePhotos(id, photos, editor);
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'lidar.auto_hot_save',
      target: { type: 'lidar_hotspot', id: String(id), name: `HS${String(id).padStart(6, '0')}` },
      ...(before === undefined ? {} : { before }),
      after: { ...fields, photos: photos.length },
    });
    return this.detail(id, editor.scope);
  }

  async deleteHots(ids: number[], editor: LidarEditor) {
    const deleted = await this.repository.delete(ids, editor.scope, 'auto');
    if (deleted === 0) throw hotNotFound();
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'lidar.auto_hot_delete',
      target: { type: 'lidar_hotspot', id: ids.join(','), name: `${deleted} 个走航热点` },
      before: { ids },
    });
    return { deleted };
  }

  async deleteRecords(ids: number[], editor: LidarEditor) {
    const deleted = await this.records.delete(ids, editor.scope);
    if (deleted === 0) throw notFound('未找到该走航记录');
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'lidar.record_delete',
      target: { type: 'lidar_record', id: ids.join(','), name: `${deleted} 条走航记录` },
      before: { ids },
    });
    return { deleted };
  }

  async autoReport(date: string, scope: AreaScope) {
    const from = dateStart('reporttime', date);
    const to = from + 86_399;
    const records = await this.records.list(scope, { from, to }, null);
    const hots = await this.repository.list(scope, { from, to, origin: 'auto' }, { offset: 0, limit: 500 });
    const pm = records.list.map((r) => r.mean_pm25).filter((v): v is number => v !== null);
    const max = records.list.map((r) => r.max_pm25).filter((v): v is number => v !== null);
    const length = records.list.reduce((a, r) => a + r.length_m, 0);
    const meanPm25 = pm.length === 0 ? null : Math.round(pm.reduce((a, b) => a + b, 0) / pm.length);
    const maxPm25 = max.length === 0 ? null : Math.round(Math.max(...max));
    return {
      date,
      records: records.total,
      lengthMeters: Math.round(length),
      hotSpots: hots.total,
      meanPm25,
      maxPm25,
      summary:
        records.total === 0
          ? `${date} 无走航记录。`
          : `${date} 共走航 ${records.total} 次，里程 ${(length / 1000).toFixed(1)} km，近地面 PM2.5 平均 ${meanPm25 ?? '—'} μg/m³、最高 ${maxPm25 ?? '—'} μg/m³，发现热点 ${hots.total} 个。`,
      list: await this.presentAll(hots.list, scope),
    };
  }

  // --- Polluters and plots ---

  presentPolluter(r: PolluterRecord) {
    return {
      id: String(r.id),
      name: r.name,
      plotType: r.plot_type,
      lon: r.lon,
      lat: r.lat,
      plotCoordinate: r.plot_coordinate,
      areaCode: r.area_code,
      deviceId: r.device_id === null ? null : String(r.device_id),
      recordid: r.record_id === null ? null : String(r.record_id),
      sautoid: r.sauto_id === null ? null : String(r.sauto_id),
      fields: JSON.parse(r.fields_json) as Record<string, string>,
      createdAt: formatChinaDateTime(r.created_at),
      updatedAt: formatChinaDateTime(r.updated_at),
    };
  }

  async polluters(
    filter: { recordId?: number; sautoId?: number; deviceId?: number; plotType?: string; id?: number },
    scope: AreaScope,
  ) {
    return (await this.repository.polluters(scope, filter)).map((r) => this.presentPolluter(r));
  }

  async polluter(id: number, scope: AreaScope) {
    const row = await this.repository.polluter(id, scope);
    if (row === undefined) throw notFound('未找到该污染源');
    return this.presentPolluter(row);
  }

  /** Plots near a device (or one plot) with the hot spots found within 300 m of each. */
  async plotInfo2(query: { id?: string | undefined; deviceId?: string | undefined; radius: number }, scope: AreaScope) {
    let device: DeviceView | null = null;
    if (query.deviceId !== undefined) device = await this.lidar.device(Number(query.deviceId), scope);
    const rows = await this.repository.polluters(scope, query.id === undefined ? {} : { id: Number(query.id) });
    const hots = await this.repository.list(scope, { from: this.now() - 30 * 86_400 }, { offset: 0, limit: 1000 });
    return rows
      .map((r) => {
        const distance =
          device === null
            ? null
            : Math.hypot(...Object.values(toLocal({ lon: device.lon, lat: device.lat }, { lon: r.lon, lat: r.lat })));
        const near = hots.list.filter(
          (h) => Math.hypot(...Object.values(toLocal({ lon: r.lon, lat: r.lat }, { lon: h.lon, lat: h.lat }))) <= 300,
        ).length;
        return {
          ...this.presentPolluter(r),
          hotSpots: near,
          distance: distance === null ? null : Math.round(distance),
        };
      })
      .filter((r) => r.distance === null || r.distance <= query.radius);
  }

  async savePolluter(body: z.output<typeof polluterSaveBody>, editor: LidarEditor) {
    if (!inScope(body.areaCode, editor.scope))
      throw new AppError(ErrorCode.AREA_OUT_OF_SCOPE, '该地区不在您的管辖范围内');
    if (body.deviceId !== null) await this.lidar.device(Number(body.deviceId), editor.scope);
    if (body.sautoid !== null) await this.lidar.device(Number(body.sautoid), editor.scope, ['L02']);
    if (body.recordid !== null && (await this.records.get(Number(body.recordid), editor.scope)) === undefined)
      throw invalidField('recordid', '未找到该走航记录');
    const at = this.now();
    const columns = {
      area_code: body.areaCode,
      name: body.name,
      plot_type: body.plotType,
      lon: body.lon,
      lat: body.lat,
      plot_coordinate: body.plotCoordinate,
      device_id: body.deviceId === null ? null : Number(body.deviceId),
      record_id: body.recordid === null ? null : Number(body.recordid),
      sauto_id: body.sautoid === null ? null : Number(body.sautoid),
      fields_json: JSON.stringify(body.fields),
      updated_at: at,
    };
    let id: number;
    let before: unknown;
    if (body.id !== undefined) {
      const existing = await this.polluter(Number(body.id), editor.scope);
      before = existing;
      id = Number(body.id);
      await this.repository.updatePolluter(id, columns);
    } else {
      id = await this.repository.insertPolluter({ ...columns, created_at: at });
    }
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'lidar.polluter_save',
      target: { type: 'lidar_polluter', id: String(id), name: body.name },
      ...(before === undefined ? {} : { before }),
      after: body,
    });
    return this.polluter(id, editor.scope);
  }

  async deletePolluter(id: number, editor: LidarEditor) {
    const before = await this.polluter(id, editor.scope);
    await this.repository.deletePolluter(id, editor.scope);
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'lidar.polluter_delete',
      target: { type: 'lidar_polluter', id: String(id), name: before.name },
      before,
    });
    return { deleted: 1 };
  }
}
