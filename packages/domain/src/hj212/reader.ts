/**
 * Streaming frame reader for one TCP connection: bytes in, frames and errors out.
 *
 * TCP delivers a byte stream, so a chunk may hold several frames, part of one, or line noise. The
 * reader finds `##` + 4 digits, then looks for the frame's end. A frame ends at the first CRLF (a data
 * segment never contains CR/LF) or, when that CRLF never comes, where the next `##dddd` header starts.
 * An end at the declared position is a frame (or a CRC error); an end anywhere else is a length or
 * terminator error, and reading goes on after it. Everything is decided from the bytes alone, so the
 * events are the same however the stream was cut into chunks.
 *
 * Memory is one fixed buffer of `maxBuffered` bytes. Skipped junk is counted, not kept. Too much of
 * anything — a declared length over 1024, more than `maxBuffered` bytes without a frame end, or more
 * than `maxBuffered` bytes of junk without a header — is a fatal `oversize` error: the peer is not
 * speaking HJ 212 and the caller should close the connection. After it the reader ignores input.
 */

import { bytesToLatin1, isAscii } from './ascii';
import { crc16Hex } from './crc';
import { FRAME_ERROR_MESSAGES, FRAME_OVERHEAD, MAX_FRAME_LENGTH, MAX_SEGMENT_LENGTH } from './frame';

export type ReaderErrorReason =
  | 'junk'
  | 'bad_length'
  | 'bad_crc'
  | 'bad_terminator'
  | 'non_ascii'
  | 'oversize'
  /** Only from {@link Hj212FrameReader.end}: the stream stopped inside a frame. */
  | 'truncated';

export type ReaderEvent =
  | { type: 'frame'; segment: string; raw: string }
  | {
      type: 'error';
      reason: ReaderErrorReason;
      /** Chinese. */
      message: string;
      /** The offending bytes, one character per byte (junk: the first 64 bytes of the run). */
      raw?: string;
      /** True only for `oversize`: close the connection. */
      fatal: boolean;
    };

export interface FrameReaderOptions {
  /** Bytes that may be buffered without a complete frame (and junk bytes that may be skipped). */
  maxBuffered?: number;
}

/** A whole legal frame plus slack, so that a frame somewhat longer than declared is still diagnosed. */
export const DEFAULT_MAX_BUFFERED = MAX_FRAME_LENGTH + 64;

const HASH = 0x23;
const CR = 0x0d;
const LF = 0x0a;
const JUNK_PREVIEW = 64;
const HEX4 = /^[0-9A-Fa-f]{4}$/;

const isDigit = (b: number | undefined): boolean => b !== undefined && b >= 0x30 && b <= 0x39;

interface FrameEnd {
  kind: 'complete' | 'bad_length' | 'bad_terminator';
  /** Index just past the bytes that belong to this frame. */
  to: number;
}

export class Hj212FrameReader {
  readonly maxBuffered: number;
  readonly #buf: Uint8Array;
  #start = 0;
  #end = 0;
  /** Declared segment length of the frame whose `##dddd` sits at #start; -1 while seeking a header. */
  #length = -1;
  /** Where the search for the current frame's end resumes, so byte-by-byte input is not rescanned. */
  #scan = 0;
  #junkBytes = 0;
  #junkPreview = '';
  #failed = false;

  constructor(options: FrameReaderOptions = {}) {
    const max = options.maxBuffered ?? DEFAULT_MAX_BUFFERED;
    if (!Number.isInteger(max) || max < FRAME_OVERHEAD) {
      throw new RangeError(`maxBuffered must be an integer ≥ ${FRAME_OVERHEAD}, got ${max}`);
    }
    this.maxBuffered = max;
    this.#buf = new Uint8Array(max);
  }

  /** True after a fatal error; the reader then ignores all input. */
  get failed(): boolean {
    return this.#failed;
  }

  /** Bytes held right now (never more than `maxBuffered`). */
  get buffered(): number {
    return this.#end - this.#start;
  }

  push(chunk: Uint8Array): ReaderEvent[] {
    const events: ReaderEvent[] = [];
    let offset = 0;
    while (!this.#failed && offset < chunk.length) {
      this.#compact();
      const room = this.#buf.length - this.#end;
      if (room === 0) {
        // Only an unfinished frame can fill the buffer: junk is dropped as soon as it is recognised.
        this.#fatal(
          events,
          `已缓存 ${this.maxBuffered} 字节仍未收到完整报文`,
          bytesToLatin1(this.#buf, 0, Math.min(this.#end, JUNK_PREVIEW)),
        );
        break;
      }
      const n = Math.min(room, chunk.length - offset);
      this.#buf.set(chunk.subarray(offset, offset + n), this.#end);
      this.#end += n;
      offset += n;
      this.#process(events);
    }
    return events;
  }

  /**
   * The connection has ended: reports what is left (an unfinished frame as `truncated`, trailing
   * junk as `junk`) and resets the reader.
   */
  end(): ReaderEvent[] {
    const events: ReaderEvent[] = [];
    if (this.#failed) return events;
    if (this.#length >= 0) {
      events.push({
        type: 'error',
        reason: 'truncated',
        message: `连接结束时报文不完整（已收到 ${this.buffered} 字节）`,
        raw: bytesToLatin1(this.#buf, this.#start, this.#end),
        fatal: false,
      });
    } else {
      this.#skipJunk(events, this.#end);
      this.#flushJunk(events);
    }
    this.#start = 0;
    this.#end = 0;
    this.#length = -1;
    this.#scan = 0;
    return events;
  }

  #process(events: ReaderEvent[]): void {
    while (!this.#failed) {
      if (this.#length < 0 && !this.#seekHeader(events)) return;
      const end = this.#findFrameEnd();
      if (end === null) return;
      this.#finishFrame(events, end);
    }
  }

  /** Drops junk up to a `##dddd` header at #start; true once one is there, false to wait for bytes. */
  #seekHeader(events: ReaderEvent[]): boolean {
    const buf = this.#buf;
    for (;;) {
      const end = this.#end;
      let i = this.#start;
      while (i + 1 < end && !(buf[i] === HASH && buf[i + 1] === HASH)) i++;
      if (i + 1 >= end) {
        // No `##` yet. A last `#` may be the first half of one; everything else is junk.
        this.#skipJunk(events, end > this.#start && buf[end - 1] === HASH ? end - 1 : end);
        return false;
      }
      this.#skipJunk(events, i);
      if (this.#failed) return false;
      const available = Math.min(end, i + 6);
      let k = i + 2;
      while (k < available && isDigit(buf[k])) k++;
      if (k < available) {
        // `##` not followed by 4 digits: its first `#` is junk; look again from the second.
        this.#skipJunk(events, i + 1);
        if (this.#failed) return false;
        continue;
      }
      if (available < i + 6) return false;

      this.#flushJunk(events);
      const length = Number(bytesToLatin1(buf, i + 2, i + 6));
      if (length > MAX_SEGMENT_LENGTH) {
        this.#fatal(events, `${FRAME_ERROR_MESSAGES.oversize}（声明长度 ${length}）`, bytesToLatin1(buf, i, i + 6));
        return false;
      }
      if (length + FRAME_OVERHEAD > this.maxBuffered) {
        this.#fatal(
          events,
          `声明长度 ${length} 的报文超出缓冲上限 ${this.maxBuffered} 字节`,
          bytesToLatin1(buf, i, i + 6),
        );
        return false;
      }
      this.#length = length;
      this.#scan = i + 6;
      return true;
    }
  }

  /** The end of the frame at #start, or null while it cannot be told yet. */
  #findFrameEnd(): FrameEnd | null {
    const buf = this.#buf;
    const end = this.#end;
    const crAt = this.#start + this.#length + 10;
    for (let p = this.#scan; p < end; p++) {
      const b = buf[p];
      if (b === CR) {
        if (p + 1 >= end) {
          this.#scan = p;
          return null;
        }
        if (buf[p + 1] === LF) return { kind: p === crAt ? 'complete' : 'bad_length', to: p + 2 };
      } else if (b === HASH) {
        // Another `##dddd` before any CRLF: this frame was cut short or lost its terminator.
        const available = Math.min(end, p + 6);
        let k = p + 1;
        while (k < available && (k === p + 1 ? buf[k] === HASH : isDigit(buf[k]))) k++;
        if (k < available) continue;
        if (available < p + 6) {
          this.#scan = p;
          return null;
        }
        // Segment and CRC complete as declared but no CRLF: the terminator is wrong; else the length.
        return { kind: p >= crAt ? 'bad_terminator' : 'bad_length', to: p };
      }
    }
    this.#scan = end;
    return null;
  }

  #finishFrame(events: ReaderEvent[], frameEnd: FrameEnd): void {
    const start = this.#start;
    const length = this.#length;
    const raw = bytesToLatin1(this.#buf, start, frameEnd.to);
    this.#start = frameEnd.to;
    this.#length = -1;
    const error = (reason: ReaderErrorReason, message: string) =>
      events.push({ type: 'error', reason, message, raw, fatal: false });

    if (frameEnd.kind === 'bad_length') {
      error('bad_length', `${FRAME_ERROR_MESSAGES.bad_length}（声明 ${length}）`);
      return;
    }
    if (frameEnd.kind === 'bad_terminator') {
      error('bad_terminator', FRAME_ERROR_MESSAGES.bad_terminator);
      return;
    }
    if (!isAscii(raw)) {
      error('non_ascii', FRAME_ERROR_MESSAGES.non_ascii);
      return;
    }
    const received = raw.slice(length + 6, length + 10);
    const expected = crc16Hex(this.#buf, start + 6, start + 6 + length);
    if (!HEX4.test(received) || received.toUpperCase() !== expected) {
      error('bad_crc', `${FRAME_ERROR_MESSAGES.bad_crc}（收到 ${received}，应为 ${expected}）`);
      return;
    }
    events.push({ type: 'frame', segment: raw.slice(6, 6 + length), raw });
  }

  /**
   * Counts [#start, to) as junk and drops it. Junk beyond `maxBuffered` bytes in a row is fatal; the
   * count stops at the first byte too many, so the report does not depend on chunk sizes.
   */
  #skipJunk(events: ReaderEvent[], to: number): void {
    const from = this.#start;
    const last = Math.min(to, from + this.maxBuffered + 1 - this.#junkBytes);
    if (last <= from) return;
    if (this.#junkPreview.length < JUNK_PREVIEW) {
      this.#junkPreview += bytesToLatin1(
        this.#buf,
        from,
        Math.min(last, from + JUNK_PREVIEW - this.#junkPreview.length),
      );
    }
    this.#junkBytes += last - from;
    this.#start = last;
    if (this.#junkBytes > this.maxBuffered) {
      this.#fatal(events, `连续超过 ${this.maxBuffered} 字节未找到报文头 ##`, this.#junkPreview);
    }
  }

  /** Reports the junk run that just ended, if any: one event per run. */
  #flushJunk(events: ReaderEvent[]): void {
    if (this.#junkBytes === 0) return;
    events.push({
      type: 'error',
      reason: 'junk',
      message: `跳过 ${this.#junkBytes} 字节无效数据（不在报文内）`,
      raw: this.#junkPreview,
      fatal: false,
    });
    this.#junkBytes = 0;
    this.#junkPreview = '';
  }

  #fatal(events: ReaderEvent[], message: string, raw: string): void {
    events.push({ type: 'error', reason: 'oversize', message, raw, fatal: true });
    this.#failed = true;
    this.#start = 0;
    this.#end = 0;
    this.#length = -1;
    this.#junkBytes = 0;
    this.#junkPreview = '';
  }

  #compact(): void {
    if (this.#start === 0) return;
    this.#buf.copyWithin(0, this.#start, this.#end);
    this.#end -= this.#start;
    this.#scan = Math.max(0, this.#scan - this.#start);
    this.#start = 0;
  }
}
