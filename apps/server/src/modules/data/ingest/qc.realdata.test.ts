import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aqiLevel, healthAdvice, LEVELS } from '@lantian/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { SHARED_CNEMC_HOUR, sharedDir, sharedFile } from '../../../testing/shared-data';
import { CNEMC_CSV_COLUMNS, type CnemcStationRow, parseCnemcFile } from './cnemc-file';
import { runQc } from './qc';

/**
 * QC on the shared national hour (GUIDE §6). Runs only under `npm run test:realdata`.
 */

const file = sharedFile(SHARED_CNEMC_HOUR);
if (file === null) {
  throw new Error(
    `shared data not found: ${path.join(sharedDir(), SHARED_CNEMC_HOUR)} (set LANTIAN_SHARED_DIR to the shared folder)`,
  );
}
const source = file;
const bytes = readFileSync(source);
const parsed = parseCnemcFile(bytes);

interface Feature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] } | null;
  properties: Record<string, string>;
}
const release = JSON.parse(bytes.toString('utf8')) as { type: string; features: Feature[] };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const dir = mkdtempSync(path.join(tmpdir(), 'lantian-qc-realdata-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function qcCli(target: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [path.join(root, 'apps/server/src/cli.ts'), 'qc', '--json', target], { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The naive reading: every field taken by its name, so `o3` as the current hour. */
const naive = (row: CnemcStationRow) => ({
  so2: row.values.so2,
  no2: row.values.no2,
  pm10: row.values.pm10,
  co: row.values.co,
  o3: row.values.o3_1h_max_24h,
  pm2_5: row.values.pm2_5,
  so2_24h: row.values.so2_24h,
});

describe('the shared 2018-02-20 07:00 national hour', () => {
  it('reads every feature', () => {
    expect(parsed.format).toBe('geojson');
    expect(parsed.rejected).toEqual([]);
    expect(parsed.rows).toHaveLength(1495);
  });

  it('has o3 ≥ o3_24h and o3_8h ≥ o3_8h_24h in every row: maxima, not current values', () => {
    for (const { values: v } of parsed.rows) {
      if (v.o3_1h !== null && v.o3_1h_max_24h !== null) expect(v.o3_1h_max_24h).toBeGreaterThanOrEqual(v.o3_1h);
      if (v.o3_8h_moving !== null && v.o3_8h_max_today !== null) {
        expect(v.o3_8h_max_today).toBeGreaterThanOrEqual(v.o3_8h_moving);
      }
    }
  });

  it('passes QC: 1,475 rows checked, no mismatch', () => {
    expect(runQc(parsed.rows)).toEqual({ rows: 1495, checked: 1475, mismatches: [] });
  });

  it('read naively (o3 as the current hour) shows 189 AQI mismatches — the reason for GUIDE §6', () => {
    const report = runQc(parsed.rows, naive);
    expect(report.checked).toBe(1475);
    expect(report.mismatches).toHaveLength(189);
    expect(report.mismatches.every((m) => m.field === 'aqi')).toBe(true);
  });

  it('names levels and health advice exactly as the release does', () => {
    let compared = 0;
    for (const { properties: p } of release.features) {
      if (p.aqi === '-;' || p.aqi === undefined) continue;
      const level = aqiLevel(Number(p.aqi));
      expect(LEVELS[level].name).toBe(p.quality);
      expect(healthAdvice(level)).toEqual({ impact: p.unheathful, advice: p.measure });
      compared++;
    }
    expect(compared).toBe(1475);
  });

  it('gives the same rows and QC from the CSV form (quoted multi-pollutant fields included)', () => {
    const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
    const columns = [...CNEMC_CSV_COLUMNS, 'quality'];
    const lines = release.features.map((f) =>
      columns
        .map((c) => {
          if (c === 'longitude') return String(f.geometry?.coordinates[0] ?? '');
          if (c === 'latitude') return String(f.geometry?.coordinates[1] ?? '');
          return quote(f.properties[c] ?? '');
        })
        .join(','),
    );
    const csvFile = path.join(dir, 'hour.csv');
    writeFileSync(csvFile, `\uFEFF${columns.join(',')}\r\n${lines.join('\r\n')}\r\n`);
    const fromCsv = parseCnemcFile(readFileSync(csvFile));
    expect(fromCsv.rejected).toEqual([]);
    expect(fromCsv.rows.filter((r) => r.primaryPollutants.length > 1)).toHaveLength(5);
    expect(fromCsv.rows.map(({ line: _l, ...r }) => r)).toEqual(parsed.rows.map(({ line: _l, ...r }) => r));
    expect(fromCsv.rows[0]?.line).toBe(2);
    expect(runQc(fromCsv.rows)).toEqual({ rows: 1495, checked: 1475, mismatches: [] });
  });

  it('prints {"rows":1495,"checked":1475,"mismatches":[]} from the command', async () => {
    const result = await qcCli(source);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('{"rows":1495,"checked":1475,"mismatches":[]}\n');
  });

  it('reports exactly the rows of a copy whose AQI and primary pollutants were corrupted', async () => {
    const copy = structuredClone(release);
    const withAqi = copy.features.filter((f) => f.properties.aqi !== '-;');
    const aqi = (f: Feature) => Number(f.properties.aqi);
    const pick = (n: number, test: (f: Feature) => boolean, taken: Set<Feature>) => {
      const chosen = withAqi.filter((f) => !taken.has(f) && test(f)).slice(0, n);
      for (const f of chosen) taken.add(f);
      expect(chosen).toHaveLength(n);
      return chosen;
    };
    const taken = new Set<Feature>();
    const aqiRows = pick(6, (f) => aqi(f) >= 20 && aqi(f) <= 250, taken);
    const wrongPollutant = pick(3, (f) => aqi(f) > 60 && f.properties.primarypollutant === '细颗粒物(PM2.5)', taken);
    const namedWhenClean = pick(2, (f) => aqi(f) < 40 && f.properties.primarypollutant === '-;', taken);
    const noneWhenPolluted = pick(1, (f) => aqi(f) > 100, taken);
    const harmless = pick(2, (f) => aqi(f) > 60 && f.properties.primarypollutant === '细颗粒物(PM2.5)', taken);

    const expected: { station: string; field: string; published: unknown }[] = [];
    for (const f of aqiRows) {
      f.properties.aqi = String(aqi(f) + 25);
      expected.push({ station: f.properties.stationcode ?? '', field: 'aqi', published: aqi(f) });
    }
    for (const f of wrongPollutant) {
      f.properties.primarypollutant = '二氧化硫';
      expected.push({ station: f.properties.stationcode ?? '', field: 'primary', published: ['so2'] });
    }
    for (const f of namedWhenClean) {
      f.properties.primarypollutant = '细颗粒物(PM2.5)';
      expected.push({ station: f.properties.stationcode ?? '', field: 'primary', published: ['pm2_5'] });
    }
    for (const f of noneWhenPolluted) {
      f.properties.primarypollutant = '-;';
      expected.push({ station: f.properties.stationcode ?? '', field: 'primary', published: [] });
    }
    // Not a corruption: 臭氧8小时 is not part of the real-time AQI and is not judged.
    for (const f of harmless) f.properties.primarypollutant = '细颗粒物(PM2.5),臭氧8小时';

    const corrupted = path.join(dir, 'corrupted.geojson');
    writeFileSync(corrupted, JSON.stringify(copy));
    const result = await qcCli(corrupted);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as {
      rows: number;
      checked: number;
      mismatches: { station: string; field: string; published: unknown; computed: unknown }[];
    };
    expect(report.rows).toBe(1495);
    expect(report.checked).toBe(1475);
    const byStation = (a: { station: string }, b: { station: string }) => a.station.localeCompare(b.station);
    expect(
      report.mismatches.map(({ station, field, published }) => ({ station, field, published })).sort(byStation),
    ).toEqual([...expected].sort(byStation));
    for (const m of report.mismatches) {
      if (m.field === 'aqi') expect(m.computed).toEqual([expect.any(Number), expect.any(Number)]);
      else expect(m.computed).toEqual(expect.any(Array));
    }
  });
});
