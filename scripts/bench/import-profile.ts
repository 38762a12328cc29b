/**
 * `npx tsx scripts/bench/import-profile.ts [hours]`: where an import's time goes. Imports `hours`
 * hourly national files (release-hour.ts) into a fresh SQLite file under the inspector's sampler and
 * prints self time by category and the heaviest functions (profile-summary.ts); the raw profile goes
 * to reports/profiles/import.cpuprofile. docs/PERFORMANCE.md, "Import" holds what it found.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatChinaDateTime } from '@lantian/domain';
import { migrateAppDatabase, openAppDatabase } from '../../apps/server/src/database';
import { Importer } from '../../apps/server/src/modules/data/ingest';
import { type Profile, summarise } from './profile-summary';
import { baseHour, releaseCsv } from './release-hour';

/** The steps of an import whose inclusive (self + callees) sampled time is worth knowing. */
const PHASES = [
  'parseCnemcCsv',
  'checkRow',
  'toStationHour',
  'upsert',
  'cityHourFrom',
  'cityDayFrom',
  'periodRow',
  'executeQuery',
  'compileQuery',
];

function phases(profile: Profile): [string, number][] {
  const nodes = profile.nodes as (Profile['nodes'][number] & { children?: number[] })[];
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const totalHits = nodes.reduce((n, node) => n + (node.hitCount ?? 0), 0);
  const msPerHit = totalHits === 0 ? 0 : (profile.endTime - profile.startTime) / 1000 / totalHits;
  const inclusive = (id: number): number => {
    const node = byId.get(id);
    if (node === undefined) return 0;
    return (node.hitCount ?? 0) + (node.children ?? []).reduce((n, c) => n + inclusive(c), 0);
  };
  const out = new Map<string, number>();
  // Counted at the outermost frame of each name, so that recursion is not counted twice.
  const walk = (id: number, open: Set<string>) => {
    const node = byId.get(id);
    if (node === undefined) return;
    const name = node.callFrame.functionName;
    const counted = PHASES.includes(name) && !open.has(name);
    if (counted) out.set(name, (out.get(name) ?? 0) + inclusive(id) * msPerHit);
    const next = counted ? new Set([...open, name]) : open;
    for (const c of node.children ?? []) walk(c, next);
  };
  const root = nodes[0];
  if (root !== undefined) walk(root.id, new Set());
  return [...out].sort((a, b) => b[1] - a[1]);
}

const hours = Number(process.argv[2] ?? 48);
const dir = mkdtempSync(path.join(tmpdir(), 'lantian-import-profile-'));
const database = openAppDatabase({ kind: 'sqlite', path: path.join(dir, 'profile.db') });
try {
  await migrateAppDatabase(database);
  const template = releaseCsv(baseHour().rows, '@@T@@');
  const start = Date.UTC(2018, 0, 1, 1 - 8) / 1000;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const importer = new Importer(database);
  for (let h = 0; h < hours; h++) {
    const text = template.replaceAll('@@T@@', formatChinaDateTime(start + h * 3600));
    await importer.importFile({ name: `hour-${h}.csv`, bytes: Buffer.from(text) });
  }
  await importer.finish();
  const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
  const out = path.resolve('reports/profiles');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'import.cpuprofile'), JSON.stringify(profile));
  const summary = summarise(profile, 0);
  const s = importer.summary();
  console.log(`${s.inserted} rows in ${(summary.totalMs / 1000).toFixed(1)} s`);
  for (const c of summary.categories.slice(0, 15))
    console.log(`${(c.share * 100).toFixed(1).padStart(5)} %  ${c.ms.toFixed(0).padStart(7)} ms  ${c.name}`);
  console.log('');
  for (const f of summary.functions)
    console.log(`${(f.share * 100).toFixed(1).padStart(5)} %  ${f.ms.toFixed(0).padStart(7)} ms  ${f.name}`);
  console.log('\nphases (synchronous time under each step, awaited work is not attributed):');
  for (const [name, ms] of phases(profile)) console.log(`${ms.toFixed(0).padStart(7)} ms  ${name}`);
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
