import { parseArgs } from 'node:util';
import { type OperatorRow, type OrgNode, operatorCreateBody } from '@lantian/contracts';
import type { Config } from '../config';
import { operators, randomOperatorPassword, SHELL_PRINCIPAL } from '../modules/operator/operators';
import { NATIONWIDE } from '../platform/db/area-scope';
import { AppError } from '../platform/errors';
import { withModules } from './modules';
import { CliError, type Output } from './output';

export const OPERATOR_USAGE = [
  '用法 / usage: npm run -s lantian -- operator <sub-command> [options] [--json]',
  '  add --username U --name N [--area CODE | --org ID] [--roles 名称,…] [--phone P] [--password P]',
  '  disable --username U     停用并结束其全部会话 / disable, ending every session',
  '  enable --username U',
  '  reset-password --username U [--password P]   须在下次登录时修改；并解除登录锁定 / must change it; unlocks',
  '  list [--area CODE]',
  '不给 --password 时生成随机密码并只显示这一次 / without --password a random one is printed once.',
].join('\n');

type Args = ReturnType<typeof parse>['values'];

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean' },
      username: { type: 'string' },
      name: { type: 'string' },
      area: { type: 'string' },
      org: { type: 'string' },
      roles: { type: 'string' },
      phone: { type: 'string' },
      password: { type: 'string' },
    },
  });
}

function required(args: Args, name: 'username' | 'name'): string {
  const value = args[name];
  if (value === undefined || value.trim() === '')
    throw new CliError(`缺少 --${name} / --${name} is required\n${OPERATOR_USAGE}`);
  return value.trim();
}

function flatten(nodes: readonly OrgNode[]): OrgNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

const summary = (row: OperatorRow) => ({
  id: row.id,
  username: row.username,
  name: row.name,
  status: row.status,
  org: row.org.name,
  areaCode: row.org.areaCode,
  areaName: row.org.areaName,
  roles: row.roles.map((r) => r.name),
  mustChangePassword: row.mustChangePassword,
  lastLoginAt: row.lastLoginAt,
});

/**
 * `operator add|disable|enable|reset-password|list`: administration from a shell, for the operator
 * who cannot reach the console (locked out, password lost, the first administrator's password never
 * seen). Runs through the operators module's own services as a nationwide administrator named `cli`,
 * so the same rules hold and every change is in the audit log. The first start's bootstrap (root
 * organisation, super-administrator role, `admin`) runs first, as the server does.
 */
export async function operatorCommand(config: Config, out: Output, argv: readonly string[]): Promise<void> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    throw new CliError(`${err instanceof Error ? err.message : String(err)}\n${OPERATOR_USAGE}`);
  }
  const [, sub, ...extra] = parsed.positionals;
  if (sub === undefined) throw new CliError(OPERATOR_USAGE);
  if (extra.length > 0) throw new CliError(`多余的参数 / unexpected argument: ${extra.join(' ')}\n${OPERATOR_USAGE}`);
  const args = parsed.values;

  await withModules(config, async ({ use }) => {
    const platform = use(operators);
    await platform.bootstrap();
    const shell = SHELL_PRINCIPAL;
    try {
      switch (sub) {
        case 'add': {
          const tree = flatten(await platform.orgs.tree(NATIONWIDE));
          const org =
            args.org !== undefined
              ? tree.find((o) => o.id === args.org)
              : tree.find((o) => o.areaCode === (args.area ?? '100000'));
          if (org === undefined) {
            throw new CliError(
              `未找到组织 / no organisation ${args.org ?? `for area ${args.area}`}; 现有 / existing: ${tree
                .map((o) => `${o.areaCode} ${o.name} (${o.id})`)
                .join('; ')}`,
            );
          }
          const wanted = (args.roles ?? '')
            .split(',')
            .map((r) => r.trim())
            .filter((r) => r !== '');
          const roles = await platform.roles.options();
          const missing = wanted.filter((name) => !roles.some((r) => r.name === name));
          if (missing.length > 0) {
            throw new CliError(
              `未知角色 / unknown roles: ${missing.join(', ')}; 现有 / existing: ${roles.map((r) => r.name).join(', ')}`,
            );
          }
          const password = args.password ?? randomOperatorPassword();
          // The console's own form schema: the same username, name, phone and password rules.
          const body = operatorCreateBody.safeParse({
            username: required(args, 'username'),
            name: required(args, 'name'),
            password,
            orgId: org.id,
            roleIds: roles.filter((r) => wanted.includes(r.name)).map((r) => r.id),
            phone: args.phone ?? null,
          });
          if (!body.success) {
            throw new CliError(body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
          }
          const row = await platform.operators.create(body.data, shell, 'cli');
          const shown = args.password === undefined ? { password } : {};
          out.result(
            { command: 'operator add', ok: true, operator: summary(row), ...shown },
            `已新增运营人员 ${row.username}（${row.org.name}）/ operator added` +
              (args.password === undefined ? `，初始密码 / first password: ${password}` : '') +
              '（首次登录须修改 / must be changed at first sign-in）',
          );
          return;
        }
        case 'disable':
        case 'enable': {
          const row = await platform.operators.byUsername(required(args, 'username'), shell);
          const after = await platform.operators.setStatus(
            row.id,
            sub === 'disable' ? 'disabled' : 'active',
            shell,
            'cli',
          );
          out.result(
            { command: `operator ${sub}`, ok: true, operator: summary(after) },
            sub === 'disable'
              ? `已停用 ${after.username}，其会话已全部结束 / disabled, sessions ended`
              : `已启用 ${after.username} / enabled`,
          );
          return;
        }
        case 'reset-password': {
          const username = required(args, 'username');
          const row = await platform.operators.byUsername(username, shell);
          const password = args.password ?? randomOperatorPassword();
          const after = await platform.operators.resetPassword(row.id, password, shell, 'cli');
          await platform.unlock(username);
          const shown = args.password === undefined ? { password } : {};
          out.result(
            { command: 'operator reset-password', ok: true, operator: summary(after), ...shown },
            `已重置 ${after.username} 的密码并解除锁定 / password reset, unlocked` +
              (args.password === undefined ? `：${password}` : '') +
              '（下次登录须修改 / must be changed at next sign-in）',
          );
          return;
        }
        case 'list': {
          const scope = args.area === undefined ? NATIONWIDE : { areaCode: args.area };
          const { list, total } = await platform.operators.page(
            { sortBy: 'username' },
            { ...shell, scope },
            {
              pageNum: 1,
              pageSize: 10_000,
              offset: 0,
              limit: 10_000,
            },
          );
          const lines = list.map(
            (r) =>
              `${r.username.padEnd(20)} ${r.name.padEnd(10)} ${r.status === 'active' ? '启用' : '停用'}  ${r.org.areaName} ${r.org.name}  [${r.roles.map((x) => x.name).join(', ')}]`,
          );
          out.result(
            { command: 'operator list', ok: true, total, operators: list.map(summary) },
            [`共 ${total} 位 / ${total} operators`, ...lines].join('\n'),
          );
          return;
        }
        default:
          throw new CliError(`未知的子命令 / unknown sub-command: ${sub}\n${OPERATOR_USAGE}`);
      }
    } catch (err) {
      // The services' refusals (bad password, duplicate username, unknown operator) are the user's to fix.
      if (err instanceof AppError) throw new CliError(err.message);
      throw err;
    }
  });
}
