import { AUDIT_ACTIONS } from '@lantian/contracts';

/**
 * The 审计日志 filters beyond the shared URL table: the action picker (each action by its Chinese
 * name, grouped by family, with "all of a family", which the server reads as the prefix
 * `operator.`), the object types, and the time range, kept in the address as the server's own
 * `startTime` / `endTime` text.
 */

/** The families of actions (the part before the dot), as the picker groups them. */
const FAMILY_NAMES: Readonly<Record<string, string>> = {
  session: '登录与会话',
  operator: '运营人员',
  role: '角色',
  org: '组织机构',
  dict: '数据字典',
  shortcut: '快捷方式',
  openapp: '开放接口',
};

export interface OptionGroup {
  label: string;
  title: string;
  options: { value: string; label: string }[];
}

/** The action picker's options: per family, "全部…" first, then each action. */
export function actionOptions(actions: Readonly<Record<string, string>> = AUDIT_ACTIONS): OptionGroup[] {
  const groups = new Map<string, OptionGroup>();
  for (const [code, label] of Object.entries(actions)) {
    const family = code.split('.')[0] ?? code;
    const name = FAMILY_NAMES[family] ?? family;
    let group = groups.get(family);
    if (group === undefined) {
      group = { label: name, title: name, options: [{ value: `${family}.`, label: `全部${name}操作` }] };
      groups.set(family, group);
    }
    group.options.push({ value: code, label });
  }
  return [...groups.values()];
}

/** What the audit log calls the kinds of object an entry is about. */
export const TARGET_TYPES: Readonly<Record<string, string>> = {
  operator: '运营人员',
  role: '角色',
  org: '组织机构',
  dict_type: '字典类型',
  dict_item: '字典项',
  openapp: '开放接口应用',
  shortcut: '快捷方式',
};

export const targetTypeName = (type: string | null) => (type === null ? '' : (TARGET_TYPES[type] ?? type));

export const OUTCOMES = {
  success: { label: '成功', color: 'success' },
  failure: { label: '失败', color: 'error' },
} as const;

const TIME_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * The list call's parameters from the shared table's: a malformed time or outcome pasted into the
 * address is left out (the list shows unfiltered rather than an error), and the sort column is
 * dropped: the log sorts by time only, and takes just the direction.
 */
export function auditParams(params: Readonly<Record<string, string | number>>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name === 'sortBy') continue;
    if ((name === 'startTime' || name === 'endTime') && !TIME_TEXT.test(String(value))) continue;
    if (name === 'outcome' && !Object.hasOwn(OUTCOMES, String(value))) continue;
    out[name] = value;
  }
  return out;
}

/** Whether the time range in the address is usable (both ends well formed, or absent). */
export function timeRangeOf(filters: Readonly<Record<string, string>>): [string | undefined, string | undefined] {
  const valid = (text: string | undefined) => (text !== undefined && TIME_TEXT.test(text) ? text : undefined);
  return [valid(filters.startTime), valid(filters.endTime)];
}
