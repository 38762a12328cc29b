/**
 * Shape of `generated/areas.json`. The generator (scripts/) writes it and the loader (index.ts) reads it;
 * both import these types so the two cannot drift apart.
 */

/** Bumped whenever the JSON shape changes, so an old generated file is rejected instead of misread. */
export const AREAS_FILE_VERSION = 1;

/**
 * The GB/T 2260 tier of a code: `province` = XX0000, `city` = XXYY00 (prefecture level), `county` = anything else.
 * Municipalities (北京 110000 …) are `province` here and carry `municipality: true`; see README.md.
 */
export type AreaLevel = 'province' | 'city' | 'county';

/** Where `longitude`/`latitude` came from: the area's own centre, or its parent's when the map data lacks the area. */
export type CentreSource = 'own' | 'parent';

export interface Area {
  /** 6-digit GB/T 2260 code, e.g. `110000`. */
  code: string;
  /** Official name, e.g. `北京市`, `延边朝鲜族自治州`. */
  name: string;
  /** Name without the administrative suffix, e.g. `北京`, `延边`; kept whole when stripping would leave one character (`赵县`). */
  shortName: string;
  level: AreaLevel;
  /** Code of the nearest existing ancestor; `null` for provinces. Municipality districts and 省直辖县级 units point at the province. */
  parentCode: string | null;
  /** True only for the four municipalities (北京, 天津, 上海, 重庆): province level, but the product treats them as cities. */
  municipality: boolean;
  /** Toneless lower-case pinyin of `shortName`, no separators, `v` for ü (`chongqing`, `luan`, `lvliang`). */
  pinyin: string;
  /** First letter of each syllable of `pinyin` (`cq`). */
  initials: string;
  /** Unique route slug (`/city/{pyName}`); equals `pinyin` unless another area claimed it first, see README.md. */
  pyName: string;
  /** Extra search keys: exonyms and old romanisations (`harbin`, `amoy`), normalised to lower-case letters. */
  aliases: string[];
  /** Degrees of the seat of government, as published by the map data (DataV/Amap, GCJ-02: within ~0.5 km of WGS-84). */
  longitude: number;
  latitude: number;
  centreSource: CentreSource;
}

export interface AreasFile {
  version: typeof AREAS_FILE_VERSION;
  /** Package names and versions the file was generated from; a bump makes the up-to-date test fail. */
  sources: { divisions: string; divisionsDate: string; centres: string; pinyin: string };
  counts: { provinces: number; cities: number; counties: number; parentCentreFallbacks: number };
  /** Sorted by code. */
  areas: Area[];
}
