import { randomBytes } from 'node:crypto';
import { type Area, allAreas, toCityListEntry } from '@lantian/areas';
import type { CityListEntry, SiteInfo } from '@lantian/contracts';
import type { Station, StationsRepository } from '../../data/stations';

/** Municipalities are province-level codes the product treats as cities; other provinces are not places to show. */
function listedAsPlace(area: Area): boolean {
  return area.level !== 'province' || area.municipality;
}

function toSiteInfo(s: Station): SiteInfo {
  return {
    siteCode: s.code,
    siteName: s.name,
    cityCode: s.city_code,
    countyCode: s.county_code,
    longitude: s.longitude,
    latitude: s.latitude,
    isReference: s.is_reference === 1,
    source: s.source,
    isDemo: s.source === 'demo',
  };
}

/** Reference data of the public site: the area lists, the station register, visitor ids. */
export class ReferenceService {
  private readonly cities: CityListEntry[];
  private readonly provinces: CityListEntry[];

  constructor(private readonly stations: StationsRepository) {
    // The lists never change while the process runs: build them once.
    this.cities = allAreas().filter(listedAsPlace).map(toCityListEntry);
    this.provinces = allAreas()
      .filter((a) => a.level === 'province')
      .map(toCityListEntry);
  }

  cityList(): CityListEntry[] {
    return this.cities;
  }

  provinceList(): CityListEntry[] {
    return this.provinces;
  }

  /** The register, or a city's stations, or a county's. */
  async siteList(filter: { cityCode?: Area | undefined; areaCode?: Area | undefined }): Promise<SiteInfo[]> {
    const { cityCode: city, areaCode: county } = filter;
    const rows = city !== undefined ? await this.stations.byCity(city.code) : await this.stations.all();
    return rows.filter((s) => county === undefined || s.county_code === county.code).map(toSiteInfo);
  }

  /** A new anonymous visitor id: 128 random bits, hex. */
  newUniqueId(): string {
    return randomBytes(16).toString('hex');
  }
}
