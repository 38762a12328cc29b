import type { ServerResponse } from 'node:http';
import { type LiveValue, liveValue } from '@lantian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { SharedState } from '../../../platform/state';

const VALUES = 'configuration-values';
const REVOKED = 'configuration-revoked';
/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

interface Screen {
  raw: ServerResponse;
  devices: ReadonlySet<string>;
  /** The embed token it came with; null for an operator's editor. */
  token: string | null;
}

const valueBatch = z.array(liveValue);

/**
 * Live values for dashboards (Server-Sent Events): every instance publishes the device values it
 * commits on the shared state's channel (Redis when configured), and every instance writes each
 * value to its own open screens that show that device. A revoked token closes the screens that
 * opened with it, on every instance.
 */
export class DashboardLive {
  private readonly screens = new Set<Screen>();
  private readonly unsubscribe: Array<() => Promise<void>> = [];
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly state: SharedState,
    private readonly log: FastifyBaseLogger,
  ) {}

  async listen(): Promise<void> {
    this.unsubscribe.push(await this.state.subscribe(VALUES, (message) => this.deliver(message)));
    this.unsubscribe.push(await this.state.subscribe(REVOKED, (token) => this.close(token)));
    this.heartbeat = setInterval(() => {
      for (const screen of this.screens) screen.raw.write(': keep-alive\n\n');
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  publish(values: readonly LiveValue[]): Promise<void> {
    if (values.length === 0) return Promise.resolve();
    return this.state.publish(VALUES, JSON.stringify(values));
  }

  revoke(token: string): Promise<void> {
    return this.state.publish(REVOKED, token);
  }

  private deliver(message: string): void {
    if (this.screens.size === 0) return;
    let values: LiveValue[];
    try {
      values = valueBatch.parse(JSON.parse(message));
    } catch (err) {
      this.log.warn({ err }, 'unreadable dashboard values');
      return;
    }
    for (const screen of this.screens) {
      const mine = values.filter((v) => screen.devices.has(v.deviceId));
      if (mine.length > 0) screen.raw.write(`event: values\ndata: ${JSON.stringify(mine)}\n\n`);
    }
  }

  private close(token: string): void {
    for (const screen of this.screens) {
      if (screen.token !== token) continue;
      // The client reconnects on its own after a closed stream; the token check then refuses it.
      screen.raw.write('event: revoked\ndata: {}\n\n');
      screen.raw.end();
      this.screens.delete(screen);
    }
  }

  /** Keeps a response open as an event stream of these devices' values until the client goes. */
  attach(raw: ServerResponse, devices: ReadonlySet<string>, token: string | null): void {
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write('retry: 3000\n: connected\n\n');
    const screen = { raw, devices, token };
    this.screens.add(screen);
    raw.on('close', () => this.screens.delete(screen));
  }

  get connected(): number {
    return this.screens.size;
  }

  async stop(): Promise<void> {
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    for (const screen of this.screens) screen.raw.end();
    this.screens.clear();
    for (const off of this.unsubscribe.splice(0)) await off();
  }
}
