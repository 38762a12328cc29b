import { describe, expect, it } from 'vitest';
import { type AreaScope, inCodeTree, NATIONWIDE } from '../../../platform/db/area-scope';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { GridsRepository, type NewGrid } from './grids.repository';

const NOW = 1_760_000_000;
const BEIJING: AreaScope = { areaCode: '110000' };
const CHAOYANG: AreaScope = { areaCode: '110105' };
const HUANGPU: AreaScope = { areaCode: '310101' };

const grid = (code: string, parent: string | null, area: string, extra: Partial<NewGrid> = {}): NewGrid => ({
  code,
  parent_code: parent,
  area_code: area,
  name: `网格${code}`,
  level: parent === null ? 1 : (code.length - 6) / 3,
  boundary_json: '{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}',
  min_lon: 116.1,
  min_lat: 39.1,
  max_lon: 116.2,
  max_lat: 39.2,
  center_lon: 116.15,
  center_lat: 39.15,
  area_km2: 12.5,
  sort: 0,
  created_at: NOW,
  updated_at: NOW,
  ...extra,
});

describe.each(testDialects())('the grids repository on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  async function setup() {
    const { database } = await fresh();
    const repo = new GridsRepository(database);
    for (const row of [
      grid('110105001', null, '110105', { sort: 2 }),
      grid('110105002', null, '110105', { sort: 1 }),
      grid('110105001001', '110105001', '110105'),
      grid('110105001002', '110105001', '110105'),
      grid('110105001002001', '110105001002', '110105'),
      grid('110105010', null, '110105'),
      grid('310101001', null, '310101'),
      grid('310101001001', '310101001', '310101'),
    ]) {
      await repo.insert(row);
    }
    // Two organisations and three operators for the member lists.
    await database.db
      .insertInto('orgs')
      .values([
        { id: 'org-cy', parent_id: null, name: '朝阳区分局', area_code: '110105', created_at: NOW, updated_at: NOW },
        { id: 'org-hp', parent_id: null, name: '黄浦区分局', area_code: '310101', created_at: NOW, updated_at: NOW },
      ])
      .execute();
    const operator = (id: string, username: string, org: string) => ({
      id,
      username,
      username_key: username,
      name: `${username}姓名`,
      phone: null,
      password_hash: 'x',
      org_id: org,
      status: 'active',
      must_change_password: 0,
      created_at: NOW,
      updated_at: NOW,
      password_changed_at: NOW,
      last_login_at: null,
    });
    await database.db
      .insertInto('operators')
      .values([
        operator('op-a', 'zhang', 'org-cy'),
        operator('op-b', 'li', 'org-cy'),
        operator('op-c', 'wang', 'org-hp'),
      ])
      .execute();
    return { database, repo };
  }

  it('reads grids within the scope only, with every column as written', async () => {
    const { repo } = await setup();
    expect(await repo.get('110105001', CHAOYANG)).toEqual({
      ...grid('110105001', null, '110105', { sort: 2 }),
    });
    expect(await repo.get('110105001', BEIJING)).toBeDefined();
    expect(await repo.get('110105001', HUANGPU)).toBeUndefined();
    expect(await repo.get('310101001', CHAOYANG)).toBeUndefined();
    expect((await repo.get('310101001', NATIONWIDE))?.area_code).toBe('310101');
    expect(await repo.get('999999001', NATIONWIDE)).toBeUndefined();
    expect((await repo.byCode('310101001'))?.code).toBe('310101001');
    expect((await repo.summaries(CHAOYANG)).map((g) => g.code)).toEqual([
      '110105010',
      '110105002',
      '110105001',
      '110105001001',
      '110105001002',
      '110105001002001',
    ]);
    expect((await repo.summaries(HUANGPU)).map((g) => g.code)).toEqual(['310101001', '310101001001']);
    expect(await repo.summaries({ areaCode: '440300' })).toEqual([]);
    expect((await repo.summaries(NATIONWIDE)).length).toBe(8);
    expect('boundary_json' in ((await repo.summaries(HUANGPU))[0] ?? {})).toBe(false);
  });

  it('finds children of a county (its top grids) or of a grid, subtrees and free codes', async () => {
    const { database, repo } = await setup();
    expect((await repo.children('110105', CHAOYANG)).map((g) => g.code)).toEqual([
      '110105010',
      '110105002',
      '110105001',
    ]);
    expect((await repo.children('110105001', CHAOYANG)).map((g) => g.code)).toEqual(['110105001001', '110105001002']);
    expect(await repo.children('110105001', HUANGPU)).toEqual([]);
    expect((await repo.childShapes('310101', NATIONWIDE)).map((g) => [g.code, typeof g.boundary_json])).toEqual([
      ['310101001', 'string'],
    ]);
    expect(await repo.hasChildren('110105001')).toBe(true);
    expect(await repo.hasChildren('110105002')).toBe(false);
    expect((await repo.subtree('110105001', CHAOYANG)).map((g) => g.code)).toEqual([
      '110105001',
      '110105001001',
      '110105001002',
      '110105001002001',
    ]);
    expect(await repo.subtree('110105001', HUANGPU)).toEqual([]);
    expect((await repo.codesUnder('110105')).sort()).toEqual(['110105001', '110105002', '110105010']);
    expect(await repo.codesUnder('110105001002')).toEqual(['110105001002001']);
    expect(await repo.codesUnder('440305')).toEqual([]);
    expect(await repo.childCounts(['110105001', '110105002', '110105001002'])).toEqual(
      new Map([
        ['110105001', 2],
        ['110105001002', 1],
      ]),
    );
    expect(await repo.countInArea('110105')).toBe(6);
    expect(await repo.countInArea('440305')).toBe(0);
    expect(await repo.names(['310101001', '110105002', 'nope', '310101001'])).toEqual(
      new Map([
        ['310101001', '网格310101001'],
        ['110105002', '网格110105002'],
      ]),
    );
    // The SQL subtree condition other modules use.
    const rows = await database.db
      .selectFrom('grids')
      .select('code')
      .where(inCodeTree('code', '110105001002'))
      .orderBy('code')
      .execute();
    expect(rows.map((r) => r.code)).toEqual(['110105001002', '110105001002001']);
    const shapes = await repo.shapes();
    expect(shapes).toHaveLength(8);
    expect(shapes[0]).toEqual({
      code: '110105001',
      name: '网格110105001',
      area_code: '110105',
      level: 1,
      min_lon: 116.1,
      min_lat: 39.1,
      max_lon: 116.2,
      max_lat: 39.2,
      boundary_json: grid('x', null, 'x').boundary_json,
    });
  });

  it('updates and deletes; a transaction that fails writes nothing', async () => {
    const { repo } = await setup();
    await repo.update('110105002', { name: '新名称', sort: 7, updated_at: NOW + 5 });
    expect(await repo.get('110105002', CHAOYANG)).toMatchObject({ name: '新名称', sort: 7, updated_at: NOW + 5 });
    await repo.delete('110105010');
    expect(await repo.get('110105010', NATIONWIDE)).toBeUndefined();
    await expect(
      repo.transaction(async (trx) => {
        await trx.insert(grid('110105003', null, '110105'));
        await trx.insert(grid('110105001', null, '110105'));
      }),
    ).rejects.toThrow();
    expect(await repo.get('110105003', NATIONWIDE)).toBeUndefined();
    await repo.transaction(async (trx) => {
      await trx.insert(grid('110105003', null, '110105'));
      await trx.insert(grid('110105003001', '110105003', '110105'));
    });
    expect((await repo.subtree('110105003', NATIONWIDE)).length).toBe(2);
  });

  it('keeps one grid role per operator, lists members with their names within the scope', async () => {
    const { repo } = await setup();
    await repo.saveMember({
      operator_id: 'op-a',
      grid_code: '110105001',
      role: 'member',
      duty: '巡查',
      created_at: NOW,
    });
    await repo.saveMember({
      operator_id: 'op-b',
      grid_code: '110105001',
      role: 'manager',
      duty: null,
      created_at: NOW,
    });
    await repo.saveMember({ operator_id: 'op-c', grid_code: '310101001', role: 'member', duty: null, created_at: NOW });
    expect((await repo.members('110105001', CHAOYANG)).map((m) => [m.operator_id, m.role])).toEqual([
      ['op-b', 'manager'],
      ['op-a', 'member'],
    ]);
    expect((await repo.members('110105001', CHAOYANG))[1]).toEqual({
      operator_id: 'op-a',
      grid_code: '110105001',
      role: 'member',
      duty: '巡查',
      created_at: NOW,
      username: 'zhang',
      name: 'zhang姓名',
      org_name: '朝阳区分局',
      grid_name: '网格110105001',
    });
    expect(await repo.members('110105001', HUANGPU)).toEqual([]);
    expect(await repo.memberCounts(['110105001', '310101001', '110105002'])).toEqual(
      new Map([
        ['110105001', 2],
        ['310101001', 1],
      ]),
    );
    // A second save moves the operator: still one row.
    await repo.saveMember({
      operator_id: 'op-a',
      grid_code: '110105002',
      role: 'manager',
      duty: '组长',
      created_at: NOW + 9,
    });
    expect(await repo.membership('op-a')).toEqual({
      operator_id: 'op-a',
      grid_code: '110105002',
      role: 'manager',
      duty: '组长',
      created_at: NOW,
    });
    expect((await repo.members('110105001', CHAOYANG)).map((m) => m.operator_id)).toEqual(['op-b']);
    expect(await repo.member('op-c', CHAOYANG)).toBeUndefined();
    expect((await repo.member('op-c', NATIONWIDE))?.grid_name).toBe('网格310101001');
    expect(await repo.removeMember('op-a')).toBe(true);
    expect(await repo.removeMember('op-a')).toBe(false);
    expect(await repo.membership('op-a')).toBeUndefined();
  });
});
