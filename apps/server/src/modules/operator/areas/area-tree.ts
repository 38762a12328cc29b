import type { Area } from '@lantian/areas';
import type { GridTreeNode } from '@lantian/contracts';

/** An area as the platform names it: a division of the areas package, or the whole country. */
export interface AreaRef {
  code: string;
  name: string;
  level: 'country' | 'province' | 'city' | 'county';
}

export const refOf = (area: Area): AreaRef => ({ code: area.code, name: area.name, level: area.level });

/**
 * The administrative top of the grid tree: `root` and every division below it down to the
 * counties, each with its children in code order. Counties are leaves here; the grid module hangs
 * its sub-county grids (`kind: 'grid'`) below them.
 */
export function areaTree(root: AreaRef, childrenOf: (code: string) => readonly AreaRef[]): GridTreeNode {
  return {
    code: root.code,
    name: root.name,
    level: root.level,
    kind: 'area',
    children: root.level === 'county' ? [] : childrenOf(root.code).map((child) => areaTree(child, childrenOf)),
  };
}
