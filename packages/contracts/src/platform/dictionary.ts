import { z } from 'zod';
import { envelope } from '../envelope';

/**
 * The data dictionary (spec §7 "Platform: dictionary"): named types of coded values (device types,
 * monitoring factors, event catalogue, alarm levels…) that every platform module reads by type and
 * administrators edit. Built-in types ship with the platform and cannot be deleted.
 */

export const dictTypeCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{1,47}$/, '字典类型为 2–48 位字母、数字、_，以字母开头');

export const dictItem = z.object({
  value: z.string().describe('代码'),
  label: z.string().describe('显示名称'),
  sort: z.number().int(),
  enabled: z.boolean(),
  /** Extra attributes a type's items carry (a factor's unit, a level's colour…), as text. */
  extra: z.record(z.string(), z.string()),
});

export const dictResponse = envelope(
  z.object({
    type: z.string(),
    name: z.string(),
    items: z.array(dictItem),
  }),
);

export const dictQuery = z.object({ type: dictTypeCode.describe('字典类型，如 deviceType、factor') });
export const openDictQuery = dictQuery.extend({
  apiType: z.string().trim().max(32, '过长').optional().describe('调用方的接口类型（开放接口约定）'),
});

export const dictTypeRow = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  builtin: z.boolean(),
  itemCount: z.number().int(),
});

export const dictTypesResponse = envelope(z.array(dictTypeRow));

export const dictTypeSaveBody = z.object({
  code: dictTypeCode,
  name: z.string().trim().min(1, '名称不能为空').max(32, '名称不能超过 32 个字符'),
  description: z.string().trim().max(200, '说明不能超过 200 个字符').default(''),
});

/** At most 10 extra attributes: short names (`unit`, `color`, `url`), values up to 200 characters. */
export const dictExtra = z
  .record(
    z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/, '附加属性名为 1–32 位字母、数字、_，以字母开头'),
    z.string().max(200, '附加属性值不能超过 200 个字符'),
  )
  .refine((extra) => Object.keys(extra).length <= 10, '附加属性最多 10 个');

export const dictItemSaveBody = z.object({
  type: dictTypeCode,
  value: z
    .string()
    .trim()
    .min(1, '代码不能为空')
    .max(48, '代码不能超过 48 个字符')
    .regex(/^[^\s,]+$/, '代码不能包含空格或逗号'),
  label: z.string().trim().min(1, '名称不能为空').max(48, '名称不能超过 48 个字符'),
  sort: z.number().int('排序应为整数').min(0, '排序应在 0–9999 之间').max(9999, '排序应在 0–9999 之间').default(0),
  enabled: z.boolean().default(true),
  extra: dictExtra.default({}),
});

export const dictItemDeleteBody = z.object({ type: dictTypeCode, value: z.string().trim().min(1).max(48) });
export const dictTypeDeleteBody = z.object({ code: dictTypeCode });

/** Changing an item: the type and value name it (the value is its code and never changes). */
export const dictItemUpdateBody = dictItemSaveBody;
export const dictTypeUpdateBody = dictTypeSaveBody;

/** An item as administrators see it: also the disabled ones, and whether it shipped with the platform. */
export const dictItemRow = dictItem.extend({
  builtin: z.boolean().describe('随平台内置：不能删除（可停用、改名）'),
});

export const dictItemResponse = envelope(dictItemRow);
export const dictTypeResponse = envelope(dictTypeRow);

/** Every item of a type, disabled ones included, for the dictionary screen. */
export const dictItemsResponse = envelope(
  z.object({
    type: z.string(),
    name: z.string(),
    description: z.string(),
    builtin: z.boolean(),
    items: z.array(dictItemRow),
  }),
);

export type DictItem = z.infer<typeof dictItem>;
export type DictItemRow = z.infer<typeof dictItemRow>;
export type DictTypeRow = z.infer<typeof dictTypeRow>;
export type DictItemSaveBody = z.output<typeof dictItemSaveBody>;
export type DictTypeSaveBody = z.output<typeof dictTypeSaveBody>;
