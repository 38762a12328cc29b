import { describe, expect, it } from 'vitest';
import { type AreaScope, NATIONWIDE } from '../../../platform/db/area-scope';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { ElectricityRepository } from './electricity.repository';

const NOW = 1_764_000_000;
const TONGZHOU: AreaScope = { areaCode: '110112' };
const BEIJING: AreaScope = { areaCode: '110000' };
const PAGE = { pageNum: 1, pageSize: 100, offset: 0, limit: 100 };

const enterprise = (name: string, creditCode: string, areaCode: string, tradeType = 'C2110') => ({
  name,
  credit_code: creditCode,
  trade_type: tradeType,
  operate_status: 'operating',
  area_code: areaCode,
  lon: 116.6,
  lat: 39.9,
  address: '',
  contact: '',
  phone: '',
  created_at: NOW,
  updated_at: NOW,
});

const site = (enterpriseId: number, areaCode: string, name: string, kind: string, deviceId: number | null) => ({
  enterprise_id: enterpriseId,
  area_code: areaCode,
  name,
  kind,
  process: '',
  rated_kw: 30,
  baseline_kw: kind === 'production' ? 38 : null,
  standby_kw: 1,
  running_kw: 8,
  min_load_percent: kind === 'treatment' ? 30 : null,
  device_id: deviceId,
  created_at: NOW,
  updated_at: NOW,
});

describe.each(testDialects())('electricity repository on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  async function setup() {
    const { database } = await fresh();
    const repo = new ElectricityRepository(database);
    const furniture = await repo.insertEnterprise(enterprise('华林家具', '91110112MA01TEXT0K', '110112'));
    const brick = await repo.insertEnterprise(enterprise('金砖建材', '91110105MA01TEXT0F', '110105', 'C3031'));
    const line = await repo.insertSite(site(furniture, '110112', '喷涂线', 'production', 11), []);
    const voc = await repo.insertSite(site(furniture, '110112', 'VOCs', 'treatment', 12), [line]);
    const kiln = await repo.insertSite(site(brick, '110105', '隧道窑', 'production', null), []);
    return { database, repo, furniture, brick, line, voc, kiln };
  }

  it('lists within the area scope with filters, and moves an enterprise’s rows with its area', async () => {
    const { repo, furniture, brick, line, voc, kiln } = await setup();
    const names = async (scope: AreaScope, filter = {}) =>
      (await repo.enterprises(filter, scope, PAGE)).list.map((e) => e.name);
    expect(await names(NATIONWIDE)).toEqual(['华林家具', '金砖建材']);
    expect(await names(TONGZHOU)).toEqual(['华林家具']);
    expect(await names(BEIJING, { tradeType: 'C3031' })).toEqual(['金砖建材']);
    expect(await names(BEIJING, { name: 'text0f' })).toEqual(['金砖建材']);
    expect(await repo.enterprise(brick, TONGZHOU)).toBeUndefined();
    expect((await repo.sites({ bound: true }, BEIJING, PAGE)).list.map((s) => s.id)).toEqual([line, voc]);
    expect((await repo.allSites({ bound: false }, BEIJING)).map((s) => s.id)).toEqual([kiln]);
    expect(await repo.links([voc])).toEqual([{ treatment_id: voc, production_id: line }]);
    expect((await repo.siteByDevice(12))?.id).toBe(voc);

    await repo.updateEnterprise(furniture, { area_code: '110105', updated_at: NOW + 1 });
    expect(await repo.allSites({}, TONGZHOU)).toEqual([]);
    expect((await repo.allSites({ enterpriseId: furniture }, { areaCode: '110105' })).length).toBe(2);
  });

  it('replaces a point’s links, and deletes them with it', async () => {
    const { repo, line, voc } = await setup();
    await repo.updateSite(voc, { name: 'VOCs 治理设施', updated_at: NOW + 1 }, 'treatment', []);
    expect(await repo.links([voc])).toEqual([]);
    await repo.updateSite(line, { updated_at: NOW + 2 }, 'production', [voc]);
    expect(await repo.links([line])).toEqual([{ treatment_id: voc, production_id: line }]);
    await repo.deleteSite(voc);
    expect(await repo.links([line])).toEqual([]);
  });

  it('finds the orders in force, and moves a problem form only from the state it was read in', async () => {
    const { repo, brick, kiln } = await setup();
    const order = await repo.insertOrder({
      enterprise_id: brick,
      area_code: '110105',
      title: '限产',
      measure: 'limit',
      ratio: 30,
      site_ids: String(kiln),
      start_at: NOW,
      end_at: NOW + 3600,
      revoked_at: null,
      created_by: 'admin',
      created_at: NOW,
    });
    expect((await repo.activeOrders(NOW + 10, BEIJING)).map((o) => o.id)).toEqual([order]);
    expect(await repo.activeOrders(NOW + 3600, BEIJING)).toEqual([]);
    expect(await repo.activeOrders(NOW + 10, TONGZHOU)).toEqual([]);
    await repo.revokeOrder(order, NOW + 20);
    expect(await repo.activeOrdersFrom(NOW, BEIJING)).toEqual([]);

    const problem = await repo.insertProblem(
      {
        enterprise_id: brick,
        area_code: '110105',
        site_id: kiln,
        alarm_id: 7,
        title: '超配额',
        description: '',
        state: 'open',
        assignee: '',
        deadline: null,
        created_by: 'admin',
        created_at: NOW,
        updated_at: NOW,
      },
      { action: 'create', actor: 'admin', note: '', at: NOW },
    );
    const step = { action: 'assign', actor: 'admin', note: '', at: NOW + 1 };
    expect(await repo.stepProblem(problem, 'open', { state: 'assigned', assignee: '李' }, step)).toBe(true);
    expect(await repo.stepProblem(problem, 'open', { state: 'assigned', assignee: '王' }, step)).toBe(false);
    expect((await repo.steps(problem)).map((s) => s.action)).toEqual(['create', 'assign']);
    expect(await repo.problemsOfAlarms([7, 8])).toEqual(new Map([[7, problem]]));
    expect(await repo.openProblemCounts(BEIJING)).toEqual(new Map([[brick, 1]]));
    expect(await repo.problem(problem, TONGZHOU)).toBeUndefined();
  });
});
