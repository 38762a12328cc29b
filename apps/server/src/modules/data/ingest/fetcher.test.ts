import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveUrl, DownloadError, datesBetween, download, parseDate } from './fetcher';

/** A local archive: paths map to handlers; every request is counted. */
const hits = new Map<string, number>();
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '/';
    const n = (hits.get(url) ?? 0) + 1;
    hits.set(url, n);
    if (url === '/ok.csv') return res.end('date,hour,type,1001A\n');
    if (url === '/flaky.csv') {
      // The first two attempts lose the connection, then it works.
      if (n <= 2) return req.socket.destroy();
      return res.end('third time');
    }
    if (url === '/busy.csv') {
      res.statusCode = n === 1 ? 503 : 200;
      return res.end(n === 1 ? 'busy' : 'fine');
    }
    if (url === '/down.csv') {
      res.statusCode = 500;
      return res.end();
    }
    if (url === '/forbidden.csv') {
      res.statusCode = 403;
      return res.end();
    }
    if (url === '/slow.csv') {
      setTimeout(() => res.end('late'), 2_000).unref();
      return;
    }
    res.statusCode = 404;
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const fast = { backoffMs: 5, timeoutMs: 500 };

describe('archive URLs and dates', () => {
  it('fills the template', () => {
    const d = { year: 2018, month: 2, day: 5 };
    expect(archiveUrl('https://x.org/china_sites_{yyyymmdd}.csv', d)).toBe('https://x.org/china_sites_20180205.csv');
    expect(archiveUrl('https://x.org/{yyyy}/{mm}/{dd}.csv', d)).toBe('https://x.org/2018/02/05.csv');
  });

  it('lists the days of a range, across a month end, and parses dates strictly', () => {
    const from = parseDate('2018-02-27');
    const to = parseDate('2018-03-01');
    expect(from && to && datesBetween(from, to)).toEqual([
      { year: 2018, month: 2, day: 27 },
      { year: 2018, month: 2, day: 28 },
      { year: 2018, month: 3, day: 1 },
    ]);
    expect(parseDate('2018-02-30')).toBeNull();
    expect(parseDate('20180220')).toBeNull();
  });
});

describe('download', () => {
  it('returns the bytes', async () => {
    const got = await download(`${base}/ok.csv`, fast);
    expect(got.status).toBe('ok');
    expect(got.status === 'ok' && new TextDecoder().decode(got.bytes)).toBe('date,hour,type,1001A\n');
  });

  it('reports a missing day (404) without retrying', async () => {
    expect(await download(`${base}/china_sites_20180221.csv`, fast)).toMatchObject({
      status: 'missing',
      httpStatus: 404,
      attempts: 1,
    });
    expect(hits.get('/china_sites_20180221.csv')).toBe(1);
  });

  it('retries network errors and 5xx with growing waits', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    expect(await download(`${base}/flaky.csv`, { ...fast, sleep })).toMatchObject({ status: 'ok', attempts: 3 });
    expect(waits).toEqual([5, 10]);
    expect(await download(`${base}/busy.csv`, fast)).toMatchObject({ status: 'ok', attempts: 2 });
  });

  it('gives up after 3 retries, and does not retry a 403', async () => {
    const err = await download(`${base}/down.csv`, fast).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DownloadError);
    expect(err).toMatchObject({ attempts: 4, problem: 'HTTP 500' });
    expect(hits.get('/down.csv')).toBe(4);
    await expect(download(`${base}/forbidden.csv`, fast)).rejects.toMatchObject({ attempts: 1, problem: 'HTTP 403' });
  });

  it('times out a server that does not answer', async () => {
    const started = Date.now();
    const err = await download(`${base}/slow.csv`, { backoffMs: 1, timeoutMs: 100, retries: 1 }).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ attempts: 2, problem: expect.stringContaining('timed out') });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('refuses a body larger than the limit', async () => {
    await expect(download(`${base}/ok.csv`, { ...fast, maxBytes: 4 })).rejects.toThrow(/too large/);
  });
});
