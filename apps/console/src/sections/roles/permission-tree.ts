/**
 * The permission picker's logic: the server's catalogue (`/sys/permission/list`) as a tree grouped by
 * platform, the tree's checked keys back to the permission codes a role carries, and the summaries the
 * list shows. Kept apart from the screen so it can be tested without a browser.
 */

export interface CatalogEntry {
  code: string;
  platform: string;
  name: string;
  kind: 'menu' | 'action';
}

export interface Catalog {
  platforms: readonly { code: string; name: string }[];
  permissions: readonly CatalogEntry[];
}

export interface PermissionNode {
  key: string;
  title: string;
  kind: 'platform' | 'menu' | 'action';
  /** The editor does not hold it: the server refuses to let anyone grant what they do not have. */
  disableCheckbox: boolean;
  children?: PermissionNode[];
}

/** Platform nodes get keys that can never be a permission code, so checked keys separate cleanly. */
const PLATFORM_KEY = 'platform:';
export const platformKey = (code: string) => `${PLATFORM_KEY}${code}`;

/**
 * Platform → its permissions, in the catalogue's order; platforms without permissions are left out.
 * A permission the editor does not hold cannot be ticked (a platform whose every permission is out of
 * reach neither).
 */
export function permissionTree(catalog: Catalog, grantable: ReadonlySet<string>): PermissionNode[] {
  return catalog.platforms.flatMap((platform) => {
    const children: PermissionNode[] = catalog.permissions
      .filter((p) => p.platform === platform.code)
      .map((p) => ({ key: p.code, title: p.name, kind: p.kind, disableCheckbox: !grantable.has(p.code) }));
    if (children.length === 0) return [];
    return [
      {
        key: platformKey(platform.code),
        title: platform.name,
        kind: 'platform' as const,
        disableCheckbox: children.every((c) => c.disableCheckbox),
        children,
      },
    ];
  });
}

/**
 * The permission codes among a tree's checked keys (a fully ticked platform's own key is dropped, and
 * so is anything the catalogue does not know), in catalogue order, each once.
 */
export function permissionsOfChecked(keys: readonly (string | number | bigint)[], catalog: Catalog): string[] {
  const checked = new Set(keys.map(String));
  return catalog.permissions.filter((p) => checked.has(p.code)).map((p) => p.code);
}

export interface PlatformSummary {
  code: string;
  name: string;
  count: number;
  total: number;
  /** The names of the permissions held on this platform, for a tooltip. */
  names: string[];
}

/** How many of each platform's permissions a role carries, for the platforms it carries any of. */
export function summarise(permissions: readonly string[], catalog: Catalog): PlatformSummary[] {
  const held = new Set(permissions);
  return catalog.platforms.flatMap((platform) => {
    const all = catalog.permissions.filter((p) => p.platform === platform.code);
    const mine = all.filter((p) => held.has(p.code));
    if (mine.length === 0) return [];
    return [
      {
        code: platform.code,
        name: platform.name,
        count: mine.length,
        total: all.length,
        names: mine.map((p) => p.name),
      },
    ];
  });
}

/**
 * Actions ticked without the screen they act in (`system:role:edit` without `system:role:view`): the
 * operator would hold a button they can never reach. Pairs follow the catalogue's `…:edit` / `…:view`
 * naming; an action with no such screen is not reported.
 */
export function actionsWithoutMenu(
  permissions: readonly string[],
  catalog: Catalog,
): { action: CatalogEntry; menu: CatalogEntry }[] {
  const held = new Set(permissions);
  const byCode = new Map(catalog.permissions.map((p) => [p.code, p]));
  return catalog.permissions.flatMap((action) => {
    if (action.kind !== 'action' || !held.has(action.code) || !action.code.endsWith(':edit')) return [];
    const menu = byCode.get(`${action.code.slice(0, -':edit'.length)}:view`);
    return menu === undefined || held.has(menu.code) ? [] : [{ action, menu }];
  });
}

/** The permissions of a role that the editor does not hold: such a role cannot be saved by them. */
export function outOfReach(
  permissions: readonly string[],
  grantable: ReadonlySet<string>,
  catalog: Catalog,
): CatalogEntry[] {
  const held = new Set(permissions);
  return catalog.permissions.filter((p) => held.has(p.code) && !grantable.has(p.code));
}
