import { FIRE_SITE_STATES, type FireSiteRow, type fireSiteQuery } from '@lantian/contracts';
import { fireAlarmType, formatChinaDateTimeOrNull, maxRiseRate } from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import type { AreaScope } from '../../../platform/db/area-scope';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import { areaName, type DeviceView, onlineOf } from '../devices';
import type { FireSettings } from './fire.settings';
import { type AlarmCentre, CameraFinder, type DeviceCore, fireDevices } from './fire.sources';

/** The window of the sites list's rate-of-rise figure. */
const RISE_WINDOW_SECONDS = 600;

/**
 * /fire/site/findList: the fire monitoring sites (sites with F01 detectors) of the operator's area,
 * each with its detectors' latest signals, its state (报警 > 故障 > 离线 > 正常) and nearest cameras.
 */
export class FireSitesService {
  constructor(
    private readonly core: DeviceCore,
    private readonly alarms: AlarmCentre,
    private readonly settings: FireSettings,
    private readonly now: Clock,
  ) {}

  async list(query: z.output<typeof fireSiteQuery>, scope: AreaScope) {
    const now = this.now();
    const devices = await fireDevices(this.core, query, scope, null);
    const open = await this.alarms.openOf(
      devices.map((d) => d.id),
      scope,
    );
    const bySite = new Map<string, DeviceView[]>();
    for (const d of devices) bySite.set(d.site_code, [...(bySite.get(d.site_code) ?? []), d]);
    const keyword = query.keyword ?? '';
    const sites = [...bySite.entries()]
      .map(([code, list]) => {
        const ids = new Set(list.map((d) => String(d.id)));
        const alarms = open.filter((a) => ids.has(a.deviceId));
        const types = alarms.map((a) => fireAlarmType(a.type, a.factor));
        const state: keyof typeof FIRE_SITE_STATES = types.some(
          (t) => t === 'fire' || t === 'smoke' || t === 'temperature',
        )
          ? 'alarm'
          : types.some((t) => t === 'fault')
            ? 'fault'
            : list.every((d) => onlineOf(d, now) !== 'online')
              ? 'offline'
              : 'normal';
        return { code, list, alarms: alarms.length, state };
      })
      .filter(
        (s) =>
          (query.state === undefined || s.state === query.state) &&
          (keyword === '' || s.code.includes(keyword) || (s.list[0]?.site_name ?? '').includes(keyword)),
      )
      .sort(
        (a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state] || b.alarms - a.alarms || a.code.localeCompare(b.code),
      );
    const page = pageOf(query, 20);
    const shown = sites.slice(page.offset, page.offset + page.limit);
    const latest = await this.core.telemetry.latest(shown.flatMap((s) => s.list.map((d) => d.id)));
    const cameras = new CameraFinder(this.core, scope, this.settings.cameraRadiusMeters, now, query.videoType);
    const list: FireSiteRow[] = [];
    for (const site of shown) {
      const first = site.list[0] as DeviceView;
      const rows = [];
      for (const d of site.list) {
        const values = new Map((latest.get(d.id) ?? []).map((v) => [v.factor, v.value]));
        const temps = (await this.core.telemetry.series('minute', d.id, ['fireTemp'], now - RISE_WINDOW_SECONDS, now))
          .filter((p): p is typeof p & { value: number } => p.value !== null)
          .map((p) => ({ t: p.t, value: p.value }));
        rows.push({
          deviceId: String(d.id),
          mn: d.mn,
          name: d.name,
          online: onlineOf(d, now),
          time: formatChinaDateTimeOrNull(d.last_data_time),
          smokeDensity: values.get('smokeDensity') ?? null,
          fireTemp: values.get('fireTemp') ?? null,
          flame: values.get('flame') ?? null,
          fault: values.get('fault') ?? null,
          riseRate: temps.length < 2 ? null : maxRiseRate(temps),
        });
      }
      list.push({
        siteCode: site.code,
        name: first.site_name,
        areaCode: first.area_code,
        areaName: areaName(first.area_code),
        lon: first.lon,
        lat: first.lat,
        state: site.state,
        stateName: FIRE_SITE_STATES[site.state],
        activeAlarms: site.alarms,
        devices: rows,
        cameras: await cameras.near(first),
        isDemo: first.site_name.includes('【演示】'),
      });
    }
    return pageAnswer(page, { list, total: sites.length });
  }
}

const STATE_ORDER = { alarm: 0, fault: 1, offline: 2, normal: 3 } as const;
