import { bindingsOf, type ConfigDataSource, type KonvaStage, type LiveValue } from '@lantian/contracts';
import { formatChinaDateTime } from '@lantian/domain';
import type { AreaScope } from '../../../platform/db/area-scope';
import type { CommittedBatch, DeviceView } from '../devices';

/** What the dashboards read of the device core (its `index.ts` api). */
export interface DeviceReads {
  all(scope: AreaScope): Promise<DeviceView[]>;
  byIds(ids: readonly number[], scope: AreaScope): Promise<DeviceView[]>;
  latest(ids: readonly number[]): Promise<Map<number, Array<{ factor: string; t: number; value: number | null }>>>;
  factors(device: DeviceView): Array<{ code: string }>;
  factorLabel(code: string): Promise<{ label: string; unit: string } | undefined>;
}

/** Devices whose values a minute-or-finer sample carries live (hour and day roll-ups come later and slower). */
const LIVE_RESOLUTIONS = new Set(['minute']);

/**
 * The data side of dashboards: which device factors an operator may bind (dataSourceList), their
 * newest values, and the values a committed batch brings, as the live channel sends them.
 */
export class ValuesService {
  constructor(private readonly devices: DeviceReads) {}

  async dataSources(keyword: string | undefined, scope: AreaScope): Promise<ConfigDataSource[]> {
    const needle = keyword?.toLowerCase() ?? '';
    const devices = (await this.devices.all(scope)).filter(
      (d) =>
        d.status !== 'retired' &&
        (needle === '' || [d.mn, d.name, d.site_name].some((text) => text.toLowerCase().includes(needle))),
    );
    return Promise.all(
      devices.map(async (d) => ({
        deviceId: String(d.id),
        mn: d.mn,
        name: d.name,
        siteName: d.site_name,
        type: d.type,
        online: d.online === 'online',
        factors: await Promise.all(
          this.devices.factors(d).map(async (f) => {
            const label = await this.devices.factorLabel(f.code);
            return { code: f.code, name: label?.label ?? f.code, unit: label?.unit ?? '' };
          }),
        ),
      })),
    );
  }

  /** The newest value of each pair, for the devices of the scope among them. */
  async latest(pairs: ReadonlyArray<{ deviceId: string; factor: string }>, scope: AreaScope): Promise<LiveValue[]> {
    const ids = [...new Set(pairs.map((p) => Number(p.deviceId)))];
    const allowed = new Set((await this.devices.byIds(ids, scope)).map((d) => d.id));
    return this.read(pairs.filter((p) => allowed.has(Number(p.deviceId))));
  }

  /** The newest values of a published drawing's bindings (checked against its author's area when saved). */
  forStage(stage: KonvaStage): Promise<LiveValue[]> {
    return this.read(bindingsOf(stage));
  }

  /** The devices of the scope among `ids`. */
  async devicesIn(ids: readonly number[], scope: AreaScope): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    return new Set((await this.devices.byIds(ids, scope)).map((d) => d.id));
  }

  private async read(pairs: ReadonlyArray<{ deviceId: string; factor: string }>): Promise<LiveValue[]> {
    if (pairs.length === 0) return [];
    const latest = await this.devices.latest([...new Set(pairs.map((p) => Number(p.deviceId)))]);
    return pairs.flatMap((p) => {
      const row = latest.get(Number(p.deviceId))?.find((r) => r.factor === p.factor);
      return row === undefined
        ? []
        : [{ deviceId: p.deviceId, factor: p.factor, value: row.value, time: formatChinaDateTime(row.t) }];
    });
  }
}

/** A committed batch's live values. */
export function liveValuesOf(batch: CommittedBatch): LiveValue[] {
  return batch.samples
    .filter((s) => LIVE_RESOLUTIONS.has(s.resolution))
    .map((s) => ({ deviceId: String(s.deviceId), factor: s.factor, value: s.value, time: formatChinaDateTime(s.t) }));
}
