import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app';
import { installGracefulShutdown } from './lifecycle';

let app: TestApp | undefined;
afterEach(async () => {
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  await app?.close().catch(() => {});
  app = undefined;
});

describe('graceful shutdown', () => {
  it('on SIGTERM lets an in-flight request finish, refuses new ones, then exits 0', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    app = await createTestApp({
      configure: ({ server }) => {
        server.get('/api/probe/slow', { config: { access: 'public' } }, async () => {
          await gate;
          return { code: 0, msg: '成功', data: 'finished' };
        });
      },
    });
    const address = await app.server.listen({ port: 0, host: '127.0.0.1' });
    const exits: number[] = [];
    const exited = new Promise<void>((resolve) => {
      installGracefulShutdown([app?.server ?? { close: async () => {} }], {
        timeoutMs: 5_000,
        log: app?.server.log ?? (undefined as never),
        exit: (code) => {
          exits.push(code);
          resolve();
        },
      });
    });

    const inFlight = fetch(`${address}/api/probe/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await new Promise((r) => setTimeout(r, 50));
    process.emit('SIGTERM');
    await new Promise((r) => setTimeout(r, 50));
    expect(exits).toEqual([]);

    release();
    expect(await inFlight).toEqual({ status: 200, body: { code: 0, msg: '成功', data: 'finished' } });
    await exited;
    expect(exits).toEqual([0]);
    await expect(fetch(`${address}/healthz`)).rejects.toThrow();
  });

  it('exits 1 when closing takes longer than the timeout', async () => {
    app = await createTestApp();
    const exits: number[] = [];
    const exited = new Promise<void>((resolve) => {
      installGracefulShutdown([{ close: () => new Promise(() => {}) }], {
        timeoutMs: 50,
        log: app?.server.log ?? (undefined as never),
        exit: (code) => {
          exits.push(code);
          resolve();
        },
      });
    });
    process.emit('SIGINT');
    await exited;
    expect(exits).toEqual([1]);
  });
});
