import { ErrorCode } from '@lantian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import {
  adminToken,
  createPlatformApp,
  type DistrictOperator,
  dataOf,
  districtOperator,
  platformCall,
} from '../../../testing/platform';
import { dictionary } from '.';

interface DictAnswer {
  type: string;
  name: string;
  items: Array<{ value: string; label: string; sort: number; enabled: boolean; extra: Record<string, string> }>;
}
interface ItemsAnswer extends DictAnswer {
  builtin: boolean;
  items: Array<DictAnswer['items'][number] & { builtin: boolean }>;
}
interface AuditAnswer {
  list: Array<{ action: string; actor: string; targetId: string | null; before: unknown; after: unknown }>;
  total: number;
}

let app: TestApp;
let admin: string;
/** Holds only air:view: reads the dictionary like everyone, may not administer it. */
let reader: DistrictOperator;
/** Holds system:dict:view but not system:dict:edit. */
let viewer: DistrictOperator;

beforeAll(async () => {
  app = await createPlatformApp();
  admin = await adminToken(app);
  reader = await districtOperator(app, admin, {
    username: 'chaoyang',
    areaCode: '110105',
    orgName: '朝阳区生态环境局',
    permissions: ['air:view'],
  });
  viewer = await districtOperator(app, admin, {
    username: 'haidian',
    areaCode: '110108',
    orgName: '海淀区生态环境局',
    permissions: ['system:dict:view'],
  });
});
afterAll(async () => {
  await app.close();
});

const getDict = (type: string, token?: string) =>
  platformCall(app, { url: '/sys/dict/getDict', query: { type }, ...(token === undefined ? {} : { token }) });
const itemsOf = async (type: string) =>
  dataOf<ItemsAnswer>(await platformCall(app, { url: '/sys/dict/item/list', query: { type }, token: admin }));
const auditOf = async (action: string) =>
  dataOf<AuditAnswer>(
    await platformCall(app, { url: '/sys/audit/list', query: { action, pageSize: '100' }, token: admin }),
  );

describe('GET /sys/dict/getDict', () => {
  it('answers every signed-in operator with the enabled items of a built-in type, in order', async () => {
    const factor = dataOf<DictAnswer>(await getDict('factor', reader.token));
    expect(factor.name).toBe('监测因子');
    const byValue = new Map(factor.items.map((i) => [i.value, i]));
    expect(byValue.get('a34004')).toMatchObject({ label: 'PM2.5', enabled: true, extra: { unit: 'μg/m³' } });
    expect(byValue.get('a21005')?.extra.unit).toBe('mg/m³');
    expect(byValue.get('a01001')).toMatchObject({ label: '温度', extra: { unit: '℃' } });
    expect(byValue.get('a01008')?.extra.unit).toBe('°');
    for (const code of [
      'a34002',
      'a21026',
      'a21004',
      'a05024',
      'a01002',
      'a01006',
      'a01007',
      'LA',
      'TVOC',
      'oilFume',
    ]) {
      expect(byValue.has(code), code).toBe(true);
    }
    const sorts = factor.items.map((i) => i.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));

    const events = dataOf<DictAnswer>(await getDict('eventCatalog', reader.token));
    expect(events.items.map((i) => i.label)).toEqual(expect.arrayContaining(['扬尘', '露天焚烧', '餐饮油烟', '其他']));
    const levels = dataOf<DictAnswer>(await getDict('alarmLevel', reader.token));
    expect(levels.items.every((i) => /^#[0-9A-F]{6}$/i.test(i.extra.color ?? ''))).toBe(true);
    const devices = dataOf<DictAnswer>(await getDict('deviceType', reader.token));
    expect(devices.items.find((i) => i.value === 'L01')?.label).toBe('颗粒物激光雷达');
    const sites = dataOf<DictAnswer>(await getDict('goverSite', reader.token));
    expect(sites.items.find((i) => i.label === '生态环境部')?.extra.url).toBe('https://www.mee.gov.cn/');
  });

  it('refuses callers without a session (401), unknown types (404) and malformed ones (400)', async () => {
    expect((await getDict('factor')).statusCode).toBe(401);
    const unknown = await getDict('noSuchType', reader.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '未找到字典类型：noSuchType' });
    for (const type of ['', '1factor', 'a b', 'x'.repeat(49), '因子']) {
      const res = await getDict(type, reader.token);
      expect(res.statusCode, type).toBe(400);
      expect(res.json().code, type).toBe(ErrorCode.VALIDATION);
    }
    expect((await platformCall(app, { url: '/sys/dict/getDict', token: reader.token })).statusCode).toBe(400);
  });

  it('has an open-API variant that refuses calls without an application token', async () => {
    const res = await platformCall(app, { url: '/api/open/auto/getDict', query: { type: 'factor' } });
    expect(res.statusCode).toBe(401);
    // An operator's session is not an open-API token.
    const operator = await platformCall(app, {
      url: '/api/open/auto/getDict',
      query: { type: 'factor', apiType: 'web' },
      token: admin,
    });
    expect(operator.statusCode).toBe(401);
    expect(app.routes().find((r) => r.url === '/api/open/auto/getDict')?.access).toBe('openApi:dict');
  });
});

describe('dictionary administration', () => {
  it('lists the types with their item counts for system:dict:view, built-in ones first', async () => {
    for (const token of [admin, viewer.token]) {
      const types = dataOf<Array<{ code: string; builtin: boolean; itemCount: number }>>(
        await platformCall(app, { url: '/sys/dict/type/list', token }),
      );
      const builtin = types.filter((t) => t.builtin).map((t) => t.code);
      expect(builtin).toEqual(
        expect.arrayContaining(['deviceType', 'factor', 'eventCatalog', 'alarmLevel', 'goverSite']),
      );
      expect(types.slice(0, builtin.length).every((t) => t.builtin)).toBe(true);
      expect(types.find((t) => t.code === 'alarmLevel')?.itemCount).toBe(4);
    }
  });

  it('refuses operators without the permissions (403) and writes nothing', async () => {
    for (const url of ['/sys/dict/type/list', '/sys/dict/item/list?type=factor']) {
      const res = await platformCall(app, { url, token: reader.token });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().msg, url).toBe('没有权限：数据字典');
    }
    const writes = [
      { url: '/sys/dict/type/save', body: { code: 'sneaky', name: '偷偷加的' } },
      { url: '/sys/dict/item/save', body: { type: 'factor', value: 'x01', label: '偷偷加的' } },
      { url: '/sys/dict/item/update', body: { type: 'factor', value: 'a34004', label: '改掉了', sort: 1 } },
      { url: '/sys/dict/item/delete', body: { type: 'eventCatalog', value: 'other' } },
    ];
    for (const token of [reader.token, viewer.token]) {
      for (const write of writes) {
        const res = await platformCall(app, { ...write, token });
        expect(res.statusCode, write.url).toBe(403);
        expect(res.json().msg, write.url).toBe('没有权限：修改数据字典');
      }
    }
    const factor = await itemsOf('factor');
    expect(factor.items.find((i) => i.value === 'a34004')?.label).toBe('PM2.5');
    expect(factor.items.some((i) => i.value === 'x01')).toBe(false);
    expect((await getDict('sneaky', admin)).statusCode).toBe(404);
  });

  it('creates a type and items; getDict shows the enabled ones in order at once, the list shows all', async () => {
    dataOf(
      await platformCall(app, {
        url: '/sys/dict/type/save',
        token: admin,
        body: { code: 'patrolTool', name: '巡查工具', description: '网格员巡查方式' },
      }),
    );
    const save = (body: Record<string, unknown>) =>
      platformCall(app, { url: '/sys/dict/item/save', token: admin, body: { type: 'patrolTool', ...body } });
    dataOf(await save({ value: 'car', label: '汽车', sort: 20 }));
    dataOf(await save({ value: 'foot', label: '步行', sort: 10 }));
    dataOf(await save({ value: 'drone', label: '无人机', sort: 5, enabled: false, extra: { model: 'M300' } }));

    expect(dataOf<DictAnswer>(await getDict('patrolTool', reader.token)).items.map((i) => i.value)).toEqual([
      'foot',
      'car',
    ]);
    const all = await itemsOf('patrolTool');
    expect(all).toMatchObject({ name: '巡查工具', description: '网格员巡查方式', builtin: false });
    expect(all.items.map((i) => [i.value, i.enabled, i.builtin])).toEqual([
      ['drone', false, false],
      ['foot', true, false],
      ['car', true, false],
    ]);

    // Enabling and renaming show on the next read (the cache is dropped on write).
    dataOf(
      await platformCall(app, {
        url: '/sys/dict/item/update',
        token: admin,
        body: { type: 'patrolTool', value: 'drone', label: '无人机巡查', sort: 5, enabled: true, extra: {} },
      }),
    );
    expect(dataOf<DictAnswer>(await getDict('patrolTool', reader.token)).items[0]).toEqual({
      value: 'drone',
      label: '无人机巡查',
      sort: 5,
      enabled: true,
      extra: {},
    });
    expect(await app.use(dictionary).label('patrolTool', 'drone')).toBe('无人机巡查');

    dataOf(
      await platformCall(app, {
        url: '/sys/dict/item/delete',
        token: admin,
        body: { type: 'patrolTool', value: 'car' },
      }),
    );
    expect((await itemsOf('patrolTool')).items.map((i) => i.value)).toEqual(['drone', 'foot']);

    dataOf(
      await platformCall(app, {
        url: '/sys/dict/type/update',
        token: admin,
        body: { code: 'patrolTool', name: '巡查方式', description: '' },
      }),
    );
    expect(dataOf<DictAnswer>(await getDict('patrolTool', reader.token)).name).toBe('巡查方式');

    dataOf(await platformCall(app, { url: '/sys/dict/type/delete', token: admin, body: { code: 'patrolTool' } }));
    expect((await getDict('patrolTool', reader.token)).statusCode).toBe(404);
    expect((await platformCall(app, { url: '/sys/dict/item/list?type=patrolTool', token: admin })).statusCode).toBe(
      404,
    );
  });

  it('audits every write with who, what, before and after', async () => {
    dataOf(
      await platformCall(app, { url: '/sys/dict/type/save', token: admin, body: { code: 'auditMe', name: '审计' } }),
    );
    dataOf(
      await platformCall(app, {
        url: '/sys/dict/item/save',
        token: admin,
        body: { type: 'auditMe', value: 'v1', label: '一', sort: 1 },
      }),
    );
    dataOf(
      await platformCall(app, {
        url: '/sys/dict/item/update',
        token: admin,
        body: { type: 'auditMe', value: 'v1', label: '壹', sort: 2 },
      }),
    );
    dataOf(
      await platformCall(app, { url: '/sys/dict/item/delete', token: admin, body: { type: 'auditMe', value: 'v1' } }),
    );
    dataOf(await platformCall(app, { url: '/sys/dict/type/delete', token: admin, body: { code: 'auditMe' } }));

    const itemSaves = (await auditOf('dict.item_save')).list.filter((e) => e.targetId === 'auditMe:v1');
    // Newest first: the update (before → after), then the creation (nothing before).
    expect(itemSaves.map((e) => [e.actor, e.before, e.after])).toEqual([
      ['admin', expect.objectContaining({ label: '一', sort: 1 }), expect.objectContaining({ label: '壹', sort: 2 })],
      ['admin', null, expect.objectContaining({ label: '一' })],
    ]);
    const itemDelete = (await auditOf('dict.item_delete')).list.find((e) => e.targetId === 'auditMe:v1');
    expect(itemDelete).toMatchObject({ before: { label: '壹' }, after: null });
    const typeSave = (await auditOf('dict.type_save')).list.find((e) => e.targetId === 'auditMe');
    expect(typeSave).toMatchObject({ before: null, after: { code: 'auditMe', name: '审计' } });
    const typeDelete = (await auditOf('dict.type_delete')).list.find((e) => e.targetId === 'auditMe');
    expect(typeDelete).toMatchObject({ before: { code: 'auditMe', items: [] }, after: null });
  });

  it('keeps the built-in types: no rename, no delete; their items are editable and can be disabled, not deleted', async () => {
    const before = (await auditOf('dict.')).total;
    for (const [url, body] of [
      ['/sys/dict/type/delete', { code: 'factor' }],
      ['/sys/dict/type/update', { code: 'factor', name: '因子' }],
      ['/sys/dict/item/delete', { type: 'factor', value: 'a34004' }],
    ] as const) {
      const res = await platformCall(app, { url, token: admin, body });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe(ErrorCode.FORBIDDEN);
    }
    expect((await auditOf('dict.')).total).toBe(before);

    dataOf(
      await platformCall(app, {
        url: '/sys/dict/item/update',
        token: admin,
        body: { type: 'eventCatalog', value: 'looseCoal', label: '散煤燃烧', sort: 80, enabled: false },
      }),
    );
    const events = dataOf<DictAnswer>(await getDict('eventCatalog', reader.token));
    expect(events.items.some((i) => i.value === 'looseCoal')).toBe(false);
    // A disabled item still labels rows written before.
    expect(await app.use(dictionary).label('eventCatalog', 'looseCoal')).toBe('散煤燃烧');
    expect(await app.use(dictionary).items('eventCatalog')).toEqual(events.items);

    // Items added to a built-in type can be deleted again.
    dataOf(
      await platformCall(app, {
        url: '/sys/dict/item/save',
        token: admin,
        body: { type: 'eventCatalog', value: 'sandStorm', label: '沙尘', sort: 85 },
      }),
    );
    expect((await itemsOf('eventCatalog')).items.find((i) => i.value === 'sandStorm')?.builtin).toBe(false);
    dataOf(
      await platformCall(app, {
        url: '/sys/dict/item/delete',
        token: admin,
        body: { type: 'eventCatalog', value: 'sandStorm' },
      }),
    );
  });

  it('answers junk with 400 and clear messages, duplicates with 409, missing rows with 404; nothing is written', async () => {
    const before = (await auditOf('dict.')).total;
    const factorBefore = await itemsOf('factor');
    const cases: Array<[string, unknown, number, RegExp]> = [
      ['/sys/dict/type/save', { code: '9lives', name: '坏' }, 400, /字典类型为 2–48 位/],
      ['/sys/dict/type/save', { code: 'okType', name: '' }, 400, /名称不能为空/],
      ['/sys/dict/type/save', { code: 'okType', name: '名'.repeat(33) }, 400, /名称不能超过 32 个字符/],
      ['/sys/dict/type/save', { code: 'factor', name: '重复' }, 409, /字典类型 factor 已存在/],
      ['/sys/dict/type/save', 'not json at all', 400, /./],
      ['/sys/dict/item/save', { type: 'factor', value: 'a 1', label: '空格' }, 400, /代码不能包含空格或逗号/],
      ['/sys/dict/item/save', { type: 'factor', value: 'x1', label: '排序', sort: '5' }, 400, /sort/],
      ['/sys/dict/item/save', { type: 'factor', value: 'x1', label: '排序', sort: 10_000 }, 400, /0–9999/],
      ['/sys/dict/item/save', { type: 'factor', value: 'x1', label: '标'.repeat(49) }, 400, /48 个字符/],
      [
        '/sys/dict/item/save',
        {
          type: 'factor',
          value: 'x1',
          label: '多',
          extra: Object.fromEntries([...Array(11).keys()].map((i) => [`k${i}`, 'v'])),
        },
        400,
        /附加属性最多 10 个/,
      ],
      ['/sys/dict/item/save', { type: 'factor', value: 'x1', label: '值', extra: { unit: 5 } }, 400, /extra/],
      ['/sys/dict/item/save', { type: 'goverSite', value: 'bad', label: '无网址' }, 400, /url 应为 http/],
      [
        '/sys/dict/item/save',
        { type: 'goverSite', value: 'bad', label: '脚本', extra: { url: 'javascript:alert(1)' } },
        400,
        /url 应为 http/,
      ],
      ['/sys/dict/item/save', { type: 'alarmLevel', value: '5', label: '五级', extra: { color: 'red' } }, 400, /color/],
      ['/sys/dict/item/save', { type: 'factor', value: 'a34004', label: '重复' }, 409, /字典项 a34004 已存在/],
      ['/sys/dict/item/save', { type: 'noSuchType', value: 'x', label: '无类型' }, 404, /未找到字典类型/],
      ['/sys/dict/item/update', { type: 'factor', value: 'nope', label: '无' }, 404, /未找到字典项/],
      ['/sys/dict/item/delete', { type: 'factor', value: 'nope' }, 404, /未找到字典项/],
      ['/sys/dict/type/delete', { code: 'nope' }, 404, /未找到字典类型/],
    ];
    for (const [url, body, status, msg] of cases) {
      const res = await platformCall(app, {
        url,
        token: admin,
        body,
        ...(typeof body === 'string' ? { headers: { 'content-type': 'application/json' } } : {}),
      });
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(status);
      expect(res.json().msg, `${url} ${JSON.stringify(body)}`).toMatch(msg);
    }
    expect((await auditOf('dict.')).total).toBe(before);
    expect(await itemsOf('factor')).toEqual(factorBefore);
  });

  it('caps the items of a type (409)', async () => {
    dataOf(
      await platformCall(app, { url: '/sys/dict/type/save', token: admin, body: { code: 'bigType', name: '大' } }),
    );
    for (let i = 0; i < 500; i += 50) {
      await Promise.all(
        [...Array(50).keys()].map((j) =>
          platformCall(app, {
            url: '/sys/dict/item/save',
            token: admin,
            body: { type: 'bigType', value: `v${i + j}`, label: `项${i + j}` },
          }).then(dataOf),
        ),
      );
    }
    const res = await platformCall(app, {
      url: '/sys/dict/item/save',
      token: admin,
      body: { type: 'bigType', value: 'oneTooMany', label: '多了' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('每个字典类型最多 500 项');
  });
});
