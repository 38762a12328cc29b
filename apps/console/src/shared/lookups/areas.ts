import type { GridTreeNode } from '@lantian/contracts';

/**
 * The administrative areas (`/sys/area/tree`: the operator's area down to the counties) as cascader
 * options, for the device list's area filter and the site form.
 */

export interface AreaOption {
  value: string;
  label: string;
  children?: AreaOption[];
}

/** The code of the whole country: its provinces are the first level offered. */
export const COUNTRY_CODE = '100000';

function toOption(node: GridTreeNode): AreaOption {
  const children = node.children.filter((c) => c.kind === 'area').map(toOption);
  return { value: node.code, label: node.name, ...(children.length > 0 ? { children } : {}) };
}

export function areaOptions(tree: readonly GridTreeNode[]): AreaOption[] {
  return tree
    .filter((n) => n.kind === 'area')
    .flatMap((root) =>
      root.code === COUNTRY_CODE ? root.children.filter((c) => c.kind === 'area').map(toOption) : [toOption(root)],
    );
}

/** The cascader's value (codes from the first level down) for an area code, or undefined when not offered. */
export function areaPath(options: readonly AreaOption[], code: string | undefined): string[] | undefined {
  if (code === undefined) return undefined;
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

/** The chosen area of a cascader value: its last code. */
export const chosenArea = (value: readonly (string | number)[] | null | undefined): string | undefined =>
  value === null || value === undefined || value.length === 0 ? undefined : String(value[value.length - 1]);
