import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../testing/app';
import { ConfigError } from '../config';

/**
 * Slow clients against a listening server (real sockets, not inject): headers or a body dribbled a
 * byte at a time, a connection that sends nothing, an idle keep-alive connection. Each must lose its
 * socket within the configured bound (plus Node's check interval), never hold it for ever.
 */
const HEADERS_MS = 600;
const REQUEST_MS = 1_200;
const KEEP_ALIVE_MS = 400;
/** Node checks overdue requests every headersMs/4 here; the rest is scheduling slack on a busy machine. */
const SLACK_MS = 1_000;

let app: TestApp;
let port: number;

beforeAll(async () => {
  app = await createTestApp({
    env: {
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
      HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
      HTTP_CONNECTION_TIMEOUT_MS: '5000',
      PUBLIC_API_SIGNATURE: 'off',
    },
  });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  port = address.port;
});
afterAll(async () => {
  await app.close();
});

interface Client {
  socket: Socket;
  /** Milliseconds from connecting until the server closed the socket. */
  closed: Promise<number>;
  received(): string;
}

async function client(): Promise<Client> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const started = Date.now();
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk.toString('latin1');
  });
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
  return { socket, closed, received: () => text };
}

/** Writes `text` one byte every `everyMs` until the socket closes; stops the timer then. */
function dribble(socket: Socket, text: string, everyMs = 100): void {
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || i >= text.length) {
      clearInterval(timer);
      return;
    }
    socket.write(text.charAt(i++));
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

describe('slow clients lose the socket', () => {
  it('headers dribbled a byte at a time: closed at the headers bound', async () => {
    const c = await client();
    // Far longer than any bound: only the server can end this.
    dribble(c.socket, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(500)}`);
    const after = await c.closed;
    expect(after).toBeGreaterThanOrEqual(HEADERS_MS - 100);
    expect(after).toBeLessThan(HEADERS_MS + SLACK_MS);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a body that never finishes: closed at the request bound', async () => {
    const c = await client();
    c.socket.write(
      'POST /api/user/saveUserVisRecord HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n',
    );
    dribble(c.socket, 'url=%2F'.padEnd(5_000, 'a'));
    const after = await c.closed;
    expect(after).toBeGreaterThanOrEqual(REQUEST_MS - 100);
    expect(after).toBeLessThan(REQUEST_MS + SLACK_MS);
  });

  it('a connection that sends nothing: closed at the headers bound', async () => {
    const c = await client();
    const after = await c.closed;
    expect(after).toBeLessThan(HEADERS_MS + SLACK_MS);
  });

  it('an idle keep-alive connection: closed at the keep-alive bound after its answer', async () => {
    const c = await client();
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    const after = await c.closed;
    expect(c.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(after).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 100);
    // Node keeps the socket a second past keepAliveTimeout (its buffer against racing a client's reuse).
    expect(after).toBeLessThan(KEEP_ALIVE_MS + 1_000 + SLACK_MS);
  });

  it('a prompt request on the same server is answered as usual', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
  });
});

describe('timeout settings', () => {
  const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }, '/tmp');

  it('defaults bound every phase of a request', () => {
    expect(load({}).httpTimeouts).toEqual({
      headersMs: 10_000,
      requestMs: 120_000,
      idleMs: 60_000,
      keepAliveMs: 65_000,
    });
  });

  it('refuses junk, zero (no bound) and a header bound past the request bound', () => {
    expect(() => load({ HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow(ConfigError);
    expect(() => load({ HTTP_HEADERS_TIMEOUT_MS: 'soon' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
    expect(() => load({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '4000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS/,
    );
  });
});
