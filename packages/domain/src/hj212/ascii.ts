/**
 * ASCII ↔ bytes by hand. The domain package compiles without DOM or Node types, so `TextEncoder`,
 * `TextDecoder` and `Buffer` are not available here; HJ 212 frames are pure ASCII anyway, and doing
 * it by hand lets us refuse anything above 0x7F instead of silently mapping it to U+FFFD.
 */

/** Highest code unit an HJ 212 frame may contain. */
export const ASCII_MAX = 0x7f;

/** True when every code unit of `text` is ASCII (0x00–0x7F). */
export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > ASCII_MAX) return false;
  }
  return true;
}

/** True when every code unit is printable ASCII (0x20–0x7E), as a data segment must be. */
export function isPrintableAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

/**
 * Bytes of an ASCII string, e.g. an encoded frame to write to a socket.
 * Throws a RangeError on a non-ASCII character: that is a programming error, never wire input.
 */
export function asciiToBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > ASCII_MAX) throw new RangeError(`non-ASCII character at index ${i}`);
    out[i] = c;
  }
  return out;
}

/**
 * One character per byte (Latin-1 view). For ASCII input this is the exact text; for anything else it
 * still shows the bytes one-to-one, which is what error reports want (no byte is hidden or merged).
 */
export function bytesToLatin1(bytes: Uint8Array, from = 0, to = bytes.length): string {
  let out = '';
  // Chunks keep String.fromCharCode's argument list short whatever the slice length.
  const CHUNK = 4096;
  for (let i = from; i < to; i += CHUNK) {
    out += String.fromCharCode(...bytes.subarray(i, Math.min(to, i + CHUNK)));
  }
  return out;
}
