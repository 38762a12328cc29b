import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_KEY_PATTERN, ErrorCode } from '@lantian/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { audit } from '../modules/operator/audit';
import { NATIONWIDE } from '../platform/db/area-scope';
import { createTestApp } from '../testing/app';
import { tempDir } from '../testing/databases';
import { openApiDocument } from './openapi';

/** The command as a user runs it: tsx on the CLI entry, from the repo root, on a fresh SQLite file. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const dir = tempDir('lantian-openapi-');
const databaseUrl = `sqlite:${path.join(dir, 'cli.db')}`;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each spawn starts tsx and the modules (a second or two, more on a busy machine). */
const SPAWNS = 60_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function lantian(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [path.join(root, 'apps/server/src/cli.ts'), ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, NODE_ENV: 'test' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The one JSON object a --json run prints. */
function jsonOf<T>(run: Run): T {
  const lines = run.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0] ?? '') as T;
}

interface Added {
  command: string;
  ok: boolean;
  appKey: string;
  appSecret: string;
  app: {
    id: string;
    name: string;
    apis: string[];
    rateLimitPerMinute: number;
    expiresAt: string | null;
    createdBy: string;
  };
}

describe('openapi doc', () => {
  it('builds the document without a database or a server: every public call, tags with descriptions', async () => {
    const scratch = tempDir();
    // The configured database is never opened (opening a SQLite file creates its folder).
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: `sqlite:${scratch}/missing/dir/x.db` }, scratch);
    const document = await openApiDocument(config);
    const paths = Object.keys(document.paths as object);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/getCityRank', '/api/cityAna/getCityCalendar', '/healthz', '/api/open/token']),
    );
    expect(existsSync(path.join(scratch, 'missing'))).toBe(false);
    expect(document.tags).toEqual(expect.arrayContaining([{ name: 'rankings', description: expect.any(String) }]));
    rmSync(scratch, { recursive: true, force: true });
  });

  it(
    'writes it with `openapi doc --out FILE`; the old `openapi --out FILE` is refused with the usage',
    async () => {
      const file = path.join(dir, 'openapi.json');
      const run = await lantian(['openapi', 'doc', '--out', file, '--json']);
      expect(run.code).toBe(0);
      const summary = jsonOf<{ command: string; file: string; paths: number }>(run);
      expect(summary).toMatchObject({ command: 'openapi doc', file });
      const written = JSON.parse(readFileSync(file, 'utf8')) as { paths: Record<string, unknown> };
      expect(Object.keys(written.paths)).toHaveLength(summary.paths);
      expect(written.paths['/api/open/lidar/getToken/auto']).toBeDefined();

      const old = await lantian(['openapi', '--out', file]);
      expect(old.code).toBe(1);
      expect(old.stderr).toContain('缺少子命令 / missing subcommand');
      expect(old.stderr).toContain('doc [--out FILE]');
    },
    SPAWNS,
  );
});

describe('openapi add-app, list-apps, revoke-app', () => {
  it(
    'registers an application whose printed credentials work, lists it, and revokes it, audited as cli',
    async () => {
      const added = await lantian([
        'openapi',
        'add-app',
        '--name',
        '气象合作方',
        '--apis',
        'area,dict',
        '--rate',
        '30',
        '--expires',
        '2099-12-31',
        '--json',
      ]);
      expect(added.code).toBe(0);
      const created = jsonOf<Added>(added);
      expect(created).toMatchObject({
        command: 'openapi add-app',
        ok: true,
        app: {
          name: '气象合作方',
          apis: ['dict', 'area'],
          rateLimitPerMinute: 30,
          expiresAt: '2100-01-01 00:00:00',
          createdBy: 'cli',
        },
      });
      expect(created.appKey).toMatch(APP_KEY_PATTERN);

      // The human form: both credentials, said once, in Chinese and English.
      const human = await lantian(['openapi', 'add-app', '--name', '默认应用']);
      expect(human.code).toBe(0);
      expect(human.stdout).toMatch(/appKey: +ak[0-9a-f]{32}/);
      expect(human.stdout).toMatch(/appSecret: +[A-Za-z0-9_-]{43}/);
      expect(human.stdout).toContain('只显示这一次');
      expect(human.stdout).toContain('dict,area,lidar,air');

      // The server, over the same database, takes the printed credentials.
      const app = await createTestApp({ env: { DATABASE_URL: databaseUrl } });
      try {
        const exchange = () =>
          app.server.inject({
            method: 'POST',
            url: '/api/open/token',
            payload: { appKey: created.appKey, appSecret: created.appSecret },
          });
        const issued = await exchange();
        expect(issued.statusCode).toBe(200);

        const listed = await lantian(['openapi', 'list-apps', '--json']);
        expect(listed.code).toBe(0);
        const list = jsonOf<{ total: number; apps: Array<{ appKey: string; status: string }> }>(listed);
        expect(list.total).toBe(2);
        expect(list.apps.map((a) => a.appKey)).toContain(created.appKey);
        expect(listed.stdout).not.toContain(created.appSecret);
        const listedHuman = await lantian(['openapi', 'list-apps']);
        expect(listedHuman.stdout).toContain('开放接口应用 2 个 / 2 application(s)');
        expect(listedHuman.stdout).toContain(`${created.appKey}  有效/active  气象合作方`);

        const revoked = await lantian(['openapi', 'revoke-app', '--key', created.appKey, '--json']);
        expect(revoked.code).toBe(0);
        expect(jsonOf<{ app: { status: string } }>(revoked).app.status).toBe('revoked');

        const refused = await exchange();
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toMatchObject({ code: ErrorCode.OPEN_APP_INACTIVE });
        const token = (issued.json() as { data: { token: string } }).data.token;
        const call = await app.server.inject({
          url: '/api/open/auto/apiInfo',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(call.statusCode).toBe(401);

        const entries = await app.use(audit).log.list({ action: 'openapp.', sortOrder: 'ascend' }, NATIONWIDE, {
          pageNum: 1,
          pageSize: 50,
          offset: 0,
          limit: 50,
        });
        const mine = entries.list.filter((e) => e.targetId === created.app.id).map((e) => [e.action, e.actor]);
        expect(mine).toEqual([
          ['openapp.create', 'cli'],
          ['openapp.token', 'app:气象合作方'],
          ['openapp.revoke', 'cli'],
          ['openapp.token_refused', 'app:气象合作方'],
        ]);
        expect(JSON.stringify(entries)).not.toContain(created.appSecret);
      } finally {
        await app.close();
      }
    },
    SPAWNS,
  );

  it(
    'refuses bad options with a clear message, non-zero exit, and one JSON object with --json',
    async () => {
      const unknownApi = await lantian(['openapi', 'add-app', '--name', '坏接口', '--apis', 'weather']);
      expect(unknownApi.code).toBe(1);
      expect(unknownApi.stderr).toContain('--apis 未知的开放接口');

      const badRate = await lantian(['openapi', 'add-app', '--name', '坏限额', '--rate', 'many', '--json']);
      expect(badRate.code).toBe(1);
      expect(jsonOf<{ ok: boolean; error: string }>(badRate)).toMatchObject({
        ok: false,
        error: expect.stringContaining('--rate'),
      });

      const past = await lantian(['openapi', 'add-app', '--name', '已过期', '--expires', '2020-01-01']);
      expect(past.code).toBe(1);
      expect(past.stderr).toContain('到期时间应晚于现在');

      // Nothing of the refused ones was written.
      const listed = jsonOf<{ apps: Array<{ name: string }> }>(await lantian(['openapi', 'list-apps', '--json']));
      const names = listed.apps.map((a) => a.name);
      for (const refused of ['坏接口', '坏限额', '已过期']) expect(names).not.toContain(refused);
    },
    SPAWNS,
  );

  it(
    'refuses a missing name, an unknown key and stray options',
    async () => {
      const noName = await lantian(['openapi', 'add-app']);
      expect(noName.code).toBe(1);
      expect(noName.stderr).toContain('--name is required');

      const unknownKey = await lantian(['openapi', 'revoke-app', '--key', 'ak00000000000000000000000000000000']);
      expect(unknownKey.code).toBe(1);
      expect(unknownKey.stderr).toContain('未找到该应用');

      const stray = await lantian(['openapi', 'list-apps', '--name', 'x']);
      expect(stray.code).toBe(1);
      expect(stray.stderr).toContain('list-apps 不接受 / does not take --name');
    },
    SPAWNS,
  );
});
