import { parseArgs } from 'node:util';
import { SIMULATED_FACTORS } from '@lantian/domain';
import type { Config } from '../config';
import { SYSTEM_ACTOR } from '../modules/operator/audit';
import { devices as deviceCore } from '../modules/operator/devices';
import { Hj212Simulator, SIMULATOR_TYPES, type SimulatedDevice } from '../modules/operator/gateway';
import { NATIONWIDE } from '../platform/db/area-scope';
import { withModules } from './modules';
import { CliError, type Output } from './output';

export const SIMULATE_USAGE = [
  '用法 / usage: npm run -s lantian -- simulate [--devices N] [--types air,noise,…] [--rate SECONDS]',
  '      [--host H] [--port P] [--register --area CODE] [--duration SECONDS] [--no-faults]',
  `  types: ${Object.keys(SIMULATOR_TYPES).join(', ')}`,
  '  以真实 HJ 212-2017 报文经 TCP 发送到任意网关；--register 先在本库登记这些设备（MN 以 SIM 开头，密码 sim2026）',
].join('\n');

export async function simulateCommand(config: Config, out: Output, argv: readonly string[]): Promise<void> {
  const { values: args } = parseArgs({
    args: argv.slice(1),
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean' },
      devices: { type: 'string' },
      types: { type: 'string' },
      rate: { type: 'string' },
      host: { type: 'string' },
      port: { type: 'string' },
      register: { type: 'boolean' },
      area: { type: 'string' },
      duration: { type: 'string' },
      'no-faults': { type: 'boolean' },
    },
  });
  const count = Number(args.devices ?? '10');
  const rate = Number(args.rate ?? '60');
  const port = Number(args.port ?? process.env.HJ212_PORT ?? '9212');
  const names = (args.types ?? 'air').split(',');
  const types = names.map((n) => SIMULATOR_TYPES[n]);
  if (
    !Number.isInteger(count) ||
    count < 1 ||
    count > 100_000 ||
    !(rate > 0) ||
    !Number.isInteger(port) ||
    types.includes(undefined)
  ) {
    throw new CliError(SIMULATE_USAGE);
  }
  const list: SimulatedDevice[] = Array.from({ length: count }, (_, i) => {
    const type = types[i % types.length] as string;
    return { mn: `SIM${type}${String(i + 1).padStart(6, '0')}`, pw: 'sim2026', type, index: i };
  });
  if (args.register === true) await register(config, list, args.area ?? '110105');
  const simulator = new Hj212Simulator({
    host: args.host ?? '127.0.0.1',
    port,
    devices: list,
    rateSeconds: rate,
    faults: args['no-faults'] !== true,
  });
  simulator.start();
  const duration = args.duration === undefined ? null : Number(args.duration);
  await new Promise<void>((resolve) => {
    const report = setInterval(() => {
      if (!out.json)
        process.stderr.write(
          `sent ${simulator.stats.sent}, answered ${simulator.stats.answered}, resent ${simulator.stats.resent}\n`,
        );
    }, 10_000);
    const stop = () => {
      clearInterval(report);
      simulator.stop();
      resolve();
    };
    if (duration !== null) setTimeout(stop, duration * 1000);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  out.result(
    { command: 'simulate', ...simulator.stats, devices: count },
    `已发送 ${simulator.stats.sent} 个报文，收到应答 ${simulator.stats.answered}，重发 ${simulator.stats.resent}`,
  );
}

async function register(config: Config, list: SimulatedDevice[], areaCode: string): Promise<void> {
  const editor = { actor: SYSTEM_ACTOR, ip: null, scope: NATIONWIDE };
  await withModules(config, async ({ use }) => {
    const core = use(deviceCore);
    await core.reload();
    const siteCode = `SIM-${areaCode}`;
    const found = await core.registry.listSites({ keyword: siteCode, pageNum: 1, pageSize: 10 }, NATIONWIDE);
    const siteId =
      found.list.find((s) => s.siteCode === siteCode)?.siteId ??
      (
        await core.registry.createSite(
          { siteCode, name: `模拟站点 ${areaCode}`, areaCode, lon: 116.4, lat: 39.9, address: '' },
          editor,
        )
      ).siteId;
    for (const device of list) {
      if (core.byMn(device.mn) !== undefined) continue;
      await core.registry.create(
        {
          mn: device.mn,
          name: `模拟设备 ${device.mn}`,
          type: device.type,
          siteId,
          password: device.pw,
          installDate: null,
          status: 'active',
          factors: (SIMULATED_FACTORS[device.type as keyof typeof SIMULATED_FACTORS] ?? []).map((code) => ({
            code,
            upper: null,
            lower: null,
          })),
          config: { intervalSeconds: null, noiseZone: null },
        },
        editor,
      );
    }
  });
}
