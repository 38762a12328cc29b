import type { BenchResult } from './index';

/** Runs `fn` repeatedly for about `ms` milliseconds (after a warm-up) and reports operations per second. */
export function opsPerSecond(name: string, fn: () => unknown, ms = 1000): BenchResult {
  const deadline = performance.now() + ms / 4;
  while (performance.now() < deadline) fn();
  let ops = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 100; i++) fn();
    ops += 100;
    now = performance.now();
  }
  return { name, value: Math.round((ops / (now - start)) * 1000), unit: 'ops/s' };
}

/** Median and p99 latency of `fn` over `samples` calls, in microseconds. */
export function latency(name: string, fn: () => unknown, samples = 2000): BenchResult[] {
  for (let i = 0; i < Math.min(200, samples); i++) fn();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    fn();
    times.push((performance.now() - t) * 1000);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return [
    { name: `${name} p50`, value: at(0.5), unit: 'µs' },
    { name: `${name} p99`, value: at(0.99), unit: 'µs' },
  ];
}
