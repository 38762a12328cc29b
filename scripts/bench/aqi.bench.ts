/**
 * AQI throughput: real-time and daily AQI computations per second over varied inputs, and QC of the
 * shared national hour (parse + check) when ../shared is present: as published (GeoJSON) and written
 * in the release's CSV form, so that the CSV reader's share of the work shows.
 */
import { readFileSync } from 'node:fs';
import { type DailyInput, dailyAqi, type RealtimeInput, realtimeAqi } from '@lantian/domain';
import { parseCnemcFile, runQc } from '../../apps/server/src/modules/data/ingest';
import { SHARED_CNEMC_HOUR, sharedFile } from '../../apps/server/src/testing/shared-data';
import type { BenchResult } from './index';
import { opsPerSecond } from './measure';
import { baseHour, releaseCsv } from './release-hour';

/** Deterministic pseudo-random inputs (no Math.random: runs compare like with like). */
function inputs<T>(n: number, make: (r: () => number) => T): T[] {
  let seed = 42;
  const r = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: n }, () => make(r));
}

export async function run(): Promise<BenchResult[]> {
  const realtime = inputs<RealtimeInput>(1024, (r) => ({
    pm2_5: Math.round(r() * 300),
    pm10: r() < 0.1 ? null : Math.round(r() * 500),
    so2: Math.round(r() * 100),
    no2: Math.round(r() * 200),
    co: Math.round(r() * 50) / 10,
    o3: Math.round(r() * 300),
  }));
  const daily = inputs<DailyInput>(1024, (r) => ({
    pm2_5: Math.round(r() * 250),
    pm10: Math.round(r() * 400),
    so2: Math.round(r() * 80),
    no2: Math.round(r() * 120),
    co: Math.round(r() * 40) / 10,
    o3_8h: Math.round(r() * 250),
  }));
  let i = 0;
  const results: BenchResult[] = [
    opsPerSecond('real-time AQI (6 pollutants, primary, level)', () => realtimeAqi(realtime[i++ & 1023] ?? {})),
    opsPerSecond('daily AQI (6 pollutants, primary, level)', () => dailyAqi(daily[i++ & 1023] ?? {})),
  ];

  const file = sharedFile(SHARED_CNEMC_HOUR);
  if (file !== null) {
    const bytes = readFileSync(file);
    const rows = parseCnemcFile(bytes).rows;
    const files = opsPerSecond('QC of the shared hour (parse + check)', () => runQc(parseCnemcFile(bytes).rows), 2000);
    results.push({
      name: 'QC throughput (parse + check)',
      value: files.value * rows.length,
      unit: 'rows/s',
      note: `${rows.length} rows per file`,
    });
    const checks = opsPerSecond('QC check only', () => runQc(rows), 2000);
    results.push({ name: 'QC throughput (check only)', value: checks.value * rows.length, unit: 'rows/s' });

    const csv = new TextEncoder().encode(releaseCsv(baseHour().rows, '2018-02-20 07:00:00'));
    const csvRows = parseCnemcFile(csv).rows.length;
    const csvQc = opsPerSecond('QC of the shared hour as CSV', () => runQc(parseCnemcFile(csv).rows), 2000);
    results.push({
      name: 'QC throughput, CSV form (parse + check)',
      value: csvQc.value * csvRows,
      unit: 'rows/s',
      note: `${csvRows} rows per file`,
    });
    const csvRead = opsPerSecond('CSV form read', () => parseCnemcFile(csv), 2000);
    results.push({
      name: 'CSV form read only (decode + parse + fields)',
      value: csvRead.value * csvRows,
      unit: 'rows/s',
    });
  }
  return results;
}
