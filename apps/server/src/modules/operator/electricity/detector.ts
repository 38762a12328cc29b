import { checkLineAgainstOrder, isFresh, linkageAt, type MeterState, meterState, orderActiveAt } from '@lantian/domain';
import type { FastifyBaseLogger } from 'fastify';
import { NATIONWIDE } from '../../../platform/db/area-scope';
import type { CommittedBatch } from '../devices';
import type { ElectricityRepository, OrderRecord, SiteRecord } from './electricity.repository';
import { DEFAULT_INTERVAL_SECONDS, DERIVED_FACTORS, type EleDeps, METER_FACTORS } from './sources';

const DEFAULT_MIN_LOAD_PERCENT = 30;
/** Readings kept per meter: a day of 15-minute data, enough for a logger's catch-up in one batch. */
const KEPT_READINGS = 96;

export const thresholdsOf = (site: Pick<SiteRecord, 'standby_kw' | 'running_kw'>) => ({
  standbyKw: site.standby_kw,
  runningKw: site.running_kw,
});

/**
 * The live detector: on every committed power value of a bound meter it judges, with the pure rules of
 * packages/domain/electricity, the point at that instant — a treatment facility against the lines it
 * serves (治污停运 / 低负荷), a production line against the 停限产 orders in force — and commits the
 * findings as the meter's derived values (eleTreatStop, eleTreatLow, eleOrderStop, eleOrderUse). The
 * shared alarm rules watch those values: minimum duration, raise, repeat and clear are the alarm
 * lifecycle's, and the alarms appear in 告警中心 like any other.
 */
export class EleDetector {
  private sites = new Map<number, SiteRecord>();
  private byDevice = new Map<number, SiteRecord>();
  private serves = new Map<number, number[]>();
  private orders: OrderRecord[] = [];
  /**
   * The last readings per meter, oldest first: a point is judged with the readings as of its own time,
   * not the newest — during a catch-up (a logger resending a day) the newest is ahead of the instant.
   */
  private readonly readings = new Map<number, Array<{ t: number; powerKw: number | null }>>();
  /** Lines that had an order finding: one 0 is sent when the order ends, which clears its alarm. */
  private readonly underOrder = new Set<number>();
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: ElectricityRepository,
    private readonly deps: EleDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Reloads points, links and orders (at start, after every write of them). */
  async reload(): Promise<void> {
    const { sites, links } = await this.repository.boundSitesSystem();
    this.sites = new Map(sites.map((s) => [s.id, s]));
    this.byDevice = new Map(sites.filter((s) => s.device_id !== null).map((s) => [s.device_id as number, s]));
    this.serves = new Map();
    for (const link of links) {
      const list = this.serves.get(link.treatment_id) ?? [];
      list.push(link.production_id);
      this.serves.set(link.treatment_id, list);
    }
    const now = this.deps.now();
    // Orders in force now or later; one ended an hour ago still judges late data of its period.
    this.orders = (await this.repository.activeOrdersFrom(now - 86_400, NATIONWIDE)).filter(
      (o) => o.revoked_at === null,
    );
    const ids = [...this.byDevice.keys()];
    for (const [id, rows] of await this.deps.core.latest(ids)) {
      const power = rows.find((r) => r.factor === METER_FACTORS.power);
      if (power !== undefined && !this.readings.has(id)) this.remember(id, power.t, power.value);
    }
  }

  committed(batch: CommittedBatch): void {
    const due: Array<{ site: SiteRecord; t: number }> = [];
    for (const sample of batch.samples) {
      if (sample.factor !== METER_FACTORS.power || sample.resolution !== 'minute') continue;
      const site = this.byDevice.get(sample.deviceId);
      if (site === undefined) continue;
      this.remember(sample.deviceId, sample.t, sample.value);
      due.push({ site, t: sample.t });
    }
    if (due.length === 0) return;
    this.chain = this.chain
      .then(async () => {
        for (const item of due) await this.judge(item.site, item.t);
      })
      .catch((err: unknown) => this.log.error({ err }, 'electricity detection failed'));
  }

  private remember(deviceId: number, t: number, powerKw: number | null): void {
    const list = this.readings.get(deviceId) ?? [];
    const at = list.findIndex((r) => r.t >= t);
    if (at === -1) list.push({ t, powerKw });
    else if (list[at]?.t === t) list[at] = { t, powerKw };
    else list.splice(at, 0, { t, powerKw });
    if (list.length > KEPT_READINGS) list.splice(0, list.length - KEPT_READINGS);
    this.readings.set(deviceId, list);
  }

  /** Settles when everything queued so far is done (tests, shutdown). */
  idle(): Promise<void> {
    return this.chain;
  }

  /** The state of a point's meter at `t` from its last reading up to `t` (unknown when stale or unbound). */
  stateAt(site: SiteRecord, t: number): { state: MeterState; powerKw: number | null } {
    if (site.device_id === null) return { state: 'unknown', powerKw: null };
    const reading = this.readings
      .get(site.device_id)
      ?.filter((r) => r.t <= t)
      .at(-1);
    const interval = this.deps.core.device(site.device_id)?.intervalSeconds ?? DEFAULT_INTERVAL_SECONDS;
    if (reading === undefined || !isFresh(reading.t, t, interval)) return { state: 'unknown', powerKw: null };
    return { state: meterState(reading.powerKw, thresholdsOf(site)), powerKw: reading.powerKw };
  }

  private async judge(site: SiteRecord, t: number): Promise<void> {
    if (site.device_id === null) return;
    const values: Array<{ factor: string; value: number }> = [];
    if (site.kind === 'treatment') {
      const served = (this.serves.get(site.id) ?? []).flatMap((id) => {
        const line = this.sites.get(id);
        return line === undefined ? [] : [this.stateAt(line, t).state];
      });
      if (served.length === 0) return;
      const finding = linkageAt({
        lines: served,
        treatment: { powerKw: this.stateAt(site, t).powerKw, thresholds: thresholdsOf(site), ratedKw: site.rated_kw },
        minLoadPercent: site.min_load_percent ?? DEFAULT_MIN_LOAD_PERCENT,
      });
      values.push({ factor: DERIVED_FACTORS.treatStop, value: finding.treatmentStopped ? 1 : 0 });
      values.push({ factor: DERIVED_FACTORS.treatLow, value: finding.underLoaded ? 1 : 0 });
    } else {
      const powerKw = this.stateAt(site, t).powerKw;
      const orders = this.orders.filter(
        (o) => orderActiveAt({ startAt: o.start_at, endAt: o.end_at }, t) && siteIdsOf(o).includes(site.id),
      );
      const stop = orders.find((o) => o.measure === 'stop');
      const limit = orders.filter((o) => o.measure === 'limit').sort((a, b) => (b.ratio ?? 0) - (a.ratio ?? 0))[0];
      const line = { thresholds: thresholdsOf(site), baselineKw: site.baseline_kw };
      if (stop !== undefined || limit !== undefined) {
        this.underOrder.add(site.id);
        const stopCheck =
          stop === undefined
            ? null
            : checkLineAgainstOrder(
                { measure: 'stop', ratio: null, startAt: stop.start_at, endAt: stop.end_at },
                line,
                powerKw,
              );
        values.push({
          factor: DERIVED_FACTORS.orderStop,
          value: stopCheck?.violation === 'running_under_stop' ? 1 : 0,
        });
        if (limit !== undefined) {
          const check = checkLineAgainstOrder(
            { measure: 'limit', ratio: limit.ratio, startAt: limit.start_at, endAt: limit.end_at },
            line,
            powerKw,
          );
          if (check.usePercent !== null) values.push({ factor: DERIVED_FACTORS.orderUse, value: check.usePercent });
        }
      } else if (this.underOrder.delete(site.id)) {
        values.push({ factor: DERIVED_FACTORS.orderStop, value: 0 }, { factor: DERIVED_FACTORS.orderUse, value: 0 });
      }
    }
    if (values.length === 0) return;
    await this.deps.core.ingest([
      {
        deviceId: site.device_id,
        cn: '2011',
        dataTime: t,
        receivedAt: this.deps.now(),
        values: values.map((v) => ({ ...v, min: null, max: null, flag: 'N' })),
      },
    ]);
  }
}

export function siteIdsOf(order: Pick<OrderRecord, 'site_ids'>): number[] {
  return order.site_ids === '' ? [] : order.site_ids.split(',').map(Number);
}
