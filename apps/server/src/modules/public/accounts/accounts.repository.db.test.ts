import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../database';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { SessionsRepository } from './sessions.repository';
import { SessionService } from './sessions.service';
import { UserDataRepository } from './user-data.repository';
import { type NewUser, UsersRepository } from './users.repository';

describe.each(testDialects())('account tables on %s', (dialect) => {
  const fresh = freshDatabases(dialect);
  let database: AppDatabase;

  async function setup() {
    ({ database } = await fresh());
    return {
      users: new UsersRepository(database),
      sessions: new SessionsRepository(database),
      data: new UserDataRepository(database),
    };
  }

  const user = (id: string, phone: string): NewUser => ({
    id,
    phone,
    password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
    unique_id: `visitor-${id}`,
    user_type: '1',
    user_type_aqidata: '0',
    lidar_permission: null,
    created_at: 1_700_000_000,
    last_login_at: null,
    password_changed_at: 1_700_000_000,
  });

  it('keeps phones unique: a second insert of a phone writes nothing', async () => {
    const { users } = await setup();
    expect(await users.insertIfPhoneFree(user('u1', '13800138000'))).toBe(true);
    expect(await users.insertIfPhoneFree(user('u2', '13800138000'))).toBe(false);
    expect((await users.byPhone('13800138000'))?.id).toBe('u1');
    expect(await users.byId('u2')).toBeUndefined();
    await users.setPassword('u1', 'new-hash', 1_700_000_100);
    await users.recordLogin('u1', 1_700_000_200);
    expect(await users.byId('u1')).toMatchObject({
      password_hash: 'new-hash',
      password_changed_at: 1_700_000_100,
      last_login_at: 1_700_000_200,
    });
  });

  it('reads a session with its user, and deletes one, all but one, or the expired', async () => {
    const { users, sessions } = await setup();
    await users.insertIfPhoneFree(user('u1', '13800138000'));
    await users.insertIfPhoneFree(user('u2', '13900139000'));
    const row = (hash: string, userId: string, lastSeen: number, expires: number) => ({
      token_hash: hash.repeat(64),
      user_id: userId,
      created_at: 1000,
      last_seen_at: lastSeen,
      idle_seconds: 100,
      expires_at: expires,
      remember: 0,
    });
    await sessions.insert(row('a', 'u1', 1000, 5000));
    await sessions.insert(row('b', 'u1', 1000, 5000));
    await sessions.insert(row('c', 'u1', 1000, 5000));
    await sessions.insert(row('d', 'u2', 1950, 5000)); // idle until 2050
    await sessions.insert(row('e', 'u2', 1990, 2000)); // absolute end 2000
    expect(await sessions.byTokenHash('a'.repeat(64))).toMatchObject({
      user_id: 'u1',
      phone: '13800138000',
      unique_id: 'visitor-u1',
    });
    await sessions.touch('a'.repeat(64), 1500);
    expect((await sessions.byTokenHash('a'.repeat(64)))?.last_seen_at).toBe(1500);
    expect(await sessions.deleteForUser('u1', 'a'.repeat(64))).toBe(2);
    expect(await sessions.countForUser('u1')).toBe(1);
    // At 2000: b, c gone already; a (seen 1500, idle 100) and e (absolute) are expired, d is not.
    expect(await sessions.deleteExpired(2000)).toBe(2);
    expect(await sessions.byTokenHash('d'.repeat(64))).toBeDefined();
    expect(await sessions.deleteForUser('u2')).toBe(1);
  });

  it('runs the session service over the real tables', async () => {
    const { users, sessions } = await setup();
    await users.insertIfPhoneFree(user('u1', '13800138000'));
    let now = 1_700_000_000_000;
    const service = new SessionService(
      sessions,
      { idleSeconds: 600, absoluteSeconds: 3600, rememberSeconds: 86_400, rememberIdleSeconds: 7200 },
      () => now,
    );
    const { token } = await service.create('u1', false);
    expect((await service.resolve(token))?.phone).toBe('13800138000');
    now += 601_000;
    expect(await service.resolve(token)).toBeUndefined();
    expect(await sessions.countForUser('u1')).toBe(0);
  });

  it('upserts, lists and deletes settings; records visits; deleting a user cascades', async () => {
    const { users, data } = await setup();
    await users.insertIfPhoneFree(user('u1', '13800138000'));
    await data.saveConfig(
      'u1',
      [
        ['theme', 'dark'],
        ['layer', 'pm25'],
      ],
      10,
    );
    await data.saveConfig('u1', [['theme', 'light']], 20);
    expect(await data.configOf('u1')).toEqual([
      { key: 'layer', value: 'pm25' },
      { key: 'theme', value: 'light' },
    ]);
    expect(await data.deleteConfig('u1', 'layer')).toBe(1);
    expect(await data.deleteConfig('u1', 'nothing')).toBe(0);
    await data.insertVisit({ id: 'v1', unique_id: 'visitor-1', user_id: 'u1', url: '/city/beijing', created_at: 30 });
    await data.insertVisit({ id: 'v2', unique_id: 'visitor-1', user_id: null, url: null, created_at: 40 });
    expect((await data.visitsOf({ uniqueId: 'visitor-1' })).map((v) => v.id)).toEqual(['v1', 'v2']);

    await database.db.deleteFrom('users').where('id', '=', 'u1').execute();
    expect(await data.configOf('u1')).toEqual([]);
    expect((await data.visitsOf({ uniqueId: 'visitor-1' })).map((v) => v.user_id)).toEqual([null, null]);
  });
});
