import { createHash } from 'node:crypto';
import { ErrorCode, PHOTO_LIMITS } from '@lantian/contracts';
import { exifTimeToEpoch, readExif, readImageSize, sniffImageType } from '@lantian/domain';
import { createCanvas, type Image, loadImage } from '@napi-rs/canvas';
import type { FastifyReply } from 'fastify';
import { AppError } from '../errors';

/**
 * Turns a photo from an inspector's phone into what we store: the type checked by its bytes, the
 * size checked before decoding, the EXIF position and time read, the picture turned upright,
 * scaled to at most `longSide` and re-encoded as JPEG. The re-encoded file carries no metadata at
 * all (no EXIF, no GPS, no maker notes, no embedded thumbnail): only the position and time we
 * return travel on, as columns the operator's area scope governs. The original bytes are never
 * stored, served or executed.
 */

export interface PhotoOptions {
  /** Bytes of the uploaded file; default PHOTO_LIMITS.maxBytes. */
  maxBytes?: number;
  /** Pixels (width × height) of the image; default PHOTO_LIMITS.maxPixels. */
  maxPixels?: number;
  /** Longest side of the output; default PHOTO_LIMITS.longSide. */
  longSide?: number;
  /** How messages name the photo, e.g. '第 2 张照片'; default '照片'. */
  label?: string;
}

export interface PreparedPhoto {
  /** The re-encoded JPEG, without metadata. */
  jpeg: Buffer;
  /** Pixel size of `jpeg`, upright. */
  width: number;
  height: number;
  /** EXIF GPS position (WGS-84 degrees), null when the photo has none. */
  lon: number | null;
  lat: number | null;
  /** EXIF DateTimeOriginal read as China time, epoch seconds; null when absent or impossible. */
  takenAt: number | null;
  /** SHA-256 of `jpeg`, hex. */
  sha256: string;
}

/** JPEG quality of stored photos (GRID.md "Photos"). */
const JPEG_QUALITY = 82;

/**
 * Decoding a 40-megapixel photo takes 160 MB of pixels; at most this many decode at once in the
 * process, whatever the number of uploads in flight.
 */
const MAX_CONCURRENT_DECODES = 2;
let decoding = 0;
const waiting: Array<() => void> = [];

async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (decoding < MAX_CONCURRENT_DECODES) decoding++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, if any.
    const next = waiting.shift();
    if (next === undefined) decoding--;
    else next();
  }
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
const megapixels = (pixels: number) => `${Math.round(pixels / 1e6)} 百万像素`;

async function decode(bytes: Buffer, label: string): Promise<Image> {
  try {
    return await loadImage(bytes);
  } catch (err) {
    throw new AppError(ErrorCode.BAD_REQUEST, `${label}已损坏或不完整，无法读取，请重新拍摄或选择其他照片`, {
      cause: err,
    });
  }
}

export interface ImageOptions extends PhotoOptions {
  /**
   * jpeg (photos: no transparency, smallest) or png (pictures whose transparent parts matter: icons
   * and drawings of the dashboards, images of reports). Either way the output carries no metadata.
   */
  format: 'jpeg' | 'png';
}

export interface PreparedImage {
  data: Buffer;
  mime: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  sha256: string;
}

/**
 * Any uploaded picture made safe to keep and serve: the type checked by its bytes, size and pixel
 * limits checked before decoding, decoded upright, scaled to at most `longSide` and re-encoded, so
 * that nothing of the original file (metadata, trailing bytes, a polyglot's other half) survives.
 */
export async function prepareImage(bytes: Buffer, options: ImageOptions): Promise<PreparedImage> {
  checkUpload(bytes, options);
  const out = await reencode(bytes, options);
  return { ...out, sha256: createHash('sha256').update(out.data).digest('hex') };
}

function checkUpload(bytes: Buffer, options: PhotoOptions): { type: NonNullable<ReturnType<typeof sniffImageType>> } {
  const maxBytes = options.maxBytes ?? PHOTO_LIMITS.maxBytes;
  const maxPixels = options.maxPixels ?? PHOTO_LIMITS.maxPixels;
  const label = options.label ?? '照片';
  if (bytes.length > maxBytes) {
    throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `${label}超过 ${megabytes(maxBytes)}，请压缩后再上传`, {
      data: { maxBytes },
    });
  }
  const type = sniffImageType(bytes);
  if (type === null) {
    throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, `${label}不是 JPG、PNG 或 WebP 格式的图片`, {
      data: { types: PHOTO_LIMITS.types },
    });
  }
  // The header's size is what the decoder will allocate: refuse before it does.
  const declared = readImageSize(bytes);
  if (declared !== null && declared.width * declared.height > maxPixels) throw tooManyPixels(label, maxPixels);
  return { type };
}

const tooManyPixels = (label: string, maxPixels: number) =>
  new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `${label}像素过多（超过 ${megapixels(maxPixels)}），请缩小后再上传`, {
    data: { maxPixels },
  });

async function reencode(
  bytes: Buffer,
  options: ImageOptions,
): Promise<{ data: Buffer; mime: 'image/jpeg' | 'image/png'; width: number; height: number }> {
  const maxPixels = options.maxPixels ?? PHOTO_LIMITS.maxPixels;
  const longSide = options.longSide ?? PHOTO_LIMITS.longSide;
  const label = options.label ?? '照片';
  return withDecodeSlot(async () => {
    // The decoder applies the EXIF orientation itself: `image` is upright (photos.test.ts checks it).
    const image = await decode(bytes, label);
    if (image.width * image.height > maxPixels) throw tooManyPixels(label, maxPixels);
    if (image.width < 1 || image.height < 1) {
      throw new AppError(ErrorCode.BAD_REQUEST, `${label}没有图像内容，请重新选择`);
    }
    const scale = Math.min(1, longSide / Math.max(image.width, image.height));
    const width = Math.max(1, Math.round(image.width * scale));
    const height = Math.max(1, Math.round(image.height * scale));
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (options.format === 'jpeg') {
      // JPEG has no transparency: transparent PNG/WebP areas become white, not black.
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, width, height);
    }
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(image, 0, 0, width, height);
    // A quality number, not an options object: with a number the encoder writes no metadata.
    if (options.format === 'jpeg')
      return { data: await canvas.encode('jpeg', JPEG_QUALITY), mime: 'image/jpeg', width, height };
    return { data: await canvas.encode('png'), mime: 'image/png', width, height };
  });
}

export async function preparePhoto(bytes: Buffer, options: PhotoOptions = {}): Promise<PreparedPhoto> {
  const { type } = checkUpload(bytes, options);
  const exif = type === 'jpeg' ? readExif(bytes) : {};
  const jpeg = await reencode(bytes, { ...options, format: 'jpeg' });
  const hasPosition = exif.lon !== undefined && exif.lat !== undefined;
  return {
    jpeg: jpeg.data,
    width: jpeg.width,
    height: jpeg.height,
    lon: hasPosition ? (exif.lon ?? null) : null,
    lat: hasPosition ? (exif.lat ?? null) : null,
    takenAt: exif.takenAt === undefined ? null : exifTimeToEpoch(exif.takenAt),
    sha256: createHash('sha256').update(jpeg.data).digest('hex'),
  };
}

/** A stored photo as routes answer it: its bytes, type and content hash. */
export interface ServedPhoto {
  data: Buffer;
  mime: string;
  etag: string;
}

/**
 * Answers a stored photo: cached privately (the bytes of an id never change), never sniffed into
 * another type. Every route that serves an uploaded photo answers through this.
 */
export function sendPhoto(reply: FastifyReply, photo: ServedPhoto) {
  return reply
    .header('content-type', photo.mime)
    .header('cache-control', 'private, max-age=86400, immutable')
    .header('etag', photo.etag)
    .header('x-content-type-options', 'nosniff')
    .send(photo.data);
}
