import { asAqiLevel, LEVELS } from '@lantian/domain';
import type { z } from 'zod';
import type { MapSiteData, mapSiteColumns } from './sites';

/**
 * getMapSiteData's two forms, one from the other: the server compacts its GeoJSON answer into columns
 * (formatType=2), a client expands the columns back into exactly that GeoJSON.
 */

export type MapSiteColumns = z.infer<typeof mapSiteColumns>;

/** The GeoJSON answer as columns (the server's side of formatType=2). */
export function compactMapSiteData(data: MapSiteData): MapSiteColumns {
  const cities: Record<string, string> = {};
  const sources: MapSiteColumns['sources'] = [];
  const columns: MapSiteColumns = {
    format: 'columns',
    timeType: data.timeType,
    time: data.time,
    dataType: data.dataType,
    mapType: data.mapType,
    stale: data.stale,
    cities,
    sources,
    code: [],
    name: [],
    cityCode: [],
    longitude: [],
    latitude: [],
    value: [],
    level: [],
    isReference: [],
    source: [],
  };
  for (const { geometry, properties: p } of data.features) {
    cities[p.cityCode] = p.cityName;
    let source = sources.indexOf(p.source);
    if (source === -1) source = sources.push(p.source) - 1;
    columns.code.push(p.code);
    columns.name.push(p.name);
    columns.cityCode.push(p.cityCode);
    columns.longitude.push(geometry.coordinates[0]);
    columns.latitude.push(geometry.coordinates[1]);
    columns.value.push(p.value);
    columns.level.push(p.level);
    columns.isReference.push(p.isReference ? 1 : 0);
    columns.source.push(source);
  }
  return columns;
}

/** The compact form back as the GeoJSON FeatureCollection of formatType=1 (the client's side). */
export function expandMapSiteColumns(columns: MapSiteColumns): MapSiteData {
  const { time, stale } = columns;
  return {
    type: 'FeatureCollection',
    timeType: columns.timeType,
    time,
    dataType: columns.dataType,
    mapType: columns.mapType,
    stale,
    features: columns.code.map((code, i) => {
      const cityCode = columns.cityCode[i] ?? '';
      const source = columns.sources[columns.source[i] ?? 0] ?? 'demo';
      const info = LEVELS[asAqiLevel(columns.level[i] ?? 0)];
      return {
        type: 'Feature' as const,
        geometry: {
          type: 'Point' as const,
          coordinates: [columns.longitude[i] ?? 0, columns.latitude[i] ?? 0] as [number, number],
        },
        properties: {
          code,
          name: columns.name[i] ?? '',
          cityCode,
          cityName: columns.cities[cityCode] ?? cityCode,
          isReference: columns.isReference[i] === 1,
          value: columns.value[i] ?? null,
          level: info.level,
          levelName: info.name,
          color: info.color,
          // Every point of an answer carries the answer's time (a map is one hour or one day).
          time: time ?? '',
          source,
          isDemo: source === 'demo',
          stale,
        },
      };
    }),
  };
}
