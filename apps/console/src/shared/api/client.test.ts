import { ErrorCode, healthResponse } from '@lantian/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet, apiPost, encodeParams } from './client';
import { ApiError } from './errors';

const HEALTHY = { code: 0, msg: 'ok', data: { status: 'ok', uptimeSeconds: 12.5 } };

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
    typeof body === 'string'
      ? new Response(body, { status, headers: { 'content-type': 'text/html' } })
      : Response.json(body, { status }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** A server that never answers: like fetch, the request fails with the signal's reason when aborted. */
function hangUntilAborted() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    ),
  );
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiGet', () => {
  it('sends the parameters in the query string with the session cookie, and resolves with the checked data', async () => {
    const fetch = answer(200, HEALTHY);
    await expect(apiGet('/healthz', { a: 1, b: '', c: undefined, d: 'x y' }, healthResponse)).resolves.toEqual({
      status: 'ok',
      uptimeSeconds: 12.5,
    });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/healthz?a=1&d=x+y');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('same-origin');
  });

  it('throws the server’s code, Chinese message, status and data on a failure envelope', async () => {
    answer(503, { code: ErrorCode.UNAVAILABLE, msg: '服务暂不可用', data: { database: 'failed' } });
    const error = await failure(apiGet('/readyz', {}, healthResponse));
    expect(error).toMatchObject({ code: 50300, message: '服务暂不可用', status: 503, data: { database: 'failed' } });
  });

  it('treats a non-zero code as a failure even with HTTP 200', async () => {
    answer(200, { code: ErrorCode.FORBIDDEN, msg: '没有权限' });
    expect(await failure(apiGet('/x', {}, healthResponse))).toMatchObject({ code: 40300, message: '没有权限' });
  });

  it('refuses an answer that breaks the contract instead of passing it on', async () => {
    answer(200, { code: 0, msg: 'ok', data: { status: 'ok', uptimeSeconds: 'soon' } });
    const error = await failure(apiGet('/healthz', {}, healthResponse));
    expect(error).toMatchObject({ code: 0, status: 200 });
    expect(error.message).toContain('约定不符');
  });

  it('names the HTTP status when a failure has no envelope (a proxy’s error page)', async () => {
    answer(502, '<html>Bad Gateway</html>');
    expect(await failure(apiGet('/healthz', {}, healthResponse))).toMatchObject({
      code: 0,
      status: 502,
      message: '请求失败（HTTP 502）',
    });
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    expect(await failure(apiGet('/healthz', {}, healthResponse))).toMatchObject({
      status: 0,
      message: '无法连接服务器，请检查网络',
    });
  });

  it('gives up after the timeout', async () => {
    hangUntilAborted();
    expect(await failure(apiGet('/healthz', {}, healthResponse, { timeoutMs: 10 }))).toMatchObject({
      status: 0,
      message: '请求超时，请稍后重试',
    });
  });

  it('passes a cancellation through untouched (TanStack Query abandoned the query)', async () => {
    hangUntilAborted();
    const controller = new AbortController();
    const call = apiGet('/healthz', {}, healthResponse, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('apiPost', () => {
  it('posts the parameters form-encoded', async () => {
    const fetch = answer(200, HEALTHY);
    await apiPost('/report/reportAdd', { name: '周报', pageNo: 1 }, healthResponse);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/report/reportAdd');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('name=%E5%91%A8%E6%8A%A5&pageNo=1');
    expect(init?.headers).toMatchObject({ 'content-type': 'application/x-www-form-urlencoded' });
    expect(init?.credentials).toBe('same-origin');
  });
});

describe('encodeParams', () => {
  it('leaves out missing values but keeps false and 0', () => {
    expect(encodeParams({ a: null, b: undefined, c: '', d: 0, e: false })).toBe('d=0&e=false');
  });
});
