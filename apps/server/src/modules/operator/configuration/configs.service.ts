import {
  bindingsOf,
  CONFIG_STATUSES,
  CONFIG_TYPES,
  type ConfigDetail,
  type ConfigRow,
  type ConfigType,
  type configListQuery,
  type configSaveBody,
  type configStatusBody,
  emptyStage,
  type KonvaStage,
  konvaStage,
  resourcesOf,
} from '@lantian/contracts';
import { formatChinaDateTime, formatChinaDateTimeOrNull } from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import type { AreaScope } from '../../../platform/db/area-scope';
import { conflict, invalidField, notFound } from '../../../platform/errors';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import type { OperatorCaller } from '../../../platform/http/principal';
import { randomToken } from '../../../platform/security/secrets';
import type { AuditLog } from '../audit';
import type { ConfigRecord, ConfigsRepository } from './configs.repository';

export const configNotFound = () => notFound('未找到该组态图');

export function stageOf(row: ConfigRecord): KonvaStage {
  return konvaStage.parse(JSON.parse(row.konva_json));
}

export function presentConfig(row: ConfigRecord): ConfigRow {
  const type = row.type as ConfigType;
  const status = row.status === 1 ? 1 : 0;
  return {
    id: String(row.id),
    code: row.code,
    title: row.title,
    company: row.company,
    type,
    typeName: CONFIG_TYPES[type],
    status,
    statusName: CONFIG_STATUSES[status],
    areaCode: row.area_code,
    width: row.width,
    height: row.height,
    nodes: row.nodes,
    bindings: row.bindings,
    updatedBy: row.updated_by_name,
    updatedAt: formatChinaDateTime(row.updated_at),
    publishedAt: formatChinaDateTimeOrNull(row.published_at),
  };
}

/** What a drawing may refer to: devices and pictures the operator can see. */
export interface References {
  /** The ids among `deviceIds` that are devices of the scope. */
  devicesIn(deviceIds: readonly number[], scope: AreaScope): Promise<Set<number>>;
  /** The ids among `resourceIds` that are resources the scope may use. */
  resourcesIn(resourceIds: readonly number[], scope: AreaScope): Promise<Set<number>>;
}

/** Told when a token stops opening its dashboard, so that open screens close at once. */
export type Revoked = (token: string) => Promise<void>;

/**
 * Dashboards: saved as Konva JSON within the operator's area, published with an embed token that
 * opens them without a session (read-only), unpublished or re-keyed to revoke it.
 */
export class ConfigsService {
  constructor(
    private readonly repository: ConfigsRepository,
    private readonly references: References,
    private readonly revoked: Revoked,
    private readonly audit: AuditLog,
    private readonly now: Clock,
  ) {}

  async list(query: z.output<typeof configListQuery>, scope: AreaScope) {
    const page = pageOf(query, 20);
    const result = await this.repository.list(
      { ...query, status: query.status === undefined ? undefined : Number(query.status) },
      scope,
      page,
    );
    return pageAnswer(page, { list: result.list.map(presentConfig), total: result.total });
  }

  async detail(id: number, scope: AreaScope): Promise<ConfigDetail> {
    const row = await this.found(id, scope);
    return { ...presentConfig(row), konva: stageOf(row) };
  }

  async types(scope: AreaScope) {
    const counts = new Map((await this.repository.countBy('type', scope)).map((r) => [r.key, r.n]));
    return (Object.keys(CONFIG_TYPES) as ConfigType[]).map((type) => ({
      type,
      name: CONFIG_TYPES[type],
      count: counts.get(type) ?? 0,
    }));
  }

  async companies(scope: AreaScope) {
    return (await this.repository.countBy('company', scope))
      .filter((r) => r.key !== '')
      .map((r) => ({ company: r.key, count: r.n }));
  }

  async save(body: z.output<typeof configSaveBody>, caller: OperatorCaller): Promise<ConfigDetail> {
    const scope = caller.principal.scope;
    const id = body.id === undefined ? null : Number(body.id);
    const before = id === null ? undefined : await this.detail(id, scope);
    const stage = body.konva ?? before?.konva ?? emptyStage();
    await this.checkReferences(stage, scope);
    const code = body.code ?? before?.code ?? `CFG${this.now().toString(36).toUpperCase()}${randomToken().slice(0, 4)}`;
    if (await this.repository.codeTaken(code, id)) throw conflict(`编码 ${code} 已被使用`);
    const at = this.now();
    const fields = {
      code,
      title: body.title,
      konva_json: JSON.stringify(stage),
      company: body.company ?? before?.company ?? '',
      type: body.type ?? before?.type ?? 'screen',
      area_code: before?.areaCode ?? scope.areaCode,
      width: stage.attrs.width,
      height: stage.attrs.height,
      nodes: stage.children.reduce((n, layer) => n + layer.children.length, 0),
      bindings: bindingsOf(stage).length,
      updated_by_name: caller.actor.name,
      updated_at: at,
    };
    let savedId: number;
    if (id === null) {
      savedId = await this.repository.insert({
        ...fields,
        status: 0,
        token: null,
        created_by: caller.principal.id,
        created_at: at,
        published_at: null,
      });
    } else {
      await this.repository.update(id, fields, scope);
      savedId = id;
    }
    const after = await this.detail(savedId, scope);
    await this.audit.record({
      actor: caller.actor,
      ip: caller.ip,
      action: id === null ? 'config.create' : 'config.update',
      target: { type: 'config', id: after.id, name: after.title },
      before: before === undefined ? null : brief(before),
      after: brief(after),
    });
    return after;
  }

  async remove(id: number, caller: OperatorCaller): Promise<void> {
    const before = await this.found(id, caller.principal.scope);
    await this.repository.delete(id, caller.principal.scope);
    if (before.token !== null) await this.revoked(before.token);
    await this.audit.record({
      actor: caller.actor,
      ip: caller.ip,
      action: 'config.delete',
      target: { type: 'config', id: String(id), name: before.title },
      before: brief({ ...presentConfig(before), konva: stageOf(before) }),
    });
  }

  /** update/status: 1 publishes (a token is issued once), 0 unpublishes (the token stops working). */
  async setStatus(body: z.output<typeof configStatusBody>, caller: OperatorCaller): Promise<ConfigRow> {
    const scope = caller.principal.scope;
    const before = await this.found(Number(body.id), scope);
    const at = this.now();
    if (body.status === 1) {
      if (before.status === 1 && before.token !== null) return presentConfig(before);
      await this.repository.update(
        before.id,
        { status: 1, token: randomToken(), published_at: at, updated_at: at },
        scope,
      );
    } else {
      if (before.status === 0) return presentConfig(before);
      await this.repository.update(before.id, { status: 0, token: null, updated_at: at }, scope);
      if (before.token !== null) await this.revoked(before.token);
    }
    const after = await this.found(before.id, scope);
    await this.audit.record({
      actor: caller.actor,
      ip: caller.ip,
      action: body.status === 1 ? 'config.publish' : 'config.unpublish',
      target: { type: 'config', id: String(before.id), name: before.title },
      before: { status: before.status },
      after: { status: after.status },
    });
    return presentConfig(after);
  }

  /** getToken: the embed token of a published dashboard. */
  async token(id: number, scope: AreaScope) {
    const row = await this.found(id, scope);
    if (row.status !== 1 || row.token === null) throw conflict('该组态图尚未发布，请先发布');
    return {
      id: String(row.id),
      token: row.token,
      path: `/platform/screen/${row.token}`,
      publishedAt: formatChinaDateTime(row.published_at ?? row.updated_at),
    };
  }

  /** A new token for a published dashboard: links handed out before stop working. */
  async resetToken(id: number, caller: OperatorCaller) {
    const scope = caller.principal.scope;
    const before = await this.found(id, scope);
    if (before.status !== 1 || before.token === null) throw conflict('该组态图尚未发布，请先发布');
    await this.repository.update(id, { token: randomToken(), updated_at: this.now() }, scope);
    await this.revoked(before.token);
    await this.audit.record({
      actor: caller.actor,
      ip: caller.ip,
      action: 'config.token_reset',
      target: { type: 'config', id: String(id), name: before.title },
    });
    return this.token(id, scope);
  }

  /** The published dashboard a token opens (404 once revoked). */
  async byToken(token: string): Promise<ConfigRecord> {
    const row = await this.repository.byToken(token);
    if (row === undefined) throw notFound('该大屏未发布或链接已失效');
    return row;
  }

  private async checkReferences(stage: KonvaStage, scope: AreaScope): Promise<void> {
    const deviceIds = [...new Set(bindingsOf(stage).map((b) => Number(b.deviceId)))];
    const devices = await this.references.devicesIn(deviceIds, scope);
    const missingDevice = deviceIds.find((d) => !devices.has(d));
    if (missingDevice !== undefined) throw invalidField('konva', `绑定的设备 ${missingDevice} 不存在或不在您的辖区内`);
    const resourceIds = resourcesOf(stage).map(Number);
    const resources = await this.references.resourcesIn(resourceIds, scope);
    const missingResource = resourceIds.find((r) => !resources.has(r));
    if (missingResource !== undefined) throw invalidField('konva', `图片素材 ${missingResource} 不存在或无权使用`);
  }

  private async found(id: number, scope: AreaScope): Promise<ConfigRecord> {
    const row = await this.repository.byId(id, scope);
    if (row === undefined) throw configNotFound();
    return row;
  }
}

function brief(c: ConfigDetail) {
  return { code: c.code, title: c.title, company: c.company, type: c.type, nodes: c.nodes, bindings: c.bindings };
}
