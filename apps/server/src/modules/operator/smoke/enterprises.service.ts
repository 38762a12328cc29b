import { areaByCode } from '@lantian/areas';
import {
  type EnterpriseRow,
  ErrorCode,
  type enterpriseListQuery,
  type enterpriseSaveBody,
  type enterpriseUpdateBody,
  OPERATE_STATUSES,
  SCALE_NAMES,
  TRADE_TYPES,
} from '@lantian/contracts';
import { formatChinaDateTime, RESTAURANT_SCALES, scaleOfRanges } from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { type AreaScope, inScope } from '../../../platform/db/area-scope';
import { AppError, conflict, invalidField, notFound } from '../../../platform/errors';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import type { AuditActor, AuditLog } from '../audit';
import { areaName, type DeviceView } from '../devices';
import type { EnterpriseFilter, EnterpriseRecord, EnterprisesRepository } from './enterprises.repository';

export interface Editor {
  actor: AuditActor;
  ip: string | null;
  scope: AreaScope;
}

/** What the register reads of the device core: sites (to link) and the S01 monitors of the scope. */
export interface SmokeDeviceSource {
  siteOf(id: number, scope: AreaScope): Promise<{ siteId: string; siteCode: string }>;
  monitors(scope: AreaScope): Promise<DeviceView[]>;
}

export const SMOKE_DEVICE_TYPE = 'S01';

export const enterpriseNotFound = () => notFound('未找到该企业');
const outOfScope = () => new AppError(ErrorCode.AREA_OUT_OF_SCOPE, '该地区不在您的管辖范围内');

/** The S01 monitor of each site: the first one registered (a site normally has one logger). */
export function monitorsBySite(devices: readonly DeviceView[]): Map<number, DeviceView> {
  const bySite = new Map<number, DeviceView>();
  for (const d of [...devices].sort((a, b) => a.id - b.id)) if (!bySite.has(d.site_id)) bySite.set(d.site_id, d);
  return bySite;
}

export function presentEnterprise(row: EnterpriseRecord, monitor: DeviceView | undefined): EnterpriseRow {
  const scale = scaleOfRanges(row.ranges);
  const minEfficiency = scale === null ? null : RESTAURANT_SCALES[scale].minEfficiency;
  return {
    enterpriseId: String(row.id),
    name: row.name,
    creditCode: row.credit_code,
    tradeType: row.trade_type as EnterpriseRow['tradeType'],
    tradeTypeName: TRADE_TYPES[row.trade_type as EnterpriseRow['tradeType']] ?? row.trade_type,
    cuisine: row.cuisine,
    ranges: row.ranges,
    scale,
    scaleName: scale === null ? null : SCALE_NAMES[scale],
    minEfficiency,
    purifierEfficiency: row.purifier_efficiency,
    efficiencyOk:
      minEfficiency === null || row.purifier_efficiency === null ? null : row.purifier_efficiency >= minEfficiency,
    address: row.address,
    areaCode: row.area_code,
    areaName: areaName(row.area_code),
    lon: row.lon,
    lat: row.lat,
    contact: row.contact,
    phone: row.phone,
    operateStatus: row.operate_status as EnterpriseRow['operateStatus'],
    operateStatusName: OPERATE_STATUSES[row.operate_status as EnterpriseRow['operateStatus']] ?? row.operate_status,
    enabled: row.enabled === 1,
    siteId: row.site_id === null ? null : String(row.site_id),
    siteCode: monitor?.site_code ?? null,
    deviceCode: monitor?.mn ?? null,
    updatedAt: formatChinaDateTime(row.updated_at),
  };
}

/** The cooking-range bounds of a GB 18483 scale, for the list's scale filter. */
function rangesOf(scale: 'small' | 'medium' | 'large'): { min: number; max: number | null } {
  if (scale === 'small') return { min: RESTAURANT_SCALES.small.minRanges, max: RESTAURANT_SCALES.medium.minRanges };
  if (scale === 'medium') return { min: RESTAURANT_SCALES.medium.minRanges, max: RESTAURANT_SCALES.large.minRanges };
  return { min: RESTAURANT_SCALES.large.minRanges, max: null };
}

/**
 * The enterprise register (spec §7 /enterprise/manager/*): paged list with filters, detail, and the
 * audited writes (create, update, disable/enable). An enterprise links to a site of the device
 * registry in the operator's area; the site's S01 logger is its monitor.
 */
export class EnterprisesService {
  constructor(
    private readonly repository: EnterprisesRepository,
    private readonly devices: SmokeDeviceSource,
    private readonly audit: AuditLog,
    private readonly now: Clock,
  ) {}

  async list(query: z.output<typeof enterpriseListQuery>, scope: AreaScope) {
    if (query.areaCode !== undefined && !inScope(query.areaCode, scope)) throw outOfScope();
    const page = pageOf(query, 20);
    const filter: EnterpriseFilter = {
      keyword: query.keyword,
      areaCode: query.areaCode,
      tradeType: query.tradeType,
      operateStatus: query.operateStatus,
      enabled: query.enabled === undefined ? undefined : query.enabled === 'true',
      ranges: query.scale === undefined ? undefined : rangesOf(query.scale),
    };
    const result = await this.repository.list(filter, scope, page);
    const monitors = monitorsBySite(await this.devices.monitors(scope));
    return pageAnswer(page, {
      list: result.list.map((row) =>
        presentEnterprise(row, row.site_id === null ? undefined : monitors.get(row.site_id)),
      ),
      total: result.total,
    });
  }

  async record(id: number, scope: AreaScope): Promise<EnterpriseRecord> {
    const row = await this.repository.get(id, scope);
    if (row === undefined) throw enterpriseNotFound();
    return row;
  }

  async detail(id: number, scope: AreaScope): Promise<EnterpriseRow> {
    const row = await this.record(id, scope);
    const monitors = monitorsBySite(await this.devices.monitors(scope));
    return presentEnterprise(row, row.site_id === null ? undefined : monitors.get(row.site_id));
  }

  async create(body: z.output<typeof enterpriseSaveBody>, editor: Editor): Promise<EnterpriseRow> {
    await this.check(body, editor.scope, null);
    const at = this.now();
    const id = await this.repository.insert({ ...this.columns(body), enabled: 1, created_at: at, updated_at: at });
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'enterprise.create',
      target: { type: 'enterprise', id: String(id), name: body.name },
      after: body,
    });
    return this.detail(id, editor.scope);
  }

  async update(body: z.output<typeof enterpriseUpdateBody>, editor: Editor): Promise<EnterpriseRow> {
    const id = Number(body.enterpriseId);
    const before = await this.record(id, editor.scope);
    await this.check(body, editor.scope, id);
    await this.repository.update(id, { ...this.columns(body), updated_at: this.now() });
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'enterprise.update',
      target: { type: 'enterprise', id: String(id), name: body.name },
      before: presentEnterprise(before, undefined),
      after: body,
    });
    return this.detail(id, editor.scope);
  }

  async setEnabled(id: number, enabled: boolean, editor: Editor): Promise<EnterpriseRow> {
    const before = await this.record(id, editor.scope);
    if ((before.enabled === 1) === enabled) throw conflict(enabled ? '该企业已是启用状态' : '该企业已停用');
    await this.repository.update(id, { enabled: enabled ? 1 : 0, updated_at: this.now() });
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: enabled ? 'enterprise.enable' : 'enterprise.disable',
      target: { type: 'enterprise', id: String(id), name: before.name },
      before: { enabled: before.enabled === 1 },
      after: { enabled },
    });
    return this.detail(id, editor.scope);
  }

  private columns(body: z.output<typeof enterpriseSaveBody>) {
    return {
      name: body.name,
      credit_code: body.creditCode,
      trade_type: body.tradeType,
      cuisine: body.cuisine,
      ranges: body.ranges,
      purifier_efficiency: body.purifierEfficiency,
      address: body.address,
      area_code: body.areaCode,
      lon: body.lon,
      lat: body.lat,
      contact: body.contact,
      phone: body.phone,
      operate_status: body.operateStatus,
      site_id: body.siteId === null ? null : Number(body.siteId),
    };
  }

  private async check(body: z.output<typeof enterpriseSaveBody>, scope: AreaScope, self: number | null) {
    if (areaByCode(body.areaCode) === undefined) throw invalidField('areaCode', '未知的行政区划代码');
    if (!inScope(body.areaCode, scope)) throw outOfScope();
    const holder = await this.repository.idOfCreditCode(body.creditCode);
    if (holder !== undefined && holder !== self) throw conflict('该统一社会信用代码已登记');
    if (body.siteId !== null) {
      // A site outside the operator's area answers 404 like any other unknown site.
      await this.devices.siteOf(Number(body.siteId), scope);
    }
  }
}
