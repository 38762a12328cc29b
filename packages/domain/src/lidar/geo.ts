import { EARTH_RADIUS_M } from '../grid/track';

/**
 * Local east/north metres around an origin and back (an equirectangular tangent plane): within the
 * ten kilometres a lidar sees, the error is centimetres.
 */
export interface LonLatPoint {
  lon: number;
  lat: number;
}

const RAD = Math.PI / 180;

export function toLocal(origin: LonLatPoint, p: LonLatPoint): { x: number; y: number } {
  return {
    x: (p.lon - origin.lon) * RAD * EARTH_RADIUS_M * Math.cos(origin.lat * RAD),
    y: (p.lat - origin.lat) * RAD * EARTH_RADIUS_M,
  };
}

export function toLonLat(origin: LonLatPoint, x: number, y: number): LonLatPoint {
  return {
    lon: origin.lon + x / (RAD * EARTH_RADIUS_M * Math.cos(origin.lat * RAD)),
    lat: origin.lat + y / (RAD * EARTH_RADIUS_M),
  };
}

/** Metres east and north of a polar position (azimuth clockwise from north, degrees). */
export function polarToLocal(azimuth: number, range: number): { x: number; y: number } {
  return { x: range * Math.sin(azimuth * RAD), y: range * Math.cos(azimuth * RAD) };
}

/** The bounding box of a circle of `radius` m around a point: the HS overlay's corners on a map. */
export function boxAround(
  center: LonLatPoint,
  radius: number,
): { west: number; south: number; east: number; north: number } {
  const sw = toLonLat(center, -radius, -radius);
  const ne = toLonLat(center, radius, radius);
  return { west: sw.lon, south: sw.lat, east: ne.lon, north: ne.lat };
}
