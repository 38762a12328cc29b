import { type Area, allAreas, listCities } from '@lantian/areas';

/**
 * Which city a station belongs to, from the city text a release writes (`area` in the national file,
 * `城市` in a station list): '北京市', '北京', '延边州', '铜仁地区', '库尔勒市'… The release's 367 "cities"
 * are not today's 337 prefecture-level units: it abbreviates autonomous prefectures, keeps names of
 * units renamed since, and lists some county-level cities of their own. The rules, in order:
 *
 * 1. a city's full or short name (`listCities()`);
 * 2. the alias table below;
 * 3. the text without its suffix (自治州, 地区, 州, 盟, 市) as a city's short name: 延边州 → 延边,
 *    铜仁地区 → 铜仁 (a 市 since 2011), 那曲地区 → 那曲;
 * 4. a county-level unit whose full or short name is unique in the country stands for its prefecture:
 *    库尔勒市 → 巴音郭楞, 昆山市 → 苏州, 章丘市 (章丘区 since 2016) → 济南. A county-level unit that
 *    hangs directly under a province (省直辖县级: 石河子, 五家渠, 济源, 仙桃…) has no prefecture; the
 *    release lists it as a city of its own, so its own code stands for the city rather than a
 *    neighbour's, whose city value it would otherwise distort.
 *
 * Anything else is unresolved (the caller rejects the row, naming the text): guessing a city puts a
 * station's values into the wrong city's AQI.
 */

/**
 * Names the release uses that none of the rules above reach. Each says why it differs from today's
 * divisions (the area list is GB/T 2260 as of 2020-11).
 */
const ALIASES: Readonly<Record<string, string>> = {
  // Abbreviations of autonomous prefectures that are not "short name + 州".
  博州: '652700', // 博尔塔拉蒙古自治州 (short name 博尔塔拉)
  克州: '653000', // 克孜勒苏柯尔克孜自治州 (short name 克孜勒苏)
  伊犁哈萨克州: '654000', // 伊犁哈萨克自治州 (short name 伊犁; the nationality is dropped from it)
  // Units that no longer exist.
  莱芜市: '370100', // prefecture merged into 济南 in January 2019 (莱城区, 钢城区)
  胶南市: '370200', // county-level city merged into 青岛's 黄岛区 in 2012
};

const SUFFIXES = ['自治州', '地区', '州', '盟', '市'] as const;

export type CityResolution =
  | {
      ok: true;
      code: string;
      name: string;
      via: 'city' | 'alias' | 'suffix' | 'county';
      /** The county-level unit the text named, when it named one inside a city (库尔勒市 → 652801). */
      county?: string;
    }
  | { ok: false; reason: string };

function normalise(text: string): string {
  return text.replace(/\s+/g, '');
}

function addUnique(map: Map<string, Area | null>, key: string, area: Area): void {
  const existing = map.get(key);
  if (existing === undefined) map.set(key, area);
  else if (existing !== null && existing.code !== area.code) map.set(key, null);
}

export class CityResolver {
  private readonly cities = new Map<string, Area>();
  /** Full and short names of county-level units; null where the name is not unique in the country. */
  private readonly counties = new Map<string, Area | null>();
  private readonly byCode = new Map<string, Area>();
  private readonly cache = new Map<string, CityResolution>();

  constructor(cities: readonly Area[] = listCities(), areas: readonly Area[] = allAreas()) {
    for (const area of areas) this.byCode.set(area.code, area);
    for (const city of cities) {
      this.byCode.set(city.code, city);
      this.cities.set(city.name, city);
      if (!this.cities.has(city.shortName)) this.cities.set(city.shortName, city);
    }
    for (const area of areas) {
      if (area.level !== 'county') continue;
      addUnique(this.counties, area.name, area);
      addUnique(this.counties, area.shortName, area);
    }
  }

  private cityOfCounty(county: Area): Area | undefined {
    const parent = county.parentCode === null ? undefined : this.byCode.get(county.parentCode);
    if (parent === undefined) return undefined;
    // A municipality's districts belong to it; a province's own county-level units stand alone.
    if (parent.level === 'city' || parent.municipality) return parent;
    return county;
  }

  private find(text: string): CityResolution | undefined {
    const city = this.cities.get(text);
    if (city !== undefined) return { ok: true, code: city.code, name: city.name, via: 'city' };
    const alias = ALIASES[text];
    const aliased = alias === undefined ? undefined : this.byCode.get(alias);
    if (aliased !== undefined) return { ok: true, code: aliased.code, name: aliased.name, via: 'alias' };
    for (const suffix of SUFFIXES) {
      if (!text.endsWith(suffix) || text.length <= suffix.length + 1) continue;
      const stripped = this.cities.get(text.slice(0, -suffix.length));
      if (stripped !== undefined) return { ok: true, code: stripped.code, name: stripped.name, via: 'suffix' };
    }
    const candidates = [text, ...SUFFIXES.filter((s) => text.endsWith(s)).map((s) => text.slice(0, -s.length))];
    for (const candidate of candidates) {
      const county = this.counties.get(candidate);
      if (county === null) {
        return { ok: false, reason: `"${text}" 对应多个县级单位，无法确定城市 / names more than one county` };
      }
      const owner = county === undefined ? undefined : this.cityOfCounty(county);
      if (county !== undefined && owner !== undefined) {
        return owner.code === county.code
          ? { ok: true, code: owner.code, name: owner.name, via: 'county' }
          : { ok: true, code: owner.code, name: owner.name, via: 'county', county: county.code };
      }
    }
    return undefined;
  }

  resolve(rawText: string): CityResolution {
    const text = normalise(rawText);
    const cached = this.cache.get(text);
    if (cached !== undefined) return cached;
    const result: CityResolution =
      text === ''
        ? { ok: false, reason: '城市为空 / the city is empty' }
        : (this.find(text) ?? { ok: false, reason: `无法识别城市 "${text}" / unknown city "${text}"` });
    this.cache.set(text, result);
    return result;
  }
}
