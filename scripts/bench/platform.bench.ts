/**
 * The operator platform's per-request cost, through the real server over HTTP: a bureau of 1,000
 * operators in 100 district organisations, 20,000 audit entries, and autocannon on
 * - the access check alone (`/zhhb/center/permissions`: session, operator, roles, permissions; no work after),
 * - a server-paged, scoped, sorted operator list (a district administrator's and the national one's),
 * - the audit log's first page for a district administrator (the scope filter over every entry),
 * and the time of one sign-in (argon2id verification dominates, by design).
 * BENCH_API_SECONDS (default 10) per target, as the public API bench.
 */
import { createRequire } from 'node:module';
import { allAreas } from '@lantian/areas';
import { z } from 'zod';
import { AuditLog, AuditRepository } from '../../apps/server/src/modules/operator/audit';
import type { TestApp } from '../../apps/server/src/testing/app';
import {
  adminToken,
  createPlatformApp,
  dataOf,
  districtOperator,
  OPERATOR_PASSWORD,
  platformCall,
  signInCall,
} from '../../apps/server/src/testing/platform';
import type { BenchResult } from './index';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const DISTRICTS = 100;
const PER_DISTRICT = 10;
const AUDIT_ENTRIES = 20_000;

type Autocannon = (options: unknown) => PromiseLike<unknown>;
const loaded: unknown = createRequire(import.meta.url)('autocannon');
const isAutocannon = (value: unknown): value is Autocannon => typeof value === 'function';
const result = z.object({
  requests: z.object({ average: z.number() }),
  latency: z.object({ p99: z.number(), average: z.number() }),
  non2xx: z.number(),
  errors: z.number(),
});

async function fire(origin: string, path: string, token: string) {
  if (!isAutocannon(loaded)) throw new Error('autocannon did not load as a function');
  const raw = await loaded({
    url: `${origin}${path}`,
    connections: 10,
    duration: SECONDS,
    workers: 1,
    headers: { authorization: `Bearer ${token}` },
  });
  return result.parse(raw);
}

async function populate(app: TestApp, admin: string): Promise<{ districtAdmin: string }> {
  // Counties of Guangdong (44xxxx), one organisation each.
  const counties = allAreas()
    .filter((a) => a.level === 'county' && a.code.startsWith('44'))
    .slice(0, DISTRICTS);
  if (counties.length < DISTRICTS) throw new Error('not enough counties for the bench');
  const tree = dataOf<Array<{ id: string }>>(await platformCall(app, { url: '/adm/org/votreeData', token: admin }));
  const rootId = tree[0]?.id ?? '';
  const role = dataOf<{ id: string }>(
    await platformCall(app, {
      url: '/sys/role/save',
      token: admin,
      body: { name: '区县空气', description: '', permissions: ['air:view'] },
    }),
  );
  for (const [i, county] of counties.entries()) {
    const org = dataOf<{ id: string }>(
      await platformCall(app, {
        url: '/sys/org/save',
        token: admin,
        body: { parentId: rootId, name: `${county.name}分局`, areaCode: county.code },
      }),
    );
    for (let j = 0; j < PER_DISTRICT; j += 1) {
      dataOf(
        await platformCall(app, {
          url: '/sys/user/save',
          token: admin,
          body: {
            username: `op${i}x${j}`,
            name: `人员${i}-${j}`,
            password: OPERATOR_PASSWORD,
            orgId: org.id,
            roleIds: [role.id],
          },
        }),
      );
    }
  }
  const districtAdmin = await districtOperator(app, admin, {
    username: 'district.admin',
    areaCode: counties[0]?.code ?? '440103',
    orgName: '区管理员组',
    permissions: ['system:operator:view', 'system:audit:view'],
  });
  const log = new AuditLog(new AuditRepository(app.database), () => Math.floor(Date.now() / 1000));
  for (let i = 0; i < AUDIT_ENTRIES; i += 1) {
    const county = counties[i % counties.length];
    await log.record({
      actor: { id: null, name: `op${i % DISTRICTS}x0`, areaCode: county?.code ?? null },
      action: 'operator.update',
      target: { type: 'operator', id: `t${i}`, name: `人员${i}` },
      after: { name: `人员${i}` },
    });
  }
  return { districtAdmin: districtAdmin.token };
}

export async function run(): Promise<BenchResult[]> {
  const app = await createPlatformApp();
  const results: BenchResult[] = [];
  try {
    const admin = await adminToken(app);
    const { districtAdmin } = await populate(app, admin);
    await app.server.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    const origin = `http://127.0.0.1:${address.port}`;

    const targets: Array<[string, string, string]> = [
      ['access check only (permissions)', '/zhhb/center/permissions', admin],
      [
        'operator list, national, page 1 of 1,000',
        '/sys/user/list?pageSize=20&sortBy=lastLoginAt&sortOrder=descend',
        admin,
      ],
      ['operator list, one district', '/sys/user/list?pageSize=20', districtAdmin],
      [
        `audit log, one district of ${AUDIT_ENTRIES.toLocaleString('en-US')}`,
        '/sys/audit/list?pageSize=20',
        districtAdmin,
      ],
    ];
    for (const [name, path, token] of targets) {
      const r = await fire(origin, path, token);
      results.push(
        { name, value: Math.round(r.requests.average), unit: 'req/s', note: `${r.non2xx} non-2xx, ${r.errors} errors` },
        { name: `${name} p99`, value: r.latency.p99, unit: 'ms' },
      );
    }

    const rounds = 20;
    const started = performance.now();
    for (let i = 0; i < rounds; i += 1) {
      const response = await signInCall(app, 'op0x1', OPERATOR_PASSWORD, { ip: `10.9.${i}.1` });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
    }
    results.push({
      name: 'sign-in (captcha + argon2id + session)',
      value: (performance.now() - started) / rounds,
      unit: 'ms',
      note: `mean of ${rounds}`,
    });
  } finally {
    await app.close();
  }
  return results;
}
