import {
  type DictItem,
  type DictItemRow,
  type DictItemSaveBody,
  type DictTypeRow,
  type DictTypeSaveBody,
  ErrorCode,
} from '@lantian/contracts';
import { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { AppError, conflict, invalidField, notFound } from '../../../platform/errors';
import type { SharedState } from '../../../platform/state';
import type { AuditActor, AuditLog } from '../audit';
import type { DictItemRecord, DictionaryRepository, DictType } from './dictionary.repository';
import { DICTIONARY_CHANNEL, type DictionaryCache } from './dictionary-cache';
import { extraProblem } from './item-rules';

/** Custom types an installation may add; the built-in ones come on top. */
export const MAX_TYPES = 200;
/** Items per type: the dictionary feeds drop-downs and labels, not data. */
export const MAX_ITEMS_PER_TYPE = 500;

/** A type with all its items (disabled ones too, for labelling old rows), as cached. */
export interface DictEntry {
  type: DictType;
  items: DictItemRow[];
}

/** Who changes the dictionary, for the audit log. */
export interface Editor {
  actor: AuditActor;
  ip: string | null;
}

const extraJson = z.record(z.string(), z.string());

export function presentItem(row: DictItemRecord): DictItemRow {
  return {
    value: row.value,
    label: row.label,
    sort: row.sort,
    enabled: row.enabled === 1,
    // Written only by this module from a checked object; a row that is not one is a defect, and fails loudly.
    extra: extraJson.parse(JSON.parse(row.extra_json)),
    builtin: row.builtin === 1,
  };
}

function presentType(type: DictType, itemCount: number): DictTypeRow {
  return {
    code: type.code,
    name: type.name,
    description: type.description,
    builtin: type.builtin === 1,
    itemCount,
  };
}

const publicItem = ({ builtin: _builtin, ...item }: DictItemRow): DictItem => item;

const unknownType = (code: string) => notFound(`未找到字典类型：${code}`);

/**
 * The data dictionary: named types of coded values every platform module reads (`items`, `label`),
 * and administrators edit. Built-in types cannot be deleted or renamed; built-in items can be
 * renamed, re-sorted and disabled but not deleted, because modules rely on their codes. Every
 * write is audited and drops the type from the caches of every instance.
 */
export class DictionaryService {
  constructor(
    private readonly repository: DictionaryRepository,
    private readonly cache: DictionaryCache<DictEntry>,
    private readonly state: SharedState,
    private readonly audit: AuditLog,
    private readonly now: Clock,
  ) {}

  /** What the cache loads: a type and all its items, or undefined when there is no such type. */
  static loader(repository: DictionaryRepository) {
    return async (code: string): Promise<DictEntry | undefined> => {
      const type = await repository.type(code);
      if (type === undefined) return undefined;
      return { type, items: (await repository.items(code)).map(presentItem) };
    };
  }

  private async entry(code: string): Promise<DictEntry> {
    const entry = await this.cache.get(code);
    if (entry === undefined) throw unknownType(code);
    return entry;
  }

  /**
   * The public view of each cached entry, built once: the gateway asks for factor names per value
   * (tens of thousands of times a second under load). Frozen, since every caller shares it; a new
   * entry (after an edit or expiry) gets a new view.
   */
  private readonly views = new WeakMap<DictEntry, { type: string; name: string; items: DictItem[] }>();

  /** getDict: the enabled items of a type, in order (404 for an unknown type). */
  async dict(code: string): Promise<{ type: string; name: string; items: DictItem[] }> {
    const entry = await this.entry(code);
    let view = this.views.get(entry);
    if (view === undefined) {
      const items = Object.freeze(entry.items.filter((i) => i.enabled).map((i) => Object.freeze(publicItem(i))));
      view = Object.freeze({ type: entry.type.code, name: entry.type.name, items: items as DictItem[] });
      this.views.set(entry, view);
    }
    return view;
  }

  /** The enabled items of a type, in order, for other modules (404 for an unknown type). */
  async items(code: string): Promise<DictItem[]> {
    return (await this.dict(code)).items;
  }

  /**
   * The label of a value, disabled items included (a row written before an item was disabled still
   * reads right); undefined when the type has no such value.
   */
  async label(code: string, value: string): Promise<string | undefined> {
    return (await this.entry(code)).items.find((i) => i.value === value)?.label;
  }

  // --- Administration ---------------------------------------------------------------------------

  async types(): Promise<DictTypeRow[]> {
    return (await this.repository.typesWithCounts()).map((t) => presentType(t, t.item_count));
  }

  async allItems(code: string) {
    const type = await this.repository.type(code);
    if (type === undefined) throw unknownType(code);
    return {
      type: type.code,
      name: type.name,
      description: type.description,
      builtin: type.builtin === 1,
      items: (await this.repository.items(code)).map(presentItem),
    };
  }

  async createType(body: DictTypeSaveBody, editor: Editor): Promise<DictTypeRow> {
    if ((await this.repository.countCustomTypes()) >= MAX_TYPES) {
      throw conflict(`自定义字典类型最多 ${MAX_TYPES} 个`);
    }
    const now = this.now();
    const type: DictType = { ...body, builtin: 0, created_at: now, updated_at: now };
    if (!(await this.repository.insertType(type))) throw conflict(`字典类型 ${body.code} 已存在`);
    const row = presentType(type, 0);
    await this.changed(
      body.code,
      editor,
      'dict.type_save',
      { type: 'dict_type', id: body.code, name: body.name },
      null,
      row,
    );
    return row;
  }

  async updateType(body: DictTypeSaveBody, editor: Editor): Promise<DictTypeRow> {
    const type = await this.editableType(body.code);
    const count = await this.repository.countItems(body.code);
    const before = presentType(type, count);
    const updated: DictType = { ...type, name: body.name, description: body.description, updated_at: this.now() };
    await this.repository.updateType(body.code, {
      name: updated.name,
      description: updated.description,
      updated_at: updated.updated_at,
    });
    const after = presentType(updated, count);
    await this.changed(
      body.code,
      editor,
      'dict.type_save',
      { type: 'dict_type', id: body.code, name: body.name },
      before,
      after,
    );
    return after;
  }

  /** Deletes a custom type and its items. */
  async deleteType(code: string, editor: Editor): Promise<void> {
    const type = await this.editableType(code);
    const items = (await this.repository.items(code)).map(presentItem);
    await this.repository.deleteType(code);
    await this.changed(
      code,
      editor,
      'dict.type_delete',
      { type: 'dict_type', id: code, name: type.name },
      { ...presentType(type, items.length), items },
      null,
    );
  }

  async createItem(body: DictItemSaveBody, editor: Editor): Promise<DictItemRow> {
    const type = await this.repository.type(body.type);
    if (type === undefined) throw unknownType(body.type);
    checkExtra(body);
    if ((await this.repository.countItems(body.type)) >= MAX_ITEMS_PER_TYPE) {
      throw conflict(`每个字典类型最多 ${MAX_ITEMS_PER_TYPE} 项`);
    }
    const now = this.now();
    const record: DictItemRecord = {
      type: body.type,
      value: body.value,
      label: body.label,
      sort: body.sort,
      enabled: body.enabled ? 1 : 0,
      extra_json: JSON.stringify(body.extra),
      builtin: 0,
      created_at: now,
      updated_at: now,
    };
    if (!(await this.repository.insertItem(record))) throw conflict(`字典项 ${body.value} 已存在`);
    const row = presentItem(record);
    await this.changed(body.type, editor, 'dict.item_save', itemTarget(body.type, row), null, row);
    return row;
  }

  async updateItem(body: DictItemSaveBody, editor: Editor): Promise<DictItemRow> {
    const existing = await this.repository.item(body.type, body.value);
    if (existing === undefined) throw notFound(`未找到字典项：${body.type} ${body.value}`);
    checkExtra(body);
    const change = {
      label: body.label,
      sort: body.sort,
      enabled: body.enabled ? 1 : 0,
      extra_json: JSON.stringify(body.extra),
      updated_at: this.now(),
    };
    await this.repository.updateItem(body.type, body.value, change);
    const before = presentItem(existing);
    const after = presentItem({ ...existing, ...change });
    await this.changed(body.type, editor, 'dict.item_save', itemTarget(body.type, after), before, after);
    return after;
  }

  async deleteItem(type: string, value: string, editor: Editor): Promise<void> {
    const existing = await this.repository.item(type, value);
    if (existing === undefined) throw notFound(`未找到字典项：${type} ${value}`);
    if (existing.builtin === 1) {
      throw new AppError(ErrorCode.FORBIDDEN, '内置字典项不能删除（平台功能依赖它的代码），可以停用');
    }
    await this.repository.deleteItem(type, value);
    const before = presentItem(existing);
    await this.changed(type, editor, 'dict.item_delete', itemTarget(type, before), before, null);
  }

  private async editableType(code: string): Promise<DictType> {
    const type = await this.repository.type(code);
    if (type === undefined) throw unknownType(code);
    if (type.builtin === 1) throw new AppError(ErrorCode.FORBIDDEN, '内置字典类型不能修改或删除（其字典项可以编辑）');
    return type;
  }

  /** After a write: every instance forgets the type, and the audit log records the change. */
  private async changed(
    code: string,
    editor: Editor,
    action: 'dict.type_save' | 'dict.type_delete' | 'dict.item_save' | 'dict.item_delete',
    target: { type: string; id: string; name: string },
    before: unknown,
    after: unknown,
  ): Promise<void> {
    this.cache.drop(code);
    await this.state.publish(DICTIONARY_CHANNEL, code);
    await this.audit.record({ actor: editor.actor, ip: editor.ip, action, target, before, after });
  }
}

function itemTarget(type: string, item: DictItemRow) {
  return { type: 'dict_item', id: `${type}:${item.value}`, name: item.label };
}

function checkExtra(body: DictItemSaveBody): void {
  const problem = extraProblem(body.type, body.extra);
  if (problem !== null) throw invalidField('extra', problem);
}
