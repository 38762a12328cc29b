export { CurrentCityProvider } from './CurrentCityProvider';
export {
  type CityListEntry,
  type CityType,
  type CurrentCity,
  cityType,
  DEFAULT_CITY,
  isCityCode,
  looksLikeStationCode,
  toCurrentCity,
} from './city';
export { type CityContextValue, useCityDirectory, useCurrentCity, useSelectCity } from './context';
