import type { ServerResponse } from 'node:http';
import { type AlarmLiveAction, type AlarmRow, type AlarmStreamEvent, alarmStreamEvent } from '@lantian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type AreaScope, inScope } from '../../../platform/db/area-scope';
import type { SharedState } from '../../../platform/state';

export type LiveAction = AlarmLiveAction;

interface Client {
  scope: AreaScope;
  raw: ServerResponse;
}

const CHANNEL = 'device-alarms';
/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * Alarms pushed live to consoles (Server-Sent Events): every instance publishes its alarm changes on
 * the shared state's channel (Redis when configured), and every instance writes each change to its
 * own connected consoles whose area holds the alarm.
 */
export class AlarmLive {
  private readonly clients = new Set<Client>();
  private unsubscribe: (() => Promise<void>) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly state: SharedState,
    private readonly log: FastifyBaseLogger,
  ) {}

  async listen(): Promise<void> {
    this.unsubscribe = await this.state.subscribe(CHANNEL, (message) => this.deliver(message));
    this.heartbeat = setInterval(() => {
      for (const client of this.clients) client.raw.write(': keep-alive\n\n');
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  publish(action: LiveAction, alarm: AlarmRow): Promise<void> {
    const event: AlarmStreamEvent = { action, alarm };
    return this.state.publish(CHANNEL, JSON.stringify(event));
  }

  private deliver(message: string): void {
    // Another instance (perhaps of another version) wrote it: read it against the contract.
    let parsed: AlarmStreamEvent;
    try {
      parsed = alarmStreamEvent.parse(JSON.parse(message));
    } catch (err) {
      this.log.warn({ err }, 'unreadable alarm message');
      return;
    }
    for (const client of this.clients) {
      if (inScope(parsed.alarm.areaCode, client.scope)) client.raw.write(`event: alarm\ndata: ${message}\n\n`);
    }
  }

  /** Keeps a response open as an event stream until the client goes. */
  attach(raw: ServerResponse, scope: AreaScope, onClose: () => void): void {
    const client = { raw, scope };
    this.clients.add(client);
    raw.on('close', () => {
      this.clients.delete(client);
      onClose();
    });
  }

  get connected(): number {
    return this.clients.size;
  }

  async close(): Promise<void> {
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    for (const client of this.clients) client.raw.end();
    this.clients.clear();
    await this.unsubscribe?.();
  }
}
