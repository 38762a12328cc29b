import { type Env, oneOf } from '../../../platform/config';
import { NATIONWIDE } from '../../../platform/db/area-scope';
import { defineModule, type ModuleContext } from '../../../platform/module';
import { audit } from '../audit';
import { deviceAlarms } from '../device-alarms';
import { devices } from '../devices';
import { EnterprisesRepository } from './enterprises.repository';
import { EnterprisesService, SMOKE_DEVICE_TYPE } from './enterprises.service';
import * as m0050 from './migrations/0050_smoke';
import { seedDemoEnterprises } from './smoke.demo';
import { smokeRoutes } from './smoke.routes';
import { SmokeService } from './smoke.service';
import type { SmokeTables } from './smoke.tables';
import { DEFAULT_FAN_ON_AMPS, SmokeDetector } from './smoke-detector';

export type { SmokeTables } from './smoke.tables';

export interface SmokeSettings {
  /** DEMO_DATA=on (the default): the 【演示】 restaurants are written at start, linked to the demo loggers. */
  demoEnterprises: boolean;
}

function readSmokeSettings(env: Env): SmokeSettings {
  return { demoEnterprises: oneOf(env, 'DEMO_DATA', ['on', 'off'] as const, 'on') === 'on' };
}

/**
 * Restaurant smoke monitoring and the enterprise register (issue 20): `/enterprise/manager/*`,
 * `/smk/dataLives/*`, `/smk/smkDataHistories/*`, `/smk/alarm/*`. It owns the register; the fume, fan
 * and purifier values are the device core's (S01 loggers), the alarms the shared lifecycle's, raised
 * by this module's detectors (10-minute mean over the limit, fan on with the purifier off).
 */
export const smoke = defineModule({
  name: 'smoke',
  tags: [{ name: 'smoke', description: '运营平台：餐饮油烟监测（企业名录、实时状态、历史、运行状态、告警）' }],
  migrations: { '0050_smoke': m0050 },
  settings: readSmokeSettings,
  create(context: ModuleContext<SmokeTables, SmokeSettings>) {
    const { database, now, log, settings } = context;
    const core = context.use(devices);
    const alarms = context.use(deviceAlarms);
    const repository = new EnterprisesRepository(database);
    const monitors = (scope: Parameters<typeof core.registry.all>[1]) =>
      core.registry.all({ type: SMOKE_DEVICE_TYPE }, scope);
    const register = new EnterprisesService(
      repository,
      { siteOf: (id, scope) => core.registry.siteOf(id, scope), monitors },
      context.use(audit).log,
      now,
    );
    const engine = alarms.engine;
    const fanOnAmps = DEFAULT_FAN_ON_AMPS;
    const service = new SmokeService(
      repository,
      register,
      {
        monitors,
        latest: (ids) => core.telemetry.latest(ids),
        series: (resolution, id, factors, from, to) => core.telemetry.series(resolution, id, factors, from, to),
        alarms: alarms.service,
        rules: (deviceId) => engine.rulesApplying(deviceId, SMOKE_DEVICE_TYPE),
        typeRules: () => engine.rulesApplying(0, SMOKE_DEVICE_TYPE).filter((r) => r.device_id === null),
      },
      fanOnAmps,
      now,
    );
    const detector = new SmokeDetector(engine, (id) => core.device(id)?.type === SMOKE_DEVICE_TYPE, fanOnAmps, log);
    core.telemetry.onCommitted((batch) => detector.committed(batch));
    return {
      api: { register, service },
      routes: smokeRoutes({ register, smoke: service }),
      async start() {
        detector.remember(
          (await alarms.service.openRecordsOf([...new Set((await monitors(NATIONWIDE)).map((d) => d.id))])).map(
            (a) => ({
              rule_id: a.rule_id,
              device_id: a.device_id,
              kind: a.kind,
            }),
          ),
        );
        if (!settings.demoEnterprises) return;
        const written = await seedDemoEnterprises(
          repository,
          async (siteCode) => {
            const sites = await core.registry.listSites({ keyword: siteCode, pageNum: 1, pageSize: 20 }, NATIONWIDE);
            const site = sites.list.find((s) => s.siteCode === siteCode);
            return site === undefined ? undefined : Number(site.siteId);
          },
          now(),
        ).catch((err: unknown) => {
          log.error({ err }, 'the demo restaurants could not be written');
          return 0;
        });
        if (written > 0) log.info({ written }, 'demo restaurants written to the enterprise register');
      },
    };
  },
});
