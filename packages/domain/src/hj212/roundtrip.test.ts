import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chinaTime } from '../time';
import { asciiToBytes } from './ascii';
import { buildDataPacket, DATA_UPLOAD_COMMANDS } from './commands';
import { DATA_FLAGS, type DataFlag, type Hj212FactorInput, parseDataCp } from './cp';
import { decodeFrame, encodeFrame, MAX_SEGMENT_LENGTH } from './frame';
import { Hj212FrameReader, type ReaderEvent } from './reader';
import { parseSegment } from './segment';

/** Decimal-looking values (what loggers send) and arbitrary doubles of a sensible magnitude. */
const value = fc.oneof(
  fc
    .tuple(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), fc.integer({ min: 0, max: 6 }))
    .map(([m, d]) => m / 10 ** d + 0),
  // `+ 0` turns -0 into 0: the wire has no negative zero.
  fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((x) => x + 0),
);

const factorCode = fc.oneof(
  fc.constantFrom('a34004', 'a34002', 'a21026', 'a21004', 'a05024', 'a21005', 'w01018', 'LA'),
  fc.stringMatching(/^[a-z][0-9]{5}$/),
);

const flag = fc.constantFrom(...(Object.keys(DATA_FLAGS) as DataFlag[]));

const factorExtra = fc.dictionary(
  fc.constantFrom('SampleTime', 'ZsRtd', 'ZsAvg', 'EFlag', 'RT'),
  fc.stringMatching(/^[0-9A-Za-z.]{0,10}$/),
  { maxKeys: 2 },
);

const factor: fc.Arbitrary<Hj212FactorInput> = fc
  .record(
    { factor: factorCode, rtd: value, avg: value, min: value, max: value, cou: value, flag, extra: factorExtra },
    { requiredKeys: ['factor'] },
  )
  // A factor with nothing to write is a builder error, not a wire case.
  .filter(
    (f) => ['rtd', 'avg', 'min', 'max', 'cou', 'flag'].some((k) => k in f) || Object.keys(f.extra ?? {}).length > 0,
  );

const packetInput = fc.record({
  cn: fc.constantFrom(...DATA_UPLOAD_COMMANDS),
  st: fc.constantFrom('22', '31', '32'),
  mn: fc.stringMatching(/^[0-9A-F]{1,24}$/),
  pw: fc.stringMatching(/^[0-9]{6}$/),
  dataTime: fc.integer({ min: chinaTime(2000, 1, 1), max: chinaTime(2099, 12, 31, 23, 59, 59) }),
  values: fc.uniqueArray(factor, { selector: (f) => f.factor, maxLength: 4 }),
});

/** Cuts `bytes` at the given positions (taken modulo its length + 1). */
function chunk(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const positions = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const to of [...positions, bytes.length]) {
    out.push(bytes.subarray(from, to));
    from = to;
  }
  return out;
}

describe('HJ 212 round trip (property)', () => {
  it('build → encode → reader.push in random chunks → parse gives the same values back', () => {
    fc.assert(
      fc.property(
        fc.array(packetInput, { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.boolean(),
        (inputs, cuts, junkFirst) => {
          const segments = inputs.map((input) => buildDataPacket(input));
          fc.pre(segments.every((s) => s.length <= MAX_SEGMENT_LENGTH));
          const stream = (junkFirst ? 'noise\r\n#' : '') + segments.map(encodeFrame).join('');
          const reader = new Hj212FrameReader();
          const events: ReaderEvent[] = [];
          for (const piece of chunk(asciiToBytes(stream), cuts)) events.push(...reader.push(piece));

          const frames = events.filter((e) => e.type === 'frame');
          expect(events.length - frames.length).toBe(junkFirst ? 1 : 0);
          expect(frames.map((f) => f.segment)).toEqual(segments);
          inputs.forEach((input, i) => {
            const packet = parseSegment(frames[i]?.segment ?? '');
            if (!packet.ok) throw new Error(packet.message);
            expect(packet.packet).toMatchObject({ cn: input.cn, st: input.st, mn: input.mn, pw: input.pw });
            const data = parseDataCp(packet.packet.cp);
            if (!data.ok) throw new Error(data.message);
            expect(data.data.dataTime).toBe(input.dataTime);
            expect(data.data.values).toEqual(input.values.map((v) => ({ ...v, extra: v.extra ?? {} })));
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('decodes whatever it encodes', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 1024 }),
        (segment) => {
          expect(decodeFrame(encodeFrame(segment))).toEqual({ ok: true, segment });
        },
      ),
    );
  });

  it('never throws on arbitrary input, it refuses', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const frame = decodeFrame(text);
        expect(typeof frame.ok).toBe('boolean');
        const segment = parseSegment(text);
        expect(typeof segment.ok).toBe('boolean');
        const cp = parseDataCp(text);
        expect(typeof cp.ok).toBe('boolean');
      }),
    );
  });
});
