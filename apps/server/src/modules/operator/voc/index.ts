import { defineModule, type ModuleContext } from '../../../platform/module';
import { PeriodicJobs } from '../../../platform/periodic';
import { devices } from '../devices';
import { gateway } from '../gateway';
import { DemoVocStations } from './demo-stations';
import * as m0070 from './migrations/0070_voc_factors';
import { vocRoutes } from './voc.routes';
import { VocService } from './voc.service';
import { readVocSettings, type VocSettings } from './voc.settings';

export { DEMO_VOC_STATIONS } from './demo-stations';

/** How often the demo stations look for an ended hour to send. */
const DEMO_TICK_MS = 60_000;

/**
 * VOC and ozone analysis (issue 20, spec §7 `/air/relation/bigdata/*`; docs/VOC.md). It owns no
 * tables: the species are factors of the dictionary (migration 0070), the stations devices of the
 * core, their hourly values the core's telemetry. With DEMO_DATA=on two 【演示】 stations send
 * hourly HJ 212 data to the gateway.
 */
export const voc = defineModule({
  name: 'voc',
  tags: [
    {
      name: 'voc',
      description: '运营平台：VOC 与臭氧分析（物种序列、组成、OFP、L_OH、日变化、特征比值、O3–NOx 敏感性）',
    },
  ],
  migrations: { '0070_voc_factors': m0070 },
  settings: readVocSettings,
  create(context: ModuleContext<object, VocSettings>) {
    const { now, log, settings } = context;
    const core = context.use(devices);
    const hj212 = context.use(gateway);
    const service = new VocService(core, now);
    const jobs = new PeriodicJobs(log);
    let demo: DemoVocStations | null = null;
    return {
      api: { service },
      routes: vocRoutes(service),
      async start() {
        const port = hj212.service.stats().tcp.port;
        if (!settings.demo || port === null) return;
        demo = new DemoVocStations(core.registry, port, log);
        const stations = demo;
        const tick = () => stations.tick(now());
        // Registration and the week of history run behind the start, as the lidar demo does.
        void stations
          .ensureDevices()
          .then(tick)
          .then((sent) => log.info({ packets: sent }, 'demo VOC stations sent their history'))
          .catch((err: unknown) => log.error({ err }, 'the demo VOC stations could not start'));
        jobs.every(DEMO_TICK_MS, 'demo VOC stations tick failed', tick);
      },
      async close() {
        demo?.stop();
        jobs.stop();
      },
    };
  },
});
