import { type Config, describeDatabase } from '../config';
import { migrateAppDatabase, openAppDatabase } from '../database';
import type { Output } from './output';

export async function migrateCommand(config: Config, out: Output): Promise<void> {
  const database = openAppDatabase(config.database);
  try {
    const report = await migrateAppDatabase(database);
    out.result(
      {
        command: 'migrate',
        dialect: database.dialect,
        database: describeDatabase(config.database),
        applied: report.applied,
        total: report.total,
      },
      report.applied.length === 0
        ? `数据库已是最新（${report.total} 个迁移）: ${describeDatabase(config.database)}`
        : `已应用 ${report.applied.length} 个迁移: ${report.applied.join(', ')}`,
    );
  } finally {
    await database.close();
  }
}
