import {
  CHARTABLE_QUERIES,
  type controlAddBody,
  MAX_TEMPLATE_ELEMENTS,
  REPORT_PLACEHOLDERS,
  REPORT_QUERIES,
  REPORT_TYPES,
  type ReportElement,
  type ReportType,
  reportElement,
  type TemplateDetail,
  type TemplateRow,
  type templateListQuery,
  type templateSaveBody,
  type templateUpdateBody,
} from '@lantian/contracts';
import { formatChinaDateTime } from '@lantian/domain';
import { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import type { AreaScope } from '../../../platform/db/area-scope';
import { conflict, invalidField, notFound } from '../../../platform/errors';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import type { AuditLog } from '../audit';
import type { ReportHandler } from './handler';
import type { TemplateRecord, TemplatesRepository } from './templates.repository';

export const templateNotFound = () => notFound('未找到该报告模板');

const storedElements = z.array(reportElement);
export function elementsOf(row: TemplateRecord): ReportElement[] {
  return storedElements.parse(JSON.parse(row.content_json));
}

export function presentTemplate(row: TemplateRecord): TemplateRow {
  const type = row.type as ReportType;
  return {
    id: String(row.id),
    name: row.name,
    type,
    typeName: REPORT_TYPES[type],
    category: row.category,
    projectId: row.project_id,
    areaCode: row.area_code,
    elementCount: elementsOf(row).length,
    createdBy: row.created_by_name,
    updatedAt: formatChinaDateTime(row.updated_at),
    deletedAt: row.deleted_at === null ? null : formatChinaDateTime(row.deleted_at),
  };
}

/** Who an operator is to the report centre: their organisation is their project (spec §3 projectId). */
export interface OperatorFacts {
  name: string;
  orgId: string;
  orgName: string;
}
export type FactsOf = (operatorId: string) => Promise<OperatorFacts | undefined>;

/**
 * Report templates: made of elements in the console, seen within the creator's area, deleted into a
 * recycle bin (`recovery` lists and restores), never deleted for good while records cite them.
 */
export class TemplatesService {
  constructor(
    private readonly repository: TemplatesRepository,
    private readonly factsOf: FactsOf,
    private readonly audit: AuditLog,
    private readonly now: Clock,
  ) {}

  async list(query: z.output<typeof templateListQuery>, handler: ReportHandler, deleted = false) {
    const page = pageOf(query, 20);
    const result = await this.repository.list({ ...query, deleted }, handler.principal.scope, page);
    return pageAnswer(page, { list: result.list.map(presentTemplate), total: result.total });
  }

  async detail(id: number, handler: ReportHandler): Promise<TemplateDetail> {
    const row = await this.found(id, handler, true);
    return { ...presentTemplate(row), content: elementsOf(row) };
  }

  /** A template in use (not in the bin), for generation. */
  async inUse(id: number, scope: AreaScope): Promise<TemplateRecord> {
    const row = await this.repository.byId(id, scope);
    if (row === undefined || row.deleted_at !== null) throw templateNotFound();
    return row;
  }

  async save(body: z.output<typeof templateSaveBody>, handler: ReportHandler): Promise<TemplateDetail> {
    const facts = await this.facts(handler);
    const at = this.now();
    const id = await this.repository.insert({
      name: body.name,
      type: body.type,
      category: body.category,
      content_json: JSON.stringify(body.content),
      project_id: facts.orgId,
      area_code: handler.principal.scope.areaCode,
      created_by: handler.principal.id,
      created_by_name: facts.name,
      created_at: at,
      updated_at: at,
      deleted_at: null,
    });
    const saved = await this.detail(id, handler);
    await this.record(handler, 'report_template.create', saved, null, {
      name: saved.name,
      type: saved.type,
      elements: saved.content.length,
    });
    return saved;
  }

  async update(body: z.output<typeof templateUpdateBody>, handler: ReportHandler): Promise<TemplateDetail> {
    const before = await this.detail(Number(body.id), handler);
    if (before.deletedAt !== null) throw conflict('该模板在回收站中，请先恢复');
    await this.repository.update(
      Number(body.id),
      {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.type === undefined ? {} : { type: body.type }),
        ...(body.category === undefined ? {} : { category: body.category }),
        ...(body.content === undefined ? {} : { content_json: JSON.stringify(body.content) }),
        updated_at: this.now(),
      },
      handler.principal.scope,
    );
    const after = await this.detail(Number(body.id), handler);
    await this.record(handler, 'report_template.update', after, summary(before), summary(after));
    return after;
  }

  /** Template control add: one element appended to a template. */
  async addControl(body: z.output<typeof controlAddBody>, handler: ReportHandler): Promise<TemplateDetail> {
    const before = await this.detail(Number(body.templateId), handler);
    if (before.deletedAt !== null) throw conflict('该模板在回收站中，请先恢复');
    if (before.content.some((e) => e.id === body.element.id))
      throw invalidField('element.id', '模板中已有该编号的元素');
    if (before.content.length >= MAX_TEMPLATE_ELEMENTS) {
      throw invalidField('element', `一个模板最多 ${MAX_TEMPLATE_ELEMENTS} 个元素`);
    }
    return this.update({ id: before.id, content: [...before.content, body.element] }, handler);
  }

  async remove(id: number, handler: ReportHandler): Promise<void> {
    const before = await this.detail(id, handler);
    if (before.deletedAt !== null) return;
    const at = this.now();
    await this.repository.update(id, { deleted_at: at, updated_at: at }, handler.principal.scope);
    await this.record(handler, 'report_template.delete', before, summary(before), null);
  }

  async restore(id: number, handler: ReportHandler): Promise<TemplateDetail> {
    const before = await this.detail(id, handler);
    if (before.deletedAt === null) throw conflict('该模板不在回收站中');
    await this.repository.update(id, { deleted_at: null, updated_at: this.now() }, handler.principal.scope);
    const after = await this.detail(id, handler);
    await this.record(handler, 'report_template.restore', after, null, summary(after));
    return after;
  }

  /** The template tree: categories, and the templates in each. */
  async tree(handler: ReportHandler) {
    const { list } = await this.repository.list({ deleted: false }, handler.principal.scope, null);
    const categories = new Map<string, TemplateRecord[]>();
    for (const row of list) categories.set(row.category, [...(categories.get(row.category) ?? []), row]);
    return [...categories.entries()]
      .sort(([a], [b]) => a.localeCompare(b, 'zh-CN'))
      .map(([category, rows]) => ({
        key: `category:${category}`,
        title: category,
        templateId: null,
        children: rows
          .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'))
          .map((r) => ({
            key: `template:${r.id}`,
            title: r.name,
            templateId: String(r.id),
            type: r.type as ReportType,
          })),
      }));
  }

  /** The element list: what templates are built from. */
  catalog() {
    return {
      kinds: [
        { kind: 'text', name: '富文本', detail: '标题或段落，可插入占位符，生成时替换为数值' },
        { kind: 'table', name: '表格', detail: '绑定一个数据查询，生成时填入行' },
        { kind: 'chart', name: '图表', detail: '绑定一个数据查询，服务端渲染为图片' },
        { kind: 'image', name: '图片', detail: 'AQI 日历（aqiImage）或上传的图片' },
      ],
      queries: (Object.keys(REPORT_QUERIES) as Array<keyof typeof REPORT_QUERIES>).map((key) => ({
        key,
        ...REPORT_QUERIES[key],
        charts: [...CHARTABLE_QUERIES[key]],
      })),
      placeholders: Object.entries(REPORT_PLACEHOLDERS).map(([key, name]) => ({ key, name })),
    };
  }

  async facts(handler: ReportHandler): Promise<OperatorFacts> {
    const facts = await this.factsOf(handler.principal.id);
    if (facts === undefined) throw notFound('未找到当前运营人员');
    return facts;
  }

  private async found(id: number, handler: ReportHandler, includeDeleted: boolean): Promise<TemplateRecord> {
    const row = await this.repository.byId(id, handler.principal.scope);
    if (row === undefined || (!includeDeleted && row.deleted_at !== null)) throw templateNotFound();
    return row;
  }

  private record(
    handler: ReportHandler,
    action: 'report_template.create' | 'report_template.update' | 'report_template.delete' | 'report_template.restore',
    template: TemplateRow,
    before: unknown,
    after: unknown,
  ) {
    return this.audit.record({
      actor: handler.actor,
      ip: handler.ip,
      action,
      target: { type: 'report_template', id: template.id, name: template.name },
      before,
      after,
    });
  }
}

function summary(t: TemplateDetail) {
  return { name: t.name, type: t.type, category: t.category, elements: t.content.map((e) => `${e.kind}:${e.id}`) };
}
