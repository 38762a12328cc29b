import {
  type configTemplateSaveBody,
  type KonvaStage,
  konvaStage,
  type templateTypeSaveBody,
} from '@lantian/contracts';
import { formatChinaDateTime } from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { conflict, notFound } from '../../../platform/errors';
import type { OperatorCaller } from '../../../platform/http/principal';
import type { AuditLog } from '../audit';
import type { ConfigTemplatesRepository } from './templates.repository';

/** Dashboard templates by type (templateTypeList): drawings to start from, shared by every operator. */
export class ConfigTemplatesService {
  constructor(
    private readonly repository: ConfigTemplatesRepository,
    private readonly audit: AuditLog,
    private readonly now: Clock,
  ) {}

  async typeList() {
    const [types, templates] = await Promise.all([this.repository.types(), this.repository.templates()]);
    return types.map((t) => ({
      id: String(t.id),
      name: t.name,
      templates: templates
        .filter((tpl) => tpl.type_id === t.id)
        .map((tpl) => ({
          id: String(tpl.id),
          name: tpl.name,
          nodes: tpl.nodes,
          updatedAt: formatChinaDateTime(tpl.updated_at),
        })),
    }));
  }

  async saveType(body: z.output<typeof templateTypeSaveBody>, caller: OperatorCaller) {
    const same = await this.repository.typeNamed(body.name);
    const id = body.id === undefined ? null : Number(body.id);
    if (same !== undefined && same.id !== id) throw conflict(`已有名为「${body.name}」的模板分类`);
    let savedId: number;
    if (id === null) {
      savedId = await this.repository.insertType({ name: body.name, created_at: this.now() });
    } else {
      if ((await this.repository.type(id)) === undefined) throw notFound('未找到该模板分类');
      await this.repository.renameType(id, body.name);
      savedId = id;
    }
    await this.audit.record({
      actor: caller.actor,
      ip: caller.ip,
      action: 'config_template_type.save',
      target: { type: 'config_template_type', id: String(savedId), name: body.name },
      after: { name: body.name },
    });
    return { id: String(savedId), name: body.name };
  }

  async deleteType(id: number, caller: OperatorCaller): Promise<void> {
    const type = await this.repository.type(id);
    if (type === undefined) throw notFound('未找到该模板分类');
    if ((await this.repository.countIn(id)) > 0) throw conflict('该分类下还有模板，请先删除模板');
    await this.repository.deleteType(id);
    await this.audit.record({
      actor: caller.actor,
      ip: caller.ip,
      action: 'config_template_type.delete',
      target: { type: 'config_template_type', id: String(id), name: type.name },
    });
  }

  async saveTemplate(body: z.output<typeof configTemplateSaveBody>, caller: OperatorCaller) {
    const type = await this.repository.type(Number(body.typeId));
    if (type === undefined) throw notFound('未找到该模板分类');
    const at = this.now();
    const id = await this.repository.insertTemplate({
      type_id: type.id,
      name: body.name,
      // Bindings are the dashboard's own: a template keeps the drawing, not which devices it showed.
      konva_json: JSON.stringify(withoutBindings(body.konva)),
      nodes: body.konva.children.reduce((n, layer) => n + layer.children.length, 0),
      created_by_name: caller.actor.name,
      created_at: at,
      updated_at: at,
    });
    await this.audit.record({
      actor: caller.actor,
      ip: caller.ip,
      action: 'config_template.save',
      target: { type: 'config_template', id: String(id), name: body.name },
      after: { type: type.name },
    });
    return this.template(id);
  }

  async template(id: number) {
    const row = await this.repository.template(id);
    if (row === undefined) throw notFound('未找到该组态模板');
    return {
      id: String(row.id),
      typeId: String(row.type_id),
      name: row.name,
      nodes: row.nodes,
      updatedAt: formatChinaDateTime(row.updated_at),
      konva: konvaStage.parse(JSON.parse(row.konva_json)),
    };
  }

  async deleteTemplate(id: number, caller: OperatorCaller): Promise<void> {
    const row = await this.repository.template(id);
    if (row === undefined) throw notFound('未找到该组态模板');
    await this.repository.deleteTemplate(id);
    await this.audit.record({
      actor: caller.actor,
      ip: caller.ip,
      action: 'config_template.delete',
      target: { type: 'config_template', id: String(id), name: row.name },
    });
  }
}

function withoutBindings(stage: KonvaStage): KonvaStage {
  return {
    ...stage,
    children: stage.children.map((layer) => ({
      ...layer,
      children: layer.children.map((node) => {
        const { binding: _binding, ...attrs } = node.attrs;
        return { ...node, attrs };
      }),
    })),
  };
}
