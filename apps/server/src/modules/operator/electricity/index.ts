import { type Env, oneOf } from '../../../platform/config';
import { NATIONWIDE } from '../../../platform/db/area-scope';
import { defineModule, type ModuleContext } from '../../../platform/module';
import { audit, SYSTEM_ACTOR } from '../audit';
import { deviceAlarms } from '../device-alarms';
import { devices } from '../devices';
import { gateway } from '../gateway';
import { DemoElectricity } from './demo';
import { EleDetector } from './detector';
import { ElectricityRepository } from './electricity.repository';
import { electricityRoutes } from './electricity.routes';
import type { ElectricityTables } from './electricity.tables';
import * as m0055 from './migrations/0055_electricity';
import { ProblemsService } from './problems.service';
import { ReadingsService } from './readings.service';
import { RegisterService } from './register.service';
import { DERIVED_FACTORS, type EleDeps, METER_FACTORS, METER_TYPE } from './sources';

export type { ElectricityTables } from './electricity.tables';

/** Shared-state channel: points, links or orders changed on some instance; every detector reloads. */
const DETECTOR_CHANNEL = 'ele-detector';

interface ElectricitySettings {
  /** DEMO_DATA=on (the default): the 【演示】 enterprises and their meters. */
  demo: boolean;
}

const readElectricitySettings = (env: Env): ElectricitySettings => ({
  demo: oneOf(env, 'DEMO_DATA', ['on', 'off'] as const, 'on') === 'on',
});

/**
 * The alarm rules of 分表计电 on the detector's derived values (installed once, then the
 * administrators' in 告警规则): the duration is the minimum duration of a finding.
 */
// biome-ignore format: one line per rule
const RULES = [
  { name: '生产运行治污停运（持续30分钟）', factor: DERIVED_FACTORS.treatStop, level: 2, threshold: 0.5, durationSeconds: 1800 },
  { name: '治污设施低负荷运行（持续30分钟）', factor: DERIVED_FACTORS.treatLow, level: 3, threshold: 0.5, durationSeconds: 1800 },
  { name: '停产令期间生产线运行', factor: DERIVED_FACTORS.orderStop, level: 2, threshold: 0.5, durationSeconds: 1800 },
  { name: '限产期间超出配额（持续30分钟）', factor: DERIVED_FACTORS.orderUse, level: 3, threshold: 100, durationSeconds: 1800 },
] as const;

/**
 * 分表计电 (issue 20, docs/ELECTRICITY.md): industrial enterprises, their production lines and
 * treatment facilities with P01 meters of the device core, the live production-vs-treatment and
 * 停限产 detector (findings as derived values, alarms through the shared lifecycle), problem forms,
 * meter maintenance and 停限产 orders; `/ele/*` of spec §7. With DEMO_DATA=on, two 【演示】 enterprises
 * whose meters send HJ 212 packets to the gateway.
 */
export const electricity = defineModule({
  name: 'electricity',
  tags: [
    { name: 'electricity', description: '运营平台：分表计电（企业用电监控、生产与治污关联、停限产、问题单、运维）' },
  ],
  migrations: { '0055_electricity': m0055 },
  settings: readElectricitySettings,
  create(context: ModuleContext<ElectricityTables, ElectricitySettings>) {
    const { database, now, log, settings, state } = context;
    const core = context.use(devices);
    const alarms = context.use(deviceAlarms).service;
    const gatewayApi = context.use(gateway);
    const repository = new ElectricityRepository(database);
    const deps: EleDeps = {
      core: {
        byIds: (ids, scope) => core.registry.byIds(ids, scope),
        all: (filter, scope) => core.registry.all(filter, scope),
        latest: (ids) => core.telemetry.latest(ids),
        series: (resolution, deviceId, factors, from, to) =>
          core.telemetry.series(resolution, deviceId, factors, from, to),
        device: (id) => core.device(id),
        ingest: (packets) => core.telemetry.ingest(packets),
      },
      audit: context.use(audit).log,
      now,
    };
    const detector = new EleDetector(repository, deps, log);
    // A write reloads this instance's detector and tells the others (a meter may report to any of them).
    const changed = async () => {
      await detector.reload();
      await state
        .publish(DETECTOR_CHANNEL, 'reload')
        .catch((err: unknown) => log.warn({ err }, 'could not tell the other instances of an electricity change'));
    };
    const register = new RegisterService(repository, deps, changed);
    const openAlarmsOf = async (deviceIds: readonly number[], scope: typeof NATIONWIDE) => {
      const counts = new Map<number, number>();
      if (deviceIds.length === 0) return counts;
      const page = await alarms.listOfDevices(deviceIds, { open: true }, { pageNum: 1, pageSize: 100 }, scope);
      for (const a of page.list) counts.set(Number(a.deviceId), (counts.get(Number(a.deviceId)) ?? 0) + 1);
      return counts;
    };
    register.activeAlarmCounts = async (sites, scope) => {
      const byDevice = await openAlarmsOf(
        sites.flatMap((s) => (s.device_id === null ? [] : [s.device_id])),
        scope,
      );
      const counts = new Map<number, number>();
      for (const s of sites) {
        if (s.device_id !== null)
          counts.set(s.enterprise_id, (counts.get(s.enterprise_id) ?? 0) + (byDevice.get(s.device_id) ?? 0));
      }
      return counts;
    };
    const readings = new ReadingsService(repository, register, deps, {
      async today(deviceIds, from, scope) {
        if (deviceIds.length === 0) return 0;
        return (await alarms.listOfDevices(deviceIds, { raisedFrom: from }, { pageNum: 1, pageSize: 1 }, scope)).total;
      },
      async open(deviceIds, scope) {
        if (deviceIds.length === 0) return 0;
        return (await alarms.listOfDevices(deviceIds, { open: true }, { pageNum: 1, pageSize: 1 }, scope)).total;
      },
    });
    const problems = new ProblemsService(repository, register, alarms, deps);
    core.telemetry.onCommitted((batch) => detector.committed(batch));
    let demo: DemoElectricity | undefined;
    let unsubscribe: (() => Promise<void>) | undefined;

    const ensureRules = async () => {
      const existing = await alarms.rules({ pageNum: 1, pageSize: 100, deviceType: METER_TYPE });
      for (const rule of RULES) {
        if (existing.list.some((r) => r.factor === rule.factor)) continue;
        await alarms.createRule(
          {
            name: rule.name,
            kind: 'over_limit',
            deviceType: METER_TYPE,
            deviceId: null,
            factor: rule.factor,
            level: rule.level,
            threshold: rule.threshold,
            low: null,
            high: null,
            durationSeconds: rule.durationSeconds,
            windowSeconds: null,
            count: null,
            enabled: true,
          },
          { actor: SYSTEM_ACTOR, ip: null, scope: NATIONWIDE },
        );
      }
    };

    return {
      api: { detector, register, installRules: ensureRules },
      routes: electricityRoutes({ register, readings, problems }),
      async start() {
        await ensureRules().catch((err: unknown) =>
          log.error({ err }, 'the electricity alarm rules could not be installed'),
        );
        await detector.reload();
        unsubscribe = await state.subscribe(DETECTOR_CHANNEL, () => {
          detector.reload().catch((err: unknown) => log.error({ err }, 'electricity detector reload failed'));
        });
        const port = gatewayApi.service.stats().tcp.port;
        if (!settings.demo || port === null) return;
        demo = new DemoElectricity(
          core.registry,
          (mn) => core.byMn(mn),
          register,
          repository,
          async (deviceId) =>
            (await core.telemetry.latest([deviceId])).get(deviceId)?.find((r) => r.factor === METER_FACTORS.power)?.t ??
            null,
          now,
          log,
        );
        // Registration and the catch-up of yesterday and today (paced, some 20 s) run behind the start,
        // as the VOC and lidar demos do: the server answers while the meters fill in.
        void demo
          .start(port)
          .catch((err: unknown) => log.error({ err }, 'the demo electricity meters could not start'));
      },
      async close() {
        demo?.stop();
        await unsubscribe?.();
        await detector.idle();
      },
    };
  },
});
