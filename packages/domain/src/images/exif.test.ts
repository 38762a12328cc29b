import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exifTimeToEpoch, readExif, readImageSize, sniffImageType } from './exif';

/** An IFD entry; `ifd` points at another IFD of the same TIFF by its index. */
type Entry =
  | { tag: number; short: number[] }
  | { tag: number; long: number[] }
  | { tag: number; ascii: string }
  | { tag: number; rational: Array<[number, number]> }
  | { tag: number; srational: Array<[number, number]> }
  | { tag: number; ifd: number };

/**
 * A TIFF structure as a camera writes it: header, then each IFD followed by the values that do not
 * fit in its entries. IFD 0 is the one the header points at.
 */
function buildTiff(littleEndian: boolean, ifds: Entry[][]): Uint8Array {
  const typeOf = (e: Entry): [type: number, count: number, size: number] => {
    if ('short' in e) return [3, e.short.length, 2 * e.short.length];
    if ('long' in e) return [4, e.long.length, 4 * e.long.length];
    if ('ascii' in e) return [2, e.ascii.length + 1, e.ascii.length + 1];
    if ('rational' in e) return [5, e.rational.length, 8 * e.rational.length];
    if ('srational' in e) return [10, e.srational.length, 8 * e.srational.length];
    return [4, 1, 4];
  };
  const extra = (e: Entry) => {
    const size = typeOf(e)[2];
    return size > 4 ? size + (size % 2) : 0;
  };
  const offsets: number[] = [];
  let at = 8;
  for (const ifd of ifds) {
    offsets.push(at);
    at += 2 + 12 * ifd.length + 4 + ifd.reduce((sum, e) => sum + extra(e), 0);
  }
  const out = new Uint8Array(at);
  const view = new DataView(out.buffer);
  const u16 = (o: number, v: number) => view.setUint16(o, v, littleEndian);
  const u32 = (o: number, v: number) => view.setUint32(o, v, littleEndian);
  const i32 = (o: number, v: number) => view.setInt32(o, v, littleEndian);
  out.set(littleEndian ? [0x49, 0x49] : [0x4d, 0x4d], 0);
  u16(2, 42);
  u32(4, offsets[0] ?? 0);
  ifds.forEach((ifd, i) => {
    const start = offsets[i] ?? 0;
    let data = start + 2 + 12 * ifd.length + 4;
    u16(start, ifd.length);
    ifd.forEach((e, j) => {
      const entry = start + 2 + 12 * j;
      const [type, count, size] = typeOf(e);
      u16(entry, e.tag);
      u16(entry + 2, type);
      u32(entry + 4, count);
      let value = entry + 8;
      if (size > 4) {
        u32(entry + 8, data);
        value = data;
        data += extra(e);
      }
      if ('short' in e)
        e.short.forEach((v, k) => {
          u16(value + 2 * k, v);
        });
      else if ('long' in e)
        e.long.forEach((v, k) => {
          u32(value + 4 * k, v);
        });
      else if ('ascii' in e) out.set([...e.ascii].map((c) => c.charCodeAt(0)).concat(0), value);
      else if ('rational' in e)
        e.rational.forEach(([n, d], k) => {
          u32(value + 8 * k, n);
          u32(value + 8 * k + 4, d);
        });
      else if ('srational' in e)
        e.srational.forEach(([n, d], k) => {
          i32(value + 8 * k, n);
          i32(value + 8 * k + 4, d);
        });
      else u32(value, offsets[e.ifd] ?? 0);
    });
    u32(start + 2 + 12 * ifd.length, 0); // no next IFD
  });
  return out;
}

/** A minimal JPEG: SOI, APP1 'Exif\0\0' + TIFF, SOF0 of the given size, SOS, EOI. */
function jpegWith(tiff: Uint8Array | null, size = { width: 4000, height: 3000 }): Uint8Array {
  const parts: number[][] = [[0xff, 0xd8]];
  if (tiff !== null) {
    const length = 2 + 6 + tiff.length;
    parts.push([0xff, 0xe1, length >> 8, length & 0xff, ...'Exif\0\0'.split('').map((c) => c.charCodeAt(0)), ...tiff]);
  }
  const { width: w, height: h } = size;
  parts.push([0xff, 0xc0, 0, 17, 8, h >> 8, h & 0xff, w >> 8, w & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  parts.push([0xff, 0xda, 0, 12, 3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0, 0x12, 0x34, 0xff, 0xd9]);
  return Uint8Array.from(parts.flat());
}

/** What a phone writes: orientation, DateTimeOriginal, a GPS fix as degrees/minutes/seconds. */
function phoneExif(littleEndian: boolean, gps: Entry[] = BEIJING) {
  return buildTiff(littleEndian, [
    [
      { tag: 0x010f, ascii: 'Xiaomi' },
      { tag: 0x0112, short: [6] },
      { tag: 0x8769, ifd: 1 },
      { tag: 0x8825, ifd: 2 },
    ],
    [
      { tag: 0x829a, rational: [[1, 120]] },
      { tag: 0x9003, ascii: '2024:06:15 14:30:05' },
    ],
    gps,
  ]);
}

/** Tian'anmen: 39°54'26.4" N, 116°23'29.52" E. */
const BEIJING: Entry[] = [
  { tag: 0x0000, short: [2, 3] },
  { tag: 0x0001, ascii: 'N' },
  {
    tag: 0x0002,
    rational: [
      [39, 1],
      [54, 1],
      [2640, 100],
    ],
  },
  { tag: 0x0003, ascii: 'E' },
  {
    tag: 0x0004,
    rational: [
      [116, 1],
      [23, 1],
      [295200, 10000],
    ],
  },
];

describe('sniffImageType', () => {
  it('knows JPEG, PNG and WebP by their first bytes, and nothing else', () => {
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg');
    expect(sniffImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    const webp = Uint8Array.from(
      [...'RIFF']
        .map((c) => c.charCodeAt(0))
        .concat(
          [1, 2, 3, 4],
          [...'WEBPVP8 '].map((c) => c.charCodeAt(0)),
        ),
    );
    expect(sniffImageType(webp)).toBe('webp');
    const text = Uint8Array.from([...'<?php echo 1; ?>'].map((c) => c.charCodeAt(0)));
    expect(sniffImageType(text)).toBeNull();
    // A RIFF that is not WebP (a WAV file) and a cut-off JPEG start.
    expect(sniffImageType(Uint8Array.from([...'RIFF0000WAVE'].map((c) => c.charCodeAt(0))))).toBeNull();
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(new Uint8Array(0))).toBeNull();
  });
});

describe('readExif', () => {
  for (const littleEndian of [true, false]) {
    it(`reads orientation, time taken and position (${littleEndian ? 'II, little-endian' : 'MM, big-endian'})`, () => {
      const info = readExif(jpegWith(phoneExif(littleEndian)));
      expect(info.orientation).toBe(6);
      expect(info.takenAt).toBe('2024:06:15 14:30:05');
      expect(info.lat).toBeCloseTo(39.9073333, 6);
      expect(info.lon).toBeCloseTo(116.3915333, 6);
    });
  }

  it('signs southern and western positions', () => {
    const gps: Entry[] = [
      { tag: 0x0001, ascii: 'S' },
      {
        tag: 0x0002,
        rational: [
          [33, 1],
          [52, 1],
          [0, 1],
        ],
      },
      { tag: 0x0003, ascii: 'W' },
      {
        tag: 0x0004,
        rational: [
          [70, 1],
          [30, 1],
          [36, 1],
        ],
      },
    ];
    const info = readExif(jpegWith(phoneExif(false, gps)));
    expect(info.lat).toBeCloseTo(-33.8666667, 6);
    expect(info.lon).toBeCloseTo(-70.51, 6);
  });

  it('accepts decimal degrees in one rational and signed rationals', () => {
    const gps: Entry[] = [
      { tag: 0x0001, ascii: 'N' },
      { tag: 0x0002, srational: [[31230416, 1000000]] },
      { tag: 0x0003, ascii: 'E' },
      { tag: 0x0004, rational: [[121473701, 1000000]] },
    ];
    const info = readExif(jpegWith(phoneExif(true, gps)));
    expect(info.lat).toBeCloseTo(31.230416, 6);
    expect(info.lon).toBeCloseTo(121.473701, 6);
  });

  it('gives no position for a zero denominator, minutes ≥ 60, a bad reference, a missing half or 0,0', () => {
    const variants: Entry[][] = [
      [
        {
          tag: 0x0002,
          rational: [
            [39, 0],
            [54, 1],
            [0, 1],
          ],
        },
        {
          tag: 0x0004,
          rational: [
            [116, 1],
            [0, 1],
            [0, 1],
          ],
        },
      ],
      [
        {
          tag: 0x0002,
          rational: [
            [39, 1],
            [75, 1],
            [0, 1],
          ],
        },
        {
          tag: 0x0004,
          rational: [
            [116, 1],
            [0, 1],
            [0, 1],
          ],
        },
      ],
      [
        { tag: 0x0001, ascii: 'X' },
        { tag: 0x0002, rational: [[39, 1]] },
        { tag: 0x0004, rational: [[116, 1]] },
      ],
      [{ tag: 0x0002, rational: [[39, 1]] }],
      [
        { tag: 0x0002, rational: [[0, 1]] },
        { tag: 0x0004, rational: [[0, 1]] },
      ],
      [
        { tag: 0x0002, rational: [[91, 1]] },
        { tag: 0x0004, rational: [[116, 1]] },
      ],
    ];
    for (const gps of variants) {
      const info = readExif(jpegWith(phoneExif(true, gps)));
      expect(info.lat).toBeUndefined();
      expect(info.lon).toBeUndefined();
      // The rest of the block still counts.
      expect(info.takenAt).toBe('2024:06:15 14:30:05');
    }
  });

  it('ignores an orientation outside 1–8 and a time in another format', () => {
    const tiff = buildTiff(true, [
      [
        { tag: 0x0112, short: [9] },
        { tag: 0x8769, ifd: 1 },
      ],
      [{ tag: 0x9003, ascii: '2024-06-15T14:30:05' }],
    ]);
    expect(readExif(jpegWith(tiff))).toEqual({});
  });

  it('finds the Exif APP1 after a JFIF APP0 and an XMP APP1', () => {
    const tiff = phoneExif(true);
    const plain = jpegWith(tiff);
    const xmp = [...'http://ns.adobe.com/xap/1.0/\0<x/>'].map((c) => c.charCodeAt(0));
    const app0 = [0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
    const app1 = [0xff, 0xe1, 0, xmp.length + 2, ...xmp];
    const jpeg = Uint8Array.from([0xff, 0xd8, ...app0, ...app1, ...plain.subarray(2)]);
    expect(readExif(jpeg).orientation).toBe(6);
  });

  it('gives {} without EXIF, for other image types and for a block with no TIFF header', () => {
    expect(readExif(jpegWith(null))).toEqual({});
    expect(readExif(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toEqual({});
    const broken = phoneExif(true);
    broken[0] = 0x41; // neither II nor MM
    expect(readExif(jpegWith(broken))).toEqual({});
  });

  it('survives every truncation of a real block, keeping what lies before the cut', () => {
    const jpeg = jpegWith(phoneExif(false));
    const full = readExif(jpeg);
    for (let length = 0; length <= jpeg.length; length++) {
      const info = readExif(jpeg.subarray(0, length));
      // Nothing read from a truncated file is invented: each fact is the full file's or absent.
      for (const [key, value] of Object.entries(info)) expect(full[key as keyof typeof full]).toBe(value);
    }
    expect(readExif(jpeg.subarray(0, jpeg.length - 1))).toEqual(full);
  });

  it('reads each IFD once when the offsets form a cycle', () => {
    // IFD 0 points at the Exif IFD, which is IFD 0 again; the GPS pointer also points at IFD 0.
    const tiff = buildTiff(true, [
      [
        { tag: 0x0112, short: [3] },
        { tag: 0x8769, ifd: 0 },
        { tag: 0x8825, ifd: 0 },
      ],
    ]);
    expect(readExif(jpegWith(tiff))).toEqual({ orientation: 3 });
  });

  it('skips entries whose values point outside the block or claim huge counts', () => {
    const tiff = phoneExif(true);
    const view = new DataView(tiff.buffer);
    // IFD 0's first entry (Make, ASCII) at 8 + 2: claim 2^31 characters.
    view.setUint32(8 + 2 + 4, 0x80000000, true);
    const info = readExif(jpegWith(tiff));
    expect(info.orientation).toBe(6);
    expect(info.lat).toBeCloseTo(39.9073333, 6);
  });

  it('never throws on random bytes, with or without a JPEG and EXIF prefix', () => {
    const prefix = [0xff, 0xd8, 0xff, 0xe1, 0x01, 0x00, ...'Exif\0\0'.split('').map((c) => c.charCodeAt(0))];
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 400 }),
        fc.constantFrom('none', 'jpeg', 'exif-ii', 'exif-mm'),
        (tail, kind) => {
          const head =
            kind === 'none'
              ? []
              : kind === 'jpeg'
                ? [0xff, 0xd8]
                : [...prefix, ...(kind === 'exif-ii' ? [0x49, 0x49, 42, 0] : [0x4d, 0x4d, 0, 42])];
          const bytes = Uint8Array.from([...head, ...tail]);
          const info = readExif(bytes);
          expect(typeof info).toBe('object');
          readImageSize(bytes);
          sniffImageType(bytes);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never throws on a real block with random bytes changed', () => {
    const jpeg = jpegWith(phoneExif(true));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(jpeg.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        (edits) => {
          const bytes = Uint8Array.from(jpeg);
          for (const [at, value] of edits) bytes[at] = value;
          const info = readExif(bytes);
          if (info.orientation !== undefined) expect(info.orientation).toBeGreaterThanOrEqual(1);
          if (info.lat !== undefined) expect(Math.abs(info.lat)).toBeLessThanOrEqual(90);
          if (info.lon !== undefined) expect(Math.abs(info.lon)).toBeLessThanOrEqual(180);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('readImageSize', () => {
  it('reads the frame size of a JPEG after its EXIF block', () => {
    expect(readImageSize(jpegWith(phoneExif(true), { width: 8000, height: 6000 }))).toEqual({
      width: 8000,
      height: 6000,
    });
  });

  it('reads PNG IHDR and the three WebP headers', () => {
    const png = Uint8Array.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0x1f, 0x40, 0, 0, 0x17,
      0x70,
    ]);
    expect(readImageSize(png)).toEqual({ width: 8000, height: 6000 });
    const riff = (chunk: string, body: number[]) =>
      Uint8Array.from(
        [...'RIFF']
          .map((c) => c.charCodeAt(0))
          .concat(
            [0, 0, 0, 0],
            [...`WEBP${chunk}`].map((c) => c.charCodeAt(0)),
            [0, 0, 0, 0],
            body,
          ),
      );
    // VP8: frame tag, start code, 14-bit width and height.
    expect(readImageSize(riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0x40, 0x1f, 0x70, 0x17]))).toEqual({
      width: 8000,
      height: 6000,
    });
    // VP8L: signature, then width-1 and height-1 in 14 bits each.
    const bits = 7999 + 5999 * 0x4000;
    expect(
      readImageSize(riff('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff])),
    ).toEqual({ width: 8000, height: 6000 });
    // VP8X: flags, reserved, 24-bit width-1 and height-1.
    expect(readImageSize(riff('VP8X', [0, 0, 0, 0, 0x3f, 0x1f, 0, 0x6f, 0x17, 0]))).toEqual({
      width: 8000,
      height: 6000,
    });
  });

  it('gives null when the header is cut short or says nothing', () => {
    const jpeg = jpegWith(phoneExif(true));
    const sof = jpeg.findIndex((b, i) => b === 0xff && jpeg[i + 1] === 0xc0);
    expect(readImageSize(jpeg.subarray(0, sof + 6))).toBeNull();
    expect(readImageSize(Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    expect(readImageSize(new Uint8Array(100))).toBeNull();
  });
});

describe('exifTimeToEpoch', () => {
  it('reads the wall-clock time as China time', () => {
    // 2024-06-15 14:30:05 +08:00 = 06:30:05 UTC.
    expect(exifTimeToEpoch('2024:06:15 14:30:05')).toBe(Date.UTC(2024, 5, 15, 6, 30, 5) / 1000);
  });

  it('gives null for an unset clock, an impossible date and another format', () => {
    expect(exifTimeToEpoch('0000:00:00 00:00:00')).toBeNull();
    expect(exifTimeToEpoch('2023:02:29 10:00:00')).toBeNull();
    expect(exifTimeToEpoch('2024:06:15 24:00:00')).toBeNull();
    expect(exifTimeToEpoch('2024-06-15 14:30:05')).toBeNull();
  });
});
