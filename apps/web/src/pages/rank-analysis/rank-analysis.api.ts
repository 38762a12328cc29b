import type { CityListEntry, CityRankData, RankAnalysisData, RankTimeType, TimelineData } from '@lantian/contracts';
import { useApiCall } from '../analysis/analysis.api';

/** The ranking analysis' calls (spec §7 "Public data"). */

export function useRanking(
  timeType: RankTimeType,
  time: string | undefined,
  scope: string,
  areaCodes: readonly string[],
) {
  const custom = scope === 'custom';
  const national = useApiCall<CityRankData>(
    '/api/getCityRank',
    { timeType, time, rankType: scope },
    { enabled: !custom },
  );
  const group = useApiCall<CityRankData>(
    '/api/getCustomAreaRank',
    { timeType, time, areaCodes: areaCodes.join(',') },
    { enabled: custom && areaCodes.length > 0 },
  );
  return custom ? group : national;
}

export const useProvinces = () => useApiCall<CityListEntry[]>('/api/getProvinceList', {}, { method: 'GET' });

export const useTimeline = (timeType: 'hour' | 'day', endTime: string | undefined) =>
  useApiCall<TimelineData>('/api/getTimeLineData', { timeType, endTime });

export const useRankTrend = (city: string, timeType: RankTimeType, time: string | undefined, periods: number) =>
  useApiCall<RankAnalysisData>('/api/getRankAnalysis', { city, timeType, time, periods });
