/**
 * Reassembly of split packets (Flag bit D, PNUM/PNO). A logger splits a message that does not fit
 * one frame's 1024-byte data segment into PNUM packets with the same MN, CN and QN, numbered PNO 1..PNUM;
 * they may arrive in any order. When all parts are in, one packet comes out whose CP is the parts'
 * CP bodies in PNO order, joined with `;`. Answer (9014) each part as it arrives, before reassembly:
 * the reassembled packet has Flag bits A and D cleared and `needsAnswer: false`.
 *
 * Memory is bounded three ways: a group that is not complete within `timeoutMs` of its first part is
 * dropped, at most `maxGroups` groups are open (the oldest is evicted), and a PNUM above `maxParts`
 * is refused outright. The clock is injected, so the class stays pure and testable.
 */

import { FLAG_ANSWER, FLAG_SPLIT, type Hj212Packet } from './segment';

export type DropReason = 'timeout' | 'evicted' | 'inconsistent' | 'too_many_parts';

export type ReassemblyEvent =
  | { type: 'packet'; packet: Hj212Packet }
  | {
      type: 'dropped';
      reason: DropReason;
      /** Chinese. */
      message: string;
      mn: string;
      cn: string;
      qn?: string;
      pnum: number;
      /** Distinct parts that had arrived. */
      received: number;
    };

export interface ReassemblerOptions {
  /** Epoch milliseconds now. */
  clock: () => number;
  /** Default 60 s. */
  timeoutMs?: number;
  /** Default 1000 open groups. */
  maxGroups?: number;
  /** Largest PNUM accepted; default 100 (a hundred 1 KB parts is already a very large message). */
  maxParts?: number;
}

interface Group {
  first: Hj212Packet;
  pnum: number;
  parts: Map<number, Hj212Packet>;
  openedAt: number;
}

const DROP_MESSAGES: Readonly<Record<DropReason, string>> = {
  timeout: '拆分包超时未收齐，已丢弃',
  evicted: '待拼接的拆分包过多，最早的一组已丢弃',
  inconsistent: '同一组拆分包的 PNUM 不一致，已丢弃',
  too_many_parts: '拆分包 PNUM 过大，已拒收',
};

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}

export class Hj212Reassembler {
  readonly timeoutMs: number;
  readonly maxGroups: number;
  readonly maxParts: number;
  readonly #clock: () => number;
  /** Insertion order is opening order, which is what expiry and eviction walk. */
  readonly #groups = new Map<string, Group>();

  constructor(options: ReassemblerOptions) {
    this.#clock = options.clock;
    this.timeoutMs = positiveInteger(options.timeoutMs ?? 60_000, 'timeoutMs');
    this.maxGroups = positiveInteger(options.maxGroups ?? 1000, 'maxGroups');
    this.maxParts = positiveInteger(options.maxParts ?? 100, 'maxParts');
  }

  /** Groups waiting for parts. */
  get openGroups(): number {
    return this.#groups.size;
  }

  /**
   * Takes one parsed packet. A packet that is not split comes straight back; a part comes back as the
   * whole packet once its group is complete. Expired groups are reported first.
   */
  push(packet: Hj212Packet): ReassemblyEvent[] {
    const events = this.expire();
    if (!packet.split || packet.pnum === undefined || packet.pno === undefined) {
      events.push({ type: 'packet', packet });
      return events;
    }
    const { pnum, pno } = packet;
    if (pnum > this.maxParts) {
      events.push(this.#dropped('too_many_parts', packet, pnum, 1));
      return events;
    }
    // JSON keeps the three parts apart whatever characters they hold.
    const key = JSON.stringify([packet.mn, packet.cn, packet.qn ?? '']);
    let group = this.#groups.get(key);
    if (group !== undefined && group.pnum !== pnum) {
      this.#groups.delete(key);
      events.push(this.#dropped('inconsistent', group.first, group.pnum, group.parts.size));
      group = undefined;
    }
    if (group === undefined) {
      if (this.#groups.size >= this.maxGroups) {
        const oldest = this.#groups.entries().next();
        if (!oldest.done) {
          const [oldestKey, evicted] = oldest.value;
          this.#groups.delete(oldestKey);
          events.push(this.#dropped('evicted', evicted.first, evicted.pnum, evicted.parts.size));
        }
      }
      group = { first: packet, pnum, parts: new Map(), openedAt: this.#clock() };
      this.#groups.set(key, group);
    }
    // A repeated part (a retransmission) keeps the copy that came first.
    if (!group.parts.has(pno)) group.parts.set(pno, packet);
    if (group.parts.size < pnum) return events;

    this.#groups.delete(key);
    const ordered = [...group.parts.entries()].sort((a, b) => a[0] - b[0]).map(([, part]) => part);
    const first = group.first;
    // Parts are answered one by one as they arrive (each has its own PNO); the whole is a local
    // reconstruction, so it asks for nothing: a caller answering after reassembly cannot answer twice.
    const whole: Hj212Packet = {
      ...(first.qn === undefined ? {} : { qn: first.qn }),
      st: first.st,
      cn: first.cn,
      pw: first.pw,
      mn: first.mn,
      flag: first.flag & ~(FLAG_SPLIT | FLAG_ANSWER),
      cp: ordered
        .map((p) => p.cp)
        .filter((cp) => cp !== '')
        .join(';'),
      needsAnswer: false,
      split: false,
    };
    events.push({ type: 'packet', packet: whole });
    return events;
  }

  /** Drops the groups whose time is up. Call it now and then even when no packet arrives. */
  expire(): ReassemblyEvent[] {
    const events: ReassemblyEvent[] = [];
    const now = this.#clock();
    for (const [key, group] of this.#groups) {
      if (now - group.openedAt < this.timeoutMs) continue;
      this.#groups.delete(key);
      events.push(this.#dropped('timeout', group.first, group.pnum, group.parts.size));
    }
    return events;
  }

  #dropped(reason: DropReason, packet: Hj212Packet, pnum: number, received: number): ReassemblyEvent {
    return {
      type: 'dropped',
      reason,
      message: `${DROP_MESSAGES[reason]}（MN=${packet.mn}，CN=${packet.cn}，已收 ${received}/${pnum}）`,
      mn: packet.mn,
      cn: packet.cn,
      ...(packet.qn === undefined ? {} : { qn: packet.qn }),
      pnum,
      received,
    };
  }
}
