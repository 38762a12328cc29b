import { defineModule, type ModuleContext } from '../../../platform/module';
import { audit } from '../audit';
import { dictionary } from '../dictionary';
import { DeviceConfigService, type RulesOf } from './device-config.service';
import { readConfig } from './devices.presenters';
import { devicesRoutes } from './devices.routes';
import { type DevicesSettings, readDevicesSettings } from './devices.settings';
import type { DevicesTables } from './devices.tables';
import { dictionaryLabels } from './dictionary-labels';
import * as m0011 from './migrations/0011_devices';
import { OnlineMonitor } from './online-monitor';
import { OperationsRepository } from './operations.repository';
import { opsRoutes } from './ops.routes';
import { OpsService } from './ops.service';
import { RegistryRepository } from './registry.repository';
import { RegistryService } from './registry.service';
import { TelemetryRepository } from './telemetry.repository';
import { TelemetryService } from './telemetry.service';
import { type AlarmLevels, TelemetryReadService } from './telemetry-read.service';

export type { AppliedRule, RulesOf } from './device-config.service';
export { areaName, onlineOf, readFactors } from './devices.presenters';
export type { DevicesSettings } from './devices.settings';
export type { DevicesTables } from './devices.tables';
export type { StatusChange } from './online-monitor';
export type { DeviceView } from './registry.repository';
export { passwordHash, passwordMatches, type RegistryService } from './registry.service';
export type { CommittedBatch, CommittedSample, IngestPacket, IngestValue } from './telemetry.service';

/** Hours before start-up whose roll-ups are redone (a crash between a commit and its roll-up). */
const REPAIR_HOURS = 3;

/**
 * The device core (issue 14): the registry of sites and devices (MN, type, HJ 212 password, factors
 * and limits, area), their telemetry (minute, hour and day values; hours rolled up from minutes with
 * the validity rules; retention), online state as events, and operations (invalid-data marking,
 * operation records, incomplete-data report). The HJ 212 gateway feeds it through `ingest`; the alarm
 * module listens to `onCommitted` and `onStatusChange`.
 */
/** Shared-state channel: "the registry changed, reload it". */
const REGISTRY_CHANNEL = 'device-registry';

export const devices = defineModule({
  name: 'devices',
  tags: [
    { name: 'devices', description: '运营平台：设备与站点登记、设备数据、在线状态、设备配置' },
    { name: 'device-ops', description: '运营平台：设备运维（运维记录、无效数据标记、数据完整性）' },
  ],
  migrations: { '0011_devices': m0011 },
  settings: readDevicesSettings,
  create(context: ModuleContext<DevicesTables, DevicesSettings>) {
    const { database, now, log, settings } = context;
    const auditLog = context.use(audit).log;
    const labels = dictionaryLabels(context.use(dictionary));
    const registryRepo = new RegistryRepository(database);
    // What the gateway and the roll-ups look up per packet: kept in memory, reloaded on every registry write.
    let gatewayDevices = new Map<string, Awaited<ReturnType<RegistryRepository['allForGateway']>>[number]>();
    let deviceInfo = new Map<number, { type: string; areaCode: string; intervalSeconds: number | null }>();
    const changeListeners = new Set<() => void>();
    const reload = async () => {
      const all = await registryRepo.allForGateway();
      gatewayDevices = new Map(all.map((d) => [d.mn, d]));
      const states = await registryRepo.statusOfAll();
      deviceInfo = new Map(
        states.map((s) => [
          s.id,
          { type: s.type, areaCode: s.area_code, intervalSeconds: readConfig(s.config_json).intervalSeconds },
        ]),
      );
    };
    const reloadAndTell = () =>
      reload()
        .then(() => {
          for (const listener of changeListeners) listener();
        })
        .catch((err: unknown) => log.error({ err }, 'device registry reload failed'));
    // A registry write reloads this instance before it answers, and every other one through the shared
    // state (Redis when configured): a device registered on one instance is taken by every gateway.
    const changed = async () => {
      await reloadAndTell();
      await context.state
        .publish(REGISTRY_CHANNEL, 'changed')
        .catch((err: unknown) => log.warn({ err }, 'could not tell the other instances of a registry change'));
    };
    let unsubscribe: (() => Promise<void>) | undefined;
    const registry = new RegistryService(registryRepo, labels, auditLog, now, changed);
    const telemetry = new TelemetryService(new TelemetryRepository(database), (id) => deviceInfo.get(id), now, log);
    const reads = new TelemetryReadService(registry, telemetry, labels, now);
    const config = new DeviceConfigService(registry);
    const ops = new OpsService(registryRepo, new OperationsRepository(database), telemetry, labels, auditLog, now);
    const monitor = new OnlineMonitor(registryRepo, now, log);

    // A batch from a device not known to be online: tell the world now, not at the next pass.
    telemetry.onCommitted((batch) => {
      monitor
        .heard(batch.seen.map((s) => s.deviceId))
        .catch((err: unknown) => log.error({ err }, 'online check failed'));
    });

    const timers: NodeJS.Timeout[] = [];
    const every = (ms: number, task: () => Promise<unknown>, what: string) => {
      const timer = setInterval(() => {
        task().catch((err: unknown) => log.error({ err }, `${what} failed`));
      }, ms);
      timer.unref();
      timers.push(timer);
    };

    return {
      api: {
        registry,
        telemetry,
        reads,
        monitor,
        labels,
        /** A registered, not retired device's type, area and interval (in memory, like `byMn`). */
        device: (id: number) => deviceInfo.get(id),
        /** The gateway's lookup of a device by MN (in memory; reloaded after every registry write). */
        byMn: (mn: string) => gatewayDevices.get(mn),
        /** Called after the registry changed (the gateway forgets "unregistered" MNs that now exist). */
        onRegistryChange: (listener: () => void) => {
          changeListeners.add(listener);
          return () => changeListeners.delete(listener);
        },
        /**
         * Loads the registry cache (the server's start does it; the CLI before reading by MN). Not done at
         * creation: `openapi doc` builds the modules without a database.
         */
        reload,
        /** The alarm module tells the registry, the map and getDeviceConfig about alarms and rules. */
        connectAlarms(source: {
          activeCounts: (ids: readonly number[]) => Promise<Map<number, number>>;
          levels: AlarmLevels;
          rulesOf: RulesOf;
        }) {
          registry.activeAlarmCounts = source.activeCounts;
          reads.alarmLevels = source.levels;
          config.rulesOf = source.rulesOf;
        },
      },
      routes: async (app) => {
        await app.register(async (scope) => devicesRoutes({ registry, reads, config })(scope));
        await app.register(async (scope) => opsRoutes(ops)(scope));
      },
      async start() {
        await reload();
        // Our own message comes back too: one extra reload per write, cheaper than telling them apart.
        unsubscribe = await context.state.subscribe(REGISTRY_CHANNEL, () => void reloadAndTell());
        const at = now();
        for (const id of deviceInfo.keys()) telemetry.touch(id, at - REPAIR_HOURS * 3600, at);
        await telemetry.rollUp();
        await monitor.check();
        every(settings.statusCheckSeconds * 1000, () => monitor.check(), 'online check');
        every(settings.rollupSeconds * 1000, () => telemetry.rollUp(), 'telemetry roll-up');
        every(
          3600_000,
          () =>
            telemetry.applyRetention({
              minute: settings.retentionMinuteDays,
              hour: settings.retentionHourDays,
              day: settings.retentionDayDays,
            }),
          'telemetry retention',
        );
      },
      async close() {
        for (const timer of timers) clearInterval(timer);
        await unsubscribe?.();
      },
    };
  },
});
