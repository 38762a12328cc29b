import type { GridAreaTreeNode } from '@lantian/contracts';

/**
 * The tree of 网格划分 (areas down to the counties, grids below): finding a node, the path to it,
 * where the screen opens, what the map shows for a chosen node, and the tree filtered by a name.
 */

export function findNode(nodes: readonly GridAreaTreeNode[], code: string): GridAreaTreeNode | undefined {
  for (const node of nodes) {
    if (node.code === code) return node;
    const below = findNode(node.children, code);
    if (below !== undefined) return below;
  }
  return undefined;
}

/** The codes from the top down to `code`'s parent (the keys to expand), or [] when absent. */
export function ancestorsOf(nodes: readonly GridAreaTreeNode[], code: string): string[] {
  for (const node of nodes) {
    if (node.code === code) return [];
    const below = ancestorsOf(node.children, code);
    if (below.length > 0 || node.children.some((c) => c.code === code)) return [node.code, ...below];
  }
  return [];
}

/** Where the screen opens: the first county that has grids, else the first county, else the top. */
export function initialNode(nodes: readonly GridAreaTreeNode[]): string | undefined {
  const counties: GridAreaTreeNode[] = [];
  const walk = (list: readonly GridAreaTreeNode[]) => {
    for (const n of list) {
      if (n.kind === 'area' && n.level === 'county') counties.push(n);
      else if (n.kind === 'area') walk(n.children);
    }
  };
  walk(nodes);
  return (counties.find((c) => c.children.some((g) => g.kind === 'grid')) ?? counties[0] ?? nodes[0])?.code;
}

/** The county a grid lies in (the first six digits of its code), or the county itself. */
export const countyOf = (code: string): string => code.slice(0, 6);

/** The parent of a grid as the boundary calls name it: its parent grid, or its county for a top grid. */
export const parentOf = (grid: Pick<GridAreaTreeNode, 'code' | 'parentCode'>): string =>
  grid.parentCode ?? countyOf(grid.code);

/**
 * Whose children the map shows for the chosen node: a county's top grids, a grid's siblings (it is
 * outlined among them); undefined for an area above the counties (they have no grids of their own).
 */
export function mapParentOf(node: GridAreaTreeNode | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (node.kind === 'grid') return parentOf(node);
  return node.level === 'county' ? node.code : undefined;
}

/** The tree keeping the nodes whose name contains `word` and their ancestors (all of it for ''). */
export function filterTree(nodes: readonly GridAreaTreeNode[], word: string): GridAreaTreeNode[] {
  const text = word.trim();
  if (text === '') return [...nodes];
  const out: GridAreaTreeNode[] = [];
  for (const node of nodes) {
    if (node.name.includes(text) || node.code === text) {
      out.push(node);
      continue;
    }
    const children = filterTree(node.children, text);
    if (children.length > 0) out.push({ ...node, children });
  }
  return out;
}

/** Every key of a tree (to expand a filtered tree fully). */
export function allKeys(nodes: readonly GridAreaTreeNode[]): string[] {
  return nodes.flatMap((n) => [n.code, ...allKeys(n.children)]);
}

export const GRID_LEVEL_NAMES: Readonly<Record<number, string>> = { 1: '街道级', 2: '社区级', 3: '小区级' };
export const gridLevelName = (level: number | undefined): string =>
  level === undefined ? '' : (GRID_LEVEL_NAMES[level] ?? `${level} 级`);
