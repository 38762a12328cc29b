import { areaByCode } from '@lantian/areas';
import type { OpenAppRow } from '@lantian/contracts';
import { formatChinaDateTime, formatChinaDateTimeOrNull } from '@lantian/domain';
import { COUNTRY_AREA } from '../../../platform/db/area-scope';
import { apisOf } from './credentials';
import type { OpenApp } from './open-apps.repository';

const areaName = (code: string) => (code === COUNTRY_AREA ? '全国' : (areaByCode(code)?.name ?? code));

export const isExpired = (app: Pick<OpenApp, 'expires_at'>, now: number) =>
  app.expires_at !== null && app.expires_at <= now;

/** An application as administrators see it: never its secret (nor the secret's hash). */
export function presentOpenApp(app: OpenApp, now: number): OpenAppRow {
  return {
    id: app.id,
    name: app.name,
    appKey: app.app_key,
    apis: apisOf(app.apis),
    rateLimitPerMinute: app.rate_limit_per_minute,
    expiresAt: formatChinaDateTimeOrNull(app.expires_at),
    expired: isExpired(app, now),
    status: app.status === 'revoked' ? 'revoked' : 'active',
    areaCode: app.area_code,
    areaName: areaName(app.area_code),
    createdAt: formatChinaDateTime(app.created_at),
    createdBy: app.created_by,
    updatedAt: formatChinaDateTime(app.updated_at),
    lastUsedAt: formatChinaDateTimeOrNull(app.last_used_at),
  };
}
