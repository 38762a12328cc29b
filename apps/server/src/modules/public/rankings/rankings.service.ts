import type { Area } from '@lantian/areas';
import type { CityRankData, RankAnalysisData, RankItem, RankStanding, RankTimeType } from '@lantian/contracts';
import { chinaParts, isStale, LEVELS, roundHalfUp, SECONDS_PER_HOUR } from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import type { AirStore } from '../../data/air';
import { type CityIdentity, cityIdentity, identityOf } from './cities';
import {
  lastCompleteDay,
  monthKeyOf,
  type Period,
  periodFromKey,
  periodOf,
  periodTime,
  previousPeriod,
} from './periods';
import {
  fromCityDay,
  fromCityHour,
  fromCityPeriod,
  type RankRow,
  rankAscending,
  rankValue,
  type SortBy,
  sortKeyOf,
  toRankItem,
} from './ranking';
import { type RankQuery, type RankScope, rankScopeName } from './rankings.schemas';

/** A city missing at the ranked hour is looked for this far back, to say when it last reported. */
const MISSING_LOOKBACK_SECONDS = 24 * SECONDS_PER_HOUR;

/** Every city's values for one period, and for an hour each recently seen city's last hour. */
interface Snapshot {
  rows: Map<string, RankRow>;
  lastHours: Map<string, number>;
}

/** The period asked for: the hour by default (the spec's "real" time type, parsed to `hour`). */
function timeTypeOf(query: RankQuery): RankTimeType {
  return query.timeType ?? 'hour';
}

interface Entry {
  identity: CityIdentity;
  row: RankRow | undefined;
}

/**
 * City rankings (getCityRank, getCustomAreaRank) and one city's standing (getRankAnalysis). Each reads
 * one period across all cities through the (time|day|month|year, city_code) indexes and ranks in memory.
 */
export class RankingService {
  constructor(
    private readonly air: AirStore,
    private readonly now: Clock,
  ) {}

  async cityRank(query: RankQuery & { rankType?: RankScope | undefined }): Promise<CityRankData> {
    const scope = query.rankType ?? { kind: 'all' };
    const timeType = timeTypeOf(query);
    const province = scope.kind === 'province' ? scope.province.code : undefined;
    const period = await this.resolvePeriod(timeType, query.time);
    const snapshot = period === undefined ? emptySnapshot() : await this.snapshot(period, true);
    const codes = new Set([...snapshot.rows.keys(), ...snapshot.lastHours.keys()]);
    const identities = [...codes]
      .map(cityIdentity)
      .filter((c): c is CityIdentity => c !== undefined && (province === undefined || c.provinceCode === province));
    return this.ranking(timeType, period, rankScopeName(scope), identities, snapshot);
  }

  /** The given cities (each once, in the given order), ranked among themselves. */
  async customAreaRank(query: RankQuery & { areaCodes: readonly Area[] }): Promise<CityRankData> {
    const timeType = timeTypeOf(query);
    const identities = query.areaCodes.map(identityOf);
    const period = await this.resolvePeriod(timeType, query.time);
    const snapshot = period === undefined ? emptySnapshot() : await this.snapshot(period, true);
    return this.ranking(timeType, period, 'custom', identities, snapshot);
  }

  async rankAnalysis(query: RankQuery & { city: Area; periods?: number | undefined }): Promise<RankAnalysisData> {
    const identity = identityOf(query.city);
    const timeType = timeTypeOf(query);
    const sortBy = sortKeyOf(timeType);
    const period = await this.resolvePeriod(timeType, query.time);
    const base = { ...identity, timeType, sortBy };
    if (period === undefined) {
      return {
        ...base,
        stale: false,
        current: null,
        previous: null,
        change: { rank: null, provinceRank: null, value: null },
      };
    }
    const before = previousPeriod(period);
    const [now, then] = await Promise.all([this.snapshot(period, false), this.snapshot(before, false)]);
    const current = standing(identity, period, now, sortBy);
    const previous = standing(identity, before, then, sortBy);
    const history =
      query.periods === undefined ? undefined : await this.history(identity, period, query.periods, sortBy);
    const difference = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);
    const valueChange = difference(current.value, previous.value);
    return {
      ...base,
      stale: period.timeType === 'hour' && isStale(period.key, this.now()),
      current,
      previous,
      change: {
        rank: difference(previous.rank, current.rank),
        provinceRank: difference(previous.provinceRank, current.provinceRank),
        value: valueChange === null ? null : roundHalfUp(valueChange, 2),
      },
      ...(history === undefined ? {} : { history }),
    };
  }

  /**
   * The city's standing in each of `count` periods up to `last`, oldest first. One period's snapshot at
   * a time: a month of days is 30 reads of ~340 rows, and holding them all would gain nothing.
   */
  private async history(identity: CityIdentity, last: Period, count: number, sortBy: SortBy): Promise<RankStanding[]> {
    const periods = [last];
    while (periods.length < count) periods.unshift(previousPeriod(periods[0] as Period));
    const out: RankStanding[] = [];
    for (const period of periods) out.push(standing(identity, period, await this.snapshot(period, false), sortBy));
    return out;
  }

  /** The asked period, or the latest one with data: hours as published, days once over, months and years so far. */
  private async resolvePeriod(timeType: RankTimeType, time: number | undefined): Promise<Period | undefined> {
    if (time !== undefined) return periodOf(timeType, time);
    const now = this.now();
    let key: number | undefined;
    if (timeType === 'hour') key = await this.air.cityHours.latestTime();
    else if (timeType === 'day') key = await this.air.cityDays.latest(lastCompleteDay(now));
    else if (timeType === 'month') key = await this.air.cityMonths.latest(monthKeyOf(now));
    else key = await this.air.cityYears.latest(chinaParts(now).year);
    return key === undefined ? undefined : periodFromKey(timeType, key);
  }

  private async snapshot(period: Period, withLastHours: boolean): Promise<Snapshot> {
    const rows = await this.rowsAt(period);
    const lastHours = new Map<string, number>();
    if (period.timeType === 'hour' && withLastHours) {
      const recent = await this.air.cityHours.lastTimePerCity(
        period.key - MISSING_LOOKBACK_SECONDS,
        period.key - SECONDS_PER_HOUR,
      );
      for (const r of recent) lastHours.set(r.city_code, r.time);
    }
    return { rows: new Map(rows.map((r) => [r.cityCode, r])), lastHours };
  }

  private async rowsAt(period: Period): Promise<RankRow[]> {
    switch (period.timeType) {
      case 'hour':
        return (await this.air.cityHours.at(period.key)).map(fromCityHour);
      case 'day':
        return (await this.air.cityDays.at(period.key)).map(fromCityDay);
      case 'month':
        return (await this.air.cityMonths.at(period.key)).map((m) => fromCityPeriod(m, period.start));
      case 'year':
        return (await this.air.cityYears.at(period.key)).map((y) => fromCityPeriod(y, period.start));
    }
  }

  private ranking(
    timeType: RankTimeType,
    period: Period | undefined,
    rankType: string,
    identities: readonly CityIdentity[],
    snapshot: Snapshot,
  ): CityRankData {
    const sortBy = sortKeyOf(timeType);
    const hourStale = period !== undefined && timeType === 'hour' && isStale(period.key, this.now());
    const entries: Entry[] = identities.map((identity) => ({ identity, row: snapshot.rows.get(identity.cityCode) }));
    const ranked = rankAscending(
      entries,
      (e) => (e.row === undefined ? null : rankValue(e.row, sortBy)),
      (e) => e.identity.cityCode,
    );
    const items: RankItem[] = ranked.map(({ item, rank }) => {
      // An hour ranking never borrows an earlier hour: a city without this hour is listed, empty and stale.
      const missingHour = timeType === 'hour' && item.row === undefined;
      return toRankItem(item.identity, item.row, rank, {
        stale: hourStale || missingHour,
        lastTime: missingHour ? (snapshot.lastHours.get(item.identity.cityCode) ?? null) : null,
      });
    });
    return {
      timeType,
      time: period === undefined ? null : periodTime(period),
      rankType,
      sortBy,
      stale: hourStale,
      total: items.filter((i) => i.rank !== null).length,
      items,
    };
  }
}

function emptySnapshot(): Snapshot {
  return { rows: new Map(), lastHours: new Map() };
}

function standing(identity: CityIdentity, period: Period, snapshot: Snapshot, sortBy: SortBy): RankStanding {
  const entries = [...snapshot.rows.values()]
    .map((row) => ({ row, identity: cityIdentity(row.cityCode) }))
    .filter((e): e is { row: RankRow; identity: CityIdentity } => e.identity !== undefined);
  const rankIn = (list: typeof entries) => {
    const ranked = rankAscending(
      list,
      (e) => rankValue(e.row, sortBy),
      (e) => e.identity.cityCode,
    );
    return {
      rank: ranked.find((r) => r.item.identity.cityCode === identity.cityCode)?.rank ?? null,
      total: ranked.filter((r) => r.rank !== null).length,
    };
  };
  const national = rankIn(entries);
  const province = rankIn(entries.filter((e) => e.identity.provinceCode === identity.provinceCode));
  const row = snapshot.rows.get(identity.cityCode);
  const info = LEVELS[row?.level ?? 0];
  return {
    time: periodTime(period),
    value: row === undefined ? null : rankValue(row, sortBy),
    level: info.level,
    levelName: info.name,
    color: info.color,
    rank: national.rank,
    total: national.total,
    provinceRank: province.rank,
    provinceTotal: province.total,
    source: row?.source ?? null,
    isDemo: row?.source === 'demo',
  };
}
