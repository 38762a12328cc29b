import { sql } from 'kysely';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createTestApp } from '../testing/app';
import { freshDatabases } from '../testing/databases';
import { type AppTables, MIGRATIONS, MODULES } from './registry';

/** Every table the modules declare, as the migrations must create them. */
const TABLES = [
  'app_meta',
  'stations',
  'station_hourly',
  'city_hourly',
  'city_daily',
  'city_monthly',
  'city_yearly',
  'city_day_pending',
  'aq_forecast',
  'weather_hourly',
  'weather_forecast_hourly',
  'weather_forecast_daily',
  'short_urls',
  'typhoons',
  'typhoon_points',
  'weather_warnings',
  'metar_observations',
  'image_frames',
  'users',
  'user_sessions',
  'user_configs',
  'user_visits',
  'audit_log',
  'orgs',
  'operators',
  'roles',
  'role_permissions',
  'operator_roles',
  'operator_sessions',
  'open_apps',
  'open_app_tokens',
  'dict_types',
  'dict_items',
  'operator_shortcuts',
  'device_sites',
  'devices',
  'device_status',
  'telemetry_minute',
  'telemetry_hour',
  'telemetry_day',
  'telemetry_latest',
  'device_operations',
  'hj212_packets',
  'gateway_unregistered',
  'notices',
  'notice_reads',
  'alarm_rules',
  'alarms',
  'alarm_events',
  'grids',
  'grid_members',
  'tasks',
  'approvals',
  'events',
  'event_logs',
  'event_attachments',
  'patrols',
  'patrol_points',
  'complaints',
  'lidar_scans',
  'lidar_profiles',
  'lidar_hotspots',
  'lidar_hotspot_photos',
  'lidar_polluters',
  'lidar_auto_records',
  'lidar_auto_points',
  'vis_roads',
  'vis_police_units',
  'vis_warnings',
  'report_templates',
  'report_records',
  'report_images',
  'report_schedules',
  'configs',
  'config_resources',
  'config_template_types',
  'config_templates',
  'cms_categories',
  'cms_tags',
  'cms_images',
  'cms_articles',
  'cms_article_tags',
  'cms_up_votes',
  'cms_albums',
  'cms_pictures',
  'cms_banners',
  'sounding_stations',
  'soundings',
  'wind_grids',
  'enterprises',
  'ele_enterprises',
  'ele_sites',
  'ele_links',
  'ele_orders',
  'ele_problems',
  'ele_problem_steps',
  'ele_operations',
  'video_cameras',
  'video_channels',
  // fire (issue 20)
  'fire_alarm_outcomes',
] as const;

describe('the module registry', () => {
  it('names every module once', () => {
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('types the database as exactly the tables the modules declare', () => {
    expectTypeOf<keyof AppTables>().toEqualTypeOf<(typeof TABLES)[number]>();
  });

  it('creates those tables, and only those, with the modules’ migrations', async () => {
    const { database } = await freshDatabases('sqlite')();
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
      database.db,
    );
    const names = rows.map((r) => r.name).filter((n) => !n.startsWith('kysely_') && !n.startsWith('sqlite_'));
    expect(names.sort()).toEqual([...TABLES].sort());
    expect(Object.keys(MIGRATIONS)).toEqual([...Object.keys(MIGRATIONS)].sort());
  });

  it('documents every tag a route uses, with a description, and declares no tag that no route uses', async () => {
    const app = await createTestApp();
    try {
      const docs = (await app.server.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
        tags: { name: string; description: string }[];
        paths: Record<string, Record<string, { tags?: string[] }>>;
      };
      const used = new Set(
        Object.values(docs.paths).flatMap((item) => Object.values(item).flatMap((op) => op.tags ?? [])),
      );
      const declared = docs.tags.map((t) => t.name);
      expect(new Set(declared).size).toBe(declared.length);
      expect([...used].sort()).toEqual([...declared].sort());
      expect(docs.tags.every((t) => t.description.length > 0)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('writes an OpenAPI document whose every schema reference resolves (recursive schemas are named components)', async () => {
    const app = await createTestApp();
    try {
      const text = (await app.server.inject({ method: 'GET', url: '/api/docs/json' })).body;
      const components = Object.keys(
        (JSON.parse(text) as { components?: { schemas?: object } }).components?.schemas ?? {},
      );
      const refs = new Set([...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]));
      expect(refs.size).toBeGreaterThan(0);
      expect([...refs].filter((ref) => ref === undefined || !components.includes(ref))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
