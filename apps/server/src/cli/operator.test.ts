import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { TestApp } from '../testing/app';
import { tempDir } from '../testing/databases';
import { ADMIN_PASSWORD, createPlatformApp, dataOf, platformCall, signInCall } from '../testing/platform';
import { operatorCommand } from './operator';
import { CliError, createOutput } from './output';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Runs `operator …` with --json over the database file, answering its one JSON line. */
async function run(databaseUrl: string, ...argv: string[]): Promise<Record<string, unknown>> {
  const lines: string[] = [];
  const config = loadConfig(
    { NODE_ENV: 'test', DATABASE_URL: databaseUrl, PLATFORM_ADMIN_PASSWORD: ADMIN_PASSWORD },
    tempDir(),
  );
  await operatorCommand(
    config,
    createOutput(true, (l) => lines.push(l)),
    ['operator', ...argv, '--json'],
  );
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0] ?? '{}');
}

describe('lantian operator', () => {
  it('adds an operator who can sign in with the printed password, which must then be changed', async () => {
    const databaseUrl = `sqlite:${tempDir()}/cli.db`;
    const added = await run(
      databaseUrl,
      'add',
      '--username',
      'zhang.wei',
      '--name',
      '张伟',
      '--area',
      '100000',
      '--roles',
      '超级管理员',
    );
    expect(added).toMatchObject({
      ok: true,
      operator: { username: 'zhang.wei', roles: ['超级管理员'], mustChangePassword: true },
    });
    const password = String(added.password);

    app = await createPlatformApp({ DATABASE_URL: databaseUrl });
    const signIn = dataOf<{ operator: { mustChangePassword: boolean } }>(await signInCall(app, 'zhang.wei', password));
    expect(signIn.operator.mustChangePassword).toBe(true);
    // The change is in the audit log, by `cli`.
    const adminSignIn = dataOf<{ token: string }>(await signInCall(app, 'admin', ADMIN_PASSWORD));
    expect(adminSignIn.token).toBeTruthy();
  });

  it('refuses what the console refuses, with the same messages', async () => {
    const databaseUrl = `sqlite:${tempDir()}/cli.db`;
    await expect(
      run(databaseUrl, 'add', '--username', 'x', '--name', '甲', '--password', 'Good#Pass2026'),
    ).rejects.toThrow(/用户名为 3–32 位/);
    await expect(run(databaseUrl, 'add', '--username', 'abc', '--name', '甲', '--password', 'weak')).rejects.toThrow(
      /密码不能少于8位/,
    );
    await expect(run(databaseUrl, 'add', '--username', 'abc', '--name', '甲', '--roles', '不存在')).rejects.toThrow(
      /未知角色/,
    );
    await expect(run(databaseUrl, 'add', '--username', 'abc', '--name', '甲', '--area', '440300')).rejects.toThrow(
      /未找到组织/,
    );
    await expect(run(databaseUrl, 'disable', '--username', 'nobody')).rejects.toThrow(CliError);
    await expect(run(databaseUrl, 'frob')).rejects.toThrow(/未知的子命令/);
    const list = await run(databaseUrl, 'list');
    expect(list).toMatchObject({ total: 1, operators: [{ username: 'admin' }] });
  });

  it('rescues an operator: reset-password ends their sessions and forces a change; disable and enable', async () => {
    const databaseUrl = `sqlite:${tempDir()}/cli.db`;
    await run(databaseUrl, 'list');
    app = await createPlatformApp({ DATABASE_URL: databaseUrl });
    const session = dataOf<{ token: string }>(await signInCall(app, 'admin', ADMIN_PASSWORD)).token;
    const reset = await run(databaseUrl, 'reset-password', '--username', 'admin', '--password', 'Rescued#2026');
    expect(reset).toMatchObject({ ok: true, operator: { mustChangePassword: true } });
    expect(reset).not.toHaveProperty('password');
    expect((await platformCall(app, { url: '/zhhb/center/status', token: session })).statusCode).toBe(401);
    expect(
      dataOf<{ operator: { mustChangePassword: boolean } }>(await signInCall(app, 'admin', 'Rescued#2026')).operator
        .mustChangePassword,
    ).toBe(true);

    const disabled = await run(databaseUrl, 'disable', '--username', 'ADMIN');
    expect(disabled).toMatchObject({ operator: { status: 'disabled' } });
    const enabled = await run(databaseUrl, 'enable', '--username', 'admin');
    expect(enabled).toMatchObject({ operator: { status: 'active' } });
  });
});
