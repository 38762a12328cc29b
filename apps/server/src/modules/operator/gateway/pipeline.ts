import type { FastifyBaseLogger } from 'fastify';
import type { IngestPacket } from '../devices';
import type { Hj212PacketsTable } from './gateway.tables';

type RawRow = Omit<Hj212PacketsTable, 'id'>;

/** One accepted packet on its way to the store, with what to do once it is durable. */
export interface Pending {
  packet: IngestPacket;
  raw: RawRow | null;
  /** Called after the commit (send 9014, answer the HTTP push); never called when the commit fails. */
  committed?: () => void;
  failed?: (err: unknown) => void;
}

export interface PipelineTarget {
  ingest(packets: readonly IngestPacket[]): Promise<unknown>;
  insertRaw(rows: readonly RawRow[]): Promise<void>;
}

export interface PipelineOptions {
  batchMs: number;
  /** Packets per commit. */
  maxBatch: number;
  /** Packets waiting beyond which new ones are refused (no answer: the device sends them again later). */
  maxQueued: number;
  /** Test only: a pause before every commit. */
  commitDelayMs: number;
}

/**
 * Batches accepted packets into one commit at a time (the database's single writer on SQLite, fewer
 * round trips on PostgreSQL): a packet waits at most `batchMs`, or less when a batch fills. The raw
 * packets are written first, then the values in one transaction; only then are the devices answered.
 * A failed commit answers nobody, so every device sends its packets again: nothing acknowledged is
 * ever lost, and a value sent twice lands on the same key.
 */
export class IngestPipeline {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly target: PipelineTarget,
    private readonly options: PipelineOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  get queued(): number {
    return this.queue.length;
  }

  /** False when the queue is full (the caller does not answer; the device retries). */
  submit(pending: Pending): boolean {
    if (this.closed || this.queue.length >= this.options.maxQueued) return false;
    this.queue.push(pending);
    if (this.queue.length >= this.options.maxBatch) this.kick();
    else if (this.timer === null && this.flushing === null) {
      this.timer = setTimeout(() => this.kick(), this.options.batchMs);
    }
    return true;
  }

  private kick(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.flushing !== null) return;
    this.flushing = this.run().finally(() => {
      this.flushing = null;
      if (this.queue.length > 0) this.kick();
    });
  }

  private async run(): Promise<void> {
    // Let the event loop breathe between commits: SQLite's driver is synchronous, and without this a
    // busy gateway goes from socket reads straight into the next commit, starving timers (roll-ups,
    // online checks) and delaying the answers of the batch just committed.
    await new Promise((resolve) => setImmediate(resolve));
    const batch = this.queue.splice(0, this.options.maxBatch);
    if (batch.length === 0) return;
    try {
      if (this.options.commitDelayMs > 0) await new Promise((r) => setTimeout(r, this.options.commitDelayMs));
      const raw = batch.flatMap((p) => (p.raw === null ? [] : [p.raw]));
      if (raw.length > 0) await this.target.insertRaw(raw);
      await this.target.ingest(batch.map((p) => p.packet));
    } catch (err) {
      this.log.error(
        { err, packets: batch.length },
        'HJ 212 batch commit failed: no answers sent, devices will resend',
      );
      for (const p of batch) p.failed?.(err);
      return;
    }
    for (const p of batch) {
      try {
        p.committed?.();
      } catch (err) {
        this.log.warn({ err }, 'answering a committed packet failed');
      }
    }
  }

  /** Commits what is queued and stops taking more (server shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    while (this.queue.length > 0 || this.flushing !== null) {
      if (this.flushing === null) this.kick();
      await this.flushing;
    }
  }
}
