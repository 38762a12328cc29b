import { migrationsOf, type TablesOf } from '../platform/module';
import { air } from './data/air';
import { cms } from './data/cms';
import { demo } from './data/demo';
import { ingest } from './data/ingest';
import { maps } from './data/maps';
import { stations } from './data/stations';
import { system } from './data/system';
import { upperAir } from './data/upper-air';
import { weather } from './data/weather';
import { airAnalysis } from './operator/air-analysis';
import { platformAreas } from './operator/areas';
import { audit } from './operator/audit';
import { cmsAdmin } from './operator/cms';
import { complaints } from './operator/complaints';
import { configuration } from './operator/configuration';
import { deviceAlarms } from './operator/device-alarms';
import { devices } from './operator/devices';
import { dictionary } from './operator/dictionary';
import { electricity } from './operator/electricity';
import { events } from './operator/events';
import { fire } from './operator/fire';
import { gateway } from './operator/gateway';
import { grids } from './operator/grids';
import { lidar } from './operator/lidar';
import { monitoring } from './operator/monitoring';
import { notices } from './operator/notices';
import { openApi } from './operator/open-api';
import { operators } from './operator/operators';
import { patrols } from './operator/patrols';
import { portal } from './operator/portal';
import { reports } from './operator/reports';
import { smoke } from './operator/smoke';
import { tasks } from './operator/tasks';
import { operatorUpperAir } from './operator/upper-air';
import { video } from './operator/video';
import { voc } from './operator/voc';
import { water } from './operator/water';
import { accounts } from './public/accounts';
import { alarms } from './public/alarms';
import { cityAir } from './public/city-air';
import { cityAnalysis } from './public/city-analysis';
import { cityWeather } from './public/city-weather';
import { dataAnalysis } from './public/data-analysis';
import { imageAnalysis } from './public/image-analysis';
import { ipLookup } from './public/ip-lookup';
import { news } from './public/news';
import { rankings } from './public/rankings';
import { reference } from './public/reference';
import { shortUrls } from './public/short-urls';
import { sites } from './public/sites';
import { publicUpperAir } from './public/upper-air';
import { weatherSources } from './public/weather-sources';

/**
 * Every module of the application, in the order they are created: a module may use the ones above
 * it. Adding a module is one line here (and its import). The schema type, the migrations, the
 * OpenAPI tags, the settings checked at start-up, the access rules and the routes all come from
 * this list.
 */
export const MODULES = [
  // Shared data: the stores every audience reads, their feeds, the installation's own facts.
  system,
  stations,
  air,
  weather,
  ingest,
  demo,
  maps,
  cms,
  upperAir,
  // The public site's calls (spec §7 "Public data", "Account", "Common").
  accounts,
  reference,
  cityAir,
  rankings,
  sites,
  cityWeather,
  cityAnalysis,
  alarms,
  shortUrls,
  ipLookup,
  dataAnalysis,
  news,
  imageAnalysis,
  weatherSources,
  publicUpperAir,
  // The operator platform (modules/operator/): its foundation first, then the modules standing on it.
  audit,
  operators,
  openApi,
  dictionary,
  portal,
  platformAreas,
  devices,
  gateway,
  notices,
  deviceAlarms,
  monitoring,
  airAnalysis,
  grids,
  tasks,
  events,
  patrols,
  complaints,
  lidar,
  reports,
  configuration,
  cmsAdmin,
  operatorUpperAir,
  smoke,
  electricity,
  video,
  fire,
  water,
  voc,
] as const;

/** The whole database: every module's tables. */
export type AppTables = TablesOf<typeof MODULES>;

/** Every module's migrations, in the order they run. */
export const MIGRATIONS = migrationsOf(MODULES);
