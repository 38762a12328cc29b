/**
 * The six pollutants a station measures, in a fixed order: outages name a failed analyser by its
 * index here and each pollutant's station noise is seeded with it, so the order is part of the
 * demo's data.
 */
export const POLLUTANT_FIELDS = ['pm2_5', 'pm10', 'so2', 'no2', 'co', 'o3'] as const;
export type PollutantField = (typeof POLLUTANT_FIELDS)[number];
