import { ErrorCode } from '@lantian/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, invalidField } from './platform/errors';
import { createTestApp, type TestApp } from './testing/app';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Adds routes that exercise the platform layer the way module routes will. */
async function appWithProbeRoutes() {
  return createTestApp({
    configure: ({ server }) => {
      server.post(
        '/api/probe/echo',
        {
          config: { access: 'public' },
          schema: { body: z.object({ cityCode: z.string().regex(/^\d{6}$/, '应为 6 位数字区划代码') }) },
        },
        async (request) => ({ code: 0, msg: '成功', data: request.body }),
      );
      server.get('/api/probe/app-error', { config: { access: 'public' } }, async () => {
        throw new AppError(ErrorCode.CITY_NOT_FOUND, '未找到该城市');
      });
      server.get('/api/probe/field-error', { config: { access: 'public' } }, async () => {
        throw invalidField('time', '格式应为 YYYY-MM-DD HH:mm:ss');
      });
      server.get('/api/probe/crash', { config: { access: 'public' } }, async () => {
        throw new Error('secret internal detail at /srv/app.ts:12');
      });
      server.get('/api/probe/members', { config: { access: 'user' } }, async () => ({ code: 0, msg: '成功', data: 1 }));
    },
  });
}

describe('health and readiness', () => {
  it('GET /healthz answers 200 in the envelope', async () => {
    app = await createTestApp();
    const res = await app.server.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { status: 'ok' } });
  });

  it('GET /readyz answers 200 when the database and shared state answer', async () => {
    app = await createTestApp();
    const res = await app.server.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { database: 'ok', sharedState: 'ok' } });
  });

  it('GET /readyz answers 503 with Retry-After when the database is gone', async () => {
    app = await createTestApp();
    await app.database.close();
    const res = await app.server.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ code: ErrorCode.UNAVAILABLE, data: { database: 'failed', sharedState: 'ok' } });
  });
});

describe('request ids', () => {
  it('gives every response an x-request-id, echoing a sane one from the caller', async () => {
    app = await createTestApp();
    const fresh = await app.server.inject({ method: 'GET', url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await app.server.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-42' } });
    expect(given.headers['x-request-id']).toBe('trace-42');
    const hostile = await app.server.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'a b<script>' },
    });
    expect(hostile.headers['x-request-id']).not.toBe('a b<script>');
  });
});

describe('errors become the envelope', () => {
  it('a schema failure is 400 naming the field, and the handler never runs', async () => {
    app = await appWithProbeRoutes();
    const res = await app.server.inject({ method: 'POST', url: '/api/probe/echo', payload: { cityCode: 'beijing' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(ErrorCode.VALIDATION);
    expect(body.msg).toContain('cityCode');
    expect(body.msg).toContain('应为 6 位数字区划代码');
  });

  it('a missing field is named too, in Chinese', async () => {
    app = await appWithProbeRoutes();
    const res = await app.server.inject({ method: 'POST', url: '/api/probe/echo', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^参数错误：cityCode .*[\u4e00-\u9fa5]/);
  });

  it('accepts form-encoded bodies, as the public site sends them', async () => {
    app = await appWithProbeRoutes();
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/probe/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cityCode=110000',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: '成功', data: { cityCode: '110000' } });
  });

  it('a typed error keeps its code, message and status', async () => {
    app = await appWithProbeRoutes();
    const res = await app.server.inject({ method: 'GET', url: '/api/probe/app-error' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市' });
    const field = await app.server.inject({ method: 'GET', url: '/api/probe/field-error' });
    expect(field.statusCode).toBe(400);
    expect(field.json().msg).toBe('参数错误：time 格式应为 YYYY-MM-DD HH:mm:ss');
  });

  it('an unexpected error is 500 with a generic message and no internals', async () => {
    app = await appWithProbeRoutes();
    const res = await app.server.inject({ method: 'GET', url: '/api/probe/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: ErrorCode.INTERNAL, msg: '服务器内部错误，请稍后重试' });
    expect(res.body).not.toContain('secret');
  });

  it('broken JSON is 400, an unknown content type 415, an oversized body 413', async () => {
    app = await appWithProbeRoutes();
    const broken = await app.server.inject({
      method: 'POST',
      url: '/api/probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"cityCode":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe(ErrorCode.BAD_REQUEST);
    const xml = await app.server.inject({
      method: 'POST',
      url: '/api/probe/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    const huge = await app.server.inject({
      method: 'POST',
      url: '/api/probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ cityCode: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
  });

  it('an unknown API path is a 404 envelope, for any method', async () => {
    app = await createTestApp();
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.server.inject({ method, url: '/api/getNothing' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: ErrorCode.ROUTE_NOT_FOUND, msg: '接口不存在' });
    }
  });
});

describe('route declarations', () => {
  it('build without a Fastify warning (no schema part declared but undefined)', async () => {
    const warnings: string[] = [];
    const collect = (warning: Error & { code?: string }) => {
      if (warning.code?.startsWith('FST') === true) warnings.push(`${warning.code} ${warning.message}`);
    };
    process.on('warning', collect);
    try {
      app = await createTestApp();
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', collect);
    }
  });
});

describe('access declarations', () => {
  it('every route declares its access', async () => {
    app = await createTestApp();
    const routes = app.routes();
    expect(routes.length).toBeGreaterThan(3);
    expect(routes.filter((r) => r.access === undefined)).toEqual([]);
    expect(routes).toContainEqual(expect.objectContaining({ method: 'GET', url: '/healthz', access: 'public' }));
  });

  it('a route without a declaration stops the app from starting', async () => {
    await expect(
      createTestApp({
        configure: ({ server }) => {
          server.get('/api/undeclared', async () => 'x');
        },
      }),
    ).rejects.toThrow(/GET \/api\/undeclared/);
  });

  it('a user-only route refuses anonymous calls with 401 until accounts provide the check', async () => {
    app = await appWithProbeRoutes();
    const res = await app.server.inject({ method: 'GET', url: '/api/probe/members' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: ErrorCode.UNAUTHENTICATED, msg: '请先登录' });
  });
});

describe('security headers and API docs', () => {
  it('sends pages helmet defaults with a real Content-Security-Policy, and API answers the REST set', async () => {
    app = await createTestApp();
    const page = await app.server.inject({ method: 'GET', url: '/api/docs' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-dns-prefetch-control']).toBe('off');
    const api = await app.server.inject({ method: 'GET', url: '/healthz' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['x-dns-prefetch-control']).toBeUndefined();
    expect(api.headers['x-request-id']).toBeDefined();
  });

  it('publishes OpenAPI generated from the route schemas at /api/docs', async () => {
    app = await createTestApp();
    const json = await app.server.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
    expect(doc.paths['/healthz'].get.responses['200'].content['application/json'].schema.properties.code).toBeDefined();
    const ui = await app.server.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
