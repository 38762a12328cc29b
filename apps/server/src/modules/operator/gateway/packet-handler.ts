import type { GatewayRefusal } from '@lantian/contracts';
import {
  dataAnswer,
  type Hj212Packet,
  isDataUploadCommand,
  isKeepalive,
  parseDataCp,
  parseSegment,
  timeSetCommand,
} from '@lantian/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../platform/clock';
import { type IngestValue, passwordMatches } from '../devices';
import type { IngestPipeline } from './pipeline';
import type { UnregisteredLog } from './unregistered-log';

/** What the gateway knows of a registered device (from the registry's in-memory lookup). */
export interface KnownDevice {
  id: number;
  password_hash: string;
  status: string;
}

/** Counters of this instance since start: accepted packets and values, refusals by reason. */
export class GatewayStats {
  readonly since: number;
  packets = 0;
  values = 0;
  connections = 0;
  readonly refused = new Map<string, number>();

  constructor(now: number) {
    this.since = now;
  }

  refuse(reason: GatewayRefusal): void {
    this.refused.set(reason, (this.refused.get(reason) ?? 0) + 1);
  }
}

/** Where a packet came from and how to talk back. */
export interface Peer {
  /** `tcp:1.2.3.4:5678` or `http:1.2.3.4`. */
  name: string;
  ip: string;
  /** Sends a frame (text) back to the device. */
  send(frame: string): void;
}

const REFUSAL_LOG_EVERY_MS = 60_000;

/**
 * One data segment from a peer: parsed, authenticated (MN registered, not retired, PW right), then
 * either committed through the pipeline (data, keepalives) with the 9014 answer after the commit, or
 * answered at once (time requests), or refused — counted, logged with the reason at most once a
 * minute per reason and peer, and never stored.
 */
export class PacketHandler {
  private readonly lastLogged = new Map<string, number>();

  constructor(
    private readonly lookup: (mn: string) => KnownDevice | undefined,
    private readonly pipeline: IngestPipeline,
    private readonly unregistered: UnregisteredLog,
    readonly stats: GatewayStats,
    private readonly keepRaw: boolean,
    private readonly now: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  refuse(reason: GatewayRefusal, peer: Peer, detail: string, mn?: string): void {
    this.stats.refuse(reason);
    const key = `${reason}|${peer.ip}`;
    const at = Date.now();
    if ((this.lastLogged.get(key) ?? 0) + REFUSAL_LOG_EVERY_MS <= at) {
      this.lastLogged.set(key, at);
      if (this.lastLogged.size > 10_000) this.lastLogged.clear();
      this.log.warn({ reason, peer: peer.name, mn, detail }, `HJ 212 packet refused: ${reason}`);
    }
  }

  /** A data segment taken out of a frame whose CRC was right. */
  segment(
    text: string,
    peer: Peer,
    reassemble: (packet: Hj212Packet) => Array<{ packet: Hj212Packet; parts: Hj212Packet[] }>,
  ): void {
    const parsed = parseSegment(text);
    if (!parsed.ok) {
      this.refuse('malformed_segment', peer, parsed.message);
      return;
    }
    for (const { packet, parts } of reassemble(parsed.packet)) this.packet(packet, text, peer, parts);
  }

  /**
   * A whole (reassembled) packet. `parts` are the pieces of a split packet that asked for an answer:
   * each gets its 9014 once the whole is committed (HJ 212 answers every part).
   */
  packet(packet: Hj212Packet, raw: string, peer: Peer, parts: readonly Hj212Packet[] = []): void {
    const device = this.lookup(packet.mn);
    if (device === undefined) {
      this.refuse('unknown_mn', peer, `MN ${packet.mn}`, packet.mn);
      this.unregistered.seen(packet, peer.ip, this.now());
      return;
    }
    if (!passwordMatches(packet.pw, device.password_hash)) {
      this.refuse('wrong_password', peer, `MN ${packet.mn}`, packet.mn);
      return;
    }
    if (device.status === 'retired') {
      this.refuse('retired', peer, `MN ${packet.mn}`, packet.mn);
      return;
    }
    const now = this.now();
    // A device asking for the time (1013), or answering our request for it (1011): set it from our clock.
    if (packet.cn === '1013' || packet.cn === '1011') {
      peer.send(timeSetCommand(packet, now));
      this.keepalive(packet, raw, peer, now);
      return;
    }
    if (isDataUploadCommand(packet.cn) && !isKeepalive(packet)) {
      const cp = parseDataCp(packet.cp);
      if (!cp.ok) {
        this.refuse('malformed_segment', peer, cp.message, packet.mn);
        return;
      }
      const rtd = packet.cn === '2011';
      const values: IngestValue[] = cp.data.values.map((v) => ({
        factor: v.factor,
        value: (rtd ? v.rtd : v.avg) ?? v.rtd ?? v.avg ?? null,
        min: v.min ?? null,
        max: v.max ?? null,
        flag: v.flag ?? null,
      }));
      this.submit(
        packet,
        raw,
        peer,
        { deviceId: device.id, cn: packet.cn, dataTime: cp.data.dataTime, receivedAt: now, values },
        values.length,
        parts,
      );
      return;
    }
    this.keepalive(packet, raw, peer, now);
  }

  /** A packet that carries no data (heartbeat, answers, other commands): the device is alive. */
  private keepalive(packet: Hj212Packet, raw: string, peer: Peer, now: number): void {
    const device = this.lookup(packet.mn);
    if (device === undefined) return;
    this.submit(
      packet,
      raw,
      peer,
      { deviceId: device.id, cn: packet.cn, dataTime: null, receivedAt: now, values: [] },
      0,
      [],
    );
  }

  private submit(
    packet: Hj212Packet,
    raw: string,
    peer: Peer,
    ingest: { deviceId: number; cn: string; dataTime: number | null; receivedAt: number; values: IngestValue[] },
    values: number,
    parts: readonly Hj212Packet[],
  ): void {
    const accepted = this.pipeline.submit({
      packet: ingest,
      raw: this.keepRaw
        ? { received_at: ingest.receivedAt, mn: packet.mn, cn: packet.cn, qn: packet.qn ?? null, peer: peer.name, raw }
        : null,
      committed: () => {
        this.stats.packets += 1;
        this.stats.values += values;
        if (packet.needsAnswer) peer.send(dataAnswer(packet, this.now()));
        for (const part of parts) peer.send(dataAnswer(part, this.now()));
      },
    });
    if (!accepted)
      this.log.warn(
        { peer: peer.name, mn: packet.mn },
        'HJ 212 queue full: packet not answered, the device will resend',
      );
  }
}
