/**
 * Limits of photo uploads (grid events, patrols), shared by the server that enforces them and the
 * console that tells inspectors before they pick a file. The server checks the type by the file's
 * bytes; `types` is what the console's file picker offers.
 */
export const PHOTO_LIMITS = {
  /** Bytes of one uploaded file, before re-encoding. */
  maxBytes: 15 * 1024 * 1024,
  /** Photos in one request. */
  maxFiles: 9,
  /** Pixels of one image (width × height): a larger one is refused before it is decoded. */
  maxPixels: 40_000_000,
  /** Longest side of the stored JPEG, in pixels. */
  longSide: 2048,
  types: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

/** The hint the console shows beside a photo picker. */
export const PHOTO_LIMITS_TEXT = '支持 JPG、PNG、WebP，单张不超过 15 MB，最多 9 张';
