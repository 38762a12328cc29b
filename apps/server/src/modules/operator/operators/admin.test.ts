import { ErrorCode } from '@lantian/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import {
  adminToken,
  createPlatformApp,
  dataOf,
  districtOperator,
  OPERATOR_NEW_PASSWORD,
  OPERATOR_PASSWORD,
  platformCall,
  rootOrgId,
  signedIn,
  signInCall,
} from '../../../testing/platform';

let app: TestApp;
afterEach(async () => {
  await app?.close();
});

interface Row {
  id: string;
  username: string;
  status: string;
  mustChangePassword: boolean;
  org: { name: string; areaCode: string };
  roles: Array<{ name: string }>;
}
interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

const operatorList = async (token: string, query: Record<string, string> = {}) =>
  dataOf<Page<Row>>(await platformCall(app, { url: '/sys/user/list', token, query }));

async function auditOf(token: string, targetType: string) {
  return dataOf<Page<{ action: string; actor: string; before: unknown; after: unknown }>>(
    await platformCall(app, { url: '/sys/audit/list', token, query: { targetType, pageSize: '100' } }),
  ).list;
}

/** A city administrator (Beijing) holding every system permission, and two districts' operators. */
async function bureau() {
  const admin = await adminToken(app);
  const beijing = await districtOperator(app, admin, {
    username: 'bj-admin',
    areaCode: '110000',
    orgName: '北京市生态环境局',
    permissions: [
      'air:view',
      'system:operator:view',
      'system:operator:edit',
      'system:role:view',
      'system:role:edit',
      'system:org:view',
      'system:org:edit',
      'system:audit:view',
    ],
  });
  const chaoyang = await districtOperator(app, admin, {
    username: 'chaoyang',
    areaCode: '110105',
    orgName: '朝阳区生态环境局',
    permissions: ['air:view'],
  });
  const pudong = await districtOperator(app, admin, {
    username: 'pudong',
    areaCode: '310115',
    orgName: '浦东新区生态环境局',
    permissions: ['air:view'],
  });
  return { admin, beijing, chaoyang, pudong };
}

describe('operator administration', () => {
  it('creates an operator who must choose a password at the first sign-in, and audits it without secrets', async () => {
    app = await createPlatformApp();
    const admin = await adminToken(app);
    const orgId = await rootOrgId(app, admin);
    const created = dataOf<Row>(
      await platformCall(app, {
        url: '/sys/user/save',
        token: admin,
        body: {
          username: 'Li.Ming',
          name: '李明',
          password: OPERATOR_PASSWORD,
          orgId,
          roleIds: [],
          phone: '13800138000',
        },
      }),
    );
    expect(created).toMatchObject({ username: 'Li.Ming', status: 'active', mustChangePassword: true, roles: [] });
    // Usernames are unique whatever the case.
    const twice = await platformCall(app, {
      url: '/sys/user/save',
      token: admin,
      body: { username: 'li.ming', name: '李明二', password: OPERATOR_PASSWORD, orgId, roleIds: [] },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe('用户名已存在');

    const signIn = dataOf<{ token: string; operator: { mustChangePassword: boolean } }>(
      await signInCall(app, 'li.ming', OPERATOR_PASSWORD),
    );
    expect(signIn.operator.mustChangePassword).toBe(true);
    const entries = await auditOf(admin, 'operator');
    const create = entries.find((e) => e.action === 'operator.create' && e.actor === 'admin');
    expect(JSON.stringify(create)).not.toContain(OPERATOR_PASSWORD);
    expect(create?.after).toMatchObject({ username: 'Li.Ming' });
  });

  it('refuses junk, oversized and weak input with 400 and writes nothing', async () => {
    app = await createPlatformApp();
    const admin = await adminToken(app);
    const orgId = await rootOrgId(app, admin);
    const bodies: unknown[] = [
      {},
      { username: '1abc', name: '甲', password: OPERATOR_PASSWORD, orgId, roleIds: [] },
      { username: 'abc', name: '', password: OPERATOR_PASSWORD, orgId, roleIds: [] },
      { username: 'abc', name: '甲'.repeat(33), password: OPERATOR_PASSWORD, orgId, roleIds: [] },
      { username: 'abc', name: '甲', password: 'short', orgId, roleIds: [] },
      { username: 'abc', name: '甲', password: 'alllowercase1', orgId, roleIds: [] },
      { username: 'abc', name: '甲', password: OPERATOR_PASSWORD, orgId: 'NOT AN ID', roleIds: [] },
      { username: 'abc', name: '甲', password: OPERATOR_PASSWORD, orgId, roleIds: ['0123456789abcdef'] },
      { username: 'abc', name: '甲', password: OPERATOR_PASSWORD, orgId, roleIds: [], phone: '12345' },
    ];
    for (const body of bodies) {
      const response = await platformCall(app, { url: '/sys/user/save', token: admin, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const notFoundOrg = await platformCall(app, {
      url: '/sys/user/save',
      token: admin,
      body: { username: 'abc', name: '甲', password: OPERATOR_PASSWORD, orgId: '0123456789abcdef', roleIds: [] },
    });
    expect(notFoundOrg.statusCode).toBe(404);
    expect((await operatorList(admin)).total).toBe(1);
    expect(
      (await platformCall(app, { url: '/sys/user/list', token: admin, query: { pageSize: '1000' } })).statusCode,
    ).toBe(400);
  });

  it('pages, searches, filters and sorts on the server', async () => {
    app = await createPlatformApp();
    const admin = await adminToken(app);
    const orgId = await rootOrgId(app, admin);
    for (const [username, name] of [
      ['zhang.wei', '张伟'],
      ['wang.fang', '王芳'],
      ['li.na', '李娜'],
      ['liu.yang', '刘洋'],
    ]) {
      dataOf(
        await platformCall(app, {
          url: '/sys/user/save',
          token: admin,
          body: { username, name, password: OPERATOR_PASSWORD, orgId, roleIds: [] },
        }),
      );
    }
    const first = await operatorList(admin, { pageNum: '1', pageSize: '2', sortBy: 'username', sortOrder: 'ascend' });
    expect(first).toMatchObject({ total: 5, pageNum: 1, pageSize: 2 });
    expect(first.list.map((r) => r.username)).toEqual(['admin', 'li.na']);
    const third = await operatorList(admin, { pageNum: '3', pageSize: '2', sortBy: 'username', sortOrder: 'ascend' });
    expect(third.list.map((r) => r.username)).toEqual(['zhang.wei']);
    const descending = await operatorList(admin, { sortBy: 'username', sortOrder: 'descend' });
    expect(descending.list[0]?.username).toBe('zhang.wei');
    expect((await operatorList(admin, { keyword: '王' })).list.map((r) => r.username)).toEqual(['wang.fang']);
    expect((await operatorList(admin, { keyword: 'li' })).list.map((r) => r.username).sort()).toEqual([
      'li.na',
      'liu.yang',
    ]);
    // Wildcards typed into the search box match themselves, not everything.
    expect((await operatorList(admin, { keyword: '%' })).total).toBe(5);
    expect((await operatorList(admin, { keyword: '_x_' })).total).toBe(0);
  });

  it('disabling an operator ends their open sessions at once; enabling lets them sign in again', async () => {
    app = await createPlatformApp();
    const { admin, chaoyang } = await bureau();
    expect((await platformCall(app, { url: '/zhhb/center/status', token: chaoyang.token })).statusCode).toBe(200);
    const disabled = dataOf<Row>(
      await platformCall(app, { url: '/sys/user/disable', token: admin, body: { id: chaoyang.operatorId } }),
    );
    expect(disabled.status).toBe('disabled');
    const refused = await platformCall(app, { url: '/zhhb/center/status', token: chaoyang.token });
    expect(refused.statusCode).toBe(401);
    const signIn = await signInCall(app, 'chaoyang', OPERATOR_NEW_PASSWORD);
    expect(signIn.json()).toMatchObject({ code: ErrorCode.OPERATOR_DISABLED, msg: '账号已停用，请联系管理员' });

    dataOf(await platformCall(app, { url: '/sys/user/enable', token: admin, body: { id: chaoyang.operatorId } }));
    expect((await signInCall(app, 'chaoyang', OPERATOR_NEW_PASSWORD)).statusCode).toBe(200);
    const actions = (await auditOf(admin, 'operator')).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['operator.disable', 'operator.enable']));
    // Nobody disables themselves.
    const self = await platformCall(app, {
      url: '/sys/user/disable',
      token: admin,
      body: { id: (await operatorList(admin, { keyword: 'admin' })).list[0]?.id },
    });
    expect(self.statusCode).toBe(403);
  });

  it('resetting a password ends the sessions and forces a change at the next sign-in', async () => {
    app = await createPlatformApp();
    const { admin, chaoyang } = await bureau();
    const reset = dataOf<Row>(
      await platformCall(app, {
        url: '/sys/user/resetPassword',
        token: admin,
        body: { id: chaoyang.operatorId, password: 'Reset#Pass2026' },
      }),
    );
    expect(reset.mustChangePassword).toBe(true);
    expect((await platformCall(app, { url: '/zhhb/center/status', token: chaoyang.token })).statusCode).toBe(401);
    expect((await signInCall(app, 'chaoyang', OPERATOR_NEW_PASSWORD)).statusCode).toBe(401);
    const token = await signedIn(app, 'chaoyang', 'Reset#Pass2026', 'Mine#Again2026');
    expect((await platformCall(app, { url: '/sys/user/currentUser', token })).json().data.mustChangePassword).toBe(
      false,
    );
  });
});

describe('roles and permissions', () => {
  it('a role with only the air menu gives only that menu’s calls: every other platform call is 403 with its name', async () => {
    app = await createPlatformApp();
    const { chaoyang } = await bureau();
    const profile = dataOf<{ permissions: string[]; userType: string; userTypeAqidata: string; lidarPermission: null }>(
      await platformCall(app, { url: '/sys/user/currentUser', token: chaoyang.token }),
    );
    expect(profile).toMatchObject({
      permissions: ['air:view', 'self'],
      userType: 'operator',
      userTypeAqidata: '1',
      lidarPermission: null,
    });
    for (const [url, name] of [
      ['/sys/user/list', '运营人员'],
      ['/sys/role/list', '角色权限'],
      ['/sys/audit/list', '审计日志'],
      ['/sys/permission/list', '角色权限'],
    ] as const) {
      const response = await platformCall(app, { url, token: chaoyang.token });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ code: ErrorCode.FORBIDDEN, msg: `没有权限：${name}` });
    }
  });

  it('nobody grants what they do not hold, and the built-in role cannot change', async () => {
    app = await createPlatformApp();
    const { admin, beijing } = await bureau();
    const escalate = await platformCall(app, {
      url: '/sys/role/save',
      token: beijing.token,
      body: { name: '想要大屏', description: '', permissions: ['dashboard:view'] },
    });
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json().msg).toBe('不能授予自己没有的权限：dashboard:view');
    const unknown = await platformCall(app, {
      url: '/sys/role/save',
      token: admin,
      body: { name: '未知', description: '', permissions: ['moon:view'] },
    });
    expect(unknown.statusCode).toBe(400);

    const roles = dataOf<
      Page<{ id: string; builtin: boolean; name: string; permissions: string[]; operatorCount: number }>
    >(await platformCall(app, { url: '/sys/role/list', token: admin }));
    const builtin = roles.list.find((r) => r.builtin);
    expect(builtin).toMatchObject({ name: '超级管理员', operatorCount: 1 });
    const edit = await platformCall(app, {
      url: '/sys/role/update',
      token: admin,
      body: { id: builtin?.id, name: '改名', description: '', permissions: [] },
    });
    expect(edit.statusCode).toBe(403);
    // The super-administrator role cannot be given by one who does not hold everything.
    const superRole = await platformCall(app, {
      url: '/sys/user/save',
      token: beijing.token,
      body: {
        username: 'sneaky',
        name: '甲',
        password: OPERATOR_NEW_PASSWORD,
        orgId: beijing.orgId,
        roleIds: [builtin?.id],
      },
    });
    expect(superRole.statusCode).toBe(403);
  });

  it('changing a role’s permissions changes its holders’ access on their next call, and is audited before → after', async () => {
    app = await createPlatformApp();
    const { admin, chaoyang } = await bureau();
    expect((await platformCall(app, { url: '/sys/audit/list', token: chaoyang.token })).statusCode).toBe(403);
    dataOf(
      await platformCall(app, {
        url: '/sys/role/update',
        token: admin,
        body: {
          id: chaoyang.roleId,
          name: '朝阳区生态环境局角色',
          description: '加审计',
          permissions: ['air:view', 'system:audit:view'],
        },
      }),
    );
    expect((await platformCall(app, { url: '/sys/audit/list', token: chaoyang.token })).statusCode).toBe(200);
    const update = (await auditOf(admin, 'role')).find((e) => e.action === 'role.update');
    expect(update?.before).toMatchObject({ permissions: ['air:view'] });
    expect(update?.after).toMatchObject({ permissions: ['air:view', 'system:audit:view'] });

    const inUse = await platformCall(app, { url: '/sys/role/delete', token: admin, body: { id: chaoyang.roleId } });
    expect(inUse.statusCode).toBe(409);
  });
});

describe('area scope', () => {
  it('a city administrator sees and changes only the operators, organisations and audit entries of their city', async () => {
    app = await createPlatformApp();
    const { beijing, pudong } = await bureau();
    const seen = await operatorList(beijing.token);
    expect(seen.list.map((r) => r.username).sort()).toEqual(['bj-admin', 'chaoyang']);
    // Whatever they ask for: another city's organisation is not found, its operator neither.
    const otherOrg = await platformCall(app, {
      url: '/sys/user/list',
      token: beijing.token,
      query: { orgId: pudong.orgId },
    });
    expect(otherOrg.statusCode).toBe(404);
    for (const [url, body] of [
      ['/sys/user/disable', { id: pudong.operatorId }],
      ['/sys/user/resetPassword', { id: pudong.operatorId, password: 'Reset#Pass2026' }],
      ['/sys/org/delete', { id: pudong.orgId }],
      ['/sys/org/save', { parentId: pudong.orgId, name: '陆家嘴', areaCode: '310115' }],
    ] as const) {
      const response = await platformCall(app, { url, token: beijing.token, body });
      expect(response.statusCode, url).toBe(404);
    }
    expect((await platformCall(app, { url: '/zhhb/center/status', token: pudong.token })).statusCode).toBe(200);

    const tree = dataOf<Array<{ name: string; areaCode: string; children: Array<{ name: string }> }>>(
      await platformCall(app, { url: '/adm/org/votreeData', token: beijing.token }),
    );
    // Both hang under the national root, which is outside the city's scope: each is a root of the city's view.
    expect(tree.map((o) => [o.name, o.areaCode]).sort()).toEqual([
      ['北京市生态环境局', '110000'],
      ['朝阳区生态环境局', '110105'],
    ]);
    // A district operator's tree is their district alone.
    const district = dataOf<Array<{ name: string }>>(
      await platformCall(app, { url: '/adm/org/votreeData', token: pudong.token }),
    );
    expect(district.map((o) => o.name)).toEqual(['浦东新区生态环境局']);

    const audit = dataOf<Page<{ actor: string }>>(
      await platformCall(app, { url: '/sys/audit/list', token: beijing.token, query: { pageSize: '100' } }),
    );
    expect(new Set(audit.list.map((e) => e.actor))).toEqual(new Set(['bj-admin', 'chaoyang']));
  });

  it('keeps new organisations inside the parent’s area and operators inside the administrator’s', async () => {
    app = await createPlatformApp();
    const { beijing } = await bureau();
    const outside = await platformCall(app, {
      url: '/sys/org/save',
      token: beijing.token,
      body: { parentId: beijing.orgId, name: '浦东', areaCode: '310115' },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().msg).toMatch(/上级组织的区域之内/);
    const unknownArea = await platformCall(app, {
      url: '/sys/org/save',
      token: beijing.token,
      body: { parentId: beijing.orgId, name: '不存在', areaCode: '119999' },
    });
    expect(unknownArea.statusCode).toBe(400);
    const haidian = dataOf<{ id: string; areaName: string }>(
      await platformCall(app, {
        url: '/sys/org/save',
        token: beijing.token,
        body: { parentId: beijing.orgId, name: '海淀区生态环境局', areaCode: '110108' },
      }),
    );
    expect(haidian.areaName).toBe('海淀区');
    const hasChild = await platformCall(app, {
      url: '/sys/org/delete',
      token: beijing.token,
      body: { id: beijing.orgId },
    });
    expect(hasChild.statusCode).toBe(409);
    dataOf(await platformCall(app, { url: '/sys/org/delete', token: beijing.token, body: { id: haidian.id } }));
  });
});
