import { tryParseChinaDateTime } from '../time';

/**
 * What an uploaded photo says about itself, read from its bytes alone: the type by its magic
 * bytes, the pixel size from its header, and the EXIF block of a JPEG (orientation, time taken,
 * GPS position). The bytes come from strangers' phones, so every read is bounds-checked and any
 * malformed part is skipped: junk gives `{}` or `null`, never an exception or a hang.
 */

export type ImageType = 'jpeg' | 'png' | 'webp';

export interface ExifInfo {
  /** EXIF Orientation, 1–8 (1 = upright). */
  orientation?: number;
  /** DateTimeOriginal as written, 'YYYY:MM:DD HH:MM:SS' (a wall-clock time without a zone). */
  takenAt?: string;
  /** WGS-84 degrees, west negative. */
  lon?: number;
  /** WGS-84 degrees, south negative. */
  lat?: number;
}

export interface ImageSize {
  width: number;
  height: number;
}

const startsWith = (bytes: Uint8Array, at: number, expected: readonly number[]) =>
  at >= 0 && at + expected.length <= bytes.length && expected.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const JPEG_SOI = [0xff, 0xd8, 0xff];
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const EXIF_HEADER = ascii('Exif\0\0');

/** The image type by magic bytes; the file name and the declared MIME type are not evidence. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, 0, JPEG_SOI)) return 'jpeg';
  if (startsWith(bytes, 0, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, 0, RIFF) && startsWith(bytes, 8, WEBP)) return 'webp';
  return null;
}

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 0x10000 + u16be(b, at + 2);

interface JpegSegment {
  marker: number;
  /** Offset of the segment's payload (after its length field). */
  start: number;
  /** End of the payload, clipped to the bytes present. */
  end: number;
}

/**
 * The marker segments of a JPEG header up to its first scan. Markers without a length (RSTn,
 * TEM, SOI) are stepped over; a length below 2 ends the walk, as does running out of bytes.
 * Each step moves forward, so the walk ends on any input.
 */
function* jpegSegments(bytes: Uint8Array): Generator<JpegSegment> {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return; // end of image, start of scan: no header follows
    const length = u16be(bytes, at + 2);
    if (length < 2) return;
    const start = at + 4;
    const end = Math.min(bytes.length, at + 2 + length);
    yield { marker, start, end };
    at += 2 + length;
  }
}

/** SOFn markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC share the range but are not frames. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * The stored pixel size from the header (before any EXIF rotation), without decoding: JPEG SOFn,
 * PNG IHDR, WebP VP8/VP8L/VP8X. Null when the header does not say or is cut short.
 */
export function readImageSize(bytes: Uint8Array): ImageSize | null {
  const type = sniffImageType(bytes);
  let size: ImageSize | null = null;
  if (type === 'jpeg') {
    for (const s of jpegSegments(bytes)) {
      if (isStartOfFrame(s.marker) && s.start + 5 <= s.end) {
        size = { height: u16be(bytes, s.start + 1), width: u16be(bytes, s.start + 3) };
        break;
      }
    }
  } else if (type === 'png') {
    if (startsWith(bytes, 12, ascii('IHDR')) && bytes.length >= 24) {
      size = { width: u32be(bytes, 16), height: u32be(bytes, 20) };
    }
  } else if (type === 'webp') {
    if (startsWith(bytes, 12, ascii('VP8 ')) && startsWith(bytes, 23, [0x9d, 0x01, 0x2a]) && bytes.length >= 30) {
      size = { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
    } else if (startsWith(bytes, 12, ascii('VP8L')) && bytes[20] === 0x2f && bytes.length >= 25) {
      const bits = u16le(bytes, 21) + u16le(bytes, 23) * 0x10000;
      size = { width: (bits & 0x3fff) + 1, height: (Math.floor(bits / 0x4000) & 0x3fff) + 1 };
    } else if (startsWith(bytes, 12, ascii('VP8X')) && bytes.length >= 30) {
      size = { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
    }
  }
  return size !== null && size.width > 0 && size.height > 0 ? size : null;
}

/** A bounds-checked view of a TIFF structure in its own byte order; reads past the end give undefined. */
class TiffReader {
  constructor(
    private readonly bytes: Uint8Array,
    private readonly start: number,
    readonly length: number,
    private readonly littleEndian: boolean,
  ) {}

  u8(offset: number): number | undefined {
    return offset >= 0 && offset < this.length ? this.bytes[this.start + offset] : undefined;
  }

  u16(offset: number): number | undefined {
    if (offset < 0 || offset + 2 > this.length) return undefined;
    const at = this.start + offset;
    return this.littleEndian ? u16le(this.bytes, at) : u16be(this.bytes, at);
  }

  u32(offset: number): number | undefined {
    if (offset < 0 || offset + 4 > this.length) return undefined;
    const a = this.u16(offset) ?? 0;
    const b = this.u16(offset + 2) ?? 0;
    return this.littleEndian ? b * 0x10000 + a : a * 0x10000 + b;
  }

  i32(offset: number): number | undefined {
    const v = this.u32(offset);
    return v === undefined ? undefined : v | 0;
  }
}

const TYPE_SIZE: Readonly<Record<number, number>> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8 };
const ASCII = 2;
const SHORT = 3;
const LONG = 4;
const RATIONAL = 5;
const SRATIONAL = 10;

interface IfdEntry {
  type: number;
  count: number;
  /** Offset of the value: inside the entry when it fits in 4 bytes, else where the entry points. */
  valueOffset: number;
}

/** Tag → entry of the IFD at `offset`; entries that run past the end are left out. */
function readIfd(tiff: TiffReader, offset: number): Map<number, IfdEntry> {
  const entries = new Map<number, IfdEntry>();
  const count = tiff.u16(offset);
  if (count === undefined) return entries;
  for (let i = 0; i < count; i++) {
    const at = offset + 2 + i * 12;
    const tag = tiff.u16(at);
    const type = tiff.u16(at + 2);
    const n = tiff.u32(at + 4);
    const pointer = tiff.u32(at + 8);
    if (tag === undefined || type === undefined || n === undefined || pointer === undefined) break;
    const size = TYPE_SIZE[type];
    if (size === undefined) continue;
    const valueOffset = size * n <= 4 ? at + 8 : pointer;
    if (valueOffset + size * n > tiff.length) continue;
    if (!entries.has(tag)) entries.set(tag, { type, count: n, valueOffset });
  }
  return entries;
}

function readUint(tiff: TiffReader, entry: IfdEntry | undefined): number | undefined {
  if (entry === undefined || entry.count < 1) return undefined;
  if (entry.type === SHORT) return tiff.u16(entry.valueOffset);
  if (entry.type === LONG) return tiff.u32(entry.valueOffset);
  return undefined;
}

function readAscii(tiff: TiffReader, entry: IfdEntry | undefined): string | undefined {
  if (entry === undefined || entry.type !== ASCII) return undefined;
  let text = '';
  for (let i = 0; i < entry.count; i++) {
    const c = tiff.u8(entry.valueOffset + i);
    if (c === undefined || c === 0) break;
    text += String.fromCharCode(c);
  }
  return text;
}

function readRationals(tiff: TiffReader, entry: IfdEntry | undefined): number[] | undefined {
  if (entry === undefined || (entry.type !== RATIONAL && entry.type !== SRATIONAL)) return undefined;
  const values: number[] = [];
  for (let i = 0; i < Math.min(entry.count, 3); i++) {
    const at = entry.valueOffset + i * 8;
    const read = (o: number) => (entry.type === RATIONAL ? tiff.u32(o) : tiff.i32(o));
    const numerator = read(at);
    const denominator = read(at + 4);
    if (numerator === undefined || denominator === undefined || denominator === 0) return undefined;
    values.push(numerator / denominator);
  }
  return values;
}

const TAG = {
  orientation: 0x0112,
  exifIfd: 0x8769,
  gpsIfd: 0x8825,
  dateTimeOriginal: 0x9003,
  gpsLatitudeRef: 0x0001,
  gpsLatitude: 0x0002,
  gpsLongitudeRef: 0x0003,
  gpsLongitude: 0x0004,
} as const;

/** Degrees from [deg, min, sec] (fewer parts allowed), signed by its reference; undefined when out of range. */
function coordinate(
  parts: number[] | undefined,
  ref: string | undefined,
  positive: string,
  negative: string,
  max: number,
): number | undefined {
  if (parts === undefined || parts.length === 0) return undefined;
  const [deg = 0, min = 0, sec = 0] = parts;
  if (deg < 0 || min < 0 || min >= 60 || sec < 0 || sec >= 60) return undefined;
  const value = deg + min / 60 + sec / 3600;
  if (!Number.isFinite(value) || value > max) return undefined;
  const r = ref?.trim().toUpperCase();
  // The reference is mandatory in EXIF; readers take a missing one as north/east, as we do.
  if (r === undefined || r === '' || r === positive) return value;
  if (r === negative) return -value;
  return undefined;
}

const EXIF_DATE_TIME = /^\d{4}:\d{2}:\d{2} \d{2}:\d{2}:\d{2}$/;

/** The TIFF structure of an APP1 Exif segment. */
function readTiff(tiff: TiffReader): ExifInfo {
  const info: ExifInfo = {};
  if (tiff.u16(2) !== 42) return info;
  const ifd0Offset = tiff.u32(4);
  if (ifd0Offset === undefined) return info;
  // Hostile files point IFDs at each other; each is read at most once.
  const seen = new Set<number>();
  const ifdAt = (offset: number | undefined) => {
    if (offset === undefined || seen.has(offset)) return undefined;
    seen.add(offset);
    return readIfd(tiff, offset);
  };

  const ifd0 = ifdAt(ifd0Offset);
  if (ifd0 === undefined) return info;
  const orientation = readUint(tiff, ifd0.get(TAG.orientation));
  if (orientation !== undefined && orientation >= 1 && orientation <= 8) info.orientation = orientation;

  const exif = ifdAt(readUint(tiff, ifd0.get(TAG.exifIfd)));
  const takenAt = readAscii(tiff, exif?.get(TAG.dateTimeOriginal))?.trim();
  if (takenAt !== undefined && EXIF_DATE_TIME.test(takenAt)) info.takenAt = takenAt;

  const gps = ifdAt(readUint(tiff, ifd0.get(TAG.gpsIfd)));
  if (gps !== undefined) {
    const lat = coordinate(
      readRationals(tiff, gps.get(TAG.gpsLatitude)),
      readAscii(tiff, gps.get(TAG.gpsLatitudeRef)),
      'N',
      'S',
      90,
    );
    const lon = coordinate(
      readRationals(tiff, gps.get(TAG.gpsLongitude)),
      readAscii(tiff, gps.get(TAG.gpsLongitudeRef)),
      'E',
      'W',
      180,
    );
    // 0,0 is what phones without a fix write, not a place inspectors visit.
    if (lat !== undefined && lon !== undefined && !(lat === 0 && lon === 0)) {
      info.lat = lat;
      info.lon = lon;
    }
  }
  return info;
}

/**
 * The EXIF facts of a JPEG (the first APP1 segment that starts with 'Exif\0\0'). Anything else —
 * another image type, no EXIF, a truncated or malformed block — gives `{}` or the facts that could
 * be read; a position is given only with both coordinates.
 */
export function readExif(bytes: Uint8Array): ExifInfo {
  if (sniffImageType(bytes) !== 'jpeg') return {};
  for (const s of jpegSegments(bytes)) {
    if (s.marker !== 0xe1 || !startsWith(bytes, s.start, EXIF_HEADER)) continue;
    const start = s.start + EXIF_HEADER.length;
    const order = u16be(bytes, start);
    if (order !== 0x4949 && order !== 0x4d4d) return {};
    return readTiff(new TiffReader(bytes, start, Math.max(0, s.end - start), order === 0x4949));
  }
  return {};
}

/**
 * Epoch seconds of an EXIF time ('YYYY:MM:DD HH:MM:SS'). EXIF times carry no zone; photos taken
 * by inspectors in China are read as China time (UTC+8). Null for an impossible date or time
 * (cameras write '0000:00:00 00:00:00' when the clock was never set).
 */
export function exifTimeToEpoch(takenAt: string): number | null {
  if (!EXIF_DATE_TIME.test(takenAt)) return null;
  return tryParseChinaDateTime(takenAt.replace(/^(\d{4}):(\d{2}):/, '$1-$2-'));
}
