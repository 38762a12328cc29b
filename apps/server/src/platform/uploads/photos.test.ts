import { ErrorCode, PHOTO_LIMITS } from '@lantian/contracts';
import { readExif, sniffImageType } from '@lantian/domain';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { preparePhoto } from './photos';

interface ExifSpec {
  littleEndian: boolean;
  orientation?: number;
  takenAt?: string;
  /** Degrees, minutes, seconds×100 of each coordinate, with its reference. */
  lat?: { ref: 'N' | 'S'; dms: [number, number, number] };
  lon?: { ref: 'E' | 'W'; dms: [number, number, number] };
}

/**
 * An APP1 'Exif\0\0' segment as a phone writes it: IFD0 (Orientation, pointers), the Exif IFD
 * (DateTimeOriginal) and the GPS IFD (references and degree/minute/second rationals).
 */
function exifSegment(spec: ExifSpec): Buffer {
  const tiff = Buffer.alloc(512);
  const u16 = (at: number, v: number) => (spec.littleEndian ? tiff.writeUInt16LE(v, at) : tiff.writeUInt16BE(v, at));
  const u32 = (at: number, v: number) => (spec.littleEndian ? tiff.writeUInt32LE(v, at) : tiff.writeUInt32BE(v, at));
  tiff.write(spec.littleEndian ? 'II' : 'MM', 0, 'latin1');
  u16(2, 42);
  u32(4, 8);
  let data = 300; // values that do not fit in an entry go here, upwards
  const ifd = (at: number, entries: Array<[tag: number, type: number, count: number, write: (at: number) => void]>) => {
    u16(at, entries.length);
    entries.forEach(([tag, type, count, write], i) => {
      const entry = at + 2 + 12 * i;
      u16(entry, tag);
      u16(entry + 2, type);
      u32(entry + 4, count);
      write(entry + 8);
    });
    u32(at + 2 + 12 * entries.length, 0);
  };
  const outside = (size: number, write: (at: number) => void) => (slot: number) => {
    u32(slot, data);
    write(data);
    data += size;
  };
  const rationals = (dms: [number, number, number]) =>
    outside(24, (at) => {
      u32(at, dms[0]);
      u32(at + 4, 1);
      u32(at + 8, dms[1]);
      u32(at + 12, 1);
      u32(at + 16, dms[2]);
      u32(at + 20, 100);
    });
  const EXIF_IFD = 100;
  const GPS_IFD = 150;
  const ifd0: Parameters<typeof ifd>[1] = [];
  if (spec.orientation !== undefined) {
    const orientation = spec.orientation;
    ifd0.push([0x0112, 3, 1, (at) => u16(at, orientation)]);
  }
  ifd0.push([0x8769, 4, 1, (at) => u32(at, EXIF_IFD)], [0x8825, 4, 1, (at) => u32(at, GPS_IFD)]);
  ifd(8, ifd0);
  const takenAt = spec.takenAt;
  ifd(
    EXIF_IFD,
    takenAt === undefined ? [] : [[0x9003, 2, 20, outside(20, (at) => tiff.write(`${takenAt}\0`, at, 'latin1'))]],
  );
  const gps: Parameters<typeof ifd>[1] = [];
  if (spec.lat !== undefined) {
    const { ref, dms } = spec.lat;
    gps.push([0x0001, 2, 2, (at) => tiff.write(`${ref}\0`, at, 'latin1')], [0x0002, 5, 3, rationals(dms)]);
  }
  if (spec.lon !== undefined) {
    const { ref, dms } = spec.lon;
    gps.push([0x0003, 2, 2, (at) => tiff.write(`${ref}\0`, at, 'latin1')], [0x0004, 5, 3, rationals(dms)]);
  }
  ifd(GPS_IFD, gps);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff.subarray(0, data)]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

/** The EXIF segment spliced in right after SOI, where cameras put it. */
const withExif = (jpeg: Buffer, spec: ExifSpec) =>
  Buffer.concat([jpeg.subarray(0, 2), exifSegment(spec), jpeg.subarray(2)]);

/** A picture whose left half is red and right half blue, so that a turn shows in the pixels. */
async function halves(width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ff0000';
  ctx.fillRect(0, 0, width / 2, height);
  ctx.fillStyle = '#0000ff';
  ctx.fillRect(width / 2, 0, width / 2, height);
  return format === 'png' ? canvas.encode('png') : canvas.encode(format, 95);
}

async function pixel(jpeg: Buffer, x: number, y: number): Promise<'red' | 'blue' | 'white' | 'other'> {
  const image = await loadImage(jpeg);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const [r = 0, g = 0, b = 0] = ctx.getImageData(x, y, 1, 1).data;
  if (r > 200 && g < 60 && b < 60) return 'red';
  if (b > 200 && r < 60 && g < 60) return 'blue';
  if (r > 230 && g > 230 && b > 230) return 'white';
  return 'other';
}

/** The JPEG marker segments before the scan, as [marker, payload]. */
function segments(jpeg: Buffer): Array<[number, Buffer]> {
  const out: Array<[number, Buffer]> = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1] ?? 0;
    if (marker === 0xda) break;
    const length = jpeg.readUInt16BE(at + 2);
    out.push([marker, jpeg.subarray(at + 4, at + 2 + length)]);
    at += 2 + length;
  }
  return out;
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

const PHONE: ExifSpec = {
  littleEndian: true,
  orientation: 6,
  takenAt: '2024:06:15 14:30:05',
  lat: { ref: 'N', dms: [39, 54, 2640] },
  lon: { ref: 'E', dms: [116, 23, 2952] },
};

describe('preparePhoto', () => {
  it('keeps the position and time, turns the picture upright and drops every metadata block', async () => {
    for (const littleEndian of [true, false]) {
      const input = withExif(await halves(400, 300), { ...PHONE, littleEndian });
      expect(readExif(input).lat).toBeCloseTo(39.9073333, 6);

      const photo = await preparePhoto(input);
      expect(photo.lat).toBeCloseTo(39.9073333, 6);
      expect(photo.lon).toBeCloseTo(116.3915333, 6);
      // 14:30:05 in Beijing is 06:30:05 UTC.
      expect(photo.takenAt).toBe(Date.UTC(2024, 5, 15, 6, 30, 5) / 1000);

      // Orientation 6: the stored picture is turned 90° clockwise to stand upright, so the left
      // (red) half of the stored pixels is on top.
      expect([photo.width, photo.height]).toEqual([300, 400]);
      expect(await pixel(photo.jpeg, 150, 50)).toBe('red');
      expect(await pixel(photo.jpeg, 150, 350)).toBe('blue');

      expect(sniffImageType(photo.jpeg)).toBe('jpeg');
      expect(segments(photo.jpeg).filter(([marker]) => marker === 0xe1)).toEqual([]);
      expect(photo.jpeg.includes(Buffer.from('Exif\0', 'latin1'))).toBe(false);
      expect(readExif(photo.jpeg)).toEqual({});
      expect(photo.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('turns an upside-down photo (orientation 3) and leaves an upright one alone', async () => {
    const upsideDown = await preparePhoto(withExif(await halves(400, 300), { littleEndian: false, orientation: 3 }));
    expect([upsideDown.width, upsideDown.height]).toEqual([400, 300]);
    expect(await pixel(upsideDown.jpeg, 50, 150)).toBe('blue');
    const upright = await preparePhoto(withExif(await halves(400, 300), { littleEndian: false, orientation: 1 }));
    expect(await pixel(upright.jpeg, 50, 150)).toBe('red');
  });

  it('gives null position and time for a photo without EXIF, and for a southern/western fix keeps the sign', async () => {
    const plain = await preparePhoto(await halves(64, 48));
    expect([plain.lon, plain.lat, plain.takenAt]).toEqual([null, null, null]);
    const south = await preparePhoto(
      withExif(await halves(64, 48), {
        littleEndian: false,
        lat: { ref: 'S', dms: [33, 52, 0] },
        lon: { ref: 'W', dms: [70, 30, 3600] },
      }),
    );
    expect(south.lat).toBeCloseTo(-33.8666667, 6);
    expect(south.lon).toBeCloseTo(-70.51, 6);
    expect(south.takenAt).toBeNull();
  });

  it('scales a large photo to 2048 px on its long side', async () => {
    const photo = await preparePhoto(await halves(3000, 1200));
    expect([photo.width, photo.height]).toEqual([2048, 819]);
    expect(await pixel(photo.jpeg, 10, 400)).toBe('red');
    expect(await pixel(photo.jpeg, 2040, 400)).toBe('blue');
    // A smaller one keeps its size.
    const small = await preparePhoto(await halves(640, 480));
    expect([small.width, small.height]).toEqual([640, 480]);
  });

  it('re-encodes a PNG as JPEG, transparent areas white', async () => {
    const canvas = createCanvas(100, 80);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ff0000';
    ctx.fillRect(0, 0, 50, 80);
    const photo = await preparePhoto(await canvas.encode('png'));
    expect(sniffImageType(photo.jpeg)).toBe('jpeg');
    expect([photo.width, photo.height]).toEqual([100, 80]);
    expect(await pixel(photo.jpeg, 10, 40)).toBe('red');
    expect(await pixel(photo.jpeg, 90, 40)).toBe('white');
  });

  it('re-encodes a WebP as JPEG', async () => {
    const webp = await halves(120, 90, 'webp');
    expect(sniffImageType(webp)).toBe('webp');
    const photo = await preparePhoto(webp);
    expect(sniffImageType(photo.jpeg)).toBe('jpeg');
    expect([photo.width, photo.height]).toEqual([120, 90]);
    expect(await pixel(photo.jpeg, 100, 45)).toBe('blue');
  });

  it('refuses a text file named .jpg (415), whatever it is called', async () => {
    const error = await refusal(preparePhoto(Buffer.from('<?php system($_GET["c"]); ?>\n'), { label: 'shell.jpg' }));
    expect(error.status).toBe(415);
    expect(error.code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    expect(error.msg).toBe('shell.jpg不是 JPG、PNG 或 WebP 格式的图片');
    const empty = await refusal(preparePhoto(Buffer.alloc(0)));
    expect(empty.status).toBe(415);
  });

  it('refuses a corrupt JPEG with a clear 400', async () => {
    const jpeg = await halves(200, 150);
    for (const corrupt of [jpeg.subarray(0, 300), Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(400, 0x55)])]) {
      const error = await refusal(preparePhoto(corrupt));
      expect(error.status).toBe(400);
      expect(error.code).toBe(ErrorCode.BAD_REQUEST);
      expect(error.msg).toContain('照片已损坏或不完整');
    }
  });

  it('refuses a file over 15 MB (413) without reading it', async () => {
    const big = Buffer.alloc(PHOTO_LIMITS.maxBytes + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const error = await refusal(preparePhoto(big));
    expect(error.status).toBe(413);
    expect(error.code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
    expect(error.msg).toBe('照片超过 15 MB，请压缩后再上传');
  });

  it('refuses an image over 40 megapixels from its header, before decoding (413, not 400)', async () => {
    // A PNG header that declares 10000 × 5000 and has no pixel data: decoding it would fail with a 400.
    const png = Buffer.alloc(33);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    png.writeUInt32BE(10_000, 16);
    png.writeUInt32BE(5_000, 20);
    png.set([8, 2, 0, 0, 0], 24);
    const error = await refusal(preparePhoto(png));
    expect(error.status).toBe(413);
    expect(error.msg).toContain('像素过多');
    // A caller may lower the limit.
    const decoded = await refusal(preparePhoto(await halves(400, 300), { maxPixels: 100_000 }));
    expect(decoded.status).toBe(413);
  });

  it('handles several photos at once (decodes queue, none is lost)', async () => {
    const inputs = await Promise.all([1, 2, 3, 4, 5].map((n) => halves(40 * n, 30 * n)));
    const photos = await Promise.all(inputs.map((input) => preparePhoto(input)));
    expect(photos.map((p) => p.width)).toEqual([40, 80, 120, 160, 200]);
  });
});
