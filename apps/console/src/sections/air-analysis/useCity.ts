import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../shared/session/session-context';
import { analysisKeys, api } from './air-analysis.api';
import { analysableCities } from './scope';

/**
 * The station tree of the operator's area and the city chosen in the address (`?city=`), defaulting
 * to the first city the operator may analyse. Shared by the tabs so the choice carries over.
 */
export function useCity() {
  const { operator } = useSession();
  const scopeCode = operator.org.areaCode;
  const [search, setSearch] = useSearchParams();
  const tree = useQuery({
    queryKey: analysisKeys.call('cityAndSite', {}),
    queryFn: ({ signal }) => api.cityAndSite({}, signal),
    staleTime: 10 * 60_000,
  });
  const cities = useMemo(() => analysableCities(scopeCode, tree.data ?? []), [scopeCode, tree.data]);
  const asked = search.get('city');
  const city = cities.find((c) => c.value === asked)?.value ?? cities[0]?.value;
  const setCity = (code: string) => {
    const next = new URLSearchParams(search);
    next.set('city', code);
    setSearch(next, { replace: true });
  };
  return { scopeCode, areaName: operator.org.areaName, tree, cities, city, setCity };
}
