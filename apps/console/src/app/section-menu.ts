/** What the shell derives from the section list: the menu's groups and the section at an address. */

interface Grouped {
  path: string;
  group: string;
}

/** The groups that have sections, in group order, each with its sections in list order. */
export function menuGroups<G extends { key: string }, S extends Grouped>(
  groups: readonly G[],
  sections: readonly S[],
): { group: G; sections: S[] }[] {
  return groups
    .map((group) => ({ group, sections: sections.filter((s) => s.group === group.key) }))
    .filter((g) => g.sections.length > 0);
}

/** The section an address inside the console belongs to ('/system' and '/system/…' are 'system'). */
export function sectionAt<S extends Grouped>(sections: readonly S[], pathname: string): S | undefined {
  const first = pathname.split('/').find((part) => part !== '');
  return first === undefined ? undefined : sections.find((s) => s.path === first);
}
