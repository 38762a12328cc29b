import { createHash, timingSafeEqual } from 'node:crypto';
import { areaByCode } from '@lantian/areas';
import {
  type deviceListQuery,
  type deviceSaveBody,
  type deviceUpdateBody,
  ErrorCode,
  type siteListQuery,
  type siteSaveBody,
  type siteUpdateBody,
} from '@lantian/contracts';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { type AreaScope, inScope } from '../../../platform/db/area-scope';
import { AppError, conflict, invalidField, notFound } from '../../../platform/errors';
import { type Page, pageAnswer, pageOf } from '../../../platform/http/params';
import type { AuditActor, AuditLog } from '../audit';
import { type Labels, presentDevice, presentSite } from './devices.presenters';
import type { DeviceRecord, DeviceView, RegistryRepository } from './registry.repository';

export interface Editor {
  actor: AuditActor;
  ip: string | null;
  scope: AreaScope;
}

/** SHA-256 of an HJ 212 access password: what is stored and what the gateway compares. */
export function passwordHash(password: string): string {
  return createHash('sha256').update(password, 'utf8').digest('hex');
}

/** Whether a password sent by a device (PW) is the one stored, compared in constant time. */
export function passwordMatches(password: string, storedHash: string): boolean {
  return timingSafeEqual(Buffer.from(passwordHash(password), 'hex'), Buffer.from(storedHash, 'hex'));
}

const outOfScope = () => new AppError(ErrorCode.AREA_OUT_OF_SCOPE, '该地区不在您的管辖范围内');
const deviceNotFound = () => notFound('未找到该设备');
const siteNotFound = () => notFound('未找到该站点');

/** The parts of a device the audit log keeps (never the password). */
function audited(
  row: Pick<
    DeviceRecord,
    'mn' | 'name' | 'type' | 'site_id' | 'status' | 'factors_json' | 'config_json' | 'install_date'
  >,
) {
  return {
    mn: row.mn,
    name: row.name,
    type: row.type,
    siteId: row.site_id,
    status: row.status,
    installDate: row.install_date,
    factors: JSON.parse(row.factors_json) as unknown,
    config: JSON.parse(row.config_json) as unknown,
  };
}

/**
 * The registry's rules: sites and devices inside the operator's area, unique site codes and MNs,
 * device types and factors from the dictionary, retired devices kept (their data stays readable)
 * but refused by the gateway. Every write is audited; `changed` tells the gateway to reload.
 */
export class RegistryService {
  constructor(
    private readonly repository: RegistryRepository,
    private readonly labels: Labels,
    private readonly audit: AuditLog,
    private readonly now: Clock,
    /** Reloads what is cached from the registry; a write answers once this instance has reloaded. */
    private readonly changed: () => Promise<void>,
  ) {}

  // --- Sites ---

  async listSites(query: z.output<typeof siteListQuery>, scope: AreaScope) {
    if (query.areaCode !== undefined && !inScope(query.areaCode, scope)) throw outOfScope();
    const page = pageOf(query, 20);
    const result = await this.repository.listSites(query, scope, page);
    return pageAnswer(page, { list: result.list.map(presentSite), total: result.total });
  }

  async createSite(body: z.output<typeof siteSaveBody>, editor: Editor) {
    this.checkArea(body.areaCode, editor.scope);
    if ((await this.repository.siteByCode(body.siteCode)) !== undefined) throw conflict('站点编码已存在');
    const at = this.now();
    const id = await this.repository.insertSite({
      code: body.siteCode,
      name: body.name,
      area_code: body.areaCode,
      lon: body.lon,
      lat: body.lat,
      address: body.address,
      created_at: at,
      updated_at: at,
    });
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'site.create',
      target: { type: 'site', id: String(id), name: body.name },
      after: body,
    });
    return this.siteOf(id, editor.scope);
  }

  async updateSite(body: z.output<typeof siteUpdateBody>, editor: Editor) {
    const id = Number(body.siteId);
    const before = await this.repository.site(id, editor.scope);
    if (before === undefined) throw siteNotFound();
    this.checkArea(body.areaCode, editor.scope);
    const other = await this.repository.siteByCode(body.siteCode);
    if (other !== undefined && other.id !== id) throw conflict('站点编码已存在');
    await this.repository.updateSite(id, {
      code: body.siteCode,
      name: body.name,
      area_code: body.areaCode,
      lon: body.lon,
      lat: body.lat,
      address: body.address,
      updated_at: this.now(),
    });
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'site.update',
      target: { type: 'site', id: String(id), name: body.name },
      before: presentSite({ ...before, device_count: 0 }),
      after: body,
    });
    await this.changed();
    return this.siteOf(id, editor.scope);
  }

  /** A site of the scope (404 outside it): other modules link their records to sites (the smoke register). */
  async siteOf(id: number, scope: AreaScope) {
    const site = await this.repository.site(id, scope);
    if (site === undefined) throw siteNotFound();
    return presentSite({ ...site, device_count: await this.repository.siteDeviceCount(id) });
  }

  private checkArea(areaCode: string, scope: AreaScope): void {
    if (areaByCode(areaCode) === undefined) throw invalidField('areaCode', '未知的行政区划代码');
    if (!inScope(areaCode, scope)) throw outOfScope();
  }

  // --- Devices ---

  async list(query: z.output<typeof deviceListQuery>, scope: AreaScope) {
    if (query.areaCode !== undefined && !inScope(query.areaCode, scope)) throw outOfScope();
    const page: Page = pageOf(query, 20);
    const result = await this.repository.listDevices(
      { ...query, siteId: query.siteId === undefined ? undefined : Number(query.siteId) },
      scope,
      page,
      {
        by: query.sortBy ?? 'id',
        order:
          query.sortOrder === 'descend'
            ? 'desc'
            : query.sortOrder === 'ascend'
              ? 'asc'
              : query.sortBy === 'lastSeen'
                ? 'desc'
                : 'asc',
      },
    );
    const views = await this.presentAll(result.list);
    return pageAnswer(page, { list: views, total: result.total });
  }

  /** Every device of the scope (no paging): the map. */
  async all(
    filter: { type?: string | undefined; areaCode?: string | undefined },
    scope: AreaScope,
  ): Promise<DeviceView[]> {
    if (filter.areaCode !== undefined && !inScope(filter.areaCode, scope)) throw outOfScope();
    return (await this.repository.listDevices(filter, scope, null)).list;
  }

  async view(deviceId: number, scope: AreaScope): Promise<DeviceView> {
    const device = await this.repository.device(deviceId, scope);
    if (device === undefined) throw deviceNotFound();
    return device;
  }

  async get(deviceId: number, scope: AreaScope) {
    const [row] = await this.presentAll([await this.view(deviceId, scope)]);
    if (row === undefined) throw deviceNotFound();
    return row;
  }

  async byIds(ids: readonly number[], scope: AreaScope): Promise<DeviceView[]> {
    return this.repository.devicesByIds(ids, scope);
  }

  /** Active alarm counts come from the alarms module, which registers here once created. */
  activeAlarmCounts: (deviceIds: readonly number[]) => Promise<Map<number, number>> = async () => new Map();

  private async presentAll(rows: DeviceView[]) {
    const counts = await this.activeAlarmCounts(rows.map((r) => r.id));
    return Promise.all(rows.map((row) => presentDevice(row, this.labels, this.now(), counts.get(row.id) ?? 0)));
  }

  async create(body: z.output<typeof deviceSaveBody>, editor: Editor) {
    const site = await this.repository.site(Number(body.siteId), editor.scope);
    if (site === undefined) throw invalidField('siteId', '未找到该站点');
    await this.checkDictionary(
      body.type,
      body.factors.map((f) => f.code),
    );
    if ((await this.repository.deviceByMn(body.mn)) !== undefined) throw conflict('该 MN 已登记');
    const at = this.now();
    const row = {
      mn: body.mn,
      name: body.name,
      type: body.type,
      site_id: site.id,
      area_code: site.area_code,
      password_hash: passwordHash(body.password),
      install_date: body.installDate,
      status: body.status,
      factors_json: JSON.stringify(body.factors),
      config_json: JSON.stringify(body.config),
      created_at: at,
      updated_at: at,
      retired_at: null,
    };
    const id = await this.repository.insertDevice(row, at);
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'device.create',
      target: { type: 'device', id: String(id), name: `${body.name}（${body.mn}）` },
      after: audited(row),
    });
    await this.changed();
    return this.get(id, editor.scope);
  }

  async update(body: z.output<typeof deviceUpdateBody>, editor: Editor) {
    const id = Number(body.deviceId);
    const before = await this.view(id, editor.scope);
    if (before.status === 'retired') throw conflict('设备已退役，不能修改');
    const site = await this.repository.site(Number(body.siteId), editor.scope);
    if (site === undefined) throw invalidField('siteId', '未找到该站点');
    await this.checkDictionary(
      body.type,
      body.factors.map((f) => f.code),
    );
    const change = {
      name: body.name,
      type: body.type,
      site_id: site.id,
      area_code: site.area_code,
      install_date: body.installDate,
      status: body.status,
      factors_json: JSON.stringify(body.factors),
      config_json: JSON.stringify(body.config),
      updated_at: this.now(),
      ...(body.password === undefined ? {} : { password_hash: passwordHash(body.password) }),
    };
    await this.repository.updateDevice(id, change);
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'device.update',
      target: { type: 'device', id: String(id), name: `${body.name}（${before.mn}）` },
      before: audited(before),
      after: {
        ...audited({ ...before, ...change }),
        ...(body.password === undefined ? {} : { password: '(changed)' }),
      },
    });
    await this.changed();
    return this.get(id, editor.scope);
  }

  async retire(deviceId: number, note: string, editor: Editor) {
    const before = await this.view(deviceId, editor.scope);
    if (before.status === 'retired') throw conflict('设备已退役');
    const at = this.now();
    await this.repository.updateDevice(deviceId, { status: 'retired', retired_at: at, updated_at: at });
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'device.retire',
      target: { type: 'device', id: String(deviceId), name: `${before.name}（${before.mn}）` },
      detail: note === '' ? null : note,
      before: { status: before.status },
      after: { status: 'retired' },
    });
    await this.changed();
    return this.get(deviceId, editor.scope);
  }

  private async checkDictionary(type: string, factors: readonly string[]): Promise<void> {
    if ((await this.labels.deviceType(type)) === undefined) throw invalidField('type', '未知的设备类型');
    for (const code of factors) {
      if ((await this.labels.factor(code)) === undefined) throw invalidField('factors', `未知的监测因子：${code}`);
    }
  }
}
