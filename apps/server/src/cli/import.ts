import { open, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config';
import { migrateAppDatabase, openAppDatabase } from '../database';
import { notifyHourIngested } from '../modules/data/air';
import {
  archiveUrl,
  type CalendarDate,
  DownloadError,
  datesBetween,
  detectForm,
  download,
  type FileForm,
  formatDate,
  Importer,
  type ImportSummary,
  ingest,
  parseDate,
} from '../modules/data/ingest';
import { systemClock } from '../platform/clock';
import { settingsOf } from '../platform/module';
import { openSharedState } from '../platform/state';
import { CliError, type Output } from './output';

/**
 * `npm run -s lantian -- import [--json] [--stations FILE] PATH...` imports national hourly station
 * files (CSV, GeoJSON) and daily china_sites files with their station lists; a PATH may be a file or a
 * directory (searched recursively, files taken in name order so that hours apply in order).
 * `import --from YYYY-MM-DD --to YYYY-MM-DD` downloads those days from IMPORT_ARCHIVE_URL first.
 *
 * Prints one summary (one JSON object with --json). Exit 0 when rows were imported and every file
 * could be read; 1 when a file failed as a whole (the other files are still imported) or nothing
 * was imported.
 */

export const IMPORT_USAGE = [
  '用法 / usage: npm run -s lantian -- import [--json] [--stations FILE] PATH...',
  '              npm run -s lantian -- import --from YYYY-MM-DD --to YYYY-MM-DD [--stations FILE] [--json]',
].join('\n');

/** Files a directory import picks up; anything else in the folder (README, zip…) is left alone. */
const DATA_EXTENSIONS = new Set(['.csv', '.geojson', '.json']);
/** A station list found beside china_sites data: `站点列表-2018.csv`, `stations.csv`. */
const BESIDE_STATION_LIST = /(站点列表.*\.csv|^stations\.csv)$/i;
/** Enough of a file to read its header: a china_sites header is ~6 bytes per station. */
const HEAD_BYTES = 64 * 1024;
const SHOWN_HUMAN = 20;

interface Options {
  json: boolean;
  from: string | undefined;
  to: string | undefined;
  stations: string[];
  paths: string[];
}

/**
 * The CLI's shared parser keeps only the options every command has, so this one reads its own from
 * the whole argument list: the command's name is the first positional.
 */
function parseOptions(argv: readonly string[]): Options {
  const parse = () =>
    parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        from: { type: 'string' },
        to: { type: 'string' },
        stations: { type: 'string', multiple: true },
      },
    });
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (err) {
    throw new CliError(`${err instanceof Error ? err.message : String(err)}\n${IMPORT_USAGE}`);
  }
  const positionals = [...parsed.positionals];
  const at = positionals.indexOf('import');
  if (at !== -1) positionals.splice(at, 1);
  return {
    json: parsed.values.json === true,
    from: parsed.values.from,
    to: parsed.values.to,
    stations: parsed.values.stations ?? [],
    paths: positionals,
  };
}

/** npm runs scripts from the package root; INIT_CWD is where the user typed the command. */
function resolveInput(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

function errorCode(err: unknown): string {
  return err instanceof Error && 'code' in err ? String(err.code) : err instanceof Error ? err.message : String(err);
}

/** Every data file under a directory, by relative path in code-unit order (`…T07` before `…T08`). */
async function walk(dir: string, shown: string): Promise<{ file: string; shown: string }[]> {
  const out: { file: string; shown: string }[] = [];
  const visit = async (abs: string, rel: string) => {
    const entries = await readdir(abs, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const childAbs = path.join(abs, entry.name);
      const childRel = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) await visit(childAbs, childRel);
      else if (entry.isFile() && DATA_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) {
        out.push({ file: childAbs, shown: path.join(shown, childRel) });
      }
    }
  };
  await visit(dir, '');
  return out.sort((a, b) => (a.shown < b.shown ? -1 : a.shown > b.shown ? 1 : 0));
}

/** The form a file's header names, read as the importer reads it (a header it cannot read throws). */
async function headForm(file: string): Promise<FileForm> {
  const handle = await open(file, 'r');
  try {
    const buffer = new Uint8Array(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    // Not fatal: the head may end inside a character, far past the header.
    return detectForm(new TextDecoder('utf-8').decode(buffer.subarray(0, bytesRead)));
  } finally {
    await handle.close();
  }
}

interface Planned {
  file: string;
  shown: string;
}

async function importPaths(importer: Importer, paths: readonly string[], stationFiles: readonly string[]) {
  const data: Planned[] = [];
  const lists: Planned[] = stationFiles.map((f) => ({ file: resolveInput(f), shown: f }));
  const seen = new Set(lists.map((l) => l.file));
  const chinaSitesDirs = new Set<string>();
  for (const arg of paths) {
    const abs = resolveInput(arg);
    let found: Planned[];
    try {
      found = (await stat(abs)).isDirectory() ? await walk(abs, arg) : [{ file: abs, shown: arg }];
    } catch (err) {
      importer.fail(arg, `无法读取 / cannot read: ${errorCode(err)}`);
      continue;
    }
    for (const planned of found) {
      if (seen.has(planned.file)) continue;
      seen.add(planned.file);
      let kind: FileForm | null = null;
      try {
        kind = await headForm(planned.file);
      } catch {
        // Unreadable, or a header that is not CSV: the import below reports why.
      }
      if (kind === 'station-list') lists.push(planned);
      else data.push(planned);
      if (kind === 'china-sites') chinaSitesDirs.add(path.dirname(planned.file));
    }
  }
  // china_sites files name their stations only by code: their station list usually sits beside them.
  for (const dir of chinaSitesDirs) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => BESIDE_STATION_LIST.test(n)).sort();
    for (const name of names) {
      const file = path.join(dir, name);
      if (seen.has(file)) continue;
      seen.add(file);
      lists.push({ file, shown: path.relative(process.env.INIT_CWD ?? process.cwd(), file) || file });
    }
  }
  for (const list of lists) {
    const bytes = await readFile(list.file).catch((err: unknown) => {
      importer.fail(list.shown, `无法读取 / cannot read: ${errorCode(err)}`);
      return null;
    });
    if (bytes !== null) await importer.importFile({ name: list.shown, bytes }, 'station-list');
  }
  for (const planned of data) {
    // One file at a time: a year of daily files does not have to fit in memory.
    const bytes = await readFile(planned.file).catch((err: unknown) => {
      importer.fail(planned.shown, `无法读取 / cannot read: ${errorCode(err)}`);
      return null;
    });
    if (bytes !== null) await importer.importFile({ name: planned.shown, bytes });
  }
}

interface Range {
  from: CalendarDate;
  to: CalendarDate;
  template: string;
  stationsUrl: string | undefined;
  /** IMPORT_DOWNLOAD_MAX_MB and IMPORT_DOWNLOAD_TIMEOUT_SECONDS. */
  limits: { maxBytes: number; timeoutMs: number };
}

async function importRange(importer: Importer, range: Range, stationFiles: readonly string[]) {
  await importPaths(importer, [], stationFiles);
  if (range.stationsUrl !== undefined) {
    const url = range.stationsUrl;
    try {
      const got = await download(url, range.limits);
      if (got.status === 'missing') importer.skipMissing(url, `HTTP ${got.httpStatus}`);
      else await importer.importFile({ name: url, bytes: got.bytes }, 'station-list');
    } catch (err) {
      if (!(err instanceof DownloadError)) throw err;
      importer.fail(url, err.message);
    }
  }
  for (const day of datesBetween(range.from, range.to)) {
    const url = archiveUrl(range.template, day);
    try {
      const got = await download(url, range.limits);
      if (got.status === 'missing') {
        importer.skipMissing(url, `${formatDate(day)}: 存档中没有这一天 / not in the archive (HTTP ${got.httpStatus})`);
      } else {
        await importer.importFile({ name: url, bytes: got.bytes });
      }
    } catch (err) {
      if (!(err instanceof DownloadError)) throw err;
      importer.fail(url, err.message);
    }
  }
}

function human(s: ImportSummary): string {
  const lines = [
    `导入 / import: 文件 ${s.files} 个（失败 ${s.failed.length}，缺失 ${s.missing.length}），读取 ${s.rows} 行（重复 ${s.duplicates}），拒绝 ${s.rejected.count} 行`,
    `  写入 / written: 新增 ${s.inserted}，更新 ${s.updated}，未变 ${s.unchanged}；${s.hours} 个小时；站点 已有 ${s.stations.known}，新建 ${s.stations.created}`,
    `  QC: 检查 ${s.qc.checked} 行，不一致 ${s.qc.mismatches}（AQI ${s.qc.aqi}，首要污染物 ${s.qc.primary}）`,
    `  城市数据 / city rows: 小时 ${s.cityRows.hours}，日 ${s.cityRows.days}，月 ${s.cityRows.months}，年 ${s.cityRows.years}；用时 ${s.seconds} s`,
  ];
  for (const f of s.failed) lines.push(`  失败 / failed: ${f.file}: ${f.reason}`);
  for (const m of s.missing) lines.push(`  缺失 / missing: ${m.file}: ${m.reason}`);
  for (const r of s.rejected.first.slice(0, SHOWN_HUMAN))
    lines.push(`  拒绝 / rejected: ${r.file} ${r.where}: ${r.reason}`);
  if (s.rejected.count > SHOWN_HUMAN) lines.push(`  … 另有 ${s.rejected.count - SHOWN_HUMAN} 行 (--json 列出前 50 行)`);
  for (const q of s.qc.byStation.slice(0, 5)) {
    lines.push(`  QC ${q.station}: ${q.count} 处，如 ${q.first[0]?.timepoint ?? ''} ${q.first[0]?.field ?? ''}`);
  }
  return lines.join('\n');
}

export async function importCommand(config: Config, out: Output, argv: readonly string[]): Promise<number> {
  const options = parseOptions(argv);
  const fetching = options.from !== undefined || options.to !== undefined;
  let range: Range | undefined;
  if (fetching) {
    const from = options.from === undefined ? null : parseDate(options.from);
    const to = options.to === undefined ? null : parseDate(options.to);
    if (from === null || to === null || options.paths.length > 0) {
      throw new CliError(
        `--from 与 --to 都应为 YYYY-MM-DD，且不带 PATH / both --from and --to as YYYY-MM-DD, no PATH\n${IMPORT_USAGE}`,
      );
    }
    if (datesBetween(from, to).length === 0) {
      throw new CliError(`--from ${options.from} 晚于 --to ${options.to} / --from is after --to`);
    }
    // Checked before the database is touched: nothing can be done without it.
    const settings = settingsOf(ingest, config);
    if (settings.archiveUrl === undefined) {
      throw new CliError(
        '未配置下载地址 / no archive configured: 请设置 IMPORT_ARCHIVE_URL，例如 / set IMPORT_ARCHIVE_URL, e.g. https://example.org/data/china_sites_{yyyymmdd}.csv',
      );
    }
    range = {
      from,
      to,
      template: settings.archiveUrl,
      stationsUrl: settings.stationsUrl,
      limits: { maxBytes: settings.downloadMaxBytes, timeoutMs: settings.downloadTimeoutMs },
    };
  } else if (options.paths.length === 0) {
    throw new CliError(IMPORT_USAGE);
  }

  const database = openAppDatabase(config.database);
  let summary: ImportSummary;
  try {
    await migrateAppDatabase(database);
    const importer = new Importer(database);
    if (range !== undefined) await importRange(importer, range, options.stations);
    else await importPaths(importer, options.paths, options.stations);
    await importer.finish();
    summary = importer.summary();
  } finally {
    await database.close();
  }
  const imported = summary.inserted + summary.updated + summary.unchanged;
  const ok = summary.failed.length === 0 && imported > 0;
  out.result({ command: 'import', ok, ...summary }, human(summary));
  if (summary.hours > 0) await announceNewHours(config);
  // The summary is the command's one output even when it failed, hence an exit code, not a throw.
  return ok ? 0 : 1;
}

/**
 * Tells running servers to rebuild their current-hour snapshot. Across processes this needs Redis
 * (REDIS_URL); without it a server notices the new hour by its once-a-minute check.
 */
async function announceNewHours(config: Config): Promise<void> {
  if (config.redisUrl === undefined) return;
  const state = openSharedState(config.redisUrl, config.redisTimeouts);
  try {
    await notifyHourIngested(state, systemClock());
  } finally {
    await state.close();
  }
}
