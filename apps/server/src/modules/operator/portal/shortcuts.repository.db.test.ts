import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../database';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { ShortcutsRepository } from './shortcuts.repository';

const NOW = 1_760_000_000;

/** An organisation and two operators, as the operators module stores them (the shortcuts' owners). */
async function owners(database: AppDatabase): Promise<[string, string]> {
  await database.db
    .insertInto('orgs')
    .values({ id: 'org00001', parent_id: null, name: '全国', area_code: '100000', created_at: NOW, updated_at: NOW })
    .execute();
  for (const id of ['opa00001', 'opb00002']) {
    await database.db
      .insertInto('operators')
      .values({
        id,
        username: id,
        username_key: id,
        name: id,
        phone: null,
        password_hash: 'x',
        org_id: 'org00001',
        status: 'active',
        must_change_password: 0,
        created_at: NOW,
        updated_at: NOW,
        password_changed_at: NOW,
        last_login_at: null,
      })
      .execute();
  }
  return ['opa00001', 'opb00002'];
}

const link = (id: string, owner: string, name: string, sorting = 0) => ({
  id,
  operator_id: owner,
  name,
  url: 'https://www.mee.gov.cn/',
  shortcut_type: 'link',
  network_type: 'external',
  menu_key: null,
  sorting,
  created_at: NOW,
  updated_at: NOW,
});

describe.each(testDialects())('operator shortcuts repository on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  async function setup() {
    const { database } = await fresh();
    const [a, b] = await owners(database);
    return { database, repo: new ShortcutsRepository(database), a, b };
  }

  it('reads and changes only the owner’s rows, whatever id it is handed', async () => {
    const { repo, a, b } = await setup();
    expect(await repo.lastPosition(a)).toBe(-1);
    expect(await repo.insertBelowCap(link('sa000001', a, '甲的', 3), 50)).toBe('added');
    expect(await repo.insertBelowCap(link('sa000002', a, '甲的二', 1), 50)).toBe('added');
    expect(await repo.insertBelowCap(link('sb000001', b, '乙的'), 50)).toBe('added');

    expect((await repo.list(a)).map((r) => r.id)).toEqual(['sa000002', 'sa000001']);
    expect(await repo.lastPosition(a)).toBe(3);
    expect(await repo.count(a)).toBe(2);
    expect(await repo.byId(b, 'sa000001')).toBeUndefined();
    expect(await repo.update(b, 'sa000001', { name: '改', updated_at: NOW })).toBe(false);
    expect(await repo.delete(b, 'sa000001')).toBe(false);
    expect((await repo.byId(a, 'sa000001'))?.name).toBe('甲的');

    expect(await repo.update(a, 'sa000001', { name: '改了', sorting: 0, updated_at: NOW + 1 })).toBe(true);
    expect(await repo.byId(a, 'sa000001')).toMatchObject({ name: '改了', sorting: 0, updated_at: NOW + 1 });
    expect(await repo.delete(a, 'sa000001')).toBe(true);
    expect((await repo.list(b)).map((r) => r.id)).toEqual(['sb000001']);
  });

  it('stops at the cap and at a second shortcut to one menu entry; the index holds even past the repository', async () => {
    const { database, repo, a, b } = await setup();
    expect(await repo.insertBelowCap(link('s0000001', a, '一'), 2)).toBe('added');
    expect(await repo.insertBelowCap(link('s0000002', a, '二'), 2)).toBe('added');
    expect(await repo.insertBelowCap(link('s0000003', a, '三'), 2)).toBe('full');
    expect(await repo.count(a)).toBe(2);

    const menu = { ...link('m0000001', b, '空气'), shortcut_type: 'menu', menu_key: 'air', url: '/platform/air' };
    expect(await repo.insertBelowCap(menu, 50)).toBe('added');
    expect(await repo.insertBelowCap({ ...menu, id: 'm0000002' }, 50)).toBe('duplicate');
    await expect(
      database.db
        .insertInto('operator_shortcuts')
        .values({ ...menu, id: 'm0000003' })
        .execute(),
    ).rejects.toThrow();
    // Another operator may have the same menu entry (within their own cap).
    expect(await repo.insertBelowCap({ ...menu, id: 'm0000004', operator_id: a }, 2)).toBe('full');
    expect(await repo.insertBelowCap({ ...menu, id: 'm0000004', operator_id: a }, 3)).toBe('added');
  });

  it('replaces the owner’s menu shortcuts in order, keeping kept rows and links, touching no one else', async () => {
    const { repo, a, b } = await setup();
    await repo.insertBelowCap(link('la000001', a, '链接', 7), 50);
    let n = 0;
    const newId = () => `new${String(++n).padStart(5, '0')}`;
    await repo.replaceMenu(
      a,
      [
        { key: 'air', name: '空气质量监测', url: '/platform/air' },
        { key: 'noise', name: '噪声监测', url: '/platform/noise' },
      ],
      NOW,
      newId,
    );
    await repo.replaceMenu(b, [{ key: 'air', name: '空气质量监测', url: '/platform/air' }], NOW, newId);
    const airId = (await repo.list(a)).find((r) => r.menu_key === 'air')?.id;

    await repo.replaceMenu(
      a,
      [
        { key: 'lidar', name: '激光雷达', url: '/platform/lidar' },
        { key: 'air', name: '空气质量监测', url: '/platform/air' },
      ],
      NOW + 5,
      newId,
    );
    const rows = await repo.list(a);
    expect(rows.map((r) => [r.menu_key, r.sorting])).toEqual([
      ['lidar', 0],
      ['air', 1],
      [null, 7],
    ]);
    expect(rows.find((r) => r.menu_key === 'air')?.id).toBe(airId);
    expect(rows.find((r) => r.menu_key === 'lidar')).toMatchObject({ shortcut_type: 'menu', url: '/platform/lidar' });
    expect((await repo.list(b)).map((r) => r.menu_key)).toEqual(['air']);

    await repo.replaceMenu(a, [], NOW + 9, newId);
    expect((await repo.list(a)).map((r) => r.id)).toEqual(['la000001']);
  });

  it('goes with its operator', async () => {
    const { database, repo, a } = await setup();
    await repo.insertBelowCap(link('gone0001', a, '随人而去'), 50);
    await database.db.deleteFrom('operators').where('id', '=', a).execute();
    expect(await repo.list(a)).toEqual([]);
  });
});
