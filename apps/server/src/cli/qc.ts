import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { POLLUTANTS } from '@lantian/domain';
import {
  CnemcFileError,
  type CnemcParseResult,
  parseCnemcFile,
  type QcMismatch,
  type QcReport,
  runQc,
} from '../modules/data/ingest';
import { CliError, type Output } from './output';

/**
 * `npm run -s lantian -- qc [--json] FILE`: checks a national release file (CSV or GeoJSON) and prints
 * `{"rows":N,"checked":M,"mismatches":[{"station","field","published","computed"}]}`. A file it cannot
 * read completely exits non-zero naming the lines, since a check of part of a file would mislead.
 */

export const QC_USAGE = '用法 / usage: npm run -s lantian -- qc [--json] FILE';
const SHOWN = 20;

/** npm runs scripts from the package root; INIT_CWD is where the user typed the command. */
function resolveInput(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

async function read(file: string): Promise<CnemcParseResult> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(resolveInput(file));
  } catch (err) {
    const code = err instanceof Error && 'code' in err ? String(err.code) : String(err);
    throw new CliError(`无法读取文件 / cannot read ${file}: ${code}`);
  }
  try {
    return parseCnemcFile(bytes);
  } catch (err) {
    if (err instanceof CnemcFileError) throw new CliError(`${file}: ${err.message}`);
    throw err;
  }
}

function describe(m: QcMismatch): string {
  const where = m.line === null ? `第 ${m.record} 个要素` : `第 ${m.line} 行`;
  if (m.field === 'aqi') {
    return `  ${where} ${m.station} ${m.timepoint}: 发布 AQI ${m.published}，浓度对应 ${m.computed[0]}–${m.computed[1]}`;
  }
  const names = (keys: readonly (keyof typeof POLLUTANTS)[]) =>
    keys.length === 0 ? '无' : keys.map((k) => POLLUTANTS[k].cnemcName).join(',');
  return `  ${where} ${m.station} ${m.timepoint}: 发布首要污染物 ${names(m.published)}，浓度对应 ${names(m.computed)}`;
}

function summary(file: string, report: QcReport): string {
  const head = `${file}: ${report.rows} 行，检查 ${report.checked} 行，不一致 ${report.mismatches.length} 处 / rows ${report.rows}, checked ${report.checked}, mismatches ${report.mismatches.length}`;
  const lines = report.mismatches.slice(0, SHOWN).map(describe);
  if (report.mismatches.length > SHOWN) lines.push(`  … 另有 ${report.mismatches.length - SHOWN} 处 (--json 列出全部)`);
  return [head, ...lines].join('\n');
}

export async function qcCommand(out: Output, args: string[]): Promise<void> {
  const [file, ...extra] = args;
  if (file === undefined || extra.length > 0) throw new CliError(QC_USAGE);
  const parsed = await read(file);
  if (parsed.rejected.length > 0) {
    const shown = parsed.rejected.slice(0, SHOWN).map((r) => `  ${r.where}: ${r.reasons.join('; ')}`);
    const more = parsed.rejected.length > SHOWN ? [`  … 另有 ${parsed.rejected.length - SHOWN} 行`] : [];
    throw new CliError(
      [`${file}: ${parsed.rejected.length} 行无法读取 / rows that cannot be read:`, ...shown, ...more].join('\n'),
    );
  }
  const report = runQc(parsed.rows);
  out.result(
    {
      rows: report.rows,
      checked: report.checked,
      mismatches: report.mismatches.map((m) => ({
        station: m.station,
        field: m.field,
        published: m.published,
        computed: m.computed,
      })),
    },
    summary(file, report),
  );
}
