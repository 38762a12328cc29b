import { areaByCode } from '@lantian/areas';
import { ErrorCode } from '@lantian/contracts';
import { nearestWithin } from '@lantian/domain';
import { type AreaScope, inScope } from '../../../platform/db/area-scope';
import { AppError, notFound } from '../../../platform/errors';
import type { deviceAlarms } from '../device-alarms';
import type { devices } from '../devices';
import { type DeviceView, onlineOf } from '../devices';

/** Fire detectors and cameras: device type codes of the registry. */
export const FIRE_DEVICE_TYPE = 'F01';
export const CAMERA_DEVICE_TYPE = 'C01';

export type DeviceCore = ReturnType<(typeof devices)['apiIn']>;
export type AlarmCentre = ReturnType<(typeof deviceAlarms)['apiIn']>['service'];

/**
 * The F01 detectors a call is about: the operator's area, narrowed to an area parameter (404 unknown,
 * 403 outside) and a site code (the call's, else the installation's default; 404 when the area has no
 * fire detector there).
 */
export async function fireDevices(
  core: DeviceCore,
  query: { areaCode?: string | undefined; siteCode?: string | undefined },
  scope: AreaScope,
  defaultSiteCode: string | null,
): Promise<DeviceView[]> {
  if (query.areaCode !== undefined) {
    if (areaByCode(query.areaCode) === undefined) throw notFound('未找到该地区', ErrorCode.CITY_NOT_FOUND);
    if (!inScope(query.areaCode, scope)) throw new AppError(ErrorCode.AREA_OUT_OF_SCOPE, '该地区不在您的管辖范围内');
  }
  const all = await core.registry.all(
    { type: FIRE_DEVICE_TYPE, ...(query.areaCode === undefined ? {} : { areaCode: query.areaCode }) },
    scope,
  );
  const siteCode = query.siteCode ?? defaultSiteCode ?? undefined;
  if (siteCode === undefined) return all;
  const atSite = all.filter((d) => d.site_code === siteCode);
  // The configured default may name a site outside this operator's area: then the whole area is shown.
  if (atSite.length === 0 && query.siteCode !== undefined) throw notFound('未找到该消防站点');
  return atSite.length === 0 ? all : atSite;
}

/** The console's video page for a camera (built by the video section). */
export const videoUrl = (mn: string) => `/platform/video?device=${encodeURIComponent(mn)}`;

/** Finds the cameras (C01) of the operator's area nearest to a point. */
export class CameraFinder {
  private cameras: DeviceView[] | null = null;

  constructor(
    private readonly core: DeviceCore,
    private readonly scope: AreaScope,
    private readonly radiusMeters: number,
    private readonly now: number,
    private readonly videoType: string,
  ) {}

  async near(point: { lon: number; lat: number }) {
    this.cameras ??= await this.core.registry.all({ type: CAMERA_DEVICE_TYPE }, this.scope);
    return nearestWithin(point, this.cameras, this.radiusMeters).map((c) => ({
      deviceId: String(c.id),
      mn: c.mn,
      name: c.name,
      siteName: c.site_name,
      distance: c.distance,
      online: onlineOf(c, this.now),
      videoType: this.videoType,
      url: videoUrl(c.mn),
    }));
  }
}
