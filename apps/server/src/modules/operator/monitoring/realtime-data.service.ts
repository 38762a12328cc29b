import type { realtimeDataQuery } from '@lantian/contracts';
import { formatChinaDateTimeOrNull } from '@lantian/domain';
import type { z } from 'zod';
import type { AreaScope } from '../../../platform/db/area-scope';
import { deviceColumns } from './monitoring.presenters';
import { checkArea, type MonitoringSources } from './sources';

/**
 * The real-time data table (spec §7 /dataQuery/realtimeData/vorealtimeData): a page of the
 * registry's devices (paged in SQL by the device core) with each factor's newest value in one row,
 * and the page's factors as the table's columns.
 */
export class RealtimeDataService {
  constructor(private readonly sources: MonitoringSources) {}

  async page(query: z.output<typeof realtimeDataQuery>, scope: AreaScope) {
    if (query.areaCode !== undefined) checkArea(query.areaCode, scope);
    const { registry, telemetry, labels } = this.sources.core;
    const page = await registry.list(
      {
        pageNum: query.pageNum,
        pageSize: query.pageSize,
        keyword: query.keyword,
        type: query.deviceType,
        areaCode: query.areaCode,
      },
      scope,
    );
    const latest = await telemetry.latest(page.list.map((d) => Number(d.deviceId)));
    const columns = new Map<string, { code: string; name: string; unit: string }>();
    for (const device of page.list) {
      for (const f of device.factors)
        if (!columns.has(f.code)) columns.set(f.code, { code: f.code, name: f.name, unit: f.unit });
    }
    const list = page.list.map((device) => {
      const rows = latest.get(Number(device.deviceId)) ?? [];
      const values: Record<string, number | null> = {};
      const flags: Record<string, string | null> = {};
      let newest: number | null = null;
      for (const row of rows) {
        values[row.factor] = row.value;
        flags[row.factor] = row.flag;
        if (newest === null || row.t > newest) newest = row.t;
      }
      return { ...deviceColumns(device), time: formatChinaDateTimeOrNull(newest), values, flags };
    });
    // A factor a device sends without having it configured still gets its column.
    for (const rows of latest.values()) {
      for (const row of rows) {
        if (columns.has(row.factor)) continue;
        const label = await labels.factor(row.factor);
        columns.set(row.factor, { code: row.factor, name: label?.label ?? row.factor, unit: label?.unit ?? '' });
      }
    }
    return { ...page, list, factors: [...columns.values()] };
  }
}
