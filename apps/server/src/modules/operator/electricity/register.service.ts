import {
  ELE_OPERATE_STATUSES,
  ELE_SITE_KINDS,
  ELE_TRADE_TYPES,
  type EleEnterpriseRow,
  type EleSiteRow,
  ErrorCode,
  type eleEnterpriseListQuery,
  type eleEnterpriseSaveBody,
  type eleOrderListQuery,
  type eleOrderSaveBody,
  type eleSiteListQuery,
  type eleSiteSaveBody,
  METER_STATES,
  ORDER_MEASURES,
} from '@lantian/contracts';
import { checkOrder, formatChinaDateTime, meterState, parseChinaDateTime } from '@lantian/domain';
import type { z } from 'zod';
import { type AreaScope, inScope } from '../../../platform/db/area-scope';
import { AppError, conflict, invalidField, notFound } from '../../../platform/errors';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import type { AuditActor } from '../audit';
import { areaName, type DeviceView } from '../devices';
import { siteIdsOf, thresholdsOf } from './detector';
import type { ElectricityRepository, EnterpriseRecord, OrderRecord, SiteRecord } from './electricity.repository';
import { DEFAULT_INTERVAL_SECONDS, type EleDeps, METER_FACTORS, METER_TYPE } from './sources';

export interface EleEditor {
  actor: AuditActor;
  ip: string | null;
  scope: AreaScope;
}

export const enterpriseNotFound = () => notFound('企业不存在或不在您的管辖范围');
export const siteNotFound = () => notFound('监测点不存在或不在您的管辖范围');

const tradeName = (code: string) => ELE_TRADE_TYPES.find((t) => t.code === code)?.name ?? code;

/** A meter's latest power and whether it is fresh enough to say what runs now. */
interface MeterNow {
  view: DeviceView;
  powerKw: number | null;
  t: number | null;
}

/**
 * The register of 分表计电: enterprises, their monitoring points (lines and treatment facilities) with
 * the links between them and the meters bound to them, and the 停限产 orders. Writes are audited and
 * reload the detector.
 */
export class RegisterService {
  constructor(
    private readonly repository: ElectricityRepository,
    private readonly deps: EleDeps,
    private readonly changed: () => Promise<void>,
  ) {}

  tradeTypes() {
    return ELE_TRADE_TYPES.map((t) => ({ code: t.code, name: t.name }));
  }

  // --- Meters now ---

  async metersNow(deviceIds: readonly number[], scope: AreaScope): Promise<Map<number, MeterNow>> {
    const views = await this.deps.core.byIds(deviceIds, scope);
    const latest = await this.deps.core.latest(views.map((v) => v.id));
    const now = this.deps.now();
    return new Map(
      views.map((view) => {
        const power = latest.get(view.id)?.find((r) => r.factor === METER_FACTORS.power);
        const interval = this.deps.core.device(view.id)?.intervalSeconds ?? DEFAULT_INTERVAL_SECONDS;
        // A reading older than two intervals says nothing about now (shown as 无数据).
        const fresh = power !== undefined && now - power.t <= 2 * interval;
        return [view.id, { view, powerKw: fresh ? power.value : null, t: power?.t ?? null }];
      }),
    );
  }

  presentSite(site: SiteRecord, enterpriseName: string, linked: number[], meter: MeterNow | undefined): EleSiteRow {
    const state = meter === undefined ? 'unknown' : meterState(meter.powerKw, thresholdsOf(site));
    return {
      siteId: String(site.id),
      enterpriseId: String(site.enterprise_id),
      enterpriseName,
      name: site.name,
      kind: site.kind as EleSiteRow['kind'],
      kindName: ELE_SITE_KINDS[site.kind as EleSiteRow['kind']],
      process: site.process,
      ratedKw: site.rated_kw,
      baselineKw: site.baseline_kw,
      standbyKw: site.standby_kw,
      runningKw: site.running_kw,
      minLoadPercent: site.min_load_percent,
      linkedSiteIds: linked.map(String),
      deviceId: site.device_id === null ? null : String(site.device_id),
      deviceCode: meter?.view.mn ?? null,
      deviceName: meter?.view.name ?? null,
      online: meter?.view.online ?? null,
      powerKw: meter?.powerKw ?? null,
      lastTime: meter?.t === null || meter?.t === undefined ? null : formatChinaDateTime(meter.t),
      state,
      stateName: METER_STATES[state],
    };
  }

  async presentSites(sites: SiteRecord[], scope: AreaScope): Promise<EleSiteRow[]> {
    const links = await this.repository.links(sites.map((s) => s.id));
    const meters = await this.metersNow(
      sites.flatMap((s) => (s.device_id === null ? [] : [s.device_id])),
      scope,
    );
    const names = new Map<number, string>();
    for (const id of new Set(sites.map((s) => s.enterprise_id))) {
      names.set(id, (await this.repository.enterprise(id, scope))?.name ?? '');
    }
    return sites.map((site) => {
      const linked = links.flatMap((l) =>
        site.kind === 'treatment'
          ? l.treatment_id === site.id
            ? [l.production_id]
            : []
          : l.production_id === site.id
            ? [l.treatment_id]
            : [],
      );
      return this.presentSite(
        site,
        names.get(site.enterprise_id) ?? '',
        linked,
        site.device_id === null ? undefined : meters.get(site.device_id),
      );
    });
  }

  // --- Enterprises ---

  async presentEnterprises(rows: EnterpriseRecord[], scope: AreaScope): Promise<EleEnterpriseRow[]> {
    if (rows.length === 0) return [];
    const ids = new Set(rows.map((r) => r.id));
    const sites = (await this.repository.allSites({}, scope)).filter((s) => ids.has(s.enterprise_id));
    const presented = await this.presentSites(sites, scope);
    const problems = await this.repository.openProblemCounts(scope);
    const alarmCounts = await this.activeAlarmCounts(sites, scope);
    return rows.map((row) => {
      const own = presented.filter((s) => s.enterpriseId === String(row.id));
      const byId = new Map(own.map((s) => [s.siteId, s]));
      const abnormal = own.some(
        (s) =>
          s.kind === 'treatment' &&
          (s.state === 'stopped' || s.state === 'standby') &&
          s.linkedSiteIds.some((id) => byId.get(id)?.state === 'running'),
      );
      return {
        enterpriseId: String(row.id),
        name: row.name,
        creditCode: row.credit_code,
        tradeType: row.trade_type,
        tradeTypeName: tradeName(row.trade_type),
        operateStatus: row.operate_status as EleEnterpriseRow['operateStatus'],
        operateStatusName: ELE_OPERATE_STATUSES[row.operate_status as EleEnterpriseRow['operateStatus']],
        areaCode: row.area_code,
        areaName: areaName(row.area_code),
        lon: row.lon,
        lat: row.lat,
        address: row.address,
        contact: row.contact,
        phone: row.phone,
        siteCount: own.length,
        meterCount: own.filter((s) => s.deviceId !== null).length,
        onlineMeters: own.filter((s) => s.online === 'online').length,
        activeAlarms: alarmCounts.get(row.id) ?? 0,
        openProblems: problems.get(row.id) ?? 0,
        abnormal,
      };
    });
  }

  /** Set by the module: open alarms per enterprise (the alarm centre's, of the enterprise's meters). */
  activeAlarmCounts: (sites: SiteRecord[], scope: AreaScope) => Promise<Map<number, number>> = async () => new Map();

  async enterprises(query: z.output<typeof eleEnterpriseListQuery>, scope: AreaScope) {
    if (query.areaCode !== undefined && !inScope(query.areaCode, scope))
      throw new AppError(ErrorCode.AREA_OUT_OF_SCOPE, '所选区域不在您的管辖范围');
    const page = pageOf(query, 20);
    const result = await this.repository.enterprises(query, scope, page);
    return pageAnswer(page, { list: await this.presentEnterprises(result.list, scope), total: result.total });
  }

  async allEnterprises(scope: AreaScope) {
    return this.presentEnterprises(await this.repository.allEnterprises(scope), scope);
  }

  async enterpriseRecord(id: number, scope: AreaScope): Promise<EnterpriseRecord> {
    const row = await this.repository.enterprise(id, scope);
    if (row === undefined) throw enterpriseNotFound();
    return row;
  }

  async enterprise(id: number, scope: AreaScope): Promise<EleEnterpriseRow> {
    const [row] = await this.presentEnterprises([await this.enterpriseRecord(id, scope)], scope);
    if (row === undefined) throw enterpriseNotFound();
    return row;
  }

  async saveEnterprise(body: z.output<typeof eleEnterpriseSaveBody>, editor: EleEditor): Promise<EleEnterpriseRow> {
    if (!inScope(body.areaCode, editor.scope))
      throw new AppError(ErrorCode.AREA_OUT_OF_SCOPE, '企业所在区域不在您的管辖范围');
    const sameCode = await this.repository.enterpriseByCreditCode(body.creditCode);
    const at = this.deps.now();
    const fields = {
      name: body.name,
      credit_code: body.creditCode,
      trade_type: body.tradeType,
      operate_status: body.operateStatus,
      area_code: body.areaCode,
      lon: body.lon,
      lat: body.lat,
      address: body.address,
      contact: body.contact,
      phone: body.phone,
      updated_at: at,
    };
    let id: number;
    let before: EnterpriseRecord | undefined;
    if (body.enterpriseId === undefined) {
      if (sameCode !== undefined) throw conflict(`统一社会信用代码 ${body.creditCode} 已登记（${sameCode.name}）`);
      id = await this.repository.insertEnterprise({ ...fields, created_at: at });
    } else {
      id = Number(body.enterpriseId);
      before = await this.enterpriseRecord(id, editor.scope);
      if (sameCode !== undefined && sameCode.id !== id)
        throw conflict(`统一社会信用代码 ${body.creditCode} 已登记（${sameCode.name}）`);
      await this.repository.updateEnterprise(id, fields);
    }
    await this.deps.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'ele_enterprise.save',
      target: { type: 'ele_enterprise', id: String(id), name: body.name },
      before,
      after: fields,
    });
    return this.enterprise(id, editor.scope);
  }

  // --- Monitoring points ---

  async sites(query: z.output<typeof eleSiteListQuery>, scope: AreaScope) {
    const page = pageOf(query, 20);
    const result = await this.repository.sites(
      {
        enterpriseId: query.enterpriseId === undefined ? undefined : Number(query.enterpriseId),
        kind: query.kind,
        bound: query.bound === undefined ? undefined : query.bound === 'yes',
      },
      scope,
      page,
    );
    return pageAnswer(page, { list: await this.presentSites(result.list, scope), total: result.total });
  }

  async siteRecord(id: number, scope: AreaScope): Promise<SiteRecord> {
    const row = await this.repository.site(id, scope);
    if (row === undefined) throw siteNotFound();
    return row;
  }

  async site(id: number, scope: AreaScope): Promise<EleSiteRow> {
    const [row] = await this.presentSites([await this.siteRecord(id, scope)], scope);
    if (row === undefined) throw siteNotFound();
    return row;
  }

  async saveSite(body: z.output<typeof eleSiteSaveBody>, editor: EleEditor): Promise<EleSiteRow> {
    const enterprise = await this.enterpriseRecord(Number(body.enterpriseId), editor.scope);
    const linked = [...new Set(body.linkedSiteIds.map(Number))];
    const others = (await this.repository.allSites({ enterpriseId: enterprise.id }, editor.scope)).filter((s) =>
      linked.includes(s.id),
    );
    // A facility serves lines, a line is served by facilities: links join the two kinds of one enterprise.
    if (others.length !== linked.length || others.some((s) => s.kind === body.kind))
      throw invalidField(
        'linkedSiteIds',
        body.kind === 'treatment' ? '请选择本企业的生产线' : '请选择本企业的治污设施',
      );
    if (body.kind === 'treatment' && body.ratedKw === null && body.minLoadPercent !== null)
      throw invalidField('ratedKw', '设置最低负荷率须填写额定功率');
    const at = this.deps.now();
    const fields = {
      enterprise_id: enterprise.id,
      area_code: enterprise.area_code,
      name: body.name,
      kind: body.kind,
      process: body.process,
      rated_kw: body.ratedKw,
      baseline_kw: body.kind === 'production' ? body.baselineKw : null,
      standby_kw: body.standbyKw,
      running_kw: body.runningKw,
      min_load_percent: body.kind === 'treatment' ? body.minLoadPercent : null,
      updated_at: at,
    };
    let id: number;
    let before: SiteRecord | undefined;
    if (body.siteId === undefined) {
      id = await this.repository.insertSite({ ...fields, device_id: null, created_at: at }, linked);
    } else {
      id = Number(body.siteId);
      before = await this.siteRecord(id, editor.scope);
      if (before.enterprise_id !== enterprise.id) throw invalidField('enterpriseId', '监测点不能改到其他企业');
      if (before.kind !== body.kind) throw invalidField('kind', '监测点类型不能修改，请删除后重建');
      await this.repository.updateSite(id, fields, body.kind, linked);
    }
    await this.deps.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'ele_site.save',
      target: { type: 'ele_site', id: String(id), name: body.name },
      before,
      after: { ...fields, linked },
    });
    await this.changed();
    return this.site(id, editor.scope);
  }

  async deleteSite(id: number, editor: EleEditor): Promise<void> {
    const before = await this.siteRecord(id, editor.scope);
    if (before.device_id !== null) throw conflict('监测点已绑定电表，请先解绑');
    await this.repository.deleteSite(id);
    await this.deps.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'ele_site.delete',
      target: { type: 'ele_site', id: String(id), name: before.name },
      before,
    });
    await this.changed();
  }

  /** P01 meters of the scope not bound to any point. */
  async freeMeters(scope: AreaScope) {
    const meters = await this.deps.core.all({ type: METER_TYPE }, scope);
    const bound = new Set(
      (await this.repository.allSites({ bound: true }, scope)).map((s) => s.device_id).filter((d) => d !== null),
    );
    return meters
      .filter((m) => !bound.has(m.id) && m.status !== 'retired')
      .map((m) => ({ deviceId: String(m.id), deviceCode: m.mn, name: m.name, siteName: m.site_name }));
  }

  async meterByCode(mn: string, scope: AreaScope): Promise<DeviceView> {
    const meter = (await this.deps.core.all({ type: METER_TYPE }, scope)).find((m) => m.mn === mn);
    if (meter === undefined) throw notFound(`未找到电表 ${mn}（须为本辖区内登记的企业分表计电设备 P01）`);
    return meter;
  }

  async bind(siteId: number, mn: string, editor: EleEditor): Promise<EleSiteRow> {
    const site = await this.siteRecord(siteId, editor.scope);
    const meter = await this.meterByCode(mn, editor.scope);
    if (meter.status === 'retired') throw conflict(`电表 ${mn} 已退役`);
    const holder = await this.repository.siteByDevice(meter.id);
    if (holder !== undefined && holder.id !== site.id) throw conflict(`电表 ${mn} 已绑定到监测点「${holder.name}」`);
    if (site.device_id !== null && site.device_id !== meter.id) throw conflict('该监测点已绑定其他电表，请先解绑');
    await this.repository.setDevice(site.id, meter.id, this.deps.now());
    await this.deps.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'ele_site.bind',
      target: { type: 'ele_site', id: String(site.id), name: site.name },
      before: { deviceId: site.device_id },
      after: { deviceId: meter.id, deviceCode: mn },
    });
    await this.changed();
    return this.site(site.id, editor.scope);
  }

  async unbind(siteId: number, editor: EleEditor): Promise<EleSiteRow> {
    const site = await this.siteRecord(siteId, editor.scope);
    if (site.device_id === null) throw conflict('该监测点未绑定电表');
    await this.repository.setDevice(site.id, null, this.deps.now());
    await this.deps.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'ele_site.unbind',
      target: { type: 'ele_site', id: String(site.id), name: site.name },
      before: { deviceId: site.device_id },
      after: { deviceId: null },
    });
    await this.changed();
    return this.site(site.id, editor.scope);
  }

  // --- 停限产 orders ---

  private orderStatus(order: OrderRecord, now: number): 'pending' | 'active' | 'ended' | 'revoked' {
    if (order.revoked_at !== null) return 'revoked';
    if (now < order.start_at) return 'pending';
    return now < order.end_at ? 'active' : 'ended';
  }

  async orders(query: z.output<typeof eleOrderListQuery>, scope: AreaScope) {
    const page = pageOf(query, 20);
    const now = this.deps.now();
    // Status is a function of the clock: filtered on the page's rows after reading them all of the
    // enterprise or scope (orders are few: a handful per enterprise per heavy-pollution episode).
    const all = await this.repository.orders(
      { enterpriseId: query.enterpriseId === undefined ? undefined : Number(query.enterpriseId) },
      scope,
      { pageNum: 1, pageSize: 10_000, offset: 0, limit: 10_000 },
    );
    const matching = all.list.filter((o) => query.status === undefined || this.orderStatus(o, now) === query.status);
    const slice = matching.slice(page.offset, page.offset + page.limit);
    return pageAnswer(page, { list: await this.presentOrders(slice, scope), total: matching.length });
  }

  private async presentOrders(orders: OrderRecord[], scope: AreaScope) {
    const now = this.deps.now();
    const sites = new Map((await this.repository.allSites({}, scope)).map((s) => [s.id, s]));
    const names = new Map((await this.repository.allEnterprises(scope)).map((e) => [e.id, e.name]));
    return orders.map((o) => {
      const status = this.orderStatus(o, now);
      const ids = siteIdsOf(o);
      return {
        orderId: String(o.id),
        enterpriseId: String(o.enterprise_id),
        enterpriseName: names.get(o.enterprise_id) ?? '',
        title: o.title,
        measure: o.measure as 'stop' | 'limit',
        measureName: ORDER_MEASURES[o.measure as 'stop' | 'limit'],
        ratio: o.ratio,
        siteIds: ids.map(String),
        siteNames: ids.map((id) => sites.get(id)?.name ?? `#${id}`),
        startTime: formatChinaDateTime(o.start_at),
        endTime: formatChinaDateTime(o.end_at),
        status,
        statusName: { pending: '未开始', active: '执行中', ended: '已结束', revoked: '已撤销' }[status],
        createdBy: o.created_by,
      };
    });
  }

  async saveOrder(body: z.output<typeof eleOrderSaveBody>, editor: EleEditor) {
    const enterprise = await this.enterpriseRecord(Number(body.enterpriseId), editor.scope);
    const startAt = parseChinaDateTime(body.startTime);
    const endAt = parseChinaDateTime(body.endTime);
    const problems = checkOrder({ measure: body.measure, ratio: body.ratio, startAt, endAt });
    if (problems[0] !== undefined) throw invalidField(problems[0].includes('比例') ? 'ratio' : 'endTime', problems[0]);
    const ids = [...new Set(body.siteIds.map(Number))];
    const lines = (
      await this.repository.allSites({ enterpriseId: enterprise.id, kind: 'production' }, editor.scope)
    ).filter((s) => ids.includes(s.id));
    if (lines.length !== ids.length) throw invalidField('siteIds', '请选择本企业的生产线');
    if (body.measure === 'limit' && lines.some((l) => l.baseline_kw === null))
      throw invalidField(
        'siteIds',
        `限产须先为生产线填写基准生产功率：${lines
          .filter((l) => l.baseline_kw === null)
          .map((l) => l.name)
          .join('、')}`,
      );
    const row = {
      enterprise_id: enterprise.id,
      area_code: enterprise.area_code,
      title: body.title,
      measure: body.measure,
      ratio: body.measure === 'limit' ? body.ratio : null,
      site_ids: ids.join(','),
      start_at: startAt,
      end_at: endAt,
      revoked_at: null,
      created_by: editor.actor.name,
      created_at: this.deps.now(),
    };
    const id = await this.repository.insertOrder(row);
    await this.deps.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'ele_order.save',
      target: { type: 'ele_order', id: String(id), name: body.title },
      after: row,
    });
    await this.changed();
    return { id: String(id) };
  }

  async revokeOrder(id: number, editor: EleEditor): Promise<void> {
    const order = await this.repository.order(id, editor.scope);
    if (order === undefined) throw notFound('停限产令不存在或不在您的管辖范围');
    if (order.revoked_at !== null) throw conflict('停限产令已撤销');
    if (order.end_at <= this.deps.now()) throw conflict('停限产令已结束，不能撤销');
    await this.repository.revokeOrder(id, this.deps.now());
    await this.deps.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'ele_order.revoke',
      target: { type: 'ele_order', id: String(id), name: order.title },
      before: { revokedAt: null },
      after: { revokedAt: this.deps.now() },
    });
    await this.changed();
  }

  async activeOrderCount(scope: AreaScope): Promise<number> {
    return (await this.repository.activeOrders(this.deps.now(), scope)).length;
  }
}
