import type { OnlineStateCode } from '@lantian/contracts';
import { expectedIntervalOf, onlineState } from '@lantian/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../platform/clock';
import { readConfig } from './devices.presenters';
import type { RegistryRepository } from './registry.repository';

/** A device went online or offline (or was heard for the first time). */
export interface StatusChange {
  deviceId: number;
  areaCode: string;
  from: OnlineStateCode;
  to: OnlineStateCode;
  at: number;
}

/**
 * Online and offline as events: compares each device's last packet with its type's expected
 * interval (packages/domain online rules), stores the new state and tells the listeners (the alarm
 * module's offline rules, notices). Runs every few seconds and right after a batch brings a device
 * that was not online; several instances may run it — the stored state makes a repeat harmless
 * except for a duplicate notice, which the alarm module's one-active-alarm rule absorbs.
 */
export class OnlineMonitor {
  private readonly listeners = new Set<(changes: StatusChange[]) => void>();
  private running: Promise<StatusChange[]> | null = null;
  /** Devices the last pass found online: a packet from one of them changes nothing. */
  private readonly online = new Set<number>();

  constructor(
    private readonly repository: RegistryRepository,
    private readonly now: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  onChange(listener: (changes: StatusChange[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Devices were heard from: a pass only when one of them was not online (the gateway calls this for
   * every committed batch; reading every device's status each time would sit on its hot path).
   */
  heard(deviceIds: readonly number[]): Promise<StatusChange[]> {
    return deviceIds.every((id) => this.online.has(id)) ? Promise.resolve([]) : this.check();
  }

  /** One pass; concurrent callers share the pass in progress. */
  check(): Promise<StatusChange[]> {
    if (this.running === null) {
      this.running = this.pass().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  private async pass(): Promise<StatusChange[]> {
    const now = this.now();
    const changes: StatusChange[] = [];
    for (const device of await this.repository.statusOfAll()) {
      const to = onlineState({
        lastSeen: device.last_seen,
        now,
        expectedIntervalSeconds: expectedIntervalOf(device.type, readConfig(device.config_json).intervalSeconds),
      });
      const from = (device.online ?? 'never') as OnlineStateCode;
      if (to === 'online') this.online.add(device.id);
      else this.online.delete(device.id);
      if (to !== from) changes.push({ deviceId: device.id, areaCode: device.area_code, from, to, at: now });
    }
    if (changes.length === 0) return changes;
    await this.repository.setOnline(
      changes.map((c) => ({ id: c.deviceId, online: c.to })),
      now,
    );
    for (const listener of this.listeners) {
      try {
        listener(changes);
      } catch (err) {
        this.log.error({ err }, 'an online-state listener failed');
      }
    }
    return changes;
  }
}
