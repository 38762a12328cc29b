import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type Server as NetServer } from 'node:net';
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

describe('download size checked while streaming', () => {
  const LIMIT = 256 * 1024;
  const CHUNK = Buffer.alloc(16 * 1024, 'a');
  /** Bytes each endless response managed to write before the client hung up, and whether it did. */
  const sent: Array<{ bytes: number; closed: Promise<void> }> = [];
  let endless: Server;
  let liar: NetServer;
  let endlessUrl: string;
  let liarUrl: string;

  beforeAll(async () => {
    // Streams for ever, with no Content-Length: only counting while reading can stop it.
    endless = createServer((_req, res) => {
      const record = { bytes: 0, closed: new Promise<void>((resolve) => res.on('close', resolve)) };
      sent.push(record);
      const pump = () => {
        while (!res.destroyed && res.write(CHUNK)) record.bytes += CHUNK.length;
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    // Declares a small body, then keeps sending: the declared length must not be taken as the size.
    liar = createNetServer((socket) => {
      socket.on('error', () => undefined);
      socket.once('data', () => {
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nContent-Length: 100\r\n\r\n');
        const pump = () => {
          while (!socket.destroyed && socket.write(CHUNK));
          if (!socket.destroyed) socket.once('drain', pump);
        };
        pump();
      });
    });
    endlessUrl = `http://127.0.0.1:${await listen(endless)}/endless.csv`;
    liarUrl = `http://127.0.0.1:${await listen(liar)}/liar.csv`;
  });
  afterAll(async () => {
    endless.closeAllConnections();
    await new Promise((resolve) => endless.close(resolve));
    await new Promise((resolve) => liar.close(resolve));
  });

  it('stops an endless body at the limit and hangs up, without retrying or waiting for the timeout', async () => {
    const started = Date.now();
    const err = await download(endlessUrl, { maxBytes: LIMIT, timeoutMs: 10_000, backoffMs: 1 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DownloadError);
    expect(err).toMatchObject({ attempts: 1, problem: expect.stringContaining('too large') });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(sent).toHaveLength(1);
    // The server sees the connection closed: the client did not keep reading into memory.
    await sent[0]?.closed;
    // What the server got into the socket is the limit plus what the kernel's buffers held, far from all of it.
    expect(sent[0]?.bytes ?? 0).toBeLessThan(LIMIT + 8 * 1024 * 1024);
  });

  it('holds no more than the declared length from a server that sends more, and answers promptly', async () => {
    const started = Date.now();
    const got = await download(liarUrl, { maxBytes: LIMIT, timeoutMs: 3_000, retries: 0 });
    expect(got.status === 'ok' ? got.bytes.length : -1).toBe(100);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

async function listen(server: Server | NetServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
