import net from 'node:net';
import type { GatewayRefusal } from '@lantian/contracts';
import { Hj212FrameReader, type Hj212Packet, Hj212Reassembler } from '@lantian/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { PacketHandler, Peer } from './packet-handler';

export interface TcpGatewayOptions {
  host: string;
  port: number;
  maxConnections: number;
  idleSeconds: number;
}

/** Frame errors of the reader, as refusal reasons. */
const READER_REFUSALS: Record<string, GatewayRefusal> = {
  junk: 'junk',
  bad_length: 'bad_length',
  bad_crc: 'bad_crc',
  bad_terminator: 'bad_terminator',
  non_ascii: 'non_ascii',
  oversize: 'oversize',
  truncated: 'junk',
};

/**
 * The HJ 212-2017 TCP server: one frame reader and one split-packet reassembler per connection
 * (several packets in one read and one packet over several reads are the reader's business), idle
 * connections closed, a connection that floods the buffer without a frame closed, and no connection
 * able to stop the others — every error stays inside its socket.
 */
export class TcpGateway {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();

  constructor(
    private readonly handler: PacketHandler,
    private readonly options: TcpGatewayOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  get connections(): number {
    return this.sockets.size;
  }

  /** Starts listening; resolves with the port (useful with port 0). */
  listen(): Promise<number> {
    const server = net.createServer((socket) => this.accept(socket));
    server.maxConnections = this.options.maxConnections;
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.options.host, () => {
        server.off('error', reject);
        server.on('error', (err) => this.log.error({ err }, 'HJ 212 gateway error'));
        const address = server.address();
        resolve(typeof address === 'object' && address !== null ? address.port : this.options.port);
      });
    });
  }

  private accept(socket: net.Socket): void {
    this.sockets.add(socket);
    this.handler.stats.connections = this.sockets.size;
    const name = `tcp:${socket.remoteAddress ?? '?'}:${socket.remotePort ?? 0}`;
    const peer: Peer = {
      name,
      ip: socket.remoteAddress ?? '',
      send: (frame) => {
        if (!socket.destroyed && socket.writable) socket.write(frame);
      },
    };
    const reader = new Hj212FrameReader();
    const reassembler = new Hj212Reassembler({ clock: Date.now });
    // Parts of a split packet that asked for an answer: answered once the whole packet is committed.
    const partsWaiting = new Map<string, Hj212Packet[]>();
    const groupKey = (p: Pick<Hj212Packet, 'mn' | 'cn' | 'qn'>) => JSON.stringify([p.mn, p.cn, p.qn ?? '']);
    const reassemble = (packet: Hj212Packet): Array<{ packet: Hj212Packet; parts: Hj212Packet[] }> => {
      if (packet.split && packet.needsAnswer) {
        const list = partsWaiting.get(groupKey(packet)) ?? [];
        if (list.length < 100) list.push(packet);
        partsWaiting.set(groupKey(packet), list);
      }
      const out: Array<{ packet: Hj212Packet; parts: Hj212Packet[] }> = [];
      for (const event of reassembler.push(packet)) {
        if (event.type === 'packet') {
          const key = groupKey(event.packet);
          out.push({ packet: event.packet, parts: event.packet === packet ? [] : (partsWaiting.get(key) ?? []) });
          partsWaiting.delete(key);
        } else {
          partsWaiting.delete(groupKey({ mn: event.mn, cn: event.cn, qn: event.qn }));
          this.handler.refuse('split_expired', peer, event.message, event.mn);
        }
      }
      return out;
    };
    socket.setNoDelay(true);
    socket.setTimeout(this.options.idleSeconds * 1000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      try {
        for (const event of reader.push(chunk)) {
          if (event.type === 'frame') {
            this.handler.segment(event.segment, peer, reassemble);
            continue;
          }
          this.handler.refuse(READER_REFUSALS[event.reason] ?? 'junk', peer, event.message);
          if (event.fatal) {
            socket.destroy();
            return;
          }
        }
      } catch (err) {
        // A defect must cost this connection, never the process or the other devices.
        this.log.error({ err, peer: name }, 'HJ 212 connection failed');
        socket.destroy();
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      this.sockets.delete(socket);
      this.handler.stats.connections = this.sockets.size;
    });
  }

  async close(): Promise<void> {
    const server = this.server;
    if (server === null) return;
    this.server = null;
    for (const socket of this.sockets) socket.end();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      setTimeout(() => {
        for (const socket of this.sockets) socket.destroy();
      }, 2000).unref();
    });
  }
}
