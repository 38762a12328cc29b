import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { activePage, cityAnalysisPath, citySegment, isPagePath, pagePath, sectionOf } from '../../app/routing';
import { whenFirstScreenSettled } from '../../shared/first-screen';
import { toast } from '../../shared/toast';
import {
  type CityListEntry,
  type CurrentCity,
  DEFAULT_CITY,
  findCity,
  indexCities,
  looksLikeStationCode,
  readSessionCity,
  saveSessionCity,
  segmentNames,
  toCurrentCity,
} from './city';
import { CITY_LIST_KEY, fetchCityList, fetchSiteInfoList, lookUpVisitorIp, SITE_INFO_LIST_KEY } from './city.api';
import { CityContext, type CityContextValue } from './context';

/**
 * Resolves and keeps the current city (spec §4 "Initial city resolution"), for every address change:
 * 1. the last path segment names an area code or pinyin of the city list (a code is rewritten to the
 *    pinyin); on the site page it may also name a monitoring station, whose city is looked up and whose
 *    code stays in the address;
 * 2. otherwise the city already shown (a tab switch to `/weather/`), then the one in session storage;
 * 3. otherwise the visitor's IP lookup (failures silent), and finally Beijing.
 * Once resolved the address becomes `/{page}/{pinyin}` (query string kept), replacing the one that had
 * no usable city so that Back does not bounce.
 */
export function CurrentCityProvider({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [city, setCity] = useState<CurrentCity | undefined>(() => {
    // A reload within the session shows the stored city's name at once, before the list arrives.
    const stored = readSessionCity();
    return stored !== undefined && segmentNames(stored, citySegment(pathname)) ? stored : undefined;
  });
  const cityRef = useRef(city);
  cityRef.current = city;

  // The list (110 KB) waits until the page's first data is in: the page fetches by its address anyway,
  // and on a slow connection the list would delay the headline. A stored city's name shows meanwhile.
  const [listWanted, setListWanted] = useState(false);
  useEffect(() => {
    let live = true;
    void whenFirstScreenSettled().then(() => {
      if (live) setListWanted(true);
    });
    return () => {
      live = false;
    };
  }, []);
  const list = useQuery({
    queryKey: CITY_LIST_KEY,
    queryFn: fetchCityList,
    staleTime: Infinity,
    gcTime: Infinity,
    enabled: listWanted,
  });
  const index = useMemo(() => indexCities(list.data ?? []), [list.data]);

  useEffect(() => {
    // Spec §8: the city list failing to load shows '服务器连接失败' for 3 s.
    if (list.isError) toast('error', { content: '服务器连接失败', duration: 3, key: 'city-list' });
  }, [list.isError]);

  const choose = useCallback((next: CurrentCity) => {
    setCity((prev) => (prev !== undefined && prev.code === next.code ? prev : next));
    saveSessionCity(next);
  }, []);

  // Every resolution carries a number; an answer that arrives after the address moved on is dropped.
  const generation = useRef(0);

  useEffect(() => {
    const run = ++generation.current;
    const page = activePage(pathname);
    const segment = citySegment(pathname);
    const current = cityRef.current;
    const settle = (next: CurrentCity) => {
      if (run !== generation.current) return;
      choose(next);
      const target = pagePath(page, next.pyName, search);
      if (`${pathname}${search}` !== target) void navigate(target, { replace: true });
    };

    // '/' and unknown paths are the router's to redirect; resolving them too would race its redirect.
    const section = sectionOf(pathname);
    if (list.isPending || (!isPagePath(pathname) && section === undefined)) return;
    const listed = list.isSuccess;

    if (section !== undefined) {
      // A section (analysis, news) is not addressed by city, so its address is left alone. The city
      // analysis names its city, which becomes current; elsewhere the shell shows the city resolved as
      // on the pages (shown, stored, IP, Beijing) for the search box and the tabs.
      const named = section.key === 'cityAnalysis' && listed ? findCity(index, segment) : undefined;
      if (named !== undefined) {
        choose(toCurrentCity(named));
        return;
      }
      if (current !== undefined) return;
      void (async () => {
        const next = readSessionCity() ?? (listed ? await fromIp() : undefined) ?? DEFAULT_CITY;
        if (run === generation.current) choose(next);
      })();
      return;
    }

    if (listed) {
      const hit = findCity(index, segment);
      if (hit !== undefined) {
        settle(toCurrentCity(hit));
        return;
      }
    } else if (segment !== undefined) {
      // The list failed to load: a named city cannot be checked, so the address stays and the pages
      // (which resolve pinyin and codes on the server) still work; the name is known only if stored.
      const stored = current ?? readSessionCity();
      if (stored !== undefined && segmentNames(stored, segment)) choose(stored);
      return;
    }

    void (async () => {
      if (page === 'site' && segment !== undefined && looksLikeStationCode(segment)) {
        const sites = await queryClient
          .fetchQuery({ queryKey: SITE_INFO_LIST_KEY, queryFn: fetchSiteInfoList, staleTime: 10 * 60_000 })
          .catch(() => []);
        const site = sites.find((s) => s.siteCode === segment);
        if (site !== undefined) {
          // The site page shows that station: its city becomes current, the address stays as it is.
          const owner = findCity(index, site.cityCode);
          if (run === generation.current && owner !== undefined) choose(toCurrentCity(owner));
          return;
        }
      }
      const fallback = current ?? readSessionCity() ?? (listed ? await fromIp() : undefined) ?? DEFAULT_CITY;
      settle(fallback);
    })();

    async function fromIp(): Promise<CurrentCity | undefined> {
      const place = await lookUpVisitorIp();
      const code = place?.areaCode ?? '';
      if (code === '') return undefined;
      // A district code falls back to its city, a province code to nothing (then the default applies).
      const hit = findCity(index, code) ?? findCity(index, `${code.slice(0, 4)}00`);
      return hit === undefined ? undefined : toCurrentCity(hit);
    }
  }, [pathname, search, list.isPending, list.isSuccess, index, navigate, queryClient, choose]);

  const selectCity = useCallback(
    (next: CurrentCity | CityListEntry) => {
      const picked = 'areaCode' in next ? toCurrentCity(next) : next;
      choose(picked);
      const { pathname, search } = window.location;
      // In the city analysis the search box changes the analysed city; elsewhere it opens a page.
      const target =
        sectionOf(pathname)?.key === 'cityAnalysis'
          ? cityAnalysisPath(picked.pyName, search)
          : pagePath(activePage(pathname), picked.pyName, isPagePath(pathname) ? search : '');
      if (`${window.location.pathname}${window.location.search}` !== target) void navigate(target);
    },
    [choose, navigate],
  );

  const value = useMemo<CityContextValue>(
    () => ({
      city,
      cities: list.data ?? [],
      listStatus: list.status,
      find: (codeOrPinyin) => findCity(index, codeOrPinyin),
      selectCity,
    }),
    [city, list.data, list.status, index, selectCity],
  );

  return <CityContext value={value}>{children}</CityContext>;
}
