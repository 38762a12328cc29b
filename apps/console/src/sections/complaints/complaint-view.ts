import { COMPLAINT_SOURCES, COMPLAINT_STATUSES, type ComplaintStatus } from '@lantian/contracts';

/**
 * 投诉中心's logic: the list's filters as the address keeps them, the complaint types as a tree (the
 * eventCatalog dictionary: 大类 with their 子类 under `extra.parent`), and what can still be done with a
 * complaint in each state. Pure, so it is tested without a browser.
 */

export const COMPLAINT_FILTERS = ['type', 'status', 'source', 'keyword', 'startTime', 'endTime'] as const;

export const STATUS_OPTIONS = Object.entries(COMPLAINT_STATUSES).map(([value, label]) => ({ value, label }));
export const SOURCE_OPTIONS = Object.entries(COMPLAINT_SOURCES).map(([value, label]) => ({ value, label }));

export const STATUS_COLORS: Record<ComplaintStatus, string> = {
  received: 'orange',
  accepted: 'blue',
  converted: 'purple',
  closed: 'green',
  rejected: 'default',
};

const TIME_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const CODE = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

/** The list call's parameters: malformed filters from a pasted address are dropped (the server would answer 400). */
export function complaintParams(params: Readonly<Record<string, string | number>>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    const text = String(value);
    if (name === 'sortBy' || name === 'sortOrder') continue;
    if (name === 'status' && !Object.hasOwn(COMPLAINT_STATUSES, text)) continue;
    if (name === 'source' && !Object.hasOwn(COMPLAINT_SOURCES, text)) continue;
    if (name === 'type' && !CODE.test(text)) continue;
    if ((name === 'startTime' || name === 'endTime') && !TIME_TEXT.test(text)) continue;
    if (name === 'keyword' && text.length > 40) continue;
    out[name] = value;
  }
  return out;
}

/** What an operator may still do with a complaint: convert it into an event, or answer it (办结 / 不予受理). */
export function complaintActions(status: ComplaintStatus): { toEvent: boolean; reply: boolean } {
  const open = status === 'received' || status === 'accepted';
  return { toEvent: open, reply: open };
}

export interface CatalogItem {
  value: string;
  label: string;
  enabled?: boolean;
  extra: Record<string, string>;
}

export interface TypeOption {
  value: string;
  title: string;
  children: TypeOption[];
}

/**
 * The types as a TreeSelect tree: top-level items with their sub-types (`extra.parent`), in the
 * dictionary's order; a sub-type whose parent is missing stands at the top; disabled items are left out.
 * `hidden`: items that are no complaint type (the device-alarm category).
 */
export function typeTree(items: readonly CatalogItem[], hidden: readonly string[] = ['deviceAlarm']): TypeOption[] {
  const usable = items.filter((i) => i.enabled !== false && !hidden.includes(i.value));
  const known = new Set(usable.map((i) => i.value));
  const childrenOf = new Map<string, TypeOption[]>();
  const top: TypeOption[] = [];
  for (const item of usable) {
    const node: TypeOption = { value: item.value, title: item.label, children: [] };
    const parent = item.extra.parent;
    if (parent !== undefined && parent !== item.value && known.has(parent)) {
      const list = childrenOf.get(parent) ?? [];
      list.push(node);
      childrenOf.set(parent, list);
    } else top.push(node);
  }
  const attach = (nodes: TypeOption[], depth: number): TypeOption[] =>
    nodes.map((n) => ({ ...n, children: depth > 3 ? [] : attach(childrenOf.get(n.value) ?? [], depth + 1) }));
  return attach(top, 0);
}
