/**
 * A CPU profile (the inspector's format) summed up: self time by category — the framework, the
 * app's hooks, validation, serialisation, the signature, SQL, compression, logging, GC — and the
 * heaviest functions. Used by profile.ts; docs/PERFORMANCE.md holds what it found.
 */
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
export interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
}

const CATEGORIES: [string, RegExp][] = [
  ['signature check', /platform\/http\/signature|contracts\/src\/signature/],
  ['request budgets', /rate-limit|memory-state|redis-state|client-address/],
  ['security headers (helmet)', /helmet/],
  ['compression', /@fastify\/compress|node:zlib|zlib/],
  ['validation and serialisation (zod)', /\/zod\/|fastify-type-provider-zod/],
  ['logging (pino)', /pino|sonic-boom|logging\.ts/],
  ['SQL (better-sqlite3, kysely)', /better-sqlite3|kysely|platform\/db\//],
  ['form parsing', /formbody|fast-querystring|querystring/],
  [
    'fastify core',
    /node_modules\/(fastify|find-my-way|avvio|light-my-request|@fastify\/(error|ajv-compiler|fast-json-stringify-compiler)|fast-json-stringify|toad-cache|process-warning|abstract-logging)/,
  ],
  ['app: public modules', /modules\/public\//],
  ['app: shared data', /modules\/data\//],
  ['app: platform http', /platform\/http\//],
  ['app: other', /apps\/server\/src|packages\//],
  ['node: http, net, streams', /^node:/],
];

function categoryOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (url === '') {
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8 / native (program)';
    return `native: ${functionName || '(anonymous)'}`;
  }
  for (const [name, pattern] of CATEGORIES) if (pattern.test(url)) return name;
  if (/node_modules\//.test(url)) return `package: ${url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')}`;
  return 'other';
}

export interface ProfileSummary {
  totalMs: number;
  requests: number;
  categories: { name: string; ms: number; share: number }[];
  functions: { name: string; ms: number; share: number }[];
}

export function summarise(profile: Profile, requests: number): ProfileSummary {
  const totalHits = profile.nodes.reduce((n, node) => n + (node.hitCount ?? 0), 0);
  const totalMs = (profile.endTime - profile.startTime) / 1000;
  const msPerHit = totalHits === 0 ? 0 : totalMs / totalHits;
  const byCategory = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = (node.hitCount ?? 0) * msPerHit;
    if (ms === 0) continue;
    const category = categoryOf(node);
    byCategory.set(category, (byCategory.get(category) ?? 0) + ms);
    const file = node.callFrame.url.replace(/^file:\/\/.*?\/(node_modules|apps|packages|scripts)\//, '$1/');
    const name = `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  const busy = totalMs - (byCategory.get('idle') ?? 0);
  const rank = (m: Map<string, number>) =>
    [...m]
      .filter(([name]) => name !== 'idle')
      .sort((a, b) => b[1] - a[1])
      .map(([name, ms]) => ({ name, ms, share: busy === 0 ? 0 : ms / busy }));
  return { totalMs, requests, categories: rank(byCategory), functions: rank(byFunction).slice(0, 25) };
}
