import { type Hj212Packet, parseDataCp } from '@lantian/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayUnregisteredTable } from './gateway.tables';
import type { PacketsRepository } from './packets.repository';

/** MNs held in memory between writes; beyond, new ones wait for the next write. */
const MAX_PENDING = 1000;

/**
 * Unregistered devices seen by the gateway, coalesced in memory and written every few seconds: a
 * misconfigured fleet sending thousands of packets a second costs one row update per MN per write.
 */
export class UnregisteredLog {
  private pending = new Map<string, GatewayUnregisteredTable>();

  constructor(
    private readonly repository: PacketsRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  seen(packet: Hj212Packet, ip: string, at: number): void {
    if (!this.hasRoomFor(packet.mn)) return;
    const cp = parseDataCp(packet.cp);
    const factors = cp.ok ? cp.data.values.map((v) => v.factor) : [];
    this.note({ mn: packet.mn, cn: packet.cn, st: packet.st, factors }, ip, at);
  }

  /** An unknown MN heard outside TCP HJ 212 (the JSON push): no ST, the factors of its values. */
  seenPush(push: { mn: string; cn: string; factors: readonly string[] }, ip: string, at: number): void {
    if (this.hasRoomFor(push.mn)) this.note({ ...push, st: null }, ip, at);
  }

  private hasRoomFor(mn: string): boolean {
    return this.pending.has(mn) || this.pending.size < MAX_PENDING;
  }

  private note(
    seen: { mn: string; cn: string | null; st: string | null; factors: readonly string[] },
    ip: string,
    at: number,
  ): void {
    const prior = this.pending.get(seen.mn);
    const known = prior === undefined ? [] : (JSON.parse(prior.factors_json) as string[]);
    this.pending.set(seen.mn, {
      mn: seen.mn,
      first_seen: prior?.first_seen ?? at,
      last_seen: at,
      packets: (prior?.packets ?? 0) + 1,
      last_ip: ip,
      last_cn: seen.cn,
      st: seen.st,
      factors_json: JSON.stringify([...new Set([...known, ...seen.factors])].slice(0, 64)),
    });
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    try {
      await this.repository.recordUnregistered(rows);
    } catch (err) {
      this.log.error({ err }, 'recording unregistered HJ 212 devices failed');
    }
  }
}
