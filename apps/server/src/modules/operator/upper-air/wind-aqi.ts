import { areaDirectory } from '@lantian/areas';
import type { WindAqiPoint } from '@lantian/contracts';
import { formatChinaDateTime } from '@lantian/domain';
import { type AreaScope, inScope } from '../../../platform/db/area-scope';
import type { CurrentSnapshot } from '../../data/air';

/**
 * The AQI points over the wind field: the cities' latest hour from the air module's current snapshot
 * (the one the public site's current calls read), limited to the operator's area. The snapshot is in
 * memory, so the scope is applied here with the same prefix rule as inAreaScope.
 */
export class WindAqi {
  constructor(private readonly current: CurrentSnapshot) {}

  async points(scope: AreaScope): Promise<WindAqiPoint[]> {
    const snapshot = await this.current.current();
    const areas = areaDirectory();
    const out: WindAqiPoint[] = [];
    for (const [code, hour] of snapshot.cities) {
      if (!inScope(code, scope)) continue;
      const area = areas.byCode(code);
      if (!area) continue;
      out.push({
        code,
        name: area.name,
        longitude: area.longitude,
        latitude: area.latitude,
        aqi: hour.aqi,
        time: formatChinaDateTime(Number(hour.time)),
      });
    }
    return out.sort((a, b) => a.code.localeCompare(b.code));
  }
}
