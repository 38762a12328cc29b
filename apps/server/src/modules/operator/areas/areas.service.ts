import { allAreas, areaByCode, childrenOf, parentOf } from '@lantian/areas';
import { ErrorCode, type GridTreeNode } from '@lantian/contracts';
import { type AreaScope, COUNTRY_AREA, inScope } from '../../../platform/db/area-scope';
import { AppError, notFound } from '../../../platform/errors';
import { type AreaOutlines, boundsOf, type Outlines } from './area-outlines';
import { type AreaRef, areaTree, refOf } from './area-tree';

/** The whole country: not a division of the areas list, but the scope of the national administrators. */
export const COUNTRY: AreaRef = { code: COUNTRY_AREA, name: '全国', level: 'country' };

/**
 * Where a map of the whole country is centred: its geographic centre (near 兰州), not the seat of
 * government the areas list gives for each division, which for the country would be 北京 at the edge.
 */
const COUNTRY_CENTRE: [number, number] = [104.195397, 35.86166];

/** Web-Mercator zoom at which an area of each level fills a console map. */
const ZOOM = { country: 4, province: 6, city: 8, county: 10 } as const;

export interface StationCounter {
  countInScope(scope: AreaScope): Promise<number>;
}

/** The divisions directly below an area (the provinces for the country). */
export function childAreas(code: string): AreaRef[] {
  if (code === COUNTRY_AREA)
    return allAreas()
      .filter((a) => a.level === 'province')
      .map(refOf);
  return childrenOf(code).map(refOf);
}

const outOfScope = () => new AppError(ErrorCode.AREA_OUT_OF_SCOPE, '该地区不在您的管辖范围内');

/**
 * The platform's area calls (spec §7 "Platform: user and area"): the operator's own area (its
 * outline, map centre, a summary) and the outlines of areas inside it. An area code outside the
 * operator's area is refused (403) before anything is read; open-API applications, which have no
 * area, may ask for any.
 */
export class PlatformAreasService {
  constructor(
    private readonly outlines: AreaOutlines,
    private readonly stations: StationCounter,
  ) {}

  /**
   * The area a caller names: 404 for a well-formed code that is no area, 403 when it lies outside
   * `scope` (undefined: an open-API application, the whole country).
   */
  resolve(code: string, scope: AreaScope | undefined): AreaRef {
    const division = areaByCode(code);
    if (division === undefined && code !== COUNTRY_AREA) throw notFound(`未找到该地区：${code}`);
    if (scope !== undefined && !inScope(code, scope)) throw outOfScope();
    return division === undefined ? COUNTRY : refOf(division);
  }

  /** The operator's own area. */
  own(scope: AreaScope): AreaRef {
    return this.resolve(scope.areaCode, scope);
  }

  outline(area: AreaRef): Promise<Outlines> {
    return this.outlines.outlineOf(area.code);
  }

  childOutlines(area: AreaRef): Promise<Outlines> {
    return this.outlines.childrenOf(
      area.code,
      childAreas(area.code).flatMap((c) => areaByCode(c.code) ?? []),
    );
  }

  /** Map centre and zoom of an area: the outline's centroid and bounds when the map has the area. */
  async centerConfig(area: AreaRef) {
    const feature = area.level === 'country' ? undefined : await this.outlines.featureOf(area.code);
    const division = areaByCode(area.code);
    const seat: [number, number] = division === undefined ? COUNTRY_CENTRE : [division.longitude, division.latitude];
    const bounds =
      area.level === 'country'
        ? boundsOf((await this.outlines.outlineOf(COUNTRY_AREA)).features)
        : feature === undefined
          ? null
          : boundsOf([feature]);
    // A municipality is a province by its code and a city by its size.
    const zoom = division?.municipality === true ? ZOOM.city : ZOOM[area.level];
    return {
      areaCode: area.code,
      areaName: area.name,
      level: area.level,
      center: feature?.properties.centroid ?? seat,
      zoom,
      bounds,
    };
  }

  /** A summary of the operator's area: its place in the hierarchy and how many stations it has. */
  async roughInfo(area: AreaRef) {
    const parent: AreaRef | undefined =
      area.level === 'country' ? undefined : (parentOf(area.code) ?? (area.level === 'province' ? COUNTRY : undefined));
    return {
      areaCode: area.code,
      areaName: area.name,
      level: area.level,
      parentCode: parent?.code ?? null,
      parentName: parent?.name ?? null,
      children: childAreas(area.code).map((c) => ({ areaCode: c.code, areaName: c.name })),
      stationCount: await this.stations.countInScope({ areaCode: area.code }),
    };
  }

  /** allGridTreeData: the area and every division below it down to the counties. */
  gridTree(area: AreaRef): GridTreeNode[] {
    return [areaTree(area, childAreas)];
  }
}
