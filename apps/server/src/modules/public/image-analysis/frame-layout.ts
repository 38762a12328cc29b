import type { Polygons } from '../../data/maps';

/**
 * Where things go on a frame: a title band, the map (lon/lat drawn equirectangular, longitude
 * shrunk by the cosine of the middle latitude so shapes keep their proportions), and for China the
 * 南海诸岛 inset at the bottom right, as Chinese maps show the whole territory. Pure arithmetic:
 * the tests use it to find the pixel of a station.
 */

export interface View {
  lonMin: number;
  lonMax: number;
  latMin: number;
  latMax: number;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A view drawn into a box. */
export class Projection {
  private readonly kx: number;
  private readonly ky: number;

  constructor(
    readonly view: View,
    readonly box: Box,
  ) {
    this.kx = box.w / (view.lonMax - view.lonMin);
    this.ky = box.h / (view.latMax - view.latMin);
  }

  x(lon: number): number {
    return this.box.x + (lon - this.view.lonMin) * this.kx;
  }

  y(lat: number): number {
    return this.box.y + (this.view.latMax - lat) * this.ky;
  }

  lon(x: number): number {
    return this.view.lonMin + (x - this.box.x) / this.kx;
  }

  lat(y: number): number {
    return this.view.latMax - (y - this.box.y) / this.ky;
  }
}

export interface FrameLayout {
  width: number;
  height: number;
  /** The title band's height, at the top. */
  titleHeight: number;
  main: Projection;
  /** 南海诸岛 (China only). */
  inset: Projection | undefined;
}

export const FRAME_WIDTH = 960;
const TITLE_HEIGHT = 64;
const MARGIN = 16;
/** The legend and the method line, under the map. */
const FOOT = 64;
/** A frame is never taller than this (a north–south area gets a narrower map instead). */
const MAX_MAP_HEIGHT = 820;

/** China without the South China Sea: the islands go into the inset. */
const CHINA_VIEW: View = { lonMin: 73, lonMax: 135.4, latMin: 17.6, latMax: 53.9 };
const SOUTH_SEA_VIEW: View = { lonMin: 106.5, lonMax: 122.5, latMin: 3, latMax: 23.6 };

const cosDeg = (deg: number) => Math.cos((deg * Math.PI) / 180);

/** The aspect (height / width) of a view drawn equirectangular about its middle latitude. */
function aspect(view: View): number {
  const mid = (view.latMin + view.latMax) / 2;
  return (view.latMax - view.latMin) / ((view.lonMax - view.lonMin) * cosDeg(mid));
}

/** The bounding view of polygons, padded by 4 % on each side. */
export function viewOf(polygons: Polygons): View {
  let lonMin = Infinity;
  let lonMax = -Infinity;
  let latMin = Infinity;
  let latMax = -Infinity;
  for (const polygon of polygons)
    for (const ring of polygon)
      for (const p of ring) {
        const lon = p[0] ?? 0;
        const lat = p[1] ?? 0;
        if (lon < lonMin) lonMin = lon;
        if (lon > lonMax) lonMax = lon;
        if (lat < latMin) latMin = lat;
        if (lat > latMax) latMax = lat;
      }
  const padLon = Math.max((lonMax - lonMin) * 0.04, 0.01);
  const padLat = Math.max((latMax - latMin) * 0.04, 0.01);
  return { lonMin: lonMin - padLon, lonMax: lonMax + padLon, latMin: latMin - padLat, latMax: latMax + padLat };
}

export function frameLayout(level: 'country' | 'province' | 'city', outline: Polygons): FrameLayout {
  const view = level === 'country' ? CHINA_VIEW : viewOf(outline);
  let mapW = FRAME_WIDTH - 2 * MARGIN;
  let mapH = Math.round(mapW * aspect(view));
  if (mapH > MAX_MAP_HEIGHT) {
    mapW = Math.round(MAX_MAP_HEIGHT / aspect(view));
    mapH = MAX_MAP_HEIGHT;
  }
  const box = { x: Math.round((FRAME_WIDTH - mapW) / 2), y: TITLE_HEIGHT, w: mapW, h: mapH };
  const main = new Projection(view, box);
  let inset: Projection | undefined;
  if (level === 'country') {
    const w = Math.round(mapW * 0.15);
    const h = Math.round(w * aspect(SOUTH_SEA_VIEW));
    inset = new Projection(SOUTH_SEA_VIEW, { x: box.x + box.w - w - 6, y: box.y + box.h - h - 6, w, h });
  }
  return { width: FRAME_WIDTH, height: TITLE_HEIGHT + mapH + FOOT, titleHeight: TITLE_HEIGHT, main, inset };
}
