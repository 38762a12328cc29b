import type { Kysely } from 'kysely';

/**
 * The data dictionary (see dictionary.tables.ts) and the built-in types later platform modules read:
 * device types, monitoring factors (HJ 212-2017 codes), the grid event catalogue, alarm levels and
 * the government sites of the portal. The rows are written here, in the migration, so that every
 * installation has them from its first start and a later change to the lists is a new migration
 * (administrators may have edited these items since).
 */

interface SeedItem {
  value: string;
  label: string;
  extra?: Record<string, string>;
}

interface SeedType {
  code: string;
  name: string;
  description: string;
  items: SeedItem[];
}

// biome-ignore format: one line per item
const SEED: SeedType[] = [
  {
    code: 'deviceType',
    name: '设备类型',
    description: '平台接入的监测设备类型；platform 为其所属平台（plateformcode）。激光雷达为 L01（与公众接口 getAllDevices 的默认 devicetype 一致）',
    items: [
      { value: 'A01', label: '空气质量微型监测站', extra: { platform: 'air' } },
      { value: 'A02', label: '空气质量自动监测站', extra: { platform: 'air' } },
      { value: 'D01', label: '扬尘在线监测仪', extra: { platform: 'air' } },
      { value: 'L01', label: '颗粒物激光雷达', extra: { platform: 'lidar' } },
      { value: 'N01', label: '噪声监测仪', extra: { platform: 'noise' } },
      { value: 'S01', label: '餐饮油烟在线监测仪', extra: { platform: 'smoke' } },
      { value: 'V01', label: 'VOCs 在线监测仪', extra: { platform: 'voc' } },
      { value: 'C01', label: '视频监控', extra: { platform: 'grid' } },
      { value: 'W01', label: '气象站', extra: { platform: 'air' } },
    ],
  },
  {
    code: 'factor',
    name: '监测因子',
    description: '监测因子编码：有 HJ 212-2017 编码的用其编码（standard=HJ212-2017），其余为行业通用编码（standard=industry）；unit 为上报与显示单位，key 为平台内污染物键',
    items: [
      { value: 'a34004', label: 'PM2.5', extra: { unit: 'μg/m³', standard: 'HJ212-2017', key: 'pm25' } },
      { value: 'a34002', label: 'PM10', extra: { unit: 'μg/m³', standard: 'HJ212-2017', key: 'pm10' } },
      { value: 'a34001', label: 'TSP（总悬浮颗粒物）', extra: { unit: 'μg/m³', standard: 'HJ212-2017', key: 'tsp' } },
      { value: 'a21026', label: 'SO2', extra: { unit: 'μg/m³', standard: 'HJ212-2017', key: 'so2' } },
      { value: 'a21004', label: 'NO2', extra: { unit: 'μg/m³', standard: 'HJ212-2017', key: 'no2' } },
      { value: 'a21005', label: 'CO', extra: { unit: 'mg/m³', standard: 'HJ212-2017', key: 'co' } },
      { value: 'a05024', label: 'O3', extra: { unit: 'μg/m³', standard: 'HJ212-2017', key: 'o3' } },
      { value: 'a01001', label: '温度', extra: { unit: '℃', standard: 'HJ212-2017', key: 'temp' } },
      { value: 'a01002', label: '湿度', extra: { unit: '%', standard: 'HJ212-2017', key: 'hum' } },
      { value: 'a01006', label: '气压', extra: { unit: 'kPa', standard: 'HJ212-2017', key: 'pressure' } },
      { value: 'a01007', label: '风速', extra: { unit: 'm/s', standard: 'HJ212-2017', key: 'windSpeed' } },
      { value: 'a01008', label: '风向', extra: { unit: '°', standard: 'HJ212-2017', key: 'windDirection' } },
      { value: 'LA', label: '噪声（A 声级）', extra: { unit: 'dB(A)', standard: 'HJ212-2017', key: 'noise' } },
      { value: 'LAeq', label: '等效连续 A 声级', extra: { unit: 'dB(A)', standard: 'industry', key: 'laeq' } },
      { value: 'a24088', label: '非甲烷总烃', extra: { unit: 'mg/m³', standard: 'HJ212-2017', key: 'nmhc' } },
      { value: 'TVOC', label: 'TVOC（总挥发性有机物）', extra: { unit: 'mg/m³', standard: 'industry', key: 'tvoc' } },
      { value: 'oilFume', label: '油烟浓度', extra: { unit: 'mg/m³', standard: 'industry', key: 'oilFume' } },
    ],
  },
  {
    code: 'eventCatalog',
    name: '网格事件类别',
    description: '网格巡查与投诉事件的分类（eventClassification）',
    items: [
      { value: 'dust', label: '扬尘' },
      { value: 'openBurning', label: '露天焚烧' },
      { value: 'cateringFume', label: '餐饮油烟' },
      { value: 'industrialGas', label: '工业废气' },
      { value: 'vehicleExhaust', label: '机动车尾气' },
      { value: 'noise', label: '噪声扰民' },
      { value: 'garbage', label: '垃圾堆放' },
      { value: 'looseCoal', label: '散煤燃烧' },
      { value: 'other', label: '其他' },
    ],
  },
  {
    code: 'alarmLevel',
    name: '告警级别',
    description: '告警级别，一级最高；color 为显示颜色（红、橙、黄、蓝四色预警）',
    items: [
      { value: '1', label: '一级（红色）', extra: { color: '#E02020' } },
      { value: '2', label: '二级（橙色）', extra: { color: '#FA8C16' } },
      { value: '3', label: '三级（黄色）', extra: { color: '#FADB14' } },
      { value: '4', label: '四级（蓝色）', extra: { color: '#1677FF' } },
    ],
  },
  {
    code: 'goverSite',
    name: '政府网站',
    description: '门户首页的政府网站链接（getGoverSites）；url 为网址',
    items: [
      { value: 'mee', label: '生态环境部', extra: { url: 'https://www.mee.gov.cn/' } },
      { value: 'cnemc', label: '中国环境监测总站', extra: { url: 'https://www.cnemc.cn/' } },
      { value: 'airRelease', label: '全国空气质量实时发布平台', extra: { url: 'https://air.cnemc.cn:18007/' } },
      { value: 'cma', label: '中国气象局', extra: { url: 'https://www.cma.gov.cn/' } },
      { value: 'nmc', label: '中央气象台', extra: { url: 'https://www.nmc.cn/' } },
      { value: 'permit', label: '全国排污许可证管理信息平台', extra: { url: 'https://permit.mee.gov.cn/' } },
    ],
  },
];

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dict_types')
    .addColumn('code', 'varchar(48)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(32)', (col) => col.notNull())
    .addColumn('description', 'varchar(200)', (col) => col.notNull())
    .addColumn('builtin', 'smallint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('dict_items')
    .addColumn('type', 'varchar(48)', (col) => col.notNull().references('dict_types.code').onDelete('cascade'))
    .addColumn('value', 'varchar(48)', (col) => col.notNull())
    .addColumn('label', 'varchar(48)', (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull())
    .addColumn('enabled', 'smallint', (col) => col.notNull())
    .addColumn('extra_json', 'text', (col) => col.notNull())
    .addColumn('builtin', 'smallint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    // A type's items are read together, in order: the key's prefix serves it.
    .addPrimaryKeyConstraint('dict_items_pk', ['type', 'value'])
    .execute();

  const now = Math.floor(Date.now() / 1000);
  await db
    .insertInto('dict_types')
    .values(
      SEED.map((t) => ({
        code: t.code,
        name: t.name,
        description: t.description,
        builtin: 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await db
    .insertInto('dict_items')
    .values(
      SEED.flatMap((t) =>
        t.items.map((item, i) => ({
          type: t.code,
          value: item.value,
          label: item.label,
          sort: (i + 1) * 10,
          enabled: 1,
          extra_json: JSON.stringify(item.extra ?? {}),
          builtin: 1,
          created_at: now,
          updated_at: now,
        })),
      ),
    )
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dict_items').execute();
  await db.schema.dropTable('dict_types').execute();
}
