import type { AirTables } from '../air';
import type { StationsTables } from '../stations';
import type { SystemTables } from '../system';
import type { WeatherTables } from '../weather';

/**
 * The tables the demo writes: the stations, their air and weather, and its seed state (app_meta).
 * The seed bulk-writes the hour tables directly (writer.ts: a worker thread on SQLite, multi-row
 * inserts on PostgreSQL — ten times the owners' upserts); everything else goes through the owning
 * modules' repositories.
 */
export type DemoTables = StationsTables & AirTables & WeatherTables & SystemTables;
