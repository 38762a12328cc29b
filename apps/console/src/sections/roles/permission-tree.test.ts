import { PERMISSIONS, PLATFORMS } from '@lantian/contracts';
import { describe, expect, it } from 'vitest';
import {
  actionsWithoutMenu,
  type Catalog,
  outOfReach,
  permissionsOfChecked,
  permissionTree,
  platformKey,
  summarise,
} from './permission-tree';

/** The catalogue exactly as the server answers it (admin.routes.ts builds it from these lists). */
const catalog: Catalog = {
  platforms: PLATFORMS.map((p) => ({ code: p.code, name: p.name })),
  permissions: PERMISSIONS.map((p) => ({ code: p.code, platform: p.platform, name: p.name, kind: p.kind })),
};
const everything = new Set<string>(PERMISSIONS.map((p) => p.code));

describe('permissionTree', () => {
  it('groups permissions under their platform, in catalogue order', () => {
    const tree = permissionTree(catalog, everything);
    expect(tree.map((n) => n.title)).toEqual(PLATFORMS.map((p) => p.name));
    const air = tree.find((n) => n.key === platformKey('air'));
    expect(air?.children?.map((c) => [c.key, c.kind])).toEqual([
      ['air:view', 'menu'],
      ['analysis:view', 'menu'],
      ['forecast:view', 'action'],
    ]);
    const grid = tree.find((n) => n.key === platformKey('grid'));
    expect(grid?.children?.map((c) => c.kind)).toEqual([
      'menu',
      'action',
      'action',
      'action',
      'action',
      'action',
      'menu',
      'menu',
      'menu',
    ]);
  });

  it('leaves out platforms that have no permissions', () => {
    const small: Catalog = { ...catalog, platforms: [...catalog.platforms, { code: 'empty', name: '空平台' }] };
    expect(permissionTree(small, everything).some((n) => n.title === '空平台')).toBe(false);
  });

  it('disables what the editor does not hold, and a platform when all of it is out of reach', () => {
    const tree = permissionTree(catalog, new Set(['air:view', 'system:role:view']));
    const air = tree.find((n) => n.key === platformKey('air'));
    expect(air?.disableCheckbox).toBe(false);
    expect(tree.find((n) => n.key === platformKey('lidar'))?.disableCheckbox).toBe(true);
    const system = tree.find((n) => n.key === platformKey('system'));
    expect(system?.disableCheckbox).toBe(false);
    expect(system?.children?.filter((c) => !c.disableCheckbox).map((c) => c.key)).toEqual(['system:role:view']);
  });
});

describe('permissionsOfChecked', () => {
  it('one ticked box is one permission', () => {
    expect(permissionsOfChecked(['air:view'], catalog)).toEqual(['air:view']);
  });

  it('drops platform keys and unknown codes, keeps catalogue order without repeats', () => {
    expect(
      permissionsOfChecked(
        [platformKey('grid'), 'grid:edit', 'grid:view', 'nonsense', 'air:view', 'air:view'],
        catalog,
      ),
    ).toEqual(['air:view', 'grid:view', 'grid:edit']);
  });
});

describe('summarise', () => {
  it('counts per platform, only the platforms a role touches', () => {
    expect(summarise(['system:role:view', 'air:view', 'system:role:edit'], catalog)).toEqual([
      { code: 'air', name: '空气质量', count: 1, total: 3, names: ['空气质量监测'] },
      {
        code: 'system',
        name: '系统管理',
        count: 2,
        total: PERMISSIONS.filter((p) => p.platform === 'system').length,
        names: ['角色权限', '新增、修改、删除角色'],
      },
    ]);
    expect(summarise([], catalog)).toEqual([]);
  });
});

describe('actionsWithoutMenu', () => {
  it('reports an edit permission ticked without its screen', () => {
    const found = actionsWithoutMenu(['system:role:edit', 'grid:edit', 'grid:view'], catalog);
    expect(found.map((f) => [f.action.code, f.menu.code])).toEqual([['system:role:edit', 'system:role:view']]);
  });

  it('is quiet when screens are held too', () => {
    expect(actionsWithoutMenu(['system:org:view', 'system:org:edit'], catalog)).toEqual([]);
  });
});

describe('outOfReach', () => {
  it('lists what a role has and its editor lacks', () => {
    expect(outOfReach(['air:view', 'lidar:view'], new Set(['air:view']), catalog).map((p) => p.code)).toEqual([
      'lidar:view',
    ]);
  });
});
