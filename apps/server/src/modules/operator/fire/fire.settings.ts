import { type Env, integer, read } from '../../../platform/config';

export interface FireSettings {
  /** Spec §7 "Fire: default site code is a fixed station code": the site the fire calls show without siteCode. */
  defaultSiteCode: string | null;
  /** How far a camera may stand from an alarming detector to be linked to its alarm (metres). */
  cameraRadiusMeters: number;
}

/** FIRE_DEFAULT_SITE_CODE (default unset: every fire site of the area), FIRE_CAMERA_RADIUS_METERS (default 1000). */
export function readFireSettings(env: Env): FireSettings {
  const code = read(env, 'FIRE_DEFAULT_SITE_CODE')?.trim();
  return {
    defaultSiteCode: code === undefined || code === '' ? null : code,
    cameraRadiusMeters: integer(env, 'FIRE_CAMERA_RADIUS_METERS', 1000, 10, 50_000),
  };
}
