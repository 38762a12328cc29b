import { createContext, useContext } from 'react';
import type { CityListEntry, CurrentCity } from './city';

export interface CityContextValue {
  /** The current city; undefined while the first resolution is under way (a few hundred ms at most). */
  city: CurrentCity | undefined;
  /** The city and district list (spec §3), empty until it has loaded. */
  cities: readonly CityListEntry[];
  listStatus: 'pending' | 'error' | 'success';
  /** The list entry of an area code or pinyin name. */
  find(codeOrPinyin: string): CityListEntry | undefined;
  /** Makes a city current and pushes `/{page}/{pinyin}` with the query string kept (spec §2). */
  selectCity(city: CurrentCity | CityListEntry): void;
}

export const CityContext = createContext<CityContextValue | null>(null);

function useCityContext(): CityContextValue {
  const value = useContext(CityContext);
  if (value === null) throw new Error('useCurrentCity needs <CurrentCityProvider> (the app shell provides it)');
  return value;
}

/**
 * The city the pages show: code, name, pinyin, type, regionCode, longitude, latitude. Undefined only
 * while the shell is resolving it; pages may fetch by `useCityParam()` meanwhile.
 */
export function useCurrentCity(): CurrentCity | undefined {
  return useCityContext().city;
}

/** The city list, its load state and a lookup by code or pinyin. */
export function useCityDirectory(): Pick<CityContextValue, 'cities' | 'listStatus' | 'find'> {
  const { cities, listStatus, find } = useCityContext();
  return { cities, listStatus, find };
}

/** Switches the current city (search pick, follow card). */
export function useSelectCity(): CityContextValue['selectCity'] {
  return useCityContext().selectCity;
}
