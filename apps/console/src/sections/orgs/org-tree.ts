import type { GridTreeNode, OrgNode } from '@lantian/contracts';

/**
 * The 组织机构 screen's logic: the organisation tree as table rows (each knowing its parent, which the
 * form shows and the server's area rule is about), a search over it, and the administrative areas as
 * cascader options limited to where a new or changed organisation may lie.
 */

export interface OrgParent {
  id: string;
  name: string;
  areaCode: string;
  areaName: string;
}

export interface OrgRow {
  id: string;
  parentId: string | null;
  name: string;
  areaCode: string;
  areaName: string;
  operatorCount: number;
  childCount: number;
  /** The parent as this reader sees it; null for the top of their tree (its parent may lie outside their area). */
  parent: OrgParent | null;
  /** Absent for a leaf, so the table draws no expand button there. */
  children?: OrgRow[];
}

export function orgRows(nodes: readonly OrgNode[], parent: OrgParent | null = null): OrgRow[] {
  return nodes.map((n) => {
    const self: OrgParent = { id: n.id, name: n.name, areaCode: n.areaCode, areaName: n.areaName };
    const children = orgRows(n.children, self);
    return {
      id: n.id,
      parentId: n.parentId,
      name: n.name,
      areaCode: n.areaCode,
      areaName: n.areaName,
      operatorCount: n.operatorCount,
      childCount: n.children.length,
      parent,
      ...(children.length > 0 ? { children } : {}),
    };
  });
}

/**
 * The rows whose name, area name or area code contains `keyword`, with the organisations above them
 * (so each match is shown where it sits). An empty keyword keeps everything.
 */
export function filterOrgs(rows: readonly OrgRow[], keyword: string): OrgRow[] {
  const word = keyword.trim().toLowerCase();
  if (word === '') return [...rows];
  const matches = (r: OrgRow) =>
    r.name.toLowerCase().includes(word) || r.areaName.toLowerCase().includes(word) || r.areaCode.startsWith(word);
  return rows.flatMap((r) => {
    const children = filterOrgs(r.children ?? [], word);
    if (!matches(r) && children.length === 0) return [];
    const { children: _all, ...rest } = r;
    return [children.length > 0 ? { ...rest, children } : rest];
  });
}

/** Every row that has children: the keys to expand the whole tree. */
export function parentKeys(rows: readonly OrgRow[]): string[] {
  return rows.flatMap((r) => (r.children === undefined ? [] : [r.id, ...parentKeys(r.children)]));
}

/** Counts the organisations and operators of a tree (for the card's summary line). */
export function totals(rows: readonly OrgRow[]): { orgs: number; operators: number } {
  let orgs = 0;
  let operators = 0;
  const visit = (list: readonly OrgRow[]) => {
    for (const r of list) {
      orgs += 1;
      operators += r.operatorCount;
      visit(r.children ?? []);
    }
  };
  visit(rows);
  return { orgs, operators };
}

/**
 * Why an organisation cannot be deleted, in the server's words (orgs.service.ts refuses these), or
 * undefined when it may be.
 */
export function deleteBlocker(row: OrgRow): string | undefined {
  if (row.parentId === null) return '根组织不能删除';
  if (row.childCount > 0) return '请先删除下级组织';
  if (row.operatorCount > 0) return `该组织还有 ${row.operatorCount} 位运营人员，请先调整他们的组织`;
  return undefined;
}

// --- Areas ----------------------------------------------------------------------------------------

export interface AreaOption {
  value: string;
  label: string;
  children?: AreaOption[];
}

/** The code of the whole country: not a division, the area of nationwide organisations. */
export const COUNTRY_CODE = '100000';

function toOption(node: GridTreeNode): AreaOption {
  const children = node.children.filter((c) => c.kind === 'area').map(toOption);
  return { value: node.code, label: node.name, ...(children.length > 0 ? { children } : {}) };
}

function findArea(nodes: readonly GridTreeNode[], code: string): GridTreeNode | undefined {
  for (const node of nodes) {
    if (node.kind !== 'area') continue;
    if (node.code === code) return node;
    const found = findArea(node.children, code);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Cascader options for an organisation's area, which the server wants inside its parent's area
 * (`within`; undefined: anywhere in the reader's tree). The parent's own area is offered as the
 * first level, so an organisation may cover the same area as its parent; except the whole country,
 * whose provinces are the first level (a second nationwide organisation is picked from none).
 */
export function areaOptions(tree: readonly GridTreeNode[], within: string | undefined): AreaOption[] {
  const roots = within === undefined ? tree.filter((n) => n.kind === 'area') : [findArea(tree, within)];
  return roots.flatMap((root) => {
    if (root === undefined) return [];
    if (root.code === COUNTRY_CODE) return root.children.filter((c) => c.kind === 'area').map(toOption);
    return [toOption(root)];
  });
}

/** The cascader's value (codes from the first level down) for an area code, or undefined when not offered. */
export function areaPath(options: readonly AreaOption[], code: string): string[] | undefined {
  for (const option of options) {
    if (option.value === code) return [option.value];
    const below = areaPath(option.children ?? [], code);
    if (below !== undefined) return [option.value, ...below];
  }
  return undefined;
}

/** Cascader search: any level's name contains the text, or the chosen area's code starts with it. */
export function matchesArea(input: string, path: readonly { label?: unknown; value?: unknown }[]): boolean {
  const word = input.trim();
  if (word === '') return true;
  const last = path[path.length - 1];
  if (/^\d+$/.test(word)) return typeof last?.value === 'string' && last.value.startsWith(word);
  return path.some((o) => typeof o.label === 'string' && o.label.includes(word));
}
