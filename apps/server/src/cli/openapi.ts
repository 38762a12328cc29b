import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { OPEN_API_CODES, type OpenAppRow, openAppSaveBody } from '@lantian/contracts';
import { buildApp } from '../app';
import type { Config } from '../config';
import { openAppDatabase } from '../database';
import { openApi } from '../modules/operator/open-api';
import { SHELL_PRINCIPAL } from '../modules/operator/operators';
import { AppError } from '../platform/errors';
import { MemoryState } from '../platform/state';
import { withModules } from './modules';
import { CliError, type Output } from './output';

export const OPENAPI_USAGE = [
  '用法 / usage: npm run -s lantian -- openapi <子命令 / subcommand> [--json]',
  '  doc [--out FILE]                 输出 OpenAPI 文档 / print the OpenAPI document (as /api/docs/json)',
  `  add-app --name N [--apis ${OPEN_API_CODES.join(',')}] [--rate N] [--expires YYYY-MM-DD]`,
  '                                   登记开放接口应用，密钥只显示这一次 / register an application (its secret is printed once)',
  '                                   默认：全部接口、每分钟 60 次、长期有效 / defaults: every API, 60 a minute, no expiry',
  '  list-apps                        列出开放接口应用 / list the applications',
  '  revoke-app --key K               停用应用，其令牌立即失效 / revoke an application (its tokens die at once)',
].join('\n');

/** Which options each subcommand takes (besides --json). */
const SUBCOMMANDS = {
  doc: ['out'],
  'add-app': ['name', 'apis', 'rate', 'expires'],
  'list-apps': [],
  'revoke-app': ['key'],
} as const satisfies Record<string, readonly string[]>;

type Subcommand = keyof typeof SUBCOMMANDS;

const isSubcommand = (value: string | undefined): value is Subcommand =>
  value !== undefined && Object.hasOwn(SUBCOMMANDS, value);

const usageError = (problem: string) => new CliError(`${problem}\n\n${OPENAPI_USAGE}`);

/**
 * The API's OpenAPI document, as /api/docs/json serves it, built without a running server or the
 * configured database (an in-memory one: nothing is read to document the routes). What a release
 * diffs against the previous one to see what changed in the contract.
 */
export async function openApiDocument(config: Config): Promise<Record<string, unknown>> {
  const database = openAppDatabase({ kind: 'sqlite', path: ':memory:' });
  const state = new MemoryState();
  const { server } = await buildApp({ config: { ...config, logLevel: 'silent' }, database, state });
  try {
    await server.ready();
    const res = await server.inject({ method: 'GET', url: '/api/docs/json' });
    return res.json();
  } finally {
    await server.close();
    await database.close();
    await state.close();
  }
}

/**
 * `openapi <subcommand>`: the OpenAPI document (`doc`), and the administration of open-API
 * applications from the server's shell (`add-app`, `list-apps`, `revoke-app`). The latter go through
 * the open-API module's own service as the shell (SHELL_PRINCIPAL: the whole country), so the rules
 * and the audit log (actor `cli`) are the console's.
 */
export async function openApiCommand(config: Config, out: Output, argv: readonly string[]): Promise<void> {
  // argv is the command line after the script: drop the command's own name wherever it stands.
  const at = argv.indexOf('openapi');
  const args = at === -1 ? [...argv] : [...argv.slice(0, at), ...argv.slice(at + 1)];
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(args);
  } catch (err) {
    throw usageError(err instanceof Error ? err.message : String(err));
  }
  const { subcommand, values } = parsed;
  try {
    switch (subcommand) {
      case 'doc':
        return await docCommand(config, out, values.out);
      case 'add-app':
        return await addApp(config, out, values);
      case 'list-apps':
        return await listApps(config, out);
      case 'revoke-app':
        return await revokeApp(config, out, values.key);
    }
  } catch (err) {
    // The service's refusals (bad expiry, unknown key, already revoked) are the user's to fix.
    if (err instanceof AppError) throw new CliError(`${err.msg}`);
    throw err;
  }
}

function parseCommandLine(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean' },
      out: { type: 'string' },
      name: { type: 'string' },
      apis: { type: 'string' },
      rate: { type: 'string' },
      expires: { type: 'string' },
      key: { type: 'string' },
    },
  });
  const [subcommand, ...extra] = positionals;
  if (subcommand === undefined) throw new Error('缺少子命令 / missing subcommand');
  if (!isSubcommand(subcommand)) throw new Error(`未知的子命令 / unknown subcommand: ${subcommand}`);
  if (extra.length > 0) throw new Error(`多余的参数 / unexpected argument: ${extra.join(' ')}`);
  const allowed: readonly string[] = SUBCOMMANDS[subcommand];
  const stray = Object.keys(values).filter((option) => option !== 'json' && !allowed.includes(option));
  if (stray.length > 0) throw new Error(`${subcommand} 不接受 / does not take --${stray.join(', --')}`);
  return { subcommand, values };
}

async function docCommand(config: Config, out: Output, outFile: string | undefined): Promise<void> {
  const document = await openApiDocument(config);
  const text = `${JSON.stringify(document, null, 2)}\n`;
  if (outFile === undefined) {
    process.stdout.write(text);
    return;
  }
  const file = path.resolve(config.cwd, outFile);
  await writeFile(file, text);
  const paths = typeof document.paths === 'object' && document.paths !== null ? Object.keys(document.paths).length : 0;
  out.result(
    { command: 'openapi doc', ok: true, file, paths },
    `已写入 OpenAPI 文档（${paths} 个路径）/ written: ${file}`,
  );
}

async function addApp(
  config: Config,
  out: Output,
  options: {
    name?: string | undefined;
    apis?: string | undefined;
    rate?: string | undefined;
    expires?: string | undefined;
  },
): Promise<void> {
  if (options.name === undefined) throw usageError('缺少 --name / --name is required');
  const body = openAppSaveBody.safeParse({
    name: options.name,
    apis: options.apis === undefined ? [...OPEN_API_CODES] : options.apis.split(',').map((a) => a.trim()),
    rateLimitPerMinute: options.rate === undefined ? undefined : Number(options.rate),
    expiresAt: options.expires ?? null,
  });
  if (!body.success) {
    const issue = body.error.issues[0];
    const option = { name: '--name', apis: '--apis', rateLimitPerMinute: '--rate', expiresAt: '--expires' }[
      String(issue?.path[0] ?? 'name')
    ];
    throw new CliError(`${option ?? ''} ${issue?.message ?? '参数错误'}`.trim());
  }
  const created = await withModules(config, ({ use }) => use(openApi).apps.create(body.data, SHELL_PRINCIPAL, null));
  const { app, appKey, appSecret } = created;
  out.result(
    { command: 'openapi add-app', ok: true, app, appKey, appSecret },
    [
      `已登记开放接口应用 / registered: ${app.name}`,
      `  appKey:    ${appKey}`,
      `  appSecret: ${appSecret}`,
      '  密钥只显示这一次，请妥善保存 / the secret is shown this once: keep it safe',
      `  ${describe(app)}`,
    ].join('\n'),
  );
}

async function listApps(config: Config, out: Output): Promise<void> {
  const apps = await withModules(config, async ({ use }) => {
    const service = use(openApi).apps;
    const all: OpenAppRow[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const pageSize = 100;
      const { list, total } = await service.page({}, SHELL_PRINCIPAL, {
        pageNum,
        pageSize,
        offset: (pageNum - 1) * pageSize,
        limit: pageSize,
      });
      all.push(...list);
      if (all.length >= total || list.length === 0) return all;
    }
  });
  const human =
    apps.length === 0
      ? '还没有开放接口应用 / no applications yet'
      : [
          `开放接口应用 ${apps.length} 个 / ${apps.length} application(s):`,
          ...apps.map(
            (app) =>
              `  ${app.appKey}  ${statusText(app)}  ${app.name}（${app.areaName}，${app.createdBy}）  ${describe(app)}`,
          ),
        ].join('\n');
  out.result({ command: 'openapi list-apps', ok: true, total: apps.length, apps }, human);
}

async function revokeApp(config: Config, out: Output, key: string | undefined): Promise<void> {
  if (key === undefined) throw usageError('缺少 --key / --key is required');
  const app = await withModules(config, ({ use }) => use(openApi).apps.revokeByKey(key.trim(), SHELL_PRINCIPAL, null));
  out.result(
    { command: 'openapi revoke-app', ok: true, app },
    `已停用开放接口应用，其令牌立即失效 / revoked: ${app.name} (${app.appKey})`,
  );
}

function statusText(app: OpenAppRow): string {
  if (app.status === 'revoked') return '已停用/revoked';
  return app.expired ? '已到期/expired' : '有效/active';
}

function describe(app: OpenAppRow): string {
  return [
    `接口 / apis: ${app.apis.join(',')}`,
    `每分钟 / per minute: ${app.rateLimitPerMinute}`,
    `到期 / expires: ${app.expiresAt ?? '长期 / never'}`,
    `最近调用 / last used: ${app.lastUsedAt ?? '-'}`,
  ].join(' · ');
}
