import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';

/**
 * Stations, hourly station and city air quality, daily/monthly/yearly city aggregates, city weather
 * and forecasts. Portable across SQLite and PostgreSQL:
 * - times are epoch seconds (UTC) in BIGINT; an hourly row's `time` is the END of its hour (CNEMC:
 *   the value at 16:00 is the mean of 15:00–16:00); a daily row's `day` is 00:00 China time;
 * - flags are SMALLINT 0/1 (SQLite has no boolean, and better-sqlite3 cannot bind JS booleans);
 * - concentrations are DOUBLE PRECISION (μg/m³, CO mg/m³), missing is NULL, never 0.
 * Why each index exists is written in the repositories that query through it.
 */

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
type Db = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: see Db
type Table = CreateTableBuilder<any, any>;

const num = 'double precision';
const nullable = (col: ColumnDefinitionBuilder) => col;

/** The pollutant columns of an hourly row, each with its 24-hour mean. */
function hourlyPollutants(t: Table): Table {
  return (
    t
      .addColumn('pm2_5', num, nullable)
      .addColumn('pm2_5_24h', num, nullable)
      .addColumn('pm10', num, nullable)
      .addColumn('pm10_24h', num, nullable)
      .addColumn('so2', num, nullable)
      .addColumn('so2_24h', num, nullable)
      .addColumn('no2', num, nullable)
      .addColumn('no2_24h', num, nullable)
      .addColumn('co', num, nullable)
      .addColumn('co_24h', num, nullable)
      // O3 comes in four: the current hour, the highest hour of the last 24 h, the current 8-hour
      // moving mean and its highest value of the day so far (GUIDE.md §6).
      .addColumn('o3', num, nullable)
      .addColumn('o3_1h_max', num, nullable)
      .addColumn('o3_8h', num, nullable)
      .addColumn('o3_8h_max', num, nullable)
  );
}

function airIndex(t: Table): Table {
  return t
    .addColumn('aqi', 'integer')
    .addColumn('level', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('primary_pollutant', 'varchar(64)');
}

function provenance(t: Table): Table {
  return t.addColumn('source', 'varchar(16)', (c) => c.notNull()).addColumn('updated_at', 'bigint', (c) => c.notNull());
}

/** Aggregates over a month or a year, as HJ 663-2013 evaluates a period. */
function periodAggregates(t: Table): Table {
  return t
    .addColumn('pm2_5', num)
    .addColumn('pm10', num)
    .addColumn('so2', num)
    .addColumn('no2', num)
    .addColumn('co_p95', num)
    .addColumn('o3_8h_p90', num)
    .addColumn('composite_index', num)
    .addColumn('aqi_mean', num)
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('good_days', 'integer', (c) => c.notNull())
    .addColumn('level1_days', 'integer', (c) => c.notNull())
    .addColumn('level2_days', 'integer', (c) => c.notNull())
    .addColumn('level3_days', 'integer', (c) => c.notNull())
    .addColumn('level4_days', 'integer', (c) => c.notNull())
    .addColumn('level5_days', 'integer', (c) => c.notNull())
    .addColumn('level6_days', 'integer', (c) => c.notNull());
}

function weatherValues(t: Table): Table {
  return t
    .addColumn('temperature', num)
    .addColumn('humidity', num)
    .addColumn('pressure', num)
    .addColumn('wind_speed', num)
    .addColumn('wind_direction', num)
    .addColumn('precipitation', num)
    .addColumn('radiation', num)
    .addColumn('weather_code', 'varchar(8)')
    .addColumn('weather_text', 'varchar(32)');
}

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('stations')
    .addColumn('code', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('city_code', 'char(6)', (c) => c.notNull())
    .addColumn('county_code', 'char(6)')
    .addColumn('longitude', num)
    .addColumn('latitude', num)
    .addColumn('is_reference', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stations_city').on('stations').columns(['city_code', 'code']).execute();

  await provenance(
    hourlyPollutants(
      airIndex(
        db.schema
          .createTable('station_hourly')
          .addColumn('station_code', 'varchar(24)', (c) => c.notNull())
          .addColumn('time', 'bigint', (c) => c.notNull()),
      ),
    )
      .addColumn('qc_flags', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('revised', 'smallint', (c) => c.notNull().defaultTo(0)),
  )
    .addPrimaryKeyConstraint('station_hourly_pk', ['station_code', 'time'])
    .execute();
  await db.schema.createIndex('station_hourly_time').on('station_hourly').columns(['time', 'station_code']).execute();

  await provenance(
    hourlyPollutants(
      airIndex(
        db.schema
          .createTable('city_hourly')
          .addColumn('city_code', 'char(6)', (c) => c.notNull())
          .addColumn('time', 'bigint', (c) => c.notNull()),
      ),
    ).addColumn('station_count', 'integer', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('city_hourly_pk', ['city_code', 'time'])
    .execute();
  await db.schema.createIndex('city_hourly_time').on('city_hourly').columns(['time', 'city_code']).execute();

  await provenance(
    airIndex(
      db.schema
        .createTable('city_daily')
        .addColumn('city_code', 'char(6)', (c) => c.notNull())
        .addColumn('day', 'bigint', (c) => c.notNull()),
    )
      .addColumn('pm2_5', num)
      .addColumn('pm10', num)
      .addColumn('so2', num)
      .addColumn('no2', num)
      .addColumn('co', num)
      .addColumn('o3_1h_max', num)
      .addColumn('o3_8h', num)
      .addColumn('valid_hours', 'integer', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('city_daily_pk', ['city_code', 'day'])
    .execute();
  await db.schema.createIndex('city_daily_day').on('city_daily').columns(['day', 'city_code']).execute();

  for (const [table, key] of [
    ['city_monthly', 'month'],
    ['city_yearly', 'year'],
  ] as const) {
    await provenance(
      periodAggregates(
        db.schema
          .createTable(table)
          .addColumn('city_code', 'char(6)', (c) => c.notNull())
          .addColumn(key, 'integer', (c) => c.notNull()),
      ),
    )
      .addPrimaryKeyConstraint(`${table}_pk`, ['city_code', key])
      .execute();
    await db.schema.createIndex(`${table}_${key}`).on(table).columns([key, 'city_code']).execute();
  }

  await provenance(
    weatherValues(
      db.schema
        .createTable('weather_hourly')
        .addColumn('city_code', 'char(6)', (c) => c.notNull())
        .addColumn('time', 'bigint', (c) => c.notNull()),
    ),
  )
    .addPrimaryKeyConstraint('weather_hourly_pk', ['city_code', 'time'])
    .execute();
  await db.schema.createIndex('weather_hourly_time').on('weather_hourly').columns(['time', 'city_code']).execute();

  await provenance(
    weatherValues(
      db.schema
        .createTable('weather_forecast_hourly')
        .addColumn('city_code', 'char(6)', (c) => c.notNull())
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addColumn('issued_at', 'bigint', (c) => c.notNull()),
    ).addColumn('precipitation_probability', num),
  )
    .addPrimaryKeyConstraint('weather_forecast_hourly_pk', ['city_code', 'time'])
    .execute();

  await provenance(
    db.schema
      .createTable('weather_forecast_daily')
      .addColumn('city_code', 'char(6)', (c) => c.notNull())
      .addColumn('day', 'bigint', (c) => c.notNull())
      .addColumn('issued_at', 'bigint', (c) => c.notNull())
      .addColumn('temp_max', num)
      .addColumn('temp_min', num)
      .addColumn('code_day', 'varchar(8)')
      .addColumn('text_day', 'varchar(32)')
      .addColumn('code_night', 'varchar(8)')
      .addColumn('text_night', 'varchar(32)')
      .addColumn('wind_direction', num)
      .addColumn('wind_speed', num)
      .addColumn('humidity', num)
      .addColumn('precipitation', num),
  )
    .addPrimaryKeyConstraint('weather_forecast_daily_pk', ['city_code', 'day'])
    .execute();

  await provenance(
    db.schema
      .createTable('aq_forecast')
      .addColumn('city_code', 'char(6)', (c) => c.notNull())
      .addColumn('day', 'bigint', (c) => c.notNull())
      .addColumn('issued_at', 'bigint', (c) => c.notNull())
      .addColumn('aqi_min', 'integer')
      .addColumn('aqi_max', 'integer')
      .addColumn('level_min', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('level_max', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('primary_pollutant', 'varchar(64)')
      .addColumn('text', 'text'),
  )
    .addPrimaryKeyConstraint('aq_forecast_pk', ['city_code', 'day'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'aq_forecast',
    'weather_forecast_daily',
    'weather_forecast_hourly',
    'weather_hourly',
    'city_yearly',
    'city_monthly',
    'city_daily',
    'city_hourly',
    'station_hourly',
    'stations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
