import {
  analysisCalendarResponse,
  analysisCityRankResponse,
  areaForecastTextResponse,
  areaLevelResponse,
  cityAndSiteResponse,
  cityAqiTrendResponse,
  cityWeatherForecastResponse,
  forecastImgsResponse,
  interpolationResponse,
  periodCompareResponse,
  regionMeanResponse,
  siteHistoryResponse,
  siteTrendResponse,
  standardRateResponse,
} from '@lantian/contracts';
import { apiGet, type DataOf, type Params } from '../../shared/api';

/** The calls of 空气质量分析 (spec §7 analysis and forecast paths); each answer is checked against its schema. */

export type CityRankData = DataOf<typeof analysisCityRankResponse>;
export type CityRankRow = CityRankData['list'][number];
export type CityAndSite = DataOf<typeof cityAndSiteResponse>;
export type SiteHistoryRow = DataOf<typeof siteHistoryResponse>['list'][number];
export type StandardRate = DataOf<typeof standardRateResponse>;
export type RegionMean = DataOf<typeof regionMeanResponse>;
export type PeriodCompare = DataOf<typeof periodCompareResponse>;
export type AreaLevel = DataOf<typeof areaLevelResponse>;
export type InterpolationGrid = DataOf<typeof interpolationResponse>;
export type CityWeatherForecast = DataOf<typeof cityWeatherForecastResponse>;

export const analysisKeys = {
  all: ['air-analysis'] as const,
  call: (path: string, params: Params) => ['air-analysis', path, params] as const,
};

type Signal = AbortSignal | undefined;

export const api = {
  cityRank: (p: Params, signal: Signal) => apiGet('/bigdata/home/getCityRank', p, analysisCityRankResponse, { signal }),
  trend: (p: Params, signal: Signal) => apiGet('/bigdata/home/getCityAQITrend', p, cityAqiTrendResponse, { signal }),
  calendar: (p: Params, signal: Signal) =>
    apiGet('/analysis/cityData/getCityCalendarData', p, analysisCalendarResponse, { signal }),
  monthCompare: (p: Params, signal: Signal) =>
    apiGet('/analysis/cityData/month/getRegionAndHisDate', p, periodCompareResponse, { signal }),
  cityAndSite: (p: Params, signal: Signal) =>
    apiGet('/analysis/airStations/getCityAndSite', p, cityAndSiteResponse, { signal }),
  siteHistory: (p: Params, signal: Signal) =>
    apiGet('/analysis/airStations/getSiteHistoryDataList', p, siteHistoryResponse, { signal, timeoutMs: 60_000 }),
  grid: (p: Params, signal: Signal) =>
    apiGet('/analysis/airStations/getSiteInterpolationDataFile', p, interpolationResponse, {
      signal,
      timeoutMs: 60_000,
    }),
  siteTrend: (p: Params, signal: Signal) =>
    apiGet('/analysis/airSiteTrend/vochartslist', p, siteTrendResponse, { signal }),
  standardRate: (p: Params, signal: Signal) =>
    apiGet('/analysis/uptoStandard/getStandardRate', p, standardRateResponse, { signal }),
  regionMean: (p: Params, signal: Signal) =>
    apiGet('/analysis/cityStandard/day/getRegionMeanData', p, regionMeanResponse, { signal }),
  areaLevel: (p: Params, signal: Signal) =>
    apiGet('/threePartyForecast/getAreaLevel', p, areaLevelResponse, { signal }),
  areaText: (p: Params, signal: Signal) =>
    apiGet('/threePartyForecast/getVoAreaForecastText', p, areaForecastTextResponse, { signal }),
  images: (p: Params, signal: Signal) =>
    apiGet('/threePartyForecast/forecastImgs', p, forecastImgsResponse, { signal }),
  cityWeather: (p: Params, signal: Signal) =>
    apiGet('/fore/weatherForecast/getCityForecast', p, cityWeatherForecastResponse, { signal }),
};
