/**
 * The demo's weather and air, as a pure function of (place, time, seed).
 *
 * Synoptic weather is a sequence of cold fronts. Front k leaves an origin in Mongolia at a seeded
 * time and sweeps south-east across the country at 35–60 km/h, weakening with distance; sheltered
 * places (the Sichuan basin, the plateau, the far south) feel it less. A front brings wind from the
 * north-west, a temperature drop, high pressure, dry air, sometimes a band of rain or, in spring, dust;
 * behind it the air is clean. Between fronts the air stagnates: a "pollution load" builds day by day
 * (faster in winter and in basins) until the next strong front clears it. Smooth value noise over
 * longitude, latitude and time adds regional weather (rain cells, clouds, warm and cold spells) that
 * neighbouring cities share. On top come the climate (latitude, elevation, monsoon), the sun (solar
 * time, season) and the emission character of each city and region.
 *
 * Because nothing depends on stored state, the seeder and the hourly scheduler compute exactly the
 * same values for the same hour, and any missed hour can be filled in later.
 *
 * The steps live in model/; read model/city-series.ts first (cityHour is the sequence of steps):
 * season.ts and time-of-day.ts place the hour in the year and the day, fronts.ts lists the fronts
 * over a place, front-effects.ts and pollution-load.ts say what they do to the hour,
 * regional-fields.ts and rain.ts add the regional weather, weather.ts and wind.ts make the weather,
 * air.ts (particles.ts, gases.ts, ozone.ts) the city's air. A station's own character, outages and
 * noise are in station-character.ts, outages.ts and station-noise.ts.
 */

export const DEFAULT_DEMO_SEED = 20_240_615;

export { type CitySeries, citySeries } from './model/city-series';
export { type Passage, passagesOver } from './model/fronts';
export { OFFLINE, ONLINE, outages } from './model/outages';
export { POLLUTANT_FIELDS, type PollutantField } from './model/pollutants';
export { type StationCharacter, stationCharacter } from './model/station-character';
export { stationNoise } from './model/station-noise';
