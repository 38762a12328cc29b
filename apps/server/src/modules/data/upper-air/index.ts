import { defineModule, type ModuleContext } from '../../../platform/module';
import { PeriodicJobs } from '../../../platform/periodic';
import { demoSoundings, demoWindFiles } from './demo-upper-air';
import { fetchSoundings, fetchWind } from './fetcher';
import { writeIgra } from './igra';
import * as m0045 from './migrations/0045_upper_air';
import { SoundingService } from './soundings.service';
import { UpperAirRepository } from './upper-air.repository';
import { readUpperAirSettings, type UpperAirSettings } from './upper-air.settings';
import type { UpperAirTables } from './upper-air.tables';
import { WindService } from './wind.service';

export { cfFile, DEMO_LABEL, demoSoundings, demoWindFiles, GRID as DEMO_GRID } from './demo-upper-air';
export { unpackText } from './fetcher';
export { IgraFileError, readIgra, writeIgra } from './igra';
export { NetcdfWindError, readNetcdfWind } from './netcdf-wind';
export { writeNetcdf } from './netcdf-writer';
export { SoundingService } from './soundings.service';
export type { UpperAirSettings } from './upper-air.settings';
export type { UpperAirTables } from './upper-air.tables';
export { levelOfHeight, TRAJECTORY_METHOD, type TrajectoryRequest, type WindLevel, WindService } from './wind.service';

const HOUR = 3600;
/** Hours of demo forecast kept ahead of now, and behind it (back trajectories start in the past). */
const DEMO_AHEAD = 48;
const DEMO_BEHIND = 72;

export interface UpperAirApi {
  soundings: SoundingService;
  wind: WindService;
  /** Writes the demo's grids and ascents around `now` (what the running server does each hour). */
  refreshDemo(now: number): Promise<void>;
}

/**
 * Upper air: radiosonde soundings (IGRA v2) and the forecast's gridded wind (CF NetCDF), their
 * importers, live fetching from URL templates, and with DEMO_DATA=on the 【演示】 grids and ascents
 * generated from the demo weather model — written as real files and read back by the importers.
 */
export const upperAir = defineModule({
  name: 'upper-air',
  migrations: { '0045_upper_air': m0045 },
  settings: readUpperAirSettings,
  create(context: ModuleContext<UpperAirTables, UpperAirSettings>) {
    const { settings, log } = context;
    const repository = new UpperAirRepository(context.database);
    const soundings = new SoundingService(repository, context.now);
    const wind = new WindService(repository, context.now, settings.variables);
    const demoOn = settings.demo;

    const refreshDemo = async (now: number) => {
      const hour = Math.floor(now / HOUR) * HOUR;
      const latest = await wind.latestGridTime();
      // A new demo forecast every 6 hours (a model's cycle), covering the span the calls read.
      if (latest === null || latest < hour + (DEMO_AHEAD - 6) * HOUR) {
        const start = hour - DEMO_BEHIND * HOUR;
        // The run starts now; the hours behind it stand for the analyses of earlier runs.
        for (const { level, file } of demoWindFiles(start, DEMO_BEHIND + DEMO_AHEAD + 1, hour)) {
          await wind.importNetcdf(file, `demo:${level}`);
        }
      }
      const ascents = demoSoundings(hour - 3 * 86_400, hour);
      if (ascents.length > 0) await soundings.importIgra(writeIgra(ascents), 'demo', 'demo');
    };

    const jobs = new PeriodicJobs(log);
    const api: UpperAirApi = { soundings, wind, refreshDemo };
    return {
      api,
      async start() {
        await soundings.ensureReferenceStations();
        if (!demoOn) await repository.deleteDemo();
        const prune = async () => {
          const cutoff = context.now() - settings.keepDays * 86_400;
          await repository.deleteGridsBefore(cutoff);
          await repository.deleteSoundingsBefore(cutoff);
        };
        if (demoOn) {
          // In the background: the server listens meanwhile and the calls say "no data yet".
          refreshDemo(context.now()).catch((err: unknown) => log.error({ err }, 'demo upper air not written'));
          jobs.every(HOUR * 1000, 'demo upper air not written', () => refreshDemo(context.now()));
        }
        const fetchAll = () => fetchSoundings(settings, soundings, context.now(), log);
        const fetchGrids = () => fetchWind(settings, wind, context.now(), log);
        if (settings.igraUrl) {
          fetchAll().catch((err: unknown) => log.error({ err }, 'sounding fetch failed'));
          jobs.every(settings.igraEveryHours * HOUR * 1000, 'sounding fetch failed', fetchAll);
        }
        if (settings.windUrl) {
          fetchGrids().catch((err: unknown) => log.error({ err }, 'wind fetch failed'));
          jobs.every(settings.windEveryHours * HOUR * 1000, 'wind fetch failed', fetchGrids);
        }
        jobs.every(6 * HOUR * 1000, 'upper air prune failed', prune);
      },
      async close() {
        jobs.stop();
      },
    };
  },
});
