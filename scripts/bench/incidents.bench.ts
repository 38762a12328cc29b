/**
 * The grid events' hot map (issue 15: 100,000 events in ≤ 200 ms): 100,000 events spread over the
 * grids of one county (bulk-inserted), and `GET /adm/incident/getVoLocationData` of the county's
 * district operator timed through `app.inject` at zooms 8, 11 and 14 (no view box: the whole county,
 * the last 30 days), plus zoom 14 inside one street's view box. Median and worst of BENCH_SAMPLES
 * (default 15) calls after two warm-up calls.
 */
import type { Insertable } from 'kysely';
import { type EventsTables, IncidentsRepository } from '../../apps/server/src/modules/operator/events';
import {
  adminToken,
  createPlatformApp,
  dataOf,
  districtOperator,
  platformCall,
} from '../../apps/server/src/testing/platform';
import type { BenchResult } from './index';

const EVENTS = 100_000;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 15);
const COUNTY = '110105';
const CATALOGS = ['siteDust', 'roadDust', 'bareSoil', 'strawBurning', 'outdoorBbq', 'stackExceed', 'noise', 'other'];
/** Streets: a 4 × 4 block of 0.05° squares from 116.40 E, 39.90 N. */
const SIDE = 0.05;
const STREETS = 16;

function square(west: number, south: number) {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [west + SIDE, south],
        [west + SIDE, south + SIDE],
        [west, south + SIDE],
        [west, south],
      ],
    ],
  };
}

export async function run(): Promise<BenchResult[]> {
  const app = await createPlatformApp();
  const results: BenchResult[] = [];
  try {
    const admin = await adminToken(app);
    const codes: string[] = [];
    for (let i = 0; i < STREETS; i += 1) {
      const saved = dataOf<{ gridCode: string }>(
        await platformCall(app, {
          url: '/adm/grid/save',
          token: admin,
          body: {
            areaCode: COUNTY,
            name: `街道${i + 1}`,
            boundary: square(116.4 + (i % 4) * SIDE, 39.9 + Math.floor(i / 4) * SIDE),
          },
        }),
      );
      codes.push(saved.gridCode);
    }
    const operator = await districtOperator(app, admin, {
      username: 'stats',
      areaCode: COUNTY,
      orgName: '统计组',
      permissions: ['grid:view', 'grid:stats'],
    });
    const now = Math.floor(Date.now() / 1000);
    const rows: Insertable<EventsTables['events']>[] = [];
    // A fixed pseudo-random spread (no Math.random: the same data every run).
    let seed = 12345;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let i = 0; i < EVENTS; i += 1) {
      const street = i % STREETS;
      const reportedAt = now - Math.floor(next() * 29 * 86_400);
      rows.push({
        title: `事件${i}`,
        catalog: CATALOGS[i % CATALOGS.length] ?? 'other',
        source: 'patrol',
        state: i % 3 === 0 ? 'closed' : 'reported',
        priority: 3,
        description: '',
        address: '',
        lon: 116.4 + (street % 4) * SIDE + next() * SIDE,
        lat: 39.9 + Math.floor(street / 4) * SIDE + next() * SIDE,
        grid_code: codes[street] ?? null,
        area_code: COUNTY,
        org_id: null,
        assignee_id: null,
        reporter_id: null,
        reporter_name: '压测',
        alarm_id: null,
        complaint_id: null,
        patrol_id: null,
        deadline: reportedAt + 86_400,
        overdue_at: null,
        reported_at: reportedAt,
        dispatched_at: null,
        handled_at: null,
        closed_at: i % 3 === 0 ? reportedAt + 3600 : null,
        updated_at: reportedAt,
      });
    }
    const started = performance.now();
    await new IncidentsRepository(app.database).bulkInsert(rows);
    results.push({
      name: `bulk insert ${EVENTS.toLocaleString('en-US')} events`,
      value: performance.now() - started,
      unit: 'ms',
    });

    const time = async (name: string, query: Record<string, string>) => {
      let total = -1;
      const call = async () => {
        const response = await platformCall(app, {
          url: '/adm/incident/getVoLocationData',
          token: operator.token,
          query,
        });
        const data = dataOf<{ total: number; cells: unknown[] }>(response);
        total = data.total;
        return data.cells.length;
      };
      await call();
      await call();
      const times: number[] = [];
      let cells = 0;
      for (let i = 0; i < SAMPLES; i += 1) {
        const t = performance.now();
        cells = await call();
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const note = `${total.toLocaleString('en-US')} events, ${cells.toLocaleString('en-US')} cells`;
      results.push({ name: `${name} median`, value: times[Math.floor(times.length / 2)] ?? 0, unit: 'ms', note });
      results.push({ name: `${name} worst`, value: times[times.length - 1] ?? 0, unit: 'ms' });
    };
    for (const zoom of ['8', '11', '14']) await time(`hot map zoom ${zoom}`, { zoom });
    await time('hot map zoom 14, one street box', {
      zoom: '14',
      minLon: '116.4',
      minLat: '39.9',
      maxLon: '116.45',
      maxLat: '39.95',
    });
  } finally {
    await app.close();
  }
  return results;
}
