import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { deviceKeys, listSites } from './devices.api';

/** The sites the device screens pick from (the areas come from shared/lookups). */

/** The first 100 sites matching `keyword` (name or code), for a site picker. */
export function useSiteOptions(keyword: string) {
  const sites = useQuery({
    queryKey: deviceKeys.siteList({ keyword, pageSize: 100, picker: 1 }),
    queryFn: ({ signal }) => listSites({ keyword, pageSize: 100 }, signal),
    placeholderData: keepPreviousData,
  });
  const options = (sites.data?.list ?? []).map((s) => ({
    value: s.siteId,
    label: `${s.name}（${s.siteCode}，${s.areaName}）`,
  }));
  return { options, loading: sites.isFetching, error: sites.error };
}
