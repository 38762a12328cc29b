import { FIRE_RULES } from '@lantian/domain';
import { NATIONWIDE } from '../../../platform/db/area-scope';
import { defineModule, type ModuleContext } from '../../../platform/module';
import { audit, SYSTEM_ACTOR } from '../audit';
import { deviceAlarms } from '../device-alarms';
import { devices } from '../devices';
import { fireRoutes } from './fire.routes';
import { type FireSettings, readFireSettings } from './fire.settings';
import type { FireTables } from './fire.tables';
import { FireAlarmsService } from './fire-alarms.service';
import { FireSitesService } from './fire-sites.service';
import * as m0065 from './migrations/0065_fire';
import { OutcomesRepository } from './outcomes.repository';

export type { FireTables } from './fire.tables';

/**
 * Fire alarms (issue 20, spec §7 /fire/*): F01 detectors of the device core send smoke density,
 * temperature, flame and fault signals over HJ 212; the fire rules (installed once in the shared alarm
 * rules, then the administrators') raise alarms in the shared lifecycle; this module types, counts,
 * ranks and lists them, links them to the nearest cameras and records the handling outcome.
 */
export const fire = defineModule({
  name: 'fire',
  tags: [{ name: 'fire', description: '运营平台：消防告警（概况、趋势、类型、排名、列表与处理、消防站点）' }],
  migrations: { '0065_fire': m0065 },
  settings: readFireSettings,
  create(context: ModuleContext<FireTables, FireSettings>) {
    const { database, now, log, settings } = context;
    const core = context.use(devices);
    const centre = context.use(deviceAlarms).service;
    const alarms = new FireAlarmsService(
      core,
      centre,
      new OutcomesRepository(database),
      context.use(audit).log,
      settings,
      now,
    );
    const sites = new FireSitesService(core, centre, settings, now);
    /** The fire rules, installed when none for the factor exists (an administrator's edits are kept). */
    const ensureRules = async () => {
      const existing = await centre.rules({ pageNum: 1, pageSize: 100, deviceType: 'F01' });
      for (const rule of FIRE_RULES) {
        if (existing.list.some((r) => r.factor === rule.factor && r.kind === rule.kind)) continue;
        await centre.createRule(
          {
            name: rule.name,
            kind: rule.kind,
            deviceType: 'F01',
            deviceId: null,
            factor: rule.factor,
            level: rule.level,
            threshold: rule.threshold,
            low: null,
            high: null,
            durationSeconds: rule.durationSeconds,
            windowSeconds: rule.windowSeconds,
            count: null,
            enabled: true,
          },
          { actor: SYSTEM_ACTOR, ip: null, scope: NATIONWIDE },
        );
      }
    };
    return {
      api: { alarms, sites, ensureRules },
      routes: fireRoutes(alarms, sites),
      async start() {
        await ensureRules().catch((err: unknown) => log.error({ err }, 'the fire alarm rules could not be installed'));
      },
    };
  },
});
