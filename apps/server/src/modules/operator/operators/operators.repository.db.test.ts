import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../database';
import { NATIONWIDE } from '../../../platform/db/area-scope';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { AuditRepository } from '../audit';
import { OperatorSessionsRepository } from './operator-sessions.repository';
import { OperatorsRepository } from './operators.repository';
import type { OperatorsTable, OrgsTable } from './operators.tables';
import { OrgsRepository } from './orgs.repository';
import { RolesRepository } from './roles.repository';

const T = 1_790_000_000;
const page = (limit = 20, offset = 0) => ({ pageNum: 1, pageSize: limit, limit, offset });
const sort = { by: 'username', order: 'asc' } as const;

const org = (id: string, parent: string | null, area: string, name = id): OrgsTable => ({
  id,
  parent_id: parent,
  name,
  area_code: area,
  created_at: T,
  updated_at: T,
});

const operator = (id: string, username: string, orgId: string): OperatorsTable => ({
  id,
  username,
  username_key: username.toLowerCase(),
  name: `名${id}`,
  phone: null,
  password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
  org_id: orgId,
  status: 'active',
  must_change_password: 0,
  created_at: T,
  updated_at: T,
  password_changed_at: T,
  last_login_at: null,
});

describe.each(testDialects())('operator tables on %s', (dialect) => {
  const fresh = freshDatabases(dialect);
  let database: AppDatabase;

  async function setup() {
    ({ database } = await fresh());
    const orgs = new OrgsRepository(database);
    const operators = new OperatorsRepository(database);
    const roles = new RolesRepository(database);
    await orgs.insert(org('root0000', null, '100000', '生态环境局'));
    await orgs.insert(org('beijing0', 'root0000', '110000'));
    await orgs.insert(org('chaoyang', 'beijing0', '110105'));
    await orgs.insert(org('pudong00', 'root0000', '310115'));
    await operators.insert(operator('op000001', 'Li.Ming', 'chaoyang'), []);
    await operators.insert(operator('op000002', 'wang', 'beijing0'), []);
    await operators.insert(operator('op000003', 'zhao', 'pudong00'), []);
    return { orgs, operators, roles, sessions: new OperatorSessionsRepository(database) };
  }

  it('filters operators and organisations by the area scope in SQL', async () => {
    const { orgs, operators } = await setup();
    const names = async (areaCode: string) =>
      (await operators.page({}, { areaCode }, page(), sort)).rows.map((r) => r.username);
    expect(await names('100000')).toEqual(['Li.Ming', 'wang', 'zhao']);
    expect(await names('110000')).toEqual(['Li.Ming', 'wang']);
    expect(await names('110105')).toEqual(['Li.Ming']);
    expect(await names('310000')).toEqual(['zhao']);
    expect(await names('120000')).toEqual([]);
    expect(await operators.byIdInScope('op000003', { areaCode: '110000' })).toBeUndefined();
    expect((await operators.byIdInScope('op000003', NATIONWIDE))?.org_area).toBe('310115');
    expect((await orgs.all({ areaCode: '110000' })).map((o) => o.id)).toEqual(['beijing0', 'chaoyang']);
  });

  it('keeps usernames unique whatever the case, and finds them by any case', async () => {
    const { operators } = await setup();
    await expect(operators.insert(operator('op000004', 'li.ming', 'chaoyang'), [])).rejects.toThrow();
    expect((await operators.byUsername('LI.MING'))?.id).toBe('op000001');
    // Keyword search ignores the username's case on both databases.
    const found = await operators.page({ keyword: 'li.m' }, NATIONWIDE, page(), sort);
    expect(found.rows.map((r) => r.id)).toEqual(['op000001']);
  });

  it('writes an operator and roles in one transaction: a bad role leaves no operator behind', async () => {
    const { operators, roles } = await setup();
    await roles.save(
      { id: 'role0001', name: '空气', description: '', builtin: 0, created_at: T, updated_at: T },
      ['air:view'],
      true,
    );
    await operators.insert(operator('op000005', 'sun', 'chaoyang'), ['role0001']);
    expect((await operators.roleIdsOf(['op000005'])).get('op000005')).toEqual(['role0001']);
    await expect(operators.insert(operator('op000006', 'qian', 'chaoyang'), ['no-such-role'])).rejects.toThrow();
    expect(await operators.byUsername('qian')).toBeUndefined();
    expect((await roles.operatorCounts(['role0001'])).get('role0001')).toBe(1);
    expect((await roles.permissionsOf(['role0001'])).get('role0001')).toEqual(['air:view']);
  });

  it('ends every session of an operator but the one kept, and sweeps idle and expired ones', async () => {
    const { sessions } = await setup();
    const session = (key: string, operatorId: string, lastSeen: number, expires: number) => ({
      token_hash: key.padEnd(64, '0'),
      operator_id: operatorId,
      created_at: T,
      last_seen_at: lastSeen,
      expires_at: expires,
      ip: '127.0.0.1',
    });
    await sessions.insert(session('a', 'op000001', T, T + 3600));
    await sessions.insert(session('b', 'op000001', T, T + 3600));
    await sessions.insert(session('c', 'op000002', T - 7200, T + 3600));
    await sessions.insert(session('d', 'op000003', T, T - 1));
    expect(await sessions.deleteForOperator('op000001', 'a'.padEnd(64, '0'))).toBe(1);
    expect(await sessions.byTokenHash('a'.padEnd(64, '0'))).toBeDefined();
    expect(await sessions.deleteExpired(T, 1800)).toBe(2);
    expect(await sessions.byTokenHash('c'.padEnd(64, '0'))).toBeUndefined();
  });

  it('lists the audit log within the reader’s area, newest first, by action family', async () => {
    ({ database } = await fresh());
    const audit = new AuditRepository(database);
    const entry = (id: string, at: number, area: string | null, action: string) => ({
      id,
      at,
      actor_id: null,
      actor: `actor-${id}`,
      actor_area: area,
      ip: null,
      action,
      target_type: 'operator',
      target_id: null,
      target_name: null,
      outcome: 'success',
      detail: null,
      before_json: null,
      after_json: '{"name":"甲"}',
    });
    await audit.insert(entry('e1', T, '110105', 'operator.create'));
    await audit.insert(entry('e2', T + 1, '310115', 'operator.update'));
    await audit.insert(entry('e3', T + 2, null, 'operator.create'));
    await audit.insert(entry('e4', T + 3, '110000', 'role.create'));
    const ids = async (areaCode: string, action?: string) =>
      (await audit.list({ action }, { areaCode }, page(), 'desc')).rows.map((r) => r.id);
    expect(await ids('100000')).toEqual(['e4', 'e3', 'e2', 'e1']);
    expect(await ids('110000')).toEqual(['e4', 'e1']);
    expect(await ids('100000', 'operator.')).toEqual(['e3', 'e2', 'e1']);
    expect(await ids('110000', 'operator.create')).toEqual(['e1']);
    const window = await audit.list({ from: T + 1, to: T + 2 }, NATIONWIDE, page(), 'asc');
    expect(window.rows.map((r) => r.id)).toEqual(['e2', 'e3']);
    expect(window.total).toBe(2);
  });
});
