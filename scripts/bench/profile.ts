/**
 * `npm run profile -- <call> [more calls] [--seconds N] [--connections N] [--unsigned]`: where the
 * server's time goes for one public call under load. The bench app (bench-app.ts) serves on
 * loopback, autocannon loads it from a worker thread, and the inspector samples the main thread
 * (the server) meanwhile. Prints self time by category (framework, hooks, validation, serialisation,
 * signature, SQL, compression, logging, GC…) and the heaviest functions, and writes the raw profile
 * to reports/profiles/<call>.cpuprofile (open it in Chromium's DevTools, Performance panel).
 *
 * A call is named by its benchmark label or a part of it (public-calls.ts): `getCityCurrentData`,
 * `getMapSiteData`, `constant` (the app's constant route: what every call pays before its handler).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { listen, openBenchApp, prepareBenchDatabase } from './bench-app';
import { fire, request, signed } from './cannon';
import { type Profile, summarise } from './profile-summary';
import { type PublicCall, publicCalls } from './public-calls';

function pick(all: PublicCall[], wanted: string): PublicCall {
  if (wanted === 'constant')
    return {
      kind: 'current',
      label: 'constant',
      method: 'POST',
      path: '/api/benchConstant',
      params: { city: '110000' },
    };
  const found = all.find((c) => c.label === wanted) ?? all.find((c) => c.label.includes(wanted));
  if (found === undefined)
    throw new Error(`no call named ${wanted}; known: constant, ${all.map((c) => c.label).join(', ')}`);
  return found;
}

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}

async function main() {
  const seconds = option('seconds', 10);
  const connections = option('connections', 10);
  const unsigned = process.argv.includes('--unsigned');
  const names = process.argv
    .slice(2)
    .filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--s') && !all[i - 1]?.startsWith('--c'));
  const database = await prepareBenchDatabase();
  const bench = await openBenchApp({ file: database.file, signature: !unsigned });
  bench.app.server.post('/api/benchConstant', { config: { access: 'public', signed: true, api: true } }, async () => ({
    code: 0,
    msg: '成功',
    data: 1,
  }));
  const origin = await listen(bench.app.server);
  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ code: 0, msg: '成功', data: 1 }));
  const bareOrigin = await listen(bare);
  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../reports/profiles');
  mkdirSync(out, { recursive: true });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  try {
    for (const name of names.length === 0 ? ['constant'] : names) {
      const isBare = name === 'bare';
      const call: PublicCall = isBare
        ? { kind: 'current', label: 'bare', method: 'GET', path: '/', params: {} }
        : pick(publicCalls(database.lastHour), name);
      const req = unsigned || isBare ? request(call) : signed(request(call));
      const target = isBare ? bareOrigin : origin;
      await fire(target, [req], 2, { connections }); // warm: caches filled, code optimised
      await session.post('Profiler.start');
      const result = await fire(target, [req], seconds, { connections });
      const { profile } = await session.post('Profiler.stop');
      const file = path.join(out, `${call.label.replace(/[^\w]+/g, '-')}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      const summary = summarise(profile as Profile, result.requests.total ?? 0);
      const perRequestUs = (ms: number) => ((ms * 1000) / Math.max(1, summary.requests)).toFixed(1);
      console.log(
        `\n${call.label}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx (${unsigned ? 'unsigned' : 'signed'}, ${connections} connections) → ${file}`,
      );
      console.log('  self time by category (share of busy time, µs per request):');
      for (const c of summary.categories.slice(0, 16))
        console.log(`    ${(c.share * 100).toFixed(1).padStart(5)} %  ${perRequestUs(c.ms).padStart(7)} µs  ${c.name}`);
      console.log('  heaviest functions:');
      for (const f of summary.functions.slice(0, 15))
        console.log(`    ${(f.share * 100).toFixed(1).padStart(5)} %  ${f.name}`);
    }
  } finally {
    session.disconnect();
    await bare.close();
    await bench.close();
    database.remove();
  }
}

await main();
