import { ErrorCode, MAX_SHORTCUTS, PLATFORM_COOKIES } from '@lantian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import {
  adminToken,
  createPlatformApp,
  type DistrictOperator,
  dataOf,
  districtOperator,
  type PlatformCall,
  platformCall,
} from '../../../testing/platform';

interface ShortcutAnswer {
  id: string;
  name: string;
  url: string;
  shortcutType: 'menu' | 'link';
  networkType: 'internal' | 'external';
  sorting: number;
  menuKey: string | null;
}
interface AuditAnswer {
  list: Array<{ action: string; actor: string; targetId: string | null; before: unknown; after: unknown }>;
  total: number;
}

let app: TestApp;
let admin: string;
/** 朝阳区: air and grid. */
let chaoyang: DistrictOperator;
/** 海淀区: air only. */
let haidian: DistrictOperator;

beforeAll(async () => {
  app = await createPlatformApp();
  admin = await adminToken(app);
  chaoyang = await districtOperator(app, admin, {
    username: 'chaoyang',
    areaCode: '110105',
    orgName: '朝阳区生态环境局',
    permissions: ['air:view', 'grid:view'],
  });
  haidian = await districtOperator(app, admin, {
    username: 'haidian',
    areaCode: '110108',
    orgName: '海淀区生态环境局',
    permissions: ['air:view'],
  });
});
afterAll(async () => {
  await app.close();
});

const call = (who: string, url: string, query?: Record<string, string>, extra: Partial<PlatformCall> = {}) =>
  platformCall(app, {
    url: `/portal/shortcut/${url}`,
    token: who,
    ...(query === undefined ? {} : { query }),
    ...extra,
  });
const shortcutsOf = async (who: string) => dataOf<ShortcutAnswer[]>(await call(who, 'getUserShortCut'));
const addLink = async (who: string, name: string, url = 'https://www.mee.gov.cn/') =>
  dataOf<ShortcutAnswer>(
    await call(who, 'saveUserShortCut', { shortcutType: 'link', networkType: 'external', name, url }),
  );
const auditTotal = async (action = 'shortcut.') =>
  dataOf<AuditAnswer>(await platformCall(app, { url: '/sys/audit/list', query: { action }, token: admin })).total;
const clear = async (who: string) => {
  for (const s of await shortcutsOf(who)) dataOf(await call(who, 'delUserShortCut', { id: s.id }));
  dataOf(await call(who, 'batchSaveUserShortCut', { ids: '' }));
};

describe('getUserMenus', () => {
  it('builds the menu from the operator’s permissions, with only the groups that have entries', async () => {
    const menu = dataOf<{ groups: Array<{ key: string }>; entries: Array<{ key: string; path: string }> }>(
      await call(chaoyang.token, 'getUserMenus'),
    );
    expect(menu.groups.map((g) => g.key)).toEqual(['monitoring', 'events']);
    // 消息通知 and 任务中心 are every operator's (permission `self`).
    expect(menu.entries.map((e) => e.key)).toEqual(['air', 'wind', 'notices', 'grid-events', 'tasks', 'grids']);

    const full = dataOf<{ groups: Array<{ key: string }>; entries: unknown[] }>(await call(admin, 'getUserMenus'));
    expect(full.groups.map((g) => g.key)).toEqual(['monitoring', 'events', 'reports', 'operations', 'admin']);
    expect(full.entries.length).toBeGreaterThan(10);
  });

  it('refuses calls without a session', async () => {
    for (const url of ['getUserMenus', 'getUserShortCut', 'getGoverSites', 'saveUserShortCut']) {
      const res = await platformCall(app, { url: `/portal/shortcut/${url}` });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('patrolNavigation', () => {
  it('lists the field app’s pages the operator’s permissions open', async () => {
    const nav = async (token: string) =>
      dataOf<Array<{ key: string; path: string }>>(
        await platformCall(app, { url: '/zhhb/center/patrolNavigation', token }),
      );
    expect((await nav(admin)).map((e) => [e.key, e.path])).toEqual([
      ['tasks', 'm/tasks'],
      ['report', 'm/report'],
      ['patrol', 'm/patrol'],
    ]);
    // grid:view opens 我的任务 only; reporting and patrolling need grid:report.
    expect((await nav(chaoyang.token)).map((e) => e.key)).toEqual(['tasks']);
    expect(await nav(haidian.token)).toEqual([]);
    expect((await platformCall(app, { url: '/zhhb/center/patrolNavigation' })).statusCode).toBe(401);
  });
});

describe('getGoverSites', () => {
  it('lists the enabled government sites of the dictionary, following its edits', async () => {
    const sites = dataOf<Array<{ name: string; url: string }>>(await call(haidian.token, 'getGoverSites'));
    expect(sites[0]).toEqual({ name: '生态环境部', url: 'https://www.mee.gov.cn/' });
    expect(sites.map((s) => s.name)).toContain('全国空气质量实时发布平台');

    dataOf(
      await platformCall(app, {
        url: '/sys/dict/item/update',
        token: admin,
        body: {
          type: 'goverSite',
          value: 'cma',
          label: '中国气象局',
          sort: 40,
          enabled: false,
          extra: { url: 'https://www.cma.gov.cn/' },
        },
      }),
    );
    dataOf(
      await platformCall(app, {
        url: '/sys/dict/item/save',
        token: admin,
        body: {
          type: 'goverSite',
          value: 'bjee',
          label: '北京市生态环境局',
          sort: 5,
          extra: { url: 'https://sthjj.beijing.gov.cn/' },
        },
      }),
    );
    const after = dataOf<Array<{ name: string; url: string }>>(await call(haidian.token, 'getGoverSites'));
    expect(after[0]).toEqual({ name: '北京市生态环境局', url: 'https://sthjj.beijing.gov.cn/' });
    expect(after.map((s) => s.name)).not.toContain('中国气象局');
  });
});

describe('an operator’s shortcuts', () => {
  it('saves, lists in order, renames, moves and deletes, by GET as the spec gives them and by POST', async () => {
    await clear(chaoyang.token);
    const first = await addLink(chaoyang.token, '生态环境部');
    expect(first).toMatchObject({
      name: '生态环境部',
      url: 'https://www.mee.gov.cn/',
      shortcutType: 'link',
      networkType: 'external',
      menuKey: null,
    });
    const second = dataOf<ShortcutAnswer>(
      await platformCall(app, {
        url: '/portal/shortcut/saveUserShortCut',
        token: chaoyang.token,
        body: { shortcutType: 'link', name: '站内搜索', url: '/platform/air?tab=rank' },
      }),
    );
    expect(second.networkType).toBe('internal');
    expect(second.sorting).toBeGreaterThan(first.sorting);
    expect((await shortcutsOf(chaoyang.token)).map((s) => s.name)).toEqual(['生态环境部', '站内搜索']);

    dataOf(await call(chaoyang.token, 'updateUserShortCut', { id: first.id, name: '部委官网' }));
    dataOf(
      await platformCall(app, {
        url: '/portal/shortcut/updateShortCutSort',
        token: chaoyang.token,
        body: { id: first.id, sorting: 100 },
      }),
    );
    expect((await shortcutsOf(chaoyang.token)).map((s) => [s.name, s.sorting])).toEqual([
      ['站内搜索', second.sorting],
      ['部委官网', 100],
    ]);
    dataOf(await call(chaoyang.token, 'updateShortCutSort', { id: first.id, sorting: '0' }));
    expect((await shortcutsOf(chaoyang.token))[0]?.name).toBe('部委官网');

    dataOf(await call(chaoyang.token, 'delUserShortCut', { id: second.id }));
    expect((await shortcutsOf(chaoyang.token)).map((s) => s.id)).toEqual([first.id]);
  });

  it('never shows or changes another operator’s shortcuts, whatever id is sent', async () => {
    await clear(chaoyang.token);
    await clear(haidian.token);
    const mine = await addLink(chaoyang.token, '朝阳的');
    await addLink(haidian.token, '海淀的');
    expect((await shortcutsOf(haidian.token)).map((s) => s.name)).toEqual(['海淀的']);

    const before = await auditTotal();
    for (const [url, query] of [
      ['updateUserShortCut', { id: mine.id, name: '被改了' }],
      ['updateShortCutSort', { id: mine.id, sorting: '1' }],
      ['delUserShortCut', { id: mine.id }],
    ] as const) {
      const res = await call(haidian.token, url, query);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: ErrorCode.NOT_FOUND, msg: '未找到该快捷方式' });
    }
    expect(await shortcutsOf(chaoyang.token)).toEqual([mine]);
    expect(await auditTotal()).toBe(before);
  });

  it('keeps menu shortcuts to pages of the operator’s own menu, once each', async () => {
    await clear(chaoyang.token);
    const air = dataOf<ShortcutAnswer>(
      await call(chaoyang.token, 'saveUserShortCut', { shortcutType: 'menu', name: '空气', url: '/platform/air' }),
    );
    expect(air).toMatchObject({ shortcutType: 'menu', menuKey: 'air', networkType: 'internal' });
    const again = await call(chaoyang.token, 'saveUserShortCut', {
      shortcutType: 'menu',
      name: '又一个',
      url: '/platform/air',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('「空气质量监测」已在快捷方式中');

    const notMine = await call(chaoyang.token, 'saveUserShortCut', {
      shortcutType: 'menu',
      name: '运营人员',
      url: '/platform/operators',
    });
    expect(notMine.statusCode).toBe(403);
    const noPage = await call(chaoyang.token, 'saveUserShortCut', {
      shortcutType: 'menu',
      name: '乱写',
      url: '/platform/nowhere',
    });
    expect(noPage.statusCode).toBe(400);
    expect((await shortcutsOf(chaoyang.token)).map((s) => s.menuKey)).toEqual(['air']);
  });

  it('replaces the menu shortcuts in the given order, keeping names and links, refusing entries outside the menu', async () => {
    await clear(chaoyang.token);
    const link = await addLink(chaoyang.token, '外链');
    const first = dataOf<ShortcutAnswer[]>(
      await call(chaoyang.token, 'batchSaveUserShortCut', { ids: 'air,grid-events' }),
    );
    expect(first.filter((s) => s.menuKey !== null).map((s) => [s.menuKey, s.name, s.url])).toEqual([
      ['air', '空气质量监测', '/platform/air'],
      ['grid-events', '网格事件', '/platform/grid-events'],
    ]);
    const gridId = first.find((s) => s.menuKey === 'grid-events')?.id ?? '';
    dataOf(await call(chaoyang.token, 'updateUserShortCut', { id: gridId, name: '我的网格' }));

    const reordered = dataOf<ShortcutAnswer[]>(
      await platformCall(app, {
        url: '/portal/shortcut/batchSaveUserShortCut',
        token: chaoyang.token,
        body: { ids: ' grid-events , air, grid-events' },
      }),
    );
    const menuRows = reordered.filter((s) => s.menuKey !== null);
    expect(menuRows.map((s) => [s.menuKey, s.name])).toEqual([
      ['grid-events', '我的网格'],
      ['air', '空气质量监测'],
    ]);
    expect(menuRows[0]?.id).toBe(gridId);
    expect(reordered.some((s) => s.id === link.id)).toBe(true);

    const before = await shortcutsOf(chaoyang.token);
    const outside = await call(chaoyang.token, 'batchSaveUserShortCut', { ids: 'air,operators,audit' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().msg).toBe('没有这些菜单的权限：运营人员、审计日志');
    const unknown = await call(chaoyang.token, 'batchSaveUserShortCut', { ids: 'air,<script>' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toMatch(/未知的菜单：<script>/);
    expect(await shortcutsOf(chaoyang.token)).toEqual(before);

    const emptied = dataOf<ShortcutAnswer[]>(await call(chaoyang.token, 'batchSaveUserShortCut', { ids: '' }));
    expect(emptied).toEqual([link]);
  });

  it('hides a menu shortcut whose page the operator has lost, and shows it again with the permission', async () => {
    const scoped = await districtOperator(app, admin, {
      username: 'dongcheng',
      areaCode: '110101',
      orgName: '东城区生态环境局',
      permissions: ['air:view', 'noise:view'],
    });
    dataOf(await call(scoped.token, 'batchSaveUserShortCut', { ids: 'air,noise' }));
    const update = (permissions: string[]) =>
      platformCall(app, {
        url: '/sys/role/update',
        token: admin,
        body: { id: scoped.roleId, name: '东城区生态环境局角色', description: '', permissions },
      });
    dataOf(await update(['air:view']));
    expect((await shortcutsOf(scoped.token)).map((s) => s.menuKey)).toEqual(['air']);
    dataOf(await update(['air:view', 'noise:view']));
    expect((await shortcutsOf(scoped.token)).map((s) => s.menuKey)).toEqual(['air', 'noise']);
  });

  it(`caps an operator at ${MAX_SHORTCUTS} shortcuts with a clear 409`, async () => {
    const busy = await districtOperator(app, admin, {
      username: 'fengtai',
      areaCode: '110106',
      orgName: '丰台区生态环境局',
      permissions: ['air:view', 'grid:view'],
    });
    for (let i = 0; i < MAX_SHORTCUTS - 1; i++) await addLink(busy.token, `链接${i}`);
    dataOf(await call(busy.token, 'batchSaveUserShortCut', { ids: 'air' }));
    const over = await call(busy.token, 'saveUserShortCut', { shortcutType: 'link', name: '再来一个', url: '/x' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: ErrorCode.CONFLICT, msg: '快捷方式最多 50 个，请先删除不用的' });
    const batch = await call(busy.token, 'batchSaveUserShortCut', { ids: 'air,grid-events' });
    expect(batch.statusCode).toBe(409);
    expect((await shortcutsOf(busy.token)).length).toBe(MAX_SHORTCUTS);
  });

  it('answers junk with 400 and a clear message, writing nothing', async () => {
    await clear(haidian.token);
    const mine = await addLink(haidian.token, '保留');
    const before = await auditTotal();
    const cases: Array<[string, Record<string, string>, RegExp]> = [
      ['saveUserShortCut', { shortcutType: 'link', name: '', url: '/x' }, /名称不能为空/],
      ['saveUserShortCut', { shortcutType: 'link', name: '名'.repeat(33), url: '/x' }, /名称不能超过 32 个字符/],
      ['saveUserShortCut', { shortcutType: 'link', name: '脚本', url: 'javascript:alert(1)' }, /http\(s\) 网址/],
      ['saveUserShortCut', { shortcutType: 'link', name: '协议相对', url: '//evil.example/' }, /http\(s\) 网址/],
      ['saveUserShortCut', { shortcutType: 'link', name: '空格', url: '/a b' }, /http\(s\) 网址/],
      ['saveUserShortCut', { shortcutType: 'link', name: '长', url: `/${'x'.repeat(500)}` }, /地址过长/],
      ['saveUserShortCut', { shortcutType: 'page', name: '类型', url: '/x' }, /shortcutType/],
      ['saveUserShortCut', { shortcutType: 'link', networkType: 'dark', name: '网络', url: '/x' }, /networkType/],
      ['saveUserShortCut', { name: '缺类型', url: '/x' }, /shortcutType/],
      ['updateUserShortCut', { id: 'NOT-AN-ID', name: '坏编号' }, /不是有效的编号/],
      ['updateUserShortCut', { id: mine.id }, /name/],
      ['updateShortCutSort', { id: mine.id, sorting: '' }, /排序应为 0–9999 的整数/],
      ['updateShortCutSort', { id: mine.id, sorting: '-1' }, /排序/],
      ['updateShortCutSort', { id: mine.id, sorting: '1e3' }, /排序/],
      ['updateShortCutSort', { id: mine.id, sorting: '10000' }, /排序/],
      ['delUserShortCut', {}, /id/],
      ['batchSaveUserShortCut', { ids: 'x'.repeat(2001) }, /过长/],
    ];
    for (const [url, query, msg] of cases) {
      const res = await call(haidian.token, url, query);
      expect(res.statusCode, `${url} ${JSON.stringify(query)}`).toBe(400);
      expect(res.json().code, url).toBe(ErrorCode.VALIDATION);
      expect(res.json().msg, `${url} ${JSON.stringify(query)}`).toMatch(msg);
    }
    const sortAsText = await platformCall(app, {
      url: '/portal/shortcut/updateShortCutSort',
      token: haidian.token,
      body: { id: mine.id, sorting: 2.5 },
    });
    expect(sortAsText.statusCode).toBe(400);
    expect(await shortcutsOf(haidian.token)).toEqual([mine]);
    expect(await auditTotal()).toBe(before);
  });

  it('refuses a GET write carried by the console cookie from another site, as it would a POST', async () => {
    await clear(haidian.token);
    const cookie = `${PLATFORM_COOKIES.token}=${haidian.token}`;
    const crossSite = await platformCall(app, {
      url: '/portal/shortcut/saveUserShortCut',
      query: { shortcutType: 'link', name: '跨站', url: 'https://evil.example/' },
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe(ErrorCode.CSRF_REJECTED);
    expect(await shortcutsOf(haidian.token)).toEqual([]);

    const sameSite = await platformCall(app, {
      url: '/portal/shortcut/saveUserShortCut',
      query: { shortcutType: 'link', name: '本站', url: '/platform/air' },
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameSite.statusCode).toBe(200);
    // Reads are not writes: the list answers a cookie caller whatever the origin.
    const read = await platformCall(app, {
      url: '/portal/shortcut/getUserShortCut',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
  });

  it('audits every change with before and after', async () => {
    await clear(haidian.token);
    const link = await addLink(haidian.token, '审计');
    dataOf(await call(haidian.token, 'updateUserShortCut', { id: link.id, name: '审计二' }));
    dataOf(await call(haidian.token, 'batchSaveUserShortCut', { ids: 'air' }));
    dataOf(await call(haidian.token, 'delUserShortCut', { id: link.id }));

    const entries = dataOf<AuditAnswer>(
      await platformCall(app, {
        url: '/sys/audit/list',
        query: { actor: 'haidian', action: 'shortcut.', pageSize: '4' },
        token: admin,
      }),
    ).list;
    expect(entries.map((e) => e.action)).toEqual([
      'shortcut.delete',
      'shortcut.batch_save',
      'shortcut.save',
      'shortcut.save',
    ]);
    const [deleted, batch, renamed, created] = entries;
    expect(deleted).toMatchObject({ targetId: link.id, before: { name: '审计二' }, after: null });
    expect(batch).toMatchObject({ targetId: haidian.operatorId, before: [], after: [{ menuKey: 'air' }] });
    expect(renamed).toMatchObject({ before: { name: '审计' }, after: { name: '审计二' } });
    expect(created).toMatchObject({ actor: 'haidian', before: null, after: { name: '审计' } });
  });
});
