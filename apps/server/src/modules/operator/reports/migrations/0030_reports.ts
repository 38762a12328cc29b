import type { Kysely } from 'kysely';
import { autoId, isPostgres } from '../../../../platform/db/schema';

/** The report centre (issue 21): templates, records, their images, schedules; the report dictionary types. */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const id = autoId(db);
  const blob = isPostgres(db) ? 'bytea' : 'blob';
  await db.schema
    .createTable('report_templates')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'varchar(60)', (col) => col.notNull())
    .addColumn('type', 'varchar(12)', (col) => col.notNull())
    .addColumn('category', 'varchar(30)', (col) => col.notNull())
    .addColumn('content_json', 'text', (col) => col.notNull())
    .addColumn('project_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('created_by', 'varchar(40)')
    .addColumn('created_by_name', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('report_templates_area')
    .on('report_templates')
    .columns(['area_code', 'deleted_at'])
    .execute();
  await db.schema
    .createTable('report_records')
    .addColumn('id', id.type, id.build)
    .addColumn('title', 'varchar(80)', (col) => col.notNull())
    .addColumn('type', 'varchar(12)', (col) => col.notNull())
    .addColumn('template_id', 'integer', (col) => col.notNull())
    .addColumn('template_name', 'varchar(60)', (col) => col.notNull())
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('from_day', 'integer', (col) => col.notNull())
    .addColumn('to_day', 'integer', (col) => col.notNull())
    .addColumn('period_label', 'varchar(40)', (col) => col.notNull())
    .addColumn('content_json', 'text', (col) => col.notNull())
    .addColumn('numbers_json', 'text', (col) => col.notNull())
    .addColumn('substance', 'text', (col) => col.notNull())
    .addColumn('origin', 'varchar(10)', (col) => col.notNull())
    .addColumn('schedule_id', 'integer')
    .addColumn('created_by', 'varchar(40)')
    .addColumn('created_by_name', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('report_records_area').on('report_records').columns(['area_code', 'from_day']).execute();
  await db.schema
    .createIndex('report_records_created')
    .on('report_records')
    .columns(['origin', 'created_at'])
    .execute();
  await db.schema
    .createTable('report_images')
    .addColumn('id', id.type, id.build)
    .addColumn('kind', 'varchar(10)', (col) => col.notNull())
    .addColumn('record_id', 'integer', (col) => col.references('report_records.id').onDelete('cascade'))
    .addColumn('template_id', 'integer')
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('mime', 'varchar(20)', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('sha256', 'varchar(64)', (col) => col.notNull())
    .addColumn('data', blob, (col) => col.notNull())
    .addColumn('created_by', 'varchar(40)')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('report_images_record').on('report_images').column('record_id').execute();
  await db.schema
    .createTable('report_schedules')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'varchar(60)', (col) => col.notNull())
    .addColumn('type', 'varchar(12)', (col) => col.notNull())
    .addColumn('business_type', 'varchar(20)', (col) => col.notNull())
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('settings_json', 'text', (col) => col.notNull())
    .addColumn('template_id', 'integer', (col) => col.notNull())
    .addColumn('enabled', 'smallint', (col) => col.notNull())
    .addColumn('next_run_at', 'bigint')
    .addColumn('last_run_at', 'bigint')
    .addColumn('last_record_id', 'integer')
    .addColumn('last_error', 'varchar(200)')
    .addColumn('created_by', 'varchar(40)')
    .addColumn('created_by_name', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('report_schedules_due')
    .on('report_schedules')
    .columns(['enabled', 'next_run_at'])
    .execute();
  await seedDictionary(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('report_schedules').execute();
  await db.schema.dropTable('report_images').execute();
  await db.schema.dropTable('report_records').execute();
  await db.schema.dropTable('report_templates').execute();
  await db.deleteFrom('dict_items').where('type', 'in', ['report_type', 'report_base_attribute']).execute();
  await db.deleteFrom('dict_types').where('code', 'in', ['report_type', 'report_base_attribute']).execute();
}

/** Spec §9's report dictionary types: what reports are (report_type) and what every report states (report_base_attribute). */
const TYPES = [
  {
    code: 'report_type',
    name: '报告类型',
    description: '报告模板与定时报告的类型（type）：其报告期',
    items: [
      { value: 'day', label: '日报' },
      { value: 'week', label: '周报' },
      { value: 'month', label: '月报' },
      { value: 'episode', label: '重污染过程报告' },
    ],
  },
  {
    code: 'report_base_attribute',
    name: '报告基本属性',
    description: '导出的报告封面所列的属性；label 为显示名，值为其内容，管理员可按本单位修改',
    items: [
      { value: '编制单位', label: '生态环境局' },
      { value: '数据来源', label: '国家空气质量监测网与本平台接入的监测设备' },
      { value: '评价标准', label: 'HJ 633-2012、HJ 663-2013' },
    ],
  },
];

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function seedDictionary(db: Kysely<any>): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  for (const type of TYPES) {
    const exists = await db.selectFrom('dict_types').select('code').where('code', '=', type.code).executeTakeFirst();
    if (exists !== undefined) continue;
    await db
      .insertInto('dict_types')
      .values({
        code: type.code,
        name: type.name,
        description: type.description,
        builtin: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    let sort = 0;
    for (const item of type.items) {
      sort += 10;
      await db
        .insertInto('dict_items')
        .values({
          type: type.code,
          value: item.value,
          label: item.label,
          sort,
          enabled: 1,
          extra_json: '{}',
          builtin: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  }
}
