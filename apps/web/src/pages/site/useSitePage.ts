import type { CitySiteData } from '@lantian/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useCityParam } from '../../app/useCityParam';
import { classifySegment, isCityCode, parentCityCode } from './segment';
import { citySitesQuery, siteCurrentQuery } from './site.api';

/**
 * Which city's stations the page shows and which station is selected, from the address alone:
 * - `/site/beijing`, `/site/110000`: the city, nothing selected;
 * - `/site/1001A`: the station's city (asked of the server unless it is already on screen), the station selected;
 * - `/site/chaoyangqu` (a district, which has no station list of its own): its city, its stations marked.
 */
export interface SitePageState {
  /** The shell has not put a city in the address yet. */
  waiting: boolean;
  selected: string | undefined;
  /** The station named by the address could not be looked up. */
  stationError: unknown;
  retryStation: () => void;
  /** The area the address names (a district when `county` is set). */
  requested: CitySiteData | undefined;
  /** The stations shown: the requested area's, or its city's for a district without its own. */
  data: CitySiteData | undefined;
  county: { code: string; name: string } | undefined;
  loading: boolean;
  error: unknown;
  retry: () => void;
}

export function useSitePage(): SitePageState {
  const segment = classifySegment(useCityParam());
  const stationCode = segment.kind === 'station' ? segment.code : undefined;

  // The list last shown and the key it was asked with: choosing one of its stations must not refetch it.
  const shown = useRef<{ key: string; data: CitySiteData } | undefined>(undefined);
  const onScreen =
    stationCode !== undefined && shown.current?.data.sites.some((s) => s.siteCode === stationCode) === true
      ? shown.current.key
      : undefined;

  const station = useQuery({
    ...siteCurrentQuery(stationCode ?? ''),
    enabled: stationCode !== undefined && onScreen === undefined,
  });
  const key = segment.kind === 'city' ? segment.city : (onScreen ?? station.data?.site.cityCode);

  const requested = useQuery({ ...citySitesQuery(key ?? ''), enabled: key !== undefined });
  const isDistrict =
    requested.data !== undefined && !isCityCode(requested.data.cityCode) && requested.data.sites.length === 0;
  const parentKey = isDistrict && requested.data ? parentCityCode(requested.data.cityCode) : undefined;
  const parent = useQuery({ ...citySitesQuery(parentKey ?? ''), enabled: parentKey !== undefined });

  const data = parentKey === undefined ? requested.data : parent.data;
  useEffect(() => {
    if (key !== undefined && data !== undefined) shown.current = { key, data };
  }, [key, data]);

  const active = parentKey === undefined ? requested : parent;
  return {
    waiting: segment.kind === 'none',
    selected: stationCode,
    stationError: onScreen === undefined && station.isError ? station.error : undefined,
    retryStation: () => void station.refetch(),
    requested: requested.data,
    data,
    county: isDistrict && requested.data ? { code: requested.data.cityCode, name: requested.data.cityName } : undefined,
    loading: data === undefined && !requested.isError && !parent.isError,
    error: requested.isError ? requested.error : parent.isError ? parent.error : undefined,
    retry: () => void active.refetch(),
  };
}
