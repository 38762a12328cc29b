import type { AlarmRow } from '@lantian/contracts';
import { defineModule, type ModuleContext } from '../../../platform/module';
import { audit } from '../audit';
import { devices } from '../devices';
import { dictionary } from '../dictionary';
import { notices } from '../notices';
import { operators } from '../operators';
import { AlarmEngine } from './alarm-engine';
import { AlarmsRepository } from './alarms.repository';
import { AlarmsService } from './alarms.service';
import { deviceAlarmsRoutes } from './device-alarms.routes';
import type { DeviceAlarmsTables } from './device-alarms.tables';
import { AlarmLive } from './live';
import * as m0014 from './migrations/0014_device_alarms';

export type { AlarmsService, Handler } from './alarms.service';
export type { DeviceAlarmsTables } from './device-alarms.tables';

/**
 * Device alarms (issue 14): rules per device type, device and factor evaluated on every committed
 * value and online change; the lifecycle active → acknowledged → cleared with one open alarm per
 * device and rule; the alarm centre and analysis calls; a notice for every raised alarm; live
 * pushes to the console; the unhandled count in the header badge.
 */
/** Shared-state channel between the instances' alarm engines (rules changed, alarm cleared by hand). */
const ENGINE_CHANNEL = 'device-alarm-engine';

export const deviceAlarms = defineModule({
  name: 'device-alarms',
  tags: [{ name: 'device-alarms', description: '运营平台：设备告警（告警中心、告警规则、告警分析、实时推送）' }],
  migrations: { '0014_device_alarms': m0014 },
  async create(context: ModuleContext<DeviceAlarmsTables, undefined>) {
    const { database, now, log, state } = context;
    const core = context.use(devices);
    const dict = context.use(dictionary);
    const noticeCentre = context.use(notices);
    const repository = new AlarmsRepository(database);
    const live = new AlarmLive(state, log);
    await live.listen();
    const levelName = async (level: number) =>
      (await dict.items('alarmLevel')).find((i) => i.value === String(level))?.label ?? `${level} 级`;
    let service: AlarmsService | undefined;
    // Later modules act on raised alarms (grid events open one for a severe alarm): called after the
    // notice, on the instance whose engine raised it; a failing listener is logged, never the engine's problem.
    const raisedListeners: Array<(alarm: AlarmRow) => Promise<void>> = [];
    const publish = async (action: 'raise' | 'acknowledge' | 'clear', alarmId: number) => {
      const row = await service?.presentOne(alarmId);
      if (row !== undefined) await live.publish(action, row);
      return row;
    };
    const engine = new AlarmEngine(
      repository,
      {
        device: (id) => core.device(id),
        factorLabel: (code) => core.labels.factor(code),
        async changed(action, alarmId) {
          const row = await publish(action, alarmId);
          if (row !== undefined && action === 'raise') {
            await noticeCentre.post({
              type: 'alarm',
              title: `${row.levelName}告警：${row.deviceName} ${row.itemName}${row.typeName}`,
              content: row.message,
              level: row.level,
              link: `/platform/alarms?alarmId=${row.alarmId}`,
              areaCode: row.areaCode,
            });
            for (const listener of raisedListeners) {
              await listener(row).catch((err: unknown) => log.error({ err, alarmId }, 'alarm listener failed'));
            }
          }
        },
        announce: (message) => state.publish(ENGINE_CHANNEL, message),
      },
      log,
    );
    let unsubscribe: (() => Promise<void>) | undefined;
    service = new AlarmsService(
      repository,
      engine,
      {
        byIds: (ids, scope) => core.registry.byIds(ids, scope),
        all: (filter, scope) => core.registry.all(filter, scope),
        factorLabel: (code) => core.labels.factor(code),
        deviceTypeLabel: (code) => core.labels.deviceType(code),
        levelName,
      },
      context.use(audit).log,
      now,
      async (action, alarmId) => void (await publish(action, alarmId)),
    );
    const alarmsService = service;
    core.telemetry.onCommitted((batch) => engine.committed(batch));
    core.monitor.onChange((changes) => engine.statusChanged(changes));
    core.connectAlarms({
      activeCounts: async (ids) => new Map((await repository.openByDevice(ids)).map((r) => [r.device_id, r.n])),
      levels: async (ids) => new Map((await repository.openByDevice(ids)).map((r) => [r.device_id, r.level])),
      rulesOf: async (device) =>
        engine
          .rulesApplying(device.id, device.type)
          .map((r) => ({ ruleId: String(r.id), name: r.name, kind: r.kind, factor: r.factor, level: r.level })),
    });
    context
      .use(operators)
      .todos.register('alarms', async (principal) =>
        principal.permissions.has('alarm:view')
          ? { todo: await alarmsService.activeCount(principal.scope) }
          : { todo: 0 },
      );

    return {
      api: {
        service: alarmsService,
        engine,
        live,
        /** Calls `listener` for every alarm raised on this instance (once per alarm). */
        onRaised: (listener: (alarm: AlarmRow) => Promise<void>) => void raisedListeners.push(listener),
      },
      routes: deviceAlarmsRoutes(alarmsService, live),
      // Not at creation: `openapi doc` builds the modules without a database.
      async start() {
        await engine.load();
        unsubscribe = await state.subscribe(ENGINE_CHANNEL, (message) => engine.heard(message));
      },
      async close() {
        await unsubscribe?.();
        await engine.idle();
        await live.close();
      },
    };
  },
});
