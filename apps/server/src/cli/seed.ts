import { parseArgs } from 'node:util';
import { listCities } from '@lantian/areas';
import { type Config, describeDatabase } from '../config';
import { migrateAppDatabase, openAppDatabase } from '../database';
import { demo, seedDemoData, sqliteFile } from '../modules/data/demo';
import { StationsRepository } from '../modules/data/stations';
import { systemClock } from '../platform/clock';
import { settingsOf } from '../platform/module';
import { CliError, type Output } from './output';

/**
 * `npm run -s lantian -- seed [--days N] [--replace] [--cities CODE,…] [--json]`: generates the demo
 * data into the configured database (migrating it first), as a fresh server does on an empty one.
 * Where demo data already exists it refuses, unless --replace (which deletes it first); imported
 * data is never touched.
 */

export const SEED_USAGE = '用法 / usage: npm run -s lantian -- seed [--days N] [--replace] [--cities CODE,…] [--json]';

interface SeedArgs {
  days: number;
  replace: boolean;
  cities: string[] | undefined;
}

/** Reads the command's options from the whole argument list (the shared parser keeps no values). */
export function parseSeedArgs(argv: readonly string[], defaultDays: number): SeedArgs {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    throw new CliError(`${err instanceof Error ? err.message : String(err)}\n${SEED_USAGE}`);
  }
  const extra = parsed.positionals.filter((p) => p !== 'seed');
  if (extra.length > 0) throw new CliError(`多余的参数 / unexpected argument: ${extra.join(' ')}\n${SEED_USAGE}`);
  const { days, replace, cities } = parsed.values;
  let dayCount = defaultDays;
  if (days !== undefined) {
    if (!/^\d+$/.test(days) || Number(days) < 1 || Number(days) > 400) {
      throw new CliError(`--days 必须是 1–400 之间的整数 / --days must be an integer from 1 to 400: ${days}`);
    }
    dayCount = Number(days);
  }
  let codes: string[] | undefined;
  if (cities !== undefined) {
    const known = new Set(listCities().map((c) => c.code));
    codes = cities
      .split(',')
      .map((c) => c.trim())
      .filter((c) => c !== '');
    const unknown = codes.filter((c) => !known.has(c));
    if (codes.length === 0 || unknown.length > 0) {
      throw new CliError(
        `--cities 应为城市代码，如 110000,310000 / unknown city codes: ${unknown.join(',') || cities}`,
      );
    }
  }
  return { days: dayCount, replace: replace === true, cities: codes };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean' },
      replace: { type: 'boolean' },
      days: { type: 'string' },
      cities: { type: 'string' },
    },
  });
}

export async function seedCommand(config: Config, out: Output, argv: readonly string[]): Promise<void> {
  const args = parseSeedArgs(argv, settingsOf(demo, config).historyDays);
  const database = openAppDatabase(config.database);
  try {
    await migrateAppDatabase(database);
    const existing = await new StationsRepository(database).count('demo');
    if (existing > 0 && !args.replace) {
      throw new CliError(
        `数据库中已有演示数据（${existing} 个演示站点）；如需重新生成，请加 --replace / demo data already exists (${existing} demo stations): add --replace to regenerate it`,
      );
    }
    const sqlitePath = sqliteFile(config.database);
    const report = await seedDemoData(database, {
      days: args.days,
      now: systemClock(),
      ...(args.cities === undefined ? {} : { cities: args.cities }),
      ...(sqlitePath === undefined ? {} : { sqlitePath }),
    });
    out.result(
      {
        command: 'seed',
        dialect: database.dialect,
        database: describeDatabase(config.database),
        days: args.days,
        replaced: existing > 0,
        ...report,
      },
      `已生成演示数据：${report.cities} 个城市、${report.stations} 个站点、${report.stationHours} 条站点小时数据，用时 ${report.seconds} 秒 / demo data seeded (${args.days} days) into ${describeDatabase(config.database)}`,
    );
  } finally {
    await database.close();
  }
}
