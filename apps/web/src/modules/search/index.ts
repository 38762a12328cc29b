export { CitySearch } from './CitySearch';
export { createCitySearch, groupCitiesByInitial, LETTERS, searchCities } from './grouping';
