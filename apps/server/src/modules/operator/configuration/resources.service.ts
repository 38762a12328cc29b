import {
  RESOURCE_LIMITS,
  RESOURCE_TYPES,
  type ResourceKind,
  type ResourceRow,
  type resourceListQuery,
  type resourceUploadFields,
} from '@lantian/contracts';
import { formatChinaDateTime } from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { type AreaScope, inScope } from '../../../platform/db/area-scope';
import { forbidden, notFound } from '../../../platform/errors';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import type { OperatorCaller, OperatorPrincipal } from '../../../platform/http/principal';
import { prepareImage } from '../../../platform/uploads/photos';
import type { AuditLog } from '../audit';
import type { ResourceInfo, ResourcesRepository } from './resources.repository';

/** Held to add or delete the shared system pictures (canModifySystemResource). */
export const SYSTEM_RESOURCE_PERMISSION = 'dashboard:resource';

export const resourceUrl = (id: number) => `/configuration/staticResource/file?id=${id}`;

/**
 * The static-resource library: pictures checked by their bytes, limited in size and pixels and
 * re-encoded (PNG keeps transparency) before they are kept; system pictures are shared by every
 * area and kept by holders of dashboard:resource, custom ones belong to their area.
 */
export class ResourcesService {
  constructor(
    private readonly repository: ResourcesRepository,
    private readonly audit: AuditLog,
    private readonly now: Clock,
  ) {}

  canModifySystem(principal: OperatorPrincipal): boolean {
    return principal.permissions.has(SYSTEM_RESOURCE_PERMISSION);
  }

  private canDelete(row: ResourceInfo, principal: OperatorPrincipal): boolean {
    if (row.resource_type === 'system') return this.canModifySystem(principal);
    return inScope(row.area_code, principal.scope) && principal.permissions.has('dashboard:edit');
  }

  present(row: ResourceInfo, principal: OperatorPrincipal): ResourceRow {
    const type = row.type as ResourceKind;
    return {
      id: String(row.id),
      type,
      typeName: RESOURCE_TYPES[type],
      resourceType: row.resource_type === 'system' ? 'system' : 'custom',
      fileName: row.file_name,
      mime: row.mime,
      width: row.width,
      height: row.height,
      bytes: row.bytes,
      url: resourceUrl(row.id),
      createdBy: row.created_by_name,
      createdAt: formatChinaDateTime(row.created_at),
      canDelete: this.canDelete(row, principal),
    };
  }

  async list(query: z.output<typeof resourceListQuery>, principal: OperatorPrincipal) {
    const page = pageOf(query, 24);
    const result = await this.repository.list(query, principal.scope, page);
    return pageAnswer(page, { list: result.list.map((r) => this.present(r, principal)), total: result.total });
  }

  async file(id: number, scope: AreaScope) {
    const row = await this.repository.file(id, scope);
    if (row === undefined) throw notFound('未找到该素材');
    return row;
  }

  async upload(
    fields: z.output<typeof resourceUploadFields>,
    file: { bytes: Buffer; filename: string },
    caller: OperatorCaller,
  ): Promise<ResourceRow> {
    if (fields.resourceType === 'system' && !this.canModifySystem(caller.principal)) {
      throw forbidden('没有维护系统素材的权限（dashboard:resource）');
    }
    const name = (fields.fileName ?? file.filename).slice(0, 80) || '素材';
    const image = await prepareImage(file.bytes, {
      maxBytes: RESOURCE_LIMITS.maxBytes,
      maxPixels: RESOURCE_LIMITS.maxPixels,
      longSide: RESOURCE_LIMITS.longSide,
      // Photographs stay JPEG; anything else may have transparent parts a drawing shows through.
      format: file.bytes[0] === 0xff && file.bytes[1] === 0xd8 ? 'jpeg' : 'png',
      label: name,
    });
    const id = await this.repository.insert({
      type: fields.type,
      resource_type: fields.resourceType,
      file_name: name,
      mime: image.mime,
      width: image.width,
      height: image.height,
      bytes: image.data.length,
      sha256: image.sha256,
      data: image.data,
      area_code: caller.principal.scope.areaCode,
      created_by: caller.principal.id,
      created_by_name: caller.actor.name,
      created_at: this.now(),
    });
    const row = await this.repository.info(id, caller.principal.scope);
    if (row === undefined) throw notFound('未找到该素材');
    await this.audit.record({
      actor: caller.actor,
      ip: caller.ip,
      action: 'config_resource.upload',
      target: { type: 'config_resource', id: String(id), name },
      after: { type: fields.type, resourceType: fields.resourceType, width: image.width, height: image.height },
    });
    return this.present(row, caller.principal);
  }

  async remove(id: number, caller: OperatorCaller): Promise<void> {
    const row = await this.repository.info(id, caller.principal.scope);
    if (row === undefined) throw notFound('未找到该素材');
    if (!this.canDelete(row, caller.principal)) {
      throw forbidden(row.resource_type === 'system' ? '没有维护系统素材的权限' : '不能删除其他区域的素材');
    }
    await this.repository.delete(id);
    await this.audit.record({
      actor: caller.actor,
      ip: caller.ip,
      action: 'config_resource.delete',
      target: { type: 'config_resource', id: String(id), name: row.file_name },
      before: { type: row.type, resourceType: row.resource_type },
    });
  }
}
