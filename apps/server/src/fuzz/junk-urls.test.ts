import { ErrorCode } from '@lantian/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app';

/**
 * Found by the route fuzz: a malformed escape in a path parameter (`/maps/%C0%AF`) or one longer
 * than the router's limit was answered by Fastify's router itself, with its own JSON
 * (`{"error":"Bad Request","code":"FST_ERR_BAD_URL",...}`), not the envelope.
 */

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('URLs the router cannot read', () => {
  it('answers a malformed escape in a path parameter with 400 and the envelope', async () => {
    app = await createTestApp();
    for (const url of ['/maps/%C0%AF', '/s/%E0%A4%A', '/api/common/ipPlus/%FF', '/api/common/lonlat/%C0%AF']) {
      const res = await app.server.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ code: ErrorCode.BAD_REQUEST, msg: '请求地址格式不正确' });
    }
  });

  it('answers a path parameter longer than the router allows with 400 and the envelope', async () => {
    app = await createTestApp();
    const res = await app.server.inject({ method: 'GET', url: `/s/${'x'.repeat(500)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ErrorCode.BAD_REQUEST, msg: '请求地址中的参数过长' });
  });
});
