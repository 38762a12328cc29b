import type { DictItemRow, DictTypeRow } from '@lantian/contracts';

/**
 * The pure parts of the 数据字典 screen: which type is shown, the searches of both lists, and the
 * item's extra attributes, which the form edits as rows and the call sends as an object.
 */

/** The type to show: the one named in the address when it exists, else the first (built-in types come first). */
export function selectedTypeCode(types: readonly DictTypeRow[], fromUrl: string | null): string | undefined {
  if (fromUrl !== null && types.some((t) => t.code === fromUrl)) return fromUrl;
  return types[0]?.code;
}

const matches = (keyword: string, ...texts: string[]) => {
  const needle = keyword.trim().toLowerCase();
  return needle === '' || texts.some((text) => text.toLowerCase().includes(needle));
};

/** Types whose code, name or description contain the keyword (any case). */
export function filterTypes(types: readonly DictTypeRow[], keyword: string): DictTypeRow[] {
  return types.filter((t) => matches(keyword, t.code, t.name, t.description));
}

export type EnabledFilter = 'all' | 'enabled' | 'disabled';

/** Items whose code, label or an extra value contain the keyword, in the chosen state. */
export function filterItems(items: readonly DictItemRow[], keyword: string, enabled: EnabledFilter): DictItemRow[] {
  return items.filter(
    (i) =>
      (enabled === 'all' || i.enabled === (enabled === 'enabled')) &&
      matches(keyword, i.value, i.label, ...Object.values(i.extra)),
  );
}

export interface ExtraRow {
  key?: string;
  value?: string;
}

/** The form's rows for an item's extra attributes. */
export function extraRows(extra: Readonly<Record<string, string>>): ExtraRow[] {
  return Object.entries(extra).map(([key, value]) => ({ key, value }));
}

/**
 * The form's rows as the call's object. Blank rows are dropped (an added row left empty is not an
 * attribute); a name given twice would silently lose a value in the object, so it is refused here.
 */
export function extraOf(rows: readonly (ExtraRow | undefined)[]):
  | { ok: true; extra: Record<string, string> }
  | {
      ok: false;
      message: string;
    } {
  const extra: Record<string, string> = {};
  for (const row of rows) {
    const key = row?.key?.trim() ?? '';
    const value = row?.value ?? '';
    if (key === '' && value.trim() === '') continue;
    if (key === '') return { ok: false, message: '附加属性名不能为空' };
    if (Object.hasOwn(extra, key)) return { ok: false, message: `附加属性名 ${key} 重复` };
    extra[key] = value;
  }
  return { ok: true, extra };
}

/**
 * What some built-in types require of their items' extra attributes (the server checks it on save;
 * the form says it beforehand and starts a new item with the attribute's row).
 */
export const EXTRA_REQUIREMENTS: Readonly<Record<string, { key: string; text: string }>> = {
  alarmLevel: { key: 'color', text: '告警等级须有附加属性 color：#RRGGBB 形式的颜色（用于页面着色）' },
  goverSite: { key: 'url', text: '政府网站须有附加属性 url：http:// 或 https:// 开头的网址' },
};

/** The rows a new item of the type starts with. */
export function starterRows(type: string): ExtraRow[] {
  const required = EXTRA_REQUIREMENTS[type];
  return required === undefined ? [] : [{ key: required.key, value: '' }];
}

/** Whether an extra value is a colour the screen can show as a swatch. */
export const isHexColour = (text: string) => /^#[0-9a-f]{6}$/i.test(text);

/**
 * Where a new item goes: after the last one, on the next multiple of 10 (the built-in items are
 * numbered 10, 20, 30…, which leaves room to slip an item in between later).
 */
export function nextSort(items: readonly DictItemRow[]): number {
  const max = items.reduce((m, i) => Math.max(m, i.sort), 0);
  return Math.min(9999, Math.floor(max / 10) * 10 + 10);
}
