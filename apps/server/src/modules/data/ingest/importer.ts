import { aqiLevel, SECONDS_PER_HOUR } from '@lantian/domain';
import { systemClock } from '../../../platform/clock';
import type { Database } from '../../../platform/db/database';
import { retryOnContention } from '../../../platform/db/retry';
import type { AirTables } from '../air';
import { AirAggregation, AirStore, type CityHourSource, type StationHourInput } from '../air';
import type { StationsTables } from '../stations';
import { type DataSource, type NewStation, StationsRepository } from '../stations';
import { isChinaSitesHeader, parseChinaSitesCsv } from './china-sites-file';
import { CityResolver } from './city-resolver';
import {
  CnemcFileError,
  type CnemcRejectedRow,
  type CnemcStationRow,
  decodeUtf8,
  parseCnemcCsv,
  parseCnemcGeoJson,
} from './cnemc-file';
import { parseCsvHeader } from './csv';
import { checkRow, type QcMismatch } from './qc';
import { isStationListHeader, type ListedStation, parseStationList } from './station-list';

/**
 * Imports station-hour files into the database: parse → stations → QC → upsert → city aggregation.
 *
 * Forms, told apart by their first line: the national release's hourly station file (CSV or GeoJSON,
 * `cnemc-file.ts`), the daily china_sites file (`china-sites-file.ts`) and its station list
 * (`station-list.ts`). Files are imported one at a time, in the order given; a file that cannot be
 * read as a whole (not UTF-8, wrong header, broken JSON) is reported and skipped, the others import.
 *
 * Aggregation is incremental: after each batch only the city hours of its hours are recomputed,
 * written with their China days marked pending (AirAggregation.refreshCityHoursDeferringDays);
 * `finish()` then computes each pending day from its city hours once, and each month and year from
 * its days once — not after every batch or file, which made a year's import quadratic.
 *
 * Crash safety: rows are written in batches of whole hours (about `batchRows` rows), each batch in one
 * transaction (StationHoursRepository.upsert), then the batch's city hours together with the marks
 * of their days, so an interrupted import leaves whole batches behind, and the days it could not
 * finish stay marked: the next import's `finish()` computes them. Re-running it completes the rest
 * (re-importing unchanged rows changes nothing). New stations are created before the batches that
 * need them; a crash can leave a station without hours, never hours without their station.
 */

export type FileForm = 'cnemc-csv' | 'cnemc-geojson' | 'china-sites' | 'station-list';

export interface ImportInput {
  /** The path or URL, as the summary names the file. */
  name: string;
  bytes: Uint8Array;
}

export interface RejectedLine {
  file: string;
  /** CSV line (the header is line 1); null for a GeoJSON feature (see `where`). */
  line: number | null;
  /** Where, as the parser names it: "第 12 行 / line 12", "第 3 个要素 / feature 3". */
  where: string;
  reason: string;
}

export interface QcStationMismatches {
  station: string;
  count: number;
  first: {
    file: string;
    where: string;
    timepoint: string;
    field: QcMismatch['field'];
    published: QcMismatch['published'];
    computed: QcMismatch['computed'];
  }[];
}

export interface ImportSummary {
  /** Files read completely (data files and station lists). */
  files: number;
  /** Files that could not be read at all, with why. */
  failed: { file: string; reason: string }[];
  /** Files that were not there (a day missing from an archive). */
  missing: { file: string; reason: string }[];
  /** Station-hour records read (a china_sites file: one per station and hour with any value). */
  rows: number;
  /** Records that repeated a station-hour (or a china_sites hour and type) of the same file; the later won. */
  duplicates: number;
  stations: {
    /** Stations of the imported rows that the register already had. */
    known: number;
    /** Stations created from the files. */
    created: number;
  };
  /** Distinct hours among the imported rows. */
  hours: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: { count: number; first: RejectedLine[] };
  qc: {
    /** Rows that could be checked (a published AQI and at least one pollutant). */
    checked: number;
    mismatches: number;
    aqi: number;
    primary: number;
    byStation: QcStationMismatches[];
  };
  /** Derived city rows written. */
  cityRows: { hours: number; days: number; months: number; years: number };
  seconds: number;
}

export interface FileReport {
  file: string;
  form: FileForm | null;
  /** Why the whole file could not be read, when it could not. */
  error: string | null;
  rows: number;
  accepted: number;
  rejected: number;
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface ImporterOptions {
  /** Rows per transaction; batches hold whole hours, so a batch may exceed this by up to one hour. */
  batchRows?: number;
  /** Refresh city hours after each batch and days, months and years at `finish()` (tests turn it off). */
  aggregate?: boolean;
  /** Epoch seconds; the `updated_at` of written rows. */
  now?: () => number;
  resolver?: CityResolver;
}

/** What an import writes: stations and their hours (and the city rows derived from them). */
export type ImportTables = AirTables & StationsTables;

const SHOWN_REJECTED = 50;
const SHOWN_QC_STATIONS = 20;
const SHOWN_QC_PER_STATION = 3;
/** Column widths of the stations table (migration 0002). */
const MAX_CODE = 24;
const MAX_NAME = 100;

/** Which form a decoded file is in, from its header; a header that is not CSV throws a CnemcFileError naming it. */
export function detectForm(text: string): FileForm {
  if (/^\uFEFF?\s*\{/.test(text)) return 'cnemc-geojson';
  const fields = parseCsvHeader(text);
  if (isChinaSitesHeader(fields)) return 'china-sites';
  if (isStationListHeader(fields)) return 'station-list';
  return 'cnemc-csv';
}

function reasonOf(rejected: CnemcRejectedRow): string {
  return rejected.reasons.join('; ');
}

function primaryText(row: CnemcStationRow): string | null {
  return row.primaryPollutants.length === 0 ? null : row.primaryPollutants.join(',');
}

/** A parsed release row as the station_hourly row it is stored as. */
export function toStationHour(row: CnemcStationRow, source: DataSource, qcFlags: number): StationHourInput {
  const v = row.values;
  return {
    station_code: row.stationCode,
    time: row.time,
    aqi: row.aqi,
    level: aqiLevel(row.aqi),
    primary_pollutant: primaryText(row),
    pm2_5: v.pm2_5,
    pm2_5_24h: v.pm2_5_24h,
    pm10: v.pm10,
    pm10_24h: v.pm10_24h,
    so2: v.so2,
    so2_24h: v.so2_24h,
    no2: v.no2,
    no2_24h: v.no2_24h,
    co: v.co,
    co_24h: v.co_24h,
    // GUIDE §6: the parser already named the release's O3 fields for what they are.
    o3: v.o3_1h,
    o3_1h_max: v.o3_1h_max_24h,
    o3_8h: v.o3_8h_moving,
    o3_8h_max: v.o3_8h_max_today,
    source,
    qc_flags: qcFlags,
  };
}

/** What a city's hour needs to know of a station (as stored: the register, or what this import created). */
type RegisteredStation = Pick<CityHourSource, 'city_code' | 'is_reference' | 'station_name'>;

function registered(station: { city_code: string; is_reference?: number; name: string }): RegisteredStation {
  return { city_code: station.city_code, is_reference: station.is_reference ?? 0, station_name: station.name };
}

/** QC flag bits of station_hourly.qc_flags. */
export const QC_AQI = 1;
export const QC_PRIMARY = 2;

/** A row of one file that passed every check (where it is in the file is spelt out only for a QC finding). */
interface Accepted {
  row: CnemcStationRow;
}

export class Importer {
  private readonly stations: StationsRepository;
  private readonly air: AirStore;
  private readonly aggregation: AirAggregation;
  private readonly resolver: CityResolver;
  private readonly batchRows: number;
  private readonly aggregate: boolean;
  private readonly now: () => number;
  private readonly started = performance.now();

  /** code → what city values need of every station in the register; loaded on first need. */
  private register: Map<string, RegisteredStation> | undefined;
  /** Stations of the station lists read so far; a later list overrides an earlier one. */
  private readonly listed = new Map<string, ListedStation & { file: string }>();

  private files = 0;
  private readonly failed: { file: string; reason: string }[] = [];
  private readonly missing: { file: string; reason: string }[] = [];
  private rows = 0;
  private duplicates = 0;
  private readonly knownUsed = new Set<string>();
  /** Stations this import created, which later files must not count as known. */
  private readonly createdCodes = new Set<string>();
  private readonly hours = new Set<number>();
  private inserted = 0;
  private updated = 0;
  private unchanged = 0;
  private rejectedCount = 0;
  private readonly rejectedFirst: RejectedLine[] = [];
  private qcChecked = 0;
  private qcAqi = 0;
  private qcPrimary = 0;
  private readonly qcByStation = new Map<string, QcStationMismatches>();
  private readonly cityRows = { hours: 0, days: 0, months: 0, years: 0 };

  constructor(database: Database<ImportTables>, options: ImporterOptions = {}) {
    this.stations = new StationsRepository(database);
    this.air = new AirStore(database);
    this.now = options.now ?? systemClock;
    this.aggregation = new AirAggregation(this.air, this.now);
    this.resolver = options.resolver ?? new CityResolver();
    this.batchRows = options.batchRows ?? 5_000;
    this.aggregate = options.aggregate ?? true;
  }

  /** Records a file that could not be read at all (e.g. not found, or a download that failed). */
  fail(file: string, reason: string): void {
    this.failed.push({ file, reason });
  }

  /** Records a file that is not there (an archive without that day). */
  skipMissing(file: string, reason: string): void {
    this.missing.push({ file, reason });
  }

  /**
   * Imports one file of any form; a file that cannot be read as a whole is recorded as failed. With
   * `expect`, a file of another form fails too (a --stations file must be a station list).
   */
  async importFile(input: ImportInput, expect?: FileForm): Promise<FileReport> {
    const report: FileReport = {
      file: input.name,
      form: null,
      error: null,
      rows: 0,
      accepted: 0,
      rejected: 0,
      inserted: 0,
      updated: 0,
      unchanged: 0,
    };
    let form: FileForm;
    let parsed: { rows: CnemcStationRow[]; rejected: CnemcRejectedRow[]; duplicates: number };
    try {
      const text = decodeUtf8(input.bytes);
      form = detectForm(text);
      report.form = form;
      if (expect !== undefined && form !== expect) {
        throw new CnemcFileError(
          expect === 'station-list'
            ? `表头不是站点列表格式 / not a station-list header; expected: 监测点编码,监测点名称,城市,经度,纬度,对照点`
            : `不是 ${expect} 格式 / not in the ${expect} form`,
          1,
        );
      }
      if (form === 'station-list') {
        const list = parseStationList(text);
        for (const station of list.stations) this.listed.set(station.code, { ...station, file: input.name });
        this.reject(input.name, list.rejected);
        report.rows = list.stations.length + list.rejected.length;
        report.accepted = list.stations.length;
        report.rejected = list.rejected.length;
        this.files++;
        return report;
      }
      if (form === 'china-sites') parsed = parseChinaSitesCsv(text);
      else parsed = { ...(form === 'cnemc-geojson' ? parseCnemcGeoJson(text) : parseCnemcCsv(text)), duplicates: 0 };
    } catch (err) {
      if (!(err instanceof CnemcFileError)) throw err;
      report.error = err.message;
      this.fail(input.name, err.message);
      return report;
    }
    this.files++;
    const source: DataSource = form === 'china-sites' ? 'china_sites' : 'cnemc';
    report.rows = parsed.rows.length + parsed.rejected.length;
    this.rows += report.rows;
    this.duplicates += parsed.duplicates;
    this.reject(input.name, parsed.rejected);
    report.rejected += parsed.rejected.length;

    // The later copy of a station-hour wins (archives that polled twice an hour repeat rows, the
    // later copy sometimes revised); the upsert would do the same, but counts should say so.
    const latest = new Map<string, CnemcStationRow>();
    for (const row of parsed.rows) {
      const key = `${row.stationCode}@${row.time}`;
      if (latest.has(key)) {
        this.duplicates++;
        latest.delete(key);
      }
      latest.set(key, row);
    }

    const accepted: Accepted[] = [];
    const rejectedHere: CnemcRejectedRow[] = [];
    const refuse = (row: CnemcStationRow, reason: string) =>
      rejectedHere.push({
        line: row.line,
        record: row.record,
        stationCode: row.stationCode,
        where: whereOf(row),
        reasons: [reason],
      });
    const register = await this.loadRegister();
    const creating = new Map<string, NewStation>();
    const refused = new Map<string, string>();
    for (const row of latest.values()) {
      if (row.time % SECONDS_PER_HOUR !== 0) {
        refuse(row, `timepoint 不是整点 / not on the hour: ${JSON.stringify(row.timepoint)}`);
        continue;
      }
      if (row.stationCode.length > MAX_CODE) {
        refuse(row, `stationcode 超过 ${MAX_CODE} 个字符 / longer than ${MAX_CODE} characters`);
        continue;
      }
      const code = row.stationCode;
      if (!register.has(code) && !creating.has(code)) {
        const reason = refused.get(code) ?? this.newStation(row, form, source, creating);
        if (reason !== null) {
          refused.set(code, reason);
          refuse(row, reason);
          continue;
        }
      }
      accepted.push({ row });
    }
    this.reject(input.name, rejectedHere);
    report.rejected += rejectedHere.length;
    report.accepted = accepted.length;

    if (creating.size > 0) {
      const created = await retryOnContention(() => this.stations.upsert([...creating.values()], this.now()));
      for (const code of created) this.createdCodes.add(code);
      for (const station of creating.values()) register.set(station.code, registered(station));
    }
    for (const { row } of accepted) if (!this.createdCodes.has(row.stationCode)) this.knownUsed.add(row.stationCode);

    for (const batch of batches(accepted, this.batchRows)) {
      const inputs = batch.map(({ row }) => toStationHour(row, source, this.check(input.name, row)));
      // A batch is one transaction of idempotent writes: lost to another writer (the server, a second
      // import), it is simply run again.
      const counts = await retryOnContention(() => this.air.stationHours.upsert(inputs, this.now()));
      report.inserted += counts.inserted;
      report.updated += counts.updated;
      report.unchanged += counts.unchanged;
      const times = [...new Set(batch.map((a) => a.row.time))];
      for (const t of times) this.hours.add(t);
      if (this.aggregate) {
        const written = inputs.flatMap((row) => {
          const station = register.get(row.station_code);
          return station === undefined ? [] : [{ ...row, ...station }];
        });
        await retryOnContention(() => this.refreshCities(times, written));
      }
    }
    this.inserted += report.inserted;
    this.updated += report.updated;
    this.unchanged += report.unchanged;
    return report;
  }

  private async refreshCities(times: readonly number[], written: readonly CityHourSource[]): Promise<void> {
    this.cityRows.hours += await this.aggregation.refreshCityHoursDeferringDays(times, written);
  }

  /**
   * Computes the city days, months and years the import made stale (and any a crashed import left
   * pending). Call it once after the last file, before `summary()`.
   */
  async finish(): Promise<void> {
    if (!this.aggregate) return;
    const rows = await retryOnContention(() => this.aggregation.refreshPendingDays());
    this.cityRows.days += rows.days;
    this.cityRows.months += rows.months;
    this.cityRows.years += rows.years;
  }

  private async loadRegister(): Promise<Map<string, RegisteredStation>> {
    if (this.register === undefined) {
      this.register = new Map((await this.stations.all()).map((s) => [s.code, registered(s)]));
    }
    return this.register;
  }

  /** Plans the creation of a row's station; returns why it cannot be created, or null. */
  private newStation(
    row: CnemcStationRow,
    form: FileForm,
    source: DataSource,
    creating: Map<string, NewStation>,
  ): string | null {
    let identity: { name: string; city: string; longitude: number | null; latitude: number | null; ref: boolean };
    if (form === 'china-sites') {
      const listed = this.listed.get(row.stationCode);
      if (listed === undefined) {
        return `监测点 ${row.stationCode} 不在任何站点列表中 / station ${row.stationCode} is in no station list (--stations FILE)`;
      }
      identity = { ...listed, ref: listed.isReference };
    } else {
      identity = {
        name: row.stationName,
        city: row.area,
        longitude: row.longitude,
        latitude: row.latitude,
        ref: false,
      };
    }
    if (identity.name === '' || identity.name.length > MAX_NAME) {
      return `监测点名称无效 / invalid station name: ${JSON.stringify(identity.name)}`;
    }
    const city = this.resolver.resolve(identity.city);
    if (!city.ok) return `监测点 ${row.stationCode} 的城市无法识别 / city of the station: ${city.reason}`;
    creating.set(row.stationCode, {
      code: row.stationCode,
      name: identity.name,
      city_code: city.code,
      county_code: city.county ?? null,
      longitude: identity.longitude,
      latitude: identity.latitude,
      is_reference: identity.ref || identity.name.includes('对照点') ? 1 : 0,
      source,
    });
    return null;
  }

  /** Runs the QC check on a row about to be written; returns its qc_flags. */
  private check(file: string, row: CnemcStationRow): number {
    const result = checkRow(row);
    if (result === null) return 0;
    this.qcChecked++;
    const mismatch = result.mismatch;
    if (mismatch === null) return 0;
    if (mismatch.field === 'aqi') this.qcAqi++;
    else this.qcPrimary++;
    let station = this.qcByStation.get(row.stationCode);
    if (station === undefined) {
      station = { station: row.stationCode, count: 0, first: [] };
      this.qcByStation.set(row.stationCode, station);
    }
    station.count++;
    if (station.first.length < SHOWN_QC_PER_STATION) {
      station.first.push({
        file,
        where: whereOf(row),
        timepoint: mismatch.timepoint,
        field: mismatch.field,
        published: mismatch.published,
        computed: mismatch.computed,
      });
    }
    return mismatch.field === 'aqi' ? QC_AQI : QC_PRIMARY;
  }

  private reject(file: string, rows: readonly CnemcRejectedRow[]): void {
    for (const r of rows) {
      this.rejectedCount++;
      if (this.rejectedFirst.length < SHOWN_REJECTED) {
        this.rejectedFirst.push({ file, line: r.line, where: r.where, reason: reasonOf(r) });
      }
    }
  }

  summary(): ImportSummary {
    return {
      files: this.files,
      failed: [...this.failed],
      missing: [...this.missing],
      rows: this.rows,
      duplicates: this.duplicates,
      stations: { known: this.knownUsed.size, created: this.createdCodes.size },
      hours: this.hours.size,
      inserted: this.inserted,
      updated: this.updated,
      unchanged: this.unchanged,
      rejected: { count: this.rejectedCount, first: [...this.rejectedFirst] },
      qc: {
        checked: this.qcChecked,
        mismatches: this.qcAqi + this.qcPrimary,
        aqi: this.qcAqi,
        primary: this.qcPrimary,
        byStation: [...this.qcByStation.values()]
          .sort((a, b) => b.count - a.count || a.station.localeCompare(b.station))
          .slice(0, SHOWN_QC_STATIONS),
      },
      cityRows: { ...this.cityRows },
      seconds: Math.round(performance.now() - this.started) / 1000,
    };
  }
}

function whereOf(row: CnemcStationRow): string {
  return row.line === null ? `第 ${row.record} 个要素 / feature ${row.record}` : `第 ${row.line} 行 / line ${row.line}`;
}

/** Whole hours, in time order, about `size` rows at a time. */
function* batches(rows: readonly Accepted[], size: number): Generator<Accepted[]> {
  const byTime = new Map<number, Accepted[]>();
  for (const a of rows) {
    const list = byTime.get(a.row.time);
    if (list === undefined) byTime.set(a.row.time, [a]);
    else list.push(a);
  }
  let batch: Accepted[] = [];
  for (const time of [...byTime.keys()].sort((a, b) => a - b)) {
    batch.push(...(byTime.get(time) ?? []));
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
