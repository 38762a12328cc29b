import type { Migration } from 'kysely';
import * as m0001 from './0001_app_meta';
import * as m0002 from './0002_air_and_weather';
import * as m0003 from './0003_short_urls';
import * as m0004 from './0004_accounts';

/**
 * Every migration, in order. Listed statically (not read from the file system) so that the bundled
 * server carries them. Names sort in the order they run; never rename or edit a landed one.
 */
export const migrations: Record<string, Migration> = {
  '0001_app_meta': m0001,
  '0002_air_and_weather': m0002,
  '0003_short_urls': m0003,
  '0004_accounts': m0004,
};
