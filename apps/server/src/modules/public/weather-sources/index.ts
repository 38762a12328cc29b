import { systemClock } from '../../../platform/clock';
import { defineModule, type ModuleContext } from '../../../platform/module';
import { PeriodicJobs } from '../../../platform/periodic';
import { demo as demoData } from '../../data/demo';
import { weather } from '../../data/weather';
import { FramesRepository } from './frames.repository';
import { pollInbox } from './inbox';
import { pollLiveSources } from './live-feeds';
import * as m0040 from './migrations/0040_weather_sources';
import { ObservationsRepository } from './observations.repository';
import { RadarDemo } from './radar-demo.service';
import { SourceImports } from './source-imports.service';
import { trafficImageRoutes } from './traffic-images.routes';
import { TrafficImages } from './traffic-images.service';
import { TyphoonsRepository } from './typhoons.repository';
import { WarningsRepository } from './warnings.repository';
import { weatherSourceRoutes } from './weather-sources.routes';
import { WeatherSources } from './weather-sources.service';
import { readWeatherSourcesSettings, type WeatherSourcesSettings } from './weather-sources.settings';
import type { WeatherSourcesTables } from './weather-sources.tables';

export { FRAME_KINDS, type FrameKind, type SourceImports } from './source-imports.service';
export { readWeatherSourcesSettings, type WeatherSourcesSettings } from './weather-sources.settings';
export type { WeatherSourcesTables } from './weather-sources.tables';

/** Frames are 6 minutes apart; looking every minute puts each one up within a minute of its time. */
const DEMO_TICK_MS = 60_000;

/**
 * The surface weather and remote-sensing sources (docs/WEATHER-SOURCES.md): typhoon best tracks
 * (CMA), early warnings (CAP 1.2), airport observations (METAR) and radar/satellite/nowcast frames,
 * each with an all-or-nothing importer (`lantian sources …`), city traffic images (imported or fetched only), live fetching from a configured URL
 * template, and the public calls that read them.
 */
export const weatherSources = defineModule({
  name: 'weather-sources',
  tags: [{ name: 'weather-sources', description: '台风、预警、气象站实况与雷达卫星图像' }],
  migrations: { '0040_weather_sources': m0040 },
  settings: readWeatherSourcesSettings,
  create(context: ModuleContext<WeatherSourcesTables, WeatherSourcesSettings>) {
    const { database, settings, log } = context;
    const typhoons = new TyphoonsRepository(database);
    const warnings = new WarningsRepository(database);
    const observations = new ObservationsRepository(database);
    const frames = new FramesRepository(database);
    const wallClock = () => Math.floor(systemClock());
    const imports = new SourceImports(typhoons, warnings, observations, frames, wallClock);
    const reads = new WeatherSources(typhoons, warnings, observations, frames, () => context.now());
    const traffic = new TrafficImages(frames, settings.trafficCities, settings.fetchMinutes, () => context.now());
    const demo = new RadarDemo(context.use(weather).repository, frames, imports, settings.demoFrames);
    const jobs = new PeriodicJobs(log);
    const live =
      settings.typhoonUrl ||
      settings.warningUrl ||
      settings.metarUrl ||
      settings.radarUrl ||
      settings.satelliteUrl ||
      (settings.trafficUrl && settings.trafficCities.length > 0);
    return {
      api: { imports, demo },
      async routes(app) {
        weatherSourceRoutes(reads)(app);
        trafficImageRoutes(traffic)(app);
      },
      async start() {
        if (settings.demo === 'on') {
          const tick = () => demo.tick(Math.floor(context.now()));
          // The first loop is drawn once the demo seed has written the weather it is drawn from.
          void context
            .use(demoData)
            .ready()
            .then(tick)
            .catch((err: unknown) => log.error({ err }, '【演示】 radar frames not drawn'));
          jobs.every(DEMO_TICK_MS, '【演示】 radar frames not drawn', tick);
        } else {
          const removed = await frames.deleteOlder('demo', Number.MAX_SAFE_INTEGER);
          if (removed > 0) log.info({ removed }, 'demo data off: removed demo radar frames');
        }
        const inbox = settings.inbox;
        if (inbox) {
          const look = async () => {
            const report = await pollInbox(inbox, imports, wallClock());
            if (report.imported.length + report.failed.length > 0)
              log.info({ report }, 'weather-source inbox imported');
          };
          look().catch((err: unknown) => log.error({ err }, 'weather-source inbox failed'));
          jobs.every(settings.inboxSeconds * 1000, 'weather-source inbox failed', look);
        }
        if (live) {
          const poll = async () => {
            const now = wallClock();
            log.info({ report: await pollLiveSources(settings, imports, now) }, 'weather sources polled');
            // Traffic images arrive every few minutes per city: only the last days are kept.
            await frames.deleteKindOlder('traffic', now - settings.trafficKeepDays * 86_400);
          };
          jobs.every(settings.fetchMinutes * 60_000, 'weather sources poll failed', poll);
        }
      },
      async close() {
        jobs.stop();
      },
    };
  },
});
