import type { AccountsTables } from '../../modules/accounts/accounts.tables';
import type { AirTables } from '../../modules/air/air.tables';
import type { ShortUrlsTables } from '../../modules/short-urls/short-urls.tables';
import type { StationsTables } from '../../modules/stations/stations.tables';
import type { SystemTables } from '../../modules/system/system.tables';
import type { WeatherTables } from '../../modules/weather/weather.tables';

/**
 * The whole database as Kysely sees it: the union of the tables each module owns. A module's
 * tables are read and written only by that module's repository.
 */
export type Tables = SystemTables & StationsTables & AirTables & WeatherTables & ShortUrlsTables & AccountsTables;
