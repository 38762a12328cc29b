import { deflateSync, inflateSync } from 'node:zlib';

/**
 * Gridded lidar values as stored: extinction in thousandths of 1/km (16 bits: up to 65.535 1/km,
 * far above any aerosol), depolarisation in 1/200ths (8 bits: 0–1.27), each deflated; the top value
 * of each means "no data" (NaN: the return was lost in noise). A 360 × 800
 * scan is 864 KB as 32-bit floats and about 400 KB packed.
 */

const NO_DATA_16 = 65_535;
const NO_DATA_8 = 255;

export function packExtinction(values: ArrayLike<number>): Buffer {
  const out = new Uint16Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i] ?? 0;
    out[i] = Number.isNaN(v) ? NO_DATA_16 : Math.min(NO_DATA_16 - 1, Math.max(0, Math.round(v * 1000)));
  }
  return deflateSync(Buffer.from(out.buffer), { level: 6 });
}

export function unpackExtinction(blob: Uint8Array): Float32Array {
  const raw = inflateSync(blob);
  const view = new Uint16Array(raw.buffer, raw.byteOffset, raw.byteLength / 2);
  const out = new Float32Array(view.length);
  for (let i = 0; i < view.length; i++) out[i] = view[i] === NO_DATA_16 ? Number.NaN : (view[i] ?? 0) / 1000;
  return out;
}

export function packDepol(values: ArrayLike<number>): Buffer {
  const out = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i] ?? 0;
    out[i] = Number.isNaN(v) ? NO_DATA_8 : Math.min(NO_DATA_8 - 1, Math.max(0, Math.round(v * 200)));
  }
  return deflateSync(Buffer.from(out.buffer), { level: 6 });
}

export function unpackDepol(blob: Uint8Array): Float32Array {
  const raw = inflateSync(blob);
  const out = new Float32Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw[i] === NO_DATA_8 ? Number.NaN : (raw[i] ?? 0) / 200;
  return out;
}
