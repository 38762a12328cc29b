import { chinaDay, formatChinaDateTime, SECONDS_PER_DAY, SECONDS_PER_HOUR, startOfChinaHour } from '@lantian/domain';
import { systemClock } from '../../../platform/clock';
import type { Database } from '../../../platform/db/database';
import { AirAggregation, AirStore, type StationHourlyTable } from '../air';
import { type Station, StationsRepository } from '../stations';
import { type WeatherHourlyTable, WeatherRepository } from '../weather';
import type { DemoTables } from './demo.tables';
import { generateCityBlock, stationHourRows, weatherHourRows } from './generator';
import { DEFAULT_DEMO_SEED } from './model';
import { type DemoCity, demoCities, issueForecasts, toDemoStation } from './seed';

/**
 * Keeps the demo live while the server runs: every minute it looks for hours that have ended since
 * the last demo hour (after a restart, all of them since the server stopped, at most the history
 * length), adds them for every demo station, derives the city hours, days, months and years through
 * AirAggregation (which also keeps imported stations ahead of demo ones), rolls the city weather
 * forward, and re-issues the forecasts once the China day has changed. The model is a pure function
 * of time, so a missed hour comes out exactly as it would have on time.
 */

export interface DemoLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface DemoSchedulerOptions {
  database: Database<DemoTables>;
  /** Catch-up never goes further back than this many days. */
  historyDays: number;
  seed?: number;
  /** Epoch seconds; injectable for tests. */
  clock?: () => number;
  log?: DemoLog;
  /** Called once per added hour (epoch seconds of its end), after its city values are derived. */
  onHourAdded?: (time: number) => void;
  intervalMs?: number;
}

export interface TickReport {
  /** Ends of the hours added, oldest first. */
  added: number[];
  forecastsIssued: boolean;
}

/** Hours per catch-up step: each is written and derived before the next, and shutdown waits for one at most. */
const STEP_HOURS = 24;

const silent: DemoLog = { info() {}, warn() {}, error() {} };

export class DemoScheduler {
  private readonly clock: () => number;
  private readonly seed: number;
  private readonly log: DemoLog;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<TickReport> | undefined;
  private stopping = false;
  private lastHour: number | undefined;
  private issueDay: number | undefined;

  constructor(private readonly options: DemoSchedulerOptions) {
    this.clock = options.clock ?? systemClock;
    this.seed = options.seed ?? DEFAULT_DEMO_SEED;
    this.log = options.log ?? silent;
  }

  /** Ticks now and then every minute. */
  start(): void {
    if (this.timer !== undefined || this.stopping) return;
    this.timer = setInterval(() => this.tickInBackground(), this.options.intervalMs ?? 60_000);
    this.tickInBackground();
  }

  private tickInBackground(): void {
    if (this.running !== undefined || this.stopping) return;
    this.running = this.tick()
      .catch((err: unknown) => {
        this.log.error({ err }, 'demo data: adding the new hour failed; retrying at the next tick');
        return { added: [], forecastsIssued: false };
      })
      .finally(() => {
        this.running = undefined;
      });
  }

  /** Stops the timer and waits for a tick in flight to finish its current step. */
  async close(): Promise<void> {
    this.stopping = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Adds every demo hour that has ended and is missing, and re-issues forecasts on a new day. */
  async tick(): Promise<TickReport> {
    const { database } = this.options;
    const report: TickReport = { added: [], forecastsIssued: false };
    const stations = await new StationsRepository(database).all('demo');
    const first = stations[0];
    if (first === undefined) return report;
    const byCity = new Map<string, Station[]>();
    for (const s of stations) {
      const list = byCity.get(s.city_code);
      if (list === undefined) byCity.set(s.city_code, [s]);
      else list.push(s);
    }
    const cities = demoCities([...byCity.keys()]);

    const to = startOfChinaHour(this.clock());
    this.lastHour ??= await new AirStore(database).stationHours.latestTimeOf(first.code);
    const earliest = to - this.options.historyDays * SECONDS_PER_DAY + SECONDS_PER_HOUR;
    let from = this.lastHour === undefined ? earliest : Math.max(this.lastHour + SECONDS_PER_HOUR, earliest);
    // A tick under way when shutdown begins finishes its current step (a normal tick has only one).
    while (from <= to) {
      const stepTo = Math.min(to, from + (STEP_HOURS - 1) * SECONDS_PER_HOUR);
      const hours = await this.addHours(cities, byCity, from, stepTo);
      this.lastHour = stepTo;
      for (const t of hours) {
        report.added.push(t);
        this.options.onHourAdded?.(t);
      }
      from = stepTo + SECONDS_PER_HOUR;
      if (this.stopping) break;
    }
    const last = report.added[report.added.length - 1];
    if (last !== undefined) {
      this.log.info(
        { hours: report.added.length, last },
        `demo data: added ${report.added.length} hour(s), up to ${formatChinaDateTime(last)}`,
      );
    }

    const day = chinaDay(to);
    this.issueDay ??= await this.currentIssueDay(cities);
    if (this.issueDay !== day && !this.stopping) {
      await issueForecasts(database, cities, this.seed, to, this.clock());
      this.issueDay = day;
      report.forecastsIssued = true;
    }
    return report;
  }

  private async addHours(
    cities: readonly DemoCity[],
    byCity: ReadonlyMap<string, readonly Station[]>,
    from: number,
    to: number,
  ): Promise<number[]> {
    const { database } = this.options;
    const now = this.clock();
    const stationHours: StationHourlyTable[] = [];
    const weather: WeatherHourlyTable[] = [];
    for (const city of cities) {
      const stations = (byCity.get(city.profile.code) ?? []).map(toDemoStation);
      const block = generateCityBlock(city.profile, stations, this.seed, from, to, { cityHours: false });
      for (const row of stationHourRows(block, now)) stationHours.push(row);
      for (const row of weatherHourRows(block, now)) weather.push(row);
    }
    // Every hour after the last demo hour is new for every demo station: a plain insert.
    await database.bulkInsert('station_hourly', stationHours);
    await new WeatherRepository(database).upsertObservations(weather);
    const hours: number[] = [];
    for (let t = from; t <= to; t += SECONDS_PER_HOUR) hours.push(t);
    await new AirAggregation(new AirStore(database), this.clock).refreshFromStationHours(hours);
    return hours;
  }

  /** The China day of the forecasts in the table (undefined when there are none). */
  private async currentIssueDay(cities: readonly DemoCity[]): Promise<number | undefined> {
    const city = cities[0];
    if (city === undefined) return undefined;
    const rows = await new WeatherRepository(this.options.database).dailyForecasts(city.profile.code, 0);
    const issued = rows.filter((r) => r.source === 'demo').map((r) => r.issued_at);
    return issued.length === 0 ? undefined : chinaDay(Math.max(...issued));
  }
}
