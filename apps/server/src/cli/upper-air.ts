import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config';
import { unpackText, upperAir } from '../modules/data/upper-air';
import { AppError } from '../platform/errors';
import { withModules } from './modules';
import { CliError, type Output } from './output';

export const UPPER_AIR_USAGE = [
  '用法 / usage: npm run -s lantian -- upper-air <sub-command> FILE… [--json]',
  '  igra FILE…                 导入 IGRA v2 探空文件（.txt 或 .zip）/ import IGRA v2 sounding files',
  '  netcdf FILE… [--u U --v V] 导入 CF NetCDF 风场（默认变量 u10/v10）/ import CF NetCDF wind grids',
  '每个文件要么全部导入，要么（有误时）一行也不导入 / each file is imported whole or not at all',
].join('\n');

/**
 * `upper-air igra|netcdf FILE…`: the importers of docs/UPPER-AIR.md from the command line, for files
 * fetched by hand or from an archive. Files are imported one by one; a refused file names its line
 * or variable and the command stops with a non-zero exit, the files before it kept.
 */
export async function upperAirCommand(config: Config, out: Output, argv: readonly string[]): Promise<void> {
  const args = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: { json: { type: 'boolean' }, u: { type: 'string' }, v: { type: 'string' } },
  });
  const [, sub, ...files] = args.positionals;
  if ((sub !== 'igra' && sub !== 'netcdf') || files.length === 0) throw new CliError(UPPER_AIR_USAGE);
  await withModules(config, async ({ use }) => {
    const api = use(upperAir);
    const reports: { file: string }[] = [];
    for (const file of files) {
      const name = path.basename(file);
      const bytes = await readFile(file).catch((err: unknown) => {
        throw new CliError(`无法读取 ${file}：${err instanceof Error ? err.message : String(err)}`);
      });
      try {
        if (sub === 'igra') {
          const report = await api.soundings.importIgra(unpackText(bytes), name);
          reports.push({ file: name, ...report });
        } else {
          const names = args.values.u && args.values.v ? { u: args.values.u, v: args.values.v } : undefined;
          const report = await api.wind.importNetcdf(bytes, name, names);
          reports.push({ file: name, ...report });
        }
      } catch (err) {
        if (err instanceof AppError) throw new CliError(err.message);
        throw err;
      }
    }
    out.result(
      { command: `upper-air ${sub}`, ok: true, files: reports },
      `已导入 ${reports.length} 个文件：${reports.map((r) => r.file).join('、')}`,
    );
  });
}
