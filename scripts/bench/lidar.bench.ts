/**
 * Lidar images (issue 19: one HS image of 360 × 1,000 bins ≤ 200 ms and cached; a day of VF curtain
 * ≤ 300 ms): the renderers on a simulated scan and a simulated day of profiles (every 5 minutes),
 * median and worst of BENCH_SAMPLES (default 10) renders after one warm-up; and what one simulated
 * scan costs the demo (lidar equation, noise, Fernald inversion on every ray).
 */
import {
  chinaTime,
  DEFAULT_SYSTEM,
  prepareScene,
  simulateHorizontalScan,
  simulateVerticalProfile,
} from '@lantian/domain';
import { DEMO_LIDARS, demoScene, renderCurtain, renderPolarImage } from '../../apps/server/src/modules/operator/lidar';
import type { BenchResult } from './index';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 10);

async function timed(fn: () => Promise<unknown>): Promise<{ median: number; worst: number }> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] ?? 0, worst: times[times.length - 1] ?? 0 };
}

export async function run(): Promise<BenchResult[]> {
  const lidar = DEMO_LIDARS[0];
  if (lidar === undefined) throw new Error('no demo lidar');
  const t = chinaTime(2026, 11, 25, 14, 0);
  const prepared = prepareScene(demoScene(lidar, t));
  const system = { ...DEFAULT_SYSTEM, bins: 1000 };
  const started = performance.now();
  const scan = simulateHorizontalScan(prepared, { x: 0, y: 0, height: 50 }, { elevation: 0, seed: 1, system });
  const simulateMs = performance.now() - started;
  const hs = await timed(() =>
    renderPolarImage({
      azimuthStart: 0,
      azimuthStep: 1,
      azimuthCount: 360,
      bins: scan.bins,
      binMeters: scan.binMeters,
      firstRange: scan.firstRange,
      values: scan.extinction,
      dataType: 'Extinction',
      title: 'bench',
      subtitle: '360 × 1000',
    }),
  );
  const columns: Float32Array[] = [];
  const boundary: Array<number | null> = [];
  const labels: string[] = [];
  for (let k = 0; k < 288; k++) {
    const at = t - 86_400 + k * 300;
    const p = simulateVerticalProfile(prepareScene(demoScene(lidar, at)), { x: 0, y: 0, height: 0 }, k);
    columns.push(p.extinction);
    boundary.push(600);
    labels.push(String(k));
  }
  const vf = await timed(() =>
    renderCurtain({
      columns,
      labels,
      bins: 200,
      binMeters: 15,
      firstHeight: 7.5,
      boundary,
      dataType: 'Extinction',
      title: 'bench',
      subtitle: 'a day',
      xTitle: 'time',
    }),
  );
  return [
    { name: 'HS image 360 × 1000 bins, render p50', value: Math.round(hs.median), unit: 'ms', note: 'goal ≤ 200 ms' },
    { name: 'HS image 360 × 1000 bins, render worst', value: Math.round(hs.worst), unit: 'ms' },
    {
      name: 'VF curtain, a day (288 profiles), render p50',
      value: Math.round(vf.median),
      unit: 'ms',
      note: 'goal ≤ 300 ms',
    },
    { name: 'VF curtain, a day, render worst', value: Math.round(vf.worst), unit: 'ms' },
    { name: 'simulate one HS scan 360 × 1000 (demo)', value: Math.round(simulateMs), unit: 'ms' },
  ];
}
