import { parseArgs } from 'node:util';
import { deviceSaveBody, siteSaveBody } from '@lantian/contracts';
import type { Config } from '../config';
import { SYSTEM_ACTOR } from '../modules/operator/audit';
import { devices } from '../modules/operator/devices';
import { NATIONWIDE } from '../platform/db/area-scope';
import { withModules } from './modules';
import { CliError, type Output } from './output';

export const DEVICE_USAGE = [
  '用法 / usage: npm run -s lantian -- device <sub-command> [options] [--json]',
  '  add --mn MN --name N --type A01 --password P --factors a34004,a34002 --site CODE',
  '      [--site-name N --area CODE --lon X --lat Y]   站点不存在时一并新增 / creates the site when new',
  '  list [--area CODE] [--type T]',
  '  latest MN                  在线状态、最后数据时间、各因子最新值 / online state, last data, latest values',
  '  retire --mn MN [--note 说明]',
].join('\n');

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean' },
      mn: { type: 'string' },
      name: { type: 'string' },
      type: { type: 'string' },
      password: { type: 'string' },
      factors: { type: 'string' },
      site: { type: 'string' },
      'site-name': { type: 'string' },
      area: { type: 'string' },
      lon: { type: 'string' },
      lat: { type: 'string' },
      note: { type: 'string' },
    },
  });
}

const problems = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) =>
  issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`).join('\n');

/** `lantian device add|list|latest|retire`: the registry through the same services as the console (audited as system). */
export async function deviceCommand(config: Config, out: Output, argv: readonly string[]): Promise<void> {
  const { values: args, positionals } = parse(argv.slice(1));
  const [sub, target] = positionals;
  const editor = { actor: SYSTEM_ACTOR, ip: null, scope: NATIONWIDE };
  await withModules(config, async ({ use }) => {
    const core = use(devices);
    await core.reload();
    switch (sub) {
      case 'add': {
        if (args.site === undefined) throw new CliError(`缺少 --site / --site is required\n${DEVICE_USAGE}`);
        const found = await core.registry.listSites({ keyword: args.site, pageNum: 1, pageSize: 100 }, NATIONWIDE);
        let siteId = found.list.find((s) => s.siteCode === args.site)?.siteId;
        if (siteId === undefined) {
          const site = siteSaveBody.safeParse({
            siteCode: args.site,
            name: args['site-name'] ?? args.site,
            areaCode: args.area,
            lon: Number(args.lon),
            lat: Number(args.lat),
          });
          if (!site.success)
            throw new CliError(`新站点需要 --area --lon --lat / a new site needs them\n${problems(site.error.issues)}`);
          siteId = (await core.registry.createSite(site.data, editor)).siteId;
        }
        const body = deviceSaveBody.safeParse({
          mn: args.mn,
          name: args.name,
          type: args.type,
          siteId,
          password: args.password,
          factors: (args.factors ?? '')
            .split(',')
            .filter((f) => f !== '')
            .map((code) => ({ code })),
        });
        if (!body.success) throw new CliError(`${problems(body.error.issues)}\n${DEVICE_USAGE}`);
        const row = await core.registry.create(body.data, editor);
        out.result(
          { command: 'device add', ok: true, device: row },
          `已登记设备 ${row.name}（MN ${row.mn}，编号 ${row.deviceId}）`,
        );
        return;
      }
      case 'list': {
        const rows = await core.registry.list(
          { pageNum: 1, pageSize: 100, areaCode: args.area, type: args.type },
          NATIONWIDE,
        );
        out.result(
          { command: 'device list', total: rows.total, devices: rows.list },
          rows.list
            .map((d) => `${d.mn.padEnd(24)} ${d.typeName} ${d.name} ${d.areaName} ${d.onlineName} ${d.lastSeen ?? '—'}`)
            .join('\n') || '（没有设备 / no devices）',
        );
        return;
      }
      case 'latest': {
        const mn = target ?? args.mn;
        const known = mn === undefined ? undefined : core.byMn(mn);
        if (known === undefined) throw new CliError(`未找到 MN 为 ${mn ?? ''} 的设备 / no such device`);
        const detail = await core.reads.detail(known.id, NATIONWIDE);
        const values = Object.fromEntries(
          detail.latest.map((v) => [v.factor, { value: v.value, flag: v.flag, time: v.time, unit: v.unit }]),
        );
        out.result(
          {
            mn: detail.mn,
            online: detail.online,
            lastSeen: detail.lastSeen,
            lastDataTime: detail.lastDataTime,
            values,
          },
          [
            `${detail.mn} ${detail.name}：${detail.onlineName}，最后数据 ${detail.lastDataTime ?? '—'}`,
            ...detail.latest.map(
              (v) => `  ${v.factor.padEnd(10)} ${v.name} ${v.value ?? '—'} ${v.unit} ${v.flag ?? ''} ${v.time}`,
            ),
          ].join('\n'),
        );
        return;
      }
      case 'retire': {
        const known = args.mn === undefined ? undefined : core.byMn(args.mn);
        if (known === undefined) throw new CliError(`未找到 MN 为 ${args.mn ?? ''} 的设备 / no such device`);
        const row = await core.registry.retire(known.id, args.note ?? '', editor);
        out.result({ command: 'device retire', ok: true, device: row }, `已退役设备 ${row.name}（MN ${row.mn}）`);
        return;
      }
      default:
        throw new CliError(DEVICE_USAGE);
    }
  });
}
