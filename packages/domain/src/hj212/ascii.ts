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

// Every runtime this package runs in (Node, browsers) has TextDecoder; the package is built without
// DOM or Node typings, so its shape is declared here.
declare const TextDecoder: new (label: string) => { decode(input: Uint8Array): string };

/** WHATWG "latin1" is windows-1252: exact for every byte but 0x80–0x9F, which the fallback handles. */
const WINDOWS_1252 = new TextDecoder('latin1');
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

/**
 * One character per byte (Latin-1 view). For ASCII input this is the exact text; for anything else it
 * still shows the bytes one-to-one, which is what error reports want (no byte is hidden or merged).
 * The gateway decodes every frame with it: the native decoder takes 0.4 µs a kilobyte where building
 * the string in JavaScript took 25 µs (`npm run bench -- gateway`).
 */
export function bytesToLatin1(bytes: Uint8Array, from = 0, to = bytes.length): string {
  const decoded = WINDOWS_1252.decode(bytes.subarray(from, to));
  if (!BEYOND_LATIN1.test(decoded)) return decoded;
  // Bytes 0x80–0x9F became windows-1252 letters: build the one-to-one view by hand.
  let out = '';
  const CHUNK = 4096;
  for (let i = from; i < to; i += CHUNK) {
    out += String.fromCharCode.apply(null, bytes.subarray(i, Math.min(to, i + CHUNK)) as unknown as number[]);
  }
  return out;
}
