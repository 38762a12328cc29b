import net from 'node:net';
import { parseArgs } from 'node:util';
import { chinaDateTime } from '@lantian/contracts';
import { encodeFrame, parseSegment } from '@lantian/domain';
import type { Config } from '../config';
import { gateway } from '../modules/operator/gateway';
import { withModules } from './modules';
import { CliError, type Output } from './output';

export const GATEWAY_USAGE = [
  '用法 / usage: npm run -s lantian -- gateway replay --from "YYYY-MM-DD HH:mm:ss" --to "…" [--mn MN]',
  '      [--host H] [--port P] [--dry-run] [--json]',
  '  把本库保存的原始报文（HJ212_RAW_RETENTION_DAYS 天内）按收到的顺序重新发往网关（默认本机 HJ212_PORT）。',
  '  数据按设备、因子、时间入库，重放不会重复；可用于修复后重新入库，或把数据送往另一套系统。',
  '  replays the kept raw packets, in the order received, to a gateway; storage is idempotent.',
].join('\n');

/** How long to wait for the last answers once everything is sent. */
const QUIET_MS = 3_000;

export async function gatewayCommand(config: Config, out: Output, argv: readonly string[]): Promise<void> {
  const { values: args, positionals } = parseArgs({
    args: argv.slice(1),
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean' },
      from: { type: 'string' },
      to: { type: 'string' },
      mn: { type: 'string' },
      host: { type: 'string' },
      port: { type: 'string' },
      'dry-run': { type: 'boolean' },
    },
  });
  if (positionals[0] !== 'replay') throw new CliError(GATEWAY_USAGE);
  for (const name of ['from', 'to'] as const) {
    if (!chinaDateTime.safeParse(args[name]).success)
      throw new CliError(`--${name} 应为 YYYY-MM-DD HH:mm:ss\n${GATEWAY_USAGE}`);
  }
  const from = args.from as string;
  const to = args.to as string;
  if (to < from) throw new CliError('--to 应晚于 --from');
  const port = Number(args.port ?? process.env.HJ212_PORT ?? '9212');
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new CliError(`--port 应为 1–65535\n${GATEWAY_USAGE}`);
  const host = args.host ?? '127.0.0.1';

  const packets = await withModules(config, ({ use }) =>
    use(gateway).service.packetsBetween(from, to, args.mn ?? null),
  );
  const expected = packets.filter((p) => {
    const parsed = parseSegment(p.raw);
    return parsed.ok && parsed.packet.needsAnswer;
  }).length;
  const report = { command: 'gateway replay', from, to, mn: args.mn ?? null, packets: packets.length, expected };
  if (args['dry-run'] === true || packets.length === 0) {
    out.result({ ...report, sent: 0, answered: 0 }, `${packets.length} 个报文（未发送）`);
    return;
  }
  const answered = await send(
    host,
    port,
    packets.map((p) => encodeFrame(p.raw)),
    expected,
  );
  out.result(
    { ...report, sent: packets.length, answered },
    `已重放 ${packets.length} 个报文到 ${host}:${port}，应答 ${answered}/${expected}`,
  );
  if (answered < expected)
    throw new CliError(`${expected - answered} 个报文没有应答（网关拒收或未及时确认，见网关的拒收统计）`);
}

/** Sends the frames on one connection and counts the 9014 answers until all came or it went quiet. */
function send(host: string, port: number, frames: readonly string[], expected: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let answered = 0;
    let buffer = '';
    let quiet: NodeJS.Timeout | undefined;
    const socket = net.connect(port, host);
    const finish = () => {
      clearTimeout(quiet);
      socket.destroy();
      resolve(answered);
    };
    const waitQuiet = () => {
      clearTimeout(quiet);
      quiet = setTimeout(finish, QUIET_MS);
    };
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        if (buffer.slice(0, end).includes('CN=9014')) answered++;
        buffer = buffer.slice(end + 2);
      }
      if (answered >= expected) finish();
      else waitQuiet();
    });
    socket.on('error', (err) => {
      clearTimeout(quiet);
      reject(new CliError(`连不上网关 ${host}:${port}：${err.message}`));
    });
    socket.on('connect', () => {
      // The gateway reads frames as they come; writing them all lets TCP pace the sending.
      for (const frame of frames) socket.write(frame);
      if (expected === 0) finish();
      else waitQuiet();
    });
  });
}
