import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiToBytes } from './ascii';
import { encodeFrame, MAX_FRAME_LENGTH } from './frame';
import { DEFAULT_MAX_BUFFERED, Hj212FrameReader, type ReaderEvent } from './reader';

const STD_SEGMENT =
  'QN=20160801085857223;ST=32;CN=1062;PW=100000;MN=010000A8900016F000169DC0;Flag=5;CP=&&RtdInterval=30&&';
const STD_FRAME = `##0101${STD_SEGMENT}1C80\r\n`;
const SEG_B = 'QN=20160801085900000;ST=22;CN=2011;PW=1;MN=M2;Flag=4;CP=&&DataTime=20160801085900;a34004-Rtd=1&&';
const FRAME_B = encodeFrame(SEG_B);

const bytes = (text: string) => asciiToBytes(text);

function feed(reader: Hj212FrameReader, chunks: Array<string | Uint8Array>): ReaderEvent[] {
  return chunks.flatMap((c) => reader.push(typeof c === 'string' ? bytes(c) : c));
}

const frame = (segment: string, raw = encodeFrame(segment)): ReaderEvent => ({ type: 'frame', segment, raw });

/** Just the reason codes of the errors and the segments of the frames, in order. */
function summary(events: ReaderEvent[]): string[] {
  return events.map((e) =>
    e.type === 'frame' ? `frame:${e.segment.slice(0, 21)}` : `${e.reason}${e.fatal ? '!' : ''}`,
  );
}

describe('Hj212FrameReader', () => {
  it("reads the standard's example frame", () => {
    expect(new Hj212FrameReader().push(bytes(STD_FRAME))).toEqual([frame(STD_SEGMENT, STD_FRAME)]);
  });

  it('reads several frames from one chunk', () => {
    const events = new Hj212FrameReader().push(bytes(STD_FRAME + FRAME_B + STD_FRAME));
    expect(events).toEqual([frame(STD_SEGMENT), frame(SEG_B), frame(STD_SEGMENT)]);
  });

  it('reads frames split at every byte position', () => {
    const stream = bytes(STD_FRAME + FRAME_B);
    for (let cut = 0; cut <= stream.length; cut++) {
      const reader = new Hj212FrameReader();
      const events = feed(reader, [stream.subarray(0, cut), stream.subarray(cut)]);
      expect(events).toEqual([frame(STD_SEGMENT), frame(SEG_B)]);
      expect(reader.buffered).toBe(0);
    }
  });

  it('reads frames fed one byte at a time', () => {
    const reader = new Hj212FrameReader();
    const stream = bytes(STD_FRAME + FRAME_B);
    const events: ReaderEvent[] = [];
    for (const b of stream) events.push(...reader.push(Uint8Array.of(b)));
    expect(events).toEqual([frame(STD_SEGMENT), frame(SEG_B)]);
  });

  it('skips junk before ## and reports each run once', () => {
    const events = new Hj212FrameReader().push(bytes(`hello\r\n#x#${STD_FRAME}\0\0${FRAME_B}`));
    expect(events).toEqual([
      { type: 'error', reason: 'junk', message: expect.stringContaining('10'), raw: 'hello\r\n#x#', fatal: false },
      frame(STD_SEGMENT),
      { type: 'error', reason: 'junk', message: expect.stringContaining('2'), raw: '\0\0', fatal: false },
      frame(SEG_B),
    ]);
  });

  it('treats ## not followed by 4 digits as junk, and finds the header in ###', () => {
    expect(summary(new Hj212FrameReader().push(bytes(`##12ab###${STD_FRAME}`)))).toEqual([
      'junk',
      'frame:QN=20160801085857223;',
    ]);
  });

  it('reports a bad CRC and goes on with the next frame', () => {
    const bad = STD_FRAME.replace('1C80', '1C81');
    const events = new Hj212FrameReader().push(bytes(bad + FRAME_B));
    expect(events[0]).toEqual({
      type: 'error',
      reason: 'bad_crc',
      message: expect.stringContaining('1C80'),
      raw: bad,
      fatal: false,
    });
    expect(events[1]).toEqual(frame(SEG_B));
  });

  it('accepts a lower-case CRC', () => {
    expect(new Hj212FrameReader().push(bytes(STD_FRAME.replace('1C80', '1c80')))).toEqual([
      frame(STD_SEGMENT, STD_FRAME.replace('1C80', '1c80')),
    ]);
  });

  it('reports a non-hex CRC as a CRC error', () => {
    expect(summary(new Hj212FrameReader().push(bytes(STD_FRAME.replace('1C80', '1CZZ') + FRAME_B)))).toEqual([
      'bad_crc',
      'frame:QN=20160801085900000;',
    ]);
  });

  it('reports a declared length that is too long, without waiting for it, and goes on', () => {
    const bad = STD_FRAME.replace('##0101', '##0500');
    const reader = new Hj212FrameReader();
    // The CRLF before the declared end gives the error away at once.
    expect(summary(reader.push(bytes(bad)))).toEqual(['bad_length']);
    expect(summary(reader.push(bytes(FRAME_B)))).toEqual(['frame:QN=20160801085900000;']);
  });

  it('reports a declared length that is too short, and goes on', () => {
    const bad = STD_FRAME.replace('##0101', '##0090');
    const events = new Hj212FrameReader().push(bytes(bad + FRAME_B));
    expect(events[0]).toEqual({
      type: 'error',
      reason: 'bad_length',
      message: expect.stringContaining('90'),
      raw: bad,
      fatal: false,
    });
    expect(events[1]).toEqual(frame(SEG_B));
  });

  it('reports a frame cut short by the next header as a length error', () => {
    const cut = STD_FRAME.slice(0, 50);
    expect(summary(new Hj212FrameReader().push(bytes(cut + FRAME_B)))).toEqual([
      'bad_length',
      'frame:QN=20160801085900000;',
    ]);
  });

  it.each([
    ['LF only', '\n'],
    ['CR only', '\r'],
    ['LF CR', '\n\r'],
    ['nothing', ''],
    ['CR CR', '\r\r'],
  ])('reports a wrong terminator (%s) once the next frame starts', (_what, terminator) => {
    const bad = STD_FRAME.replace(/\r\n$/, terminator);
    const reader = new Hj212FrameReader();
    expect(reader.push(bytes(bad))).toEqual([]);
    const events = reader.push(bytes(FRAME_B));
    expect(summary(events)).toEqual(['bad_terminator', 'frame:QN=20160801085900000;']);
    expect(events[0]).toMatchObject({ raw: bad, fatal: false });
  });

  it('reports a frame with bytes above 0x7F as non-ASCII, and goes on', () => {
    const stream = bytes(STD_FRAME + FRAME_B);
    stream[40] = 0xe6;
    expect(summary(new Hj212FrameReader().push(stream))).toEqual(['non_ascii', 'frame:QN=20160801085900000;']);
  });

  it('fails fatally on a declared length of 9999', () => {
    const reader = new Hj212FrameReader();
    const events = reader.push(bytes(`##9999QN=1;${'x'.repeat(100)}`));
    expect(events).toEqual([
      {
        type: 'error',
        reason: 'oversize',
        message: expect.stringContaining('9999'),
        raw: expect.any(String),
        fatal: true,
      },
    ]);
    expect(reader.failed).toBe(true);
    expect(reader.buffered).toBe(0);
    // After a fatal error nothing more is read.
    expect(reader.push(bytes(STD_FRAME))).toEqual([]);
    expect(reader.end()).toEqual([]);
  });

  it('fails fatally on a declared length of 1025, reporting the junk before it first', () => {
    expect(summary(new Hj212FrameReader().push(bytes('xx##1025')))).toEqual(['junk', 'oversize!']);
  });

  it('reads a frame of the maximum length (1024)', () => {
    const segment = `ST=22;CN=2011;PW=1;MN=M;Flag=4;CP=&&x=${'1'.repeat(1024 - 40)}&&`;
    expect(segment.length).toBe(1024);
    const events = new Hj212FrameReader().push(bytes(encodeFrame(segment)));
    expect(events).toEqual([frame(segment)]);
  });

  it('fails fatally on 100 KB of # and never holds more than maxBuffered bytes', () => {
    const reader = new Hj212FrameReader();
    const flood = new Uint8Array(100 * 1024).fill(0x23);
    const events: ReaderEvent[] = [];
    for (let i = 0; i < flood.length; i += 1000) {
      events.push(...reader.push(flood.subarray(i, i + 1000)));
      expect(reader.buffered).toBeLessThanOrEqual(reader.maxBuffered);
    }
    expect(summary(events)).toEqual(['oversize!']);
    expect(reader.failed).toBe(true);
  });

  it('fails fatally on 100 KB of # in a single chunk', () => {
    const reader = new Hj212FrameReader();
    expect(summary(reader.push(new Uint8Array(100 * 1024).fill(0x23)))).toEqual(['oversize!']);
    expect(reader.buffered).toBe(0);
  });

  it('fails fatally on a header followed by more than maxBuffered bytes without an end', () => {
    const reader = new Hj212FrameReader();
    const events = reader.push(bytes(`##0010${'y'.repeat(5000)}`));
    expect(summary(events)).toEqual(['oversize!']);
  });

  it('tolerates up to maxBuffered bytes of junk between frames', () => {
    const reader = new Hj212FrameReader({ maxBuffered: 2000 });
    const events = reader.push(bytes(`${'z'.repeat(2000)}${STD_FRAME}`));
    expect(summary(events)).toEqual(['junk', 'frame:QN=20160801085857223;']);
    expect(summary(new Hj212FrameReader({ maxBuffered: 2000 }).push(bytes('z'.repeat(2001))))).toEqual(['oversize!']);
  });

  it('has a default buffer that holds the largest legal frame', () => {
    expect(DEFAULT_MAX_BUFFERED).toBeGreaterThanOrEqual(MAX_FRAME_LENGTH);
    expect(new Hj212FrameReader().maxBuffered).toBe(DEFAULT_MAX_BUFFERED);
    expect(() => new Hj212FrameReader({ maxBuffered: 5 })).toThrow(RangeError);
    // A smaller buffer refuses frames that cannot fit it, fatally.
    expect(summary(new Hj212FrameReader({ maxBuffered: 100 }).push(bytes(STD_FRAME)))).toEqual(['oversize!']);
  });

  it('reports what is left when the connection ends', () => {
    const reader = new Hj212FrameReader();
    reader.push(bytes(STD_FRAME.slice(0, 40)));
    expect(reader.end()).toEqual([
      { type: 'error', reason: 'truncated', message: expect.any(String), raw: STD_FRAME.slice(0, 40), fatal: false },
    ]);
    expect(reader.buffered).toBe(0);
    reader.push(bytes('abc#'));
    expect(reader.end()).toEqual([
      { type: 'error', reason: 'junk', message: expect.stringContaining('4'), raw: 'abc#', fatal: false },
    ]);
    expect(reader.end()).toEqual([]);
    // The reader can be used again.
    expect(reader.push(bytes(STD_FRAME))).toEqual([frame(STD_SEGMENT)]);
  });

  it('gives the same events however the stream is cut, and never holds more than maxBuffered', () => {
    // Bytes biased towards the characters that matter to framing, plus whole frames.
    const piece = fc.oneof(
      fc.constantFrom('#', '##', '\r', '\n', '\r\n', '0', '0101', '1C80', 'x', '\u00e9', '##0101', '##9999'),
      fc.constantFrom(STD_FRAME, FRAME_B, STD_FRAME.slice(0, 60), STD_FRAME.replace('1C80', '0000')),
      fc.string({ unit: 'binary-ascii', maxLength: 20 }),
    );
    const stream = fc
      .array(piece, { maxLength: 30 })
      .map((parts) => Uint8Array.from([...parts.join('')].map((c) => c.charCodeAt(0) & 0xff)));
    fc.assert(
      fc.property(stream, fc.array(fc.nat(), { maxLength: 20 }), fc.integer({ min: 12, max: 1200 }), (s, cuts, max) => {
        const whole = new Hj212FrameReader({ maxBuffered: max });
        const expected = [...whole.push(s), ...whole.end()];
        const chunked = new Hj212FrameReader({ maxBuffered: max });
        const positions = [...new Set(cuts.map((c) => c % (s.length + 1)))].sort((a, b) => a - b);
        const events: ReaderEvent[] = [];
        let from = 0;
        for (const to of [...positions, s.length]) {
          events.push(...chunked.push(s.subarray(from, to)));
          expect(chunked.buffered).toBeLessThanOrEqual(max);
          from = to;
        }
        events.push(...chunked.end());
        expect(events).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
