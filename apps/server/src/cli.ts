import { parseArgs } from 'node:util';
import { deviceCommand } from './cli/device';
import { gatewayCommand } from './cli/gateway';
import { importCommand } from './cli/import';
import { migrateCommand } from './cli/migrate';
import { openApiCommand } from './cli/openapi';
import { operatorCommand } from './cli/operator';
import { CliError, createOutput, type Output } from './cli/output';
import { qcCommand } from './cli/qc';
import { seedCommand } from './cli/seed';
import { simulateCommand } from './cli/simulate';
import { sourcesCommand } from './cli/sources';
import { upperAirCommand } from './cli/upper-air';
import { type Config, ConfigError, loadConfig } from './config';
import { VERSION } from './version';

/**
 * `npm run -s lantian -- <command> [options]`. Each command prints a human line, or exactly one
 * JSON object with --json (for scripts and CI). Exit code 0 on success, non-zero on failure.
 */

type Command = {
  summary: string;
  /** Resolves with the exit code; anything but a number means 0. */
  run(config: Config, out: Output, args: string[]): Promise<unknown>;
};

const commands: Record<string, Command> = {
  migrate: {
    summary: '把数据库迁移到最新结构 / apply pending database migrations',
    run: (c, o) => migrateCommand(c, o),
  },
  qc: {
    summary: '检查国家站小时数据的 AQI 与首要污染物 / check a CNEMC release file (qc [--json] FILE)',
    run: (_c, o, args) => qcCommand(o, args),
  },
  import: {
    summary: '导入国家站小时数据与 china_sites 日文件 / import station files (import [--json] PATH… | --from D --to D)',
    // It reads its own options (--from, --to, --stations), which the shared parser above drops.
    run: (c, o) => importCommand(c, o, process.argv.slice(2)),
  },
  openapi: {
    summary:
      'OpenAPI 文档与开放接口应用 / the OpenAPI document and open-API applications ' +
      '(openapi doc [--out FILE] | add-app --name N [--apis …] [--rate N] [--expires YYYY-MM-DD] | list-apps | revoke-app --key K)',
    // It reads its own options (--out, --name, --apis, --rate, --expires, --key).
    run: (c, o) => openApiCommand(c, o, process.argv.slice(2)),
  },
  operator: {
    summary:
      '运营人员：新增、停用、启用、重置密码、列表 / platform operators (operator add|disable|enable|reset-password|list)',
    // It reads its own options (--username, --area …).
    run: (c, o) => operatorCommand(c, o, process.argv.slice(2)),
  },
  'upper-air': {
    summary: '导入探空（IGRA v2）与风场（CF NetCDF）文件 / import upper-air files (upper-air igra|netcdf FILE…)',
    run: (c, o) => upperAirCommand(c, o, process.argv.slice(2)),
  },
  device: {
    summary: '设备登记：新增、列表、最新数据、退役 / devices (device add|list|latest MN|retire)',
    run: (c, o) => deviceCommand(c, o, process.argv.slice(2)),
  },
  gateway: {
    summary:
      'HJ 212 网关：按时段重放保存的原始报文 / replay kept raw packets (gateway replay --from T --to T [--mn MN] [--port P])',
    run: (c, o) => gatewayCommand(c, o, process.argv.slice(2)),
  },
  simulate: {
    summary: 'HJ 212 设备模拟器 / an HJ 212-2017 device simulator (simulate --devices N --types air,noise --rate S)',
    run: (c, o) => simulateCommand(c, o, process.argv.slice(2)),
  },
  sources: {
    summary:
      '导入气象数据源文件 / import weather-source files (sources typhoon|warnings|metar|frames PATH… [--kind K] [--at T])',
    run: (c, o) => sourcesCommand(c, o, process.argv.slice(2)),
  },
  seed: {
    summary: '生成演示数据 / seed demo data (seed [--days N] [--replace] [--cities CODE,…] [--json])',
    // Like import, it reads its own options (--days, --replace, --cities).
    run: (c, o) => seedCommand(c, o, process.argv.slice(2)),
  },
};

function usage(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`);
  return [`蓝天 Lantian ${VERSION}`, '用法 / usage: npm run -s lantian -- <command> [--json]', '', ...lines].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  const json = values.json === true;
  const out = createOutput(json);
  const [name, ...rest] = positionals;
  if (name === undefined || values.help === true) {
    console.log(usage());
    return name === undefined && values.help !== true ? 1 : 0;
  }
  const command = commands[name];
  try {
    if (command === undefined) throw new CliError(`未知命令 / unknown command: ${name}\n\n${usage()}`);
    const code = await command.run(loadConfig(), out, rest);
    return typeof code === 'number' ? code : 0;
  } catch (err) {
    const message =
      err instanceof CliError || err instanceof ConfigError
        ? err.message
        : `${name} 失败 / failed: ${err instanceof Error ? err.message : String(err)}`;
    if (json) console.log(JSON.stringify({ command: name, ok: false, error: message }));
    else console.error(message);
    return err instanceof CliError ? err.exitCode : 1;
  }
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
