import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config';
import { FRAME_KINDS, type FrameKind, weatherSources } from '../modules/public/weather-sources';
import { AppError } from '../platform/errors';
import { withModules } from './modules';
import { CliError, type Output } from './output';

export const SOURCES_USAGE = [
  '用法 / usage: npm run -s lantian -- sources <source> PATH… [options] [--json]',
  '  typhoon FILE             CMA 热带气旋最佳路径文件 / a CMA best-track file (CH2023BST.txt)',
  '  warnings FILE|DIR…       CAP 1.2 预警消息（.xml）/ CAP 1.2 warning messages',
  '  metar FILE [--at T]      METAR/SPECI 报文；T 为报文所属时间附近（ISO 8601，默认现在）/ a METAR bulletin',
  '  frames DIR|FILE… --kind radar|satellite|nowcast|traffic [--product P] [--region R]   PNG/JPEG 图像帧（交通图像名为 TRAFFIC_<城市代码>_<UTC 时间>.png）/ image frames',
  '每个文件（或一批图像）全部导入或全部不导入；出错时指出行号或字段 / all or nothing, errors name the line or field.',
].join('\n');

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean' },
      at: { type: 'string' },
      kind: { type: 'string' },
      product: { type: 'string' },
      region: { type: 'string' },
    },
  });
}

/** The files of the given paths: a directory gives its files with one of `extensions`, in name order. */
async function filesOf(paths: readonly string[], extensions: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const p of paths) {
    const info = await stat(p).catch(() => undefined);
    if (!info) throw new CliError(`找不到 / not found: ${p}`);
    if (info.isDirectory()) {
      const names = (await readdir(p)).filter((n) => extensions.includes(path.extname(n).toLowerCase())).sort();
      out.push(...names.map((n) => path.join(p, n)));
    } else out.push(p);
  }
  if (out.length === 0) throw new CliError(`没有可导入的文件 / no files to import\n${SOURCES_USAGE}`);
  return out;
}

/** `lantian sources …`: imports weather-source files through the module's importers. */
export async function sourcesCommand(config: Config, out: Output, argv: readonly string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const [, source, ...paths] = positionals;
  if (!source || paths.length === 0) throw new CliError(SOURCES_USAGE);
  return withModules(config, async ({ use }) => {
    const imports = use(weatherSources).imports;
    try {
      let result: Record<string, unknown>;
      if (source === 'typhoon') {
        const files = await filesOf(paths, ['.txt']);
        result = { files: files.length, typhoons: 0, points: 0 };
        for (const file of files) {
          const r = await imports.typhoonFile(await readFile(file, 'utf8'));
          result = {
            ...result,
            typhoons: Number(result.typhoons) + r.typhoons,
            points: Number(result.points) + r.points,
          };
        }
      } else if (source === 'warnings') {
        const files = await filesOf(paths, ['.xml']);
        const docs = await Promise.all(
          files.map(async (f) => ({ name: path.basename(f), xml: await readFile(f, 'utf8') })),
        );
        result = { files: files.length, ...(await imports.warningMessages(docs)) };
      } else if (source === 'metar') {
        const at = values.at === undefined ? undefined : Date.parse(values.at) / 1000;
        if (at !== undefined && !Number.isFinite(at))
          throw new CliError(`--at 应为 ISO 8601 时间 / must be an ISO 8601 time`);
        const files = await filesOf(paths, ['.txt']);
        let observations = 0;
        const unknown = new Set<string>();
        for (const file of files) {
          const r = await imports.metarBulletin(await readFile(file, 'utf8'), at);
          observations += r.observations;
          for (const s of r.unknownStations) unknown.add(s);
        }
        result = { files: files.length, observations, unknownStations: [...unknown] };
      } else if (source === 'frames') {
        const kind = FRAME_KINDS.find((k) => k === values.kind) as FrameKind | undefined;
        if (!kind) throw new CliError(`--kind 应为 ${FRAME_KINDS.join('|')}\n${SOURCES_USAGE}`);
        const files = await filesOf(paths, ['.png', '.jpg', '.jpeg']);
        const frames = await Promise.all(
          files.map(async (f) => ({ name: path.basename(f), bytes: new Uint8Array(await readFile(f)) })),
        );
        result = {
          files: files.length,
          ...(await imports.imageFrames(frames, {
            kind,
            ...(values.product ? { product: values.product } : {}),
            ...(values.region ? { region: values.region } : {}),
          })),
        };
      } else {
        throw new CliError(`未知数据源 / unknown source: ${source}\n${SOURCES_USAGE}`);
      }
      out.result({ source, ok: true, ...result }, `已导入 / imported ${source}: ${JSON.stringify(result)}`);
      return 0;
    } catch (err) {
      if (err instanceof AppError) throw new CliError(err.msg);
      throw err;
    }
  });
}
