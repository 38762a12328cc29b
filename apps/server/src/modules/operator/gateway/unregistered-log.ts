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
    const prior = this.pending.get(packet.mn);
    if (prior === undefined && this.pending.size >= MAX_PENDING) return;
    const cp = parseDataCp(packet.cp);
    const factors = cp.ok ? cp.data.values.map((v) => v.factor) : [];
    const known = prior === undefined ? [] : (JSON.parse(prior.factors_json) as string[]);
    this.pending.set(packet.mn, {
      mn: packet.mn,
      first_seen: prior?.first_seen ?? at,
      last_seen: at,
      packets: (prior?.packets ?? 0) + 1,
      last_ip: ip,
      last_cn: packet.cn,
      st: packet.st,
      factors_json: JSON.stringify([...new Set([...known, ...factors])].slice(0, 64)),
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
