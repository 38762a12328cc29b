import { ErrorCode } from '@lantian/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../platform/errors';
import { createTestApp, type TestApp } from '../testing/app';
import { RouteFuzzer } from './fuzzer';

/**
 * The route fuzz can fail: probe routes that break each rule it judges (a 500, an answer that is not
 * the envelope, a write on a refused request) are caught, and a well-behaved one is not.
 */

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const config = { access: 'public' as const };

async function probeApp(): Promise<TestApp> {
  return createTestApp({
    configure: ({ server }) => {
      server.post('/api/probe/crash', { config }, async () => {
        throw new Error('boom');
      });
      server.get('/api/probe/plain', { config }, async (_request, reply) =>
        reply.code(400).type('text/plain').send('bad'),
      );
      server.post('/api/probe/writes', { config }, async () => {
        await probeWrite();
        throw new AppError(ErrorCode.VALIDATION, '参数错误');
      });
      server.post(
        '/api/probe/good',
        { config, schema: { body: z.object({ name: z.string().max(10) }) } },
        async (request) => ({ code: 0, msg: '成功', data: request.body }),
      );
    },
  });
}

/** A write the probe makes before refusing (any table does: the audit trail's success rows are writes). */
async function probeWrite(): Promise<void> {
  const target = app;
  if (target === undefined) throw new Error('no app');
  await target.database.db
    .insertInto('audit_log')
    .values({
      id: `probe-${Math.random()}`,
      at: 0,
      actor_id: null,
      actor: 'probe',
      actor_area: null,
      ip: null,
      action: 'probe',
      target_type: null,
      target_id: null,
      target_name: null,
      outcome: 'success',
      detail: null,
      before_json: null,
      after_json: null,
    })
    .execute();
}

async function fuzzProbe(url: string): Promise<string[]> {
  if (app === undefined) throw new Error('no app');
  const route = app.routes().find((r) => r.url === url);
  if (route === undefined) throw new Error(`no route ${url}`);
  return new RouteFuzzer(app).fuzz(route, () => 5, 1);
}

describe('the route fuzz harness', () => {
  it('reports a 500, an answer that is not the envelope, and a write on a refused request', async () => {
    app = await probeApp();
    expect(await fuzzProbe('/api/probe/crash')).toEqual([expect.stringContaining('answered 500')]);
    expect(await fuzzProbe('/api/probe/plain')).toEqual([expect.stringContaining('400 is not the envelope')]);
    expect(await fuzzProbe('/api/probe/writes')).toEqual([expect.stringMatching(/refused with 400 but wrote 1 row/)]);
  });

  it('passes a route that validates its input and answers with the envelope', async () => {
    app = await probeApp();
    expect(await fuzzProbe('/api/probe/good')).toEqual([]);
  });
});
