import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { areaOptions } from './areas';
import { deviceKeys, getAreaTree, listSites } from './devices.api';

/** Lists the device screens pick from: the areas of the operator's area, and the sites. */

export function useAreaOptions() {
  const tree = useQuery({
    queryKey: deviceKeys.areaTree,
    queryFn: ({ signal }) => getAreaTree(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const options = useMemo(() => areaOptions(tree.data ?? []), [tree.data]);
  return { options, loading: tree.isPending, error: tree.error };
}

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
