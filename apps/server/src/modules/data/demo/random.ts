/**
 * Seeded, stateless randomness for the demo model. Every random quantity is a hash of integers (the
 * seed, a place, a time lattice point…), never Math.random, so that any hour of any station can be
 * recomputed on its own: the seeder and the hourly scheduler get the same numbers without sharing state.
 */

/** MurmurHash3's 32-bit finaliser: a fast avalanche of one 32-bit integer. */
export function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85eb_ca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2_ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function hash2(a: number, b: number): number {
  return mix32(Math.imul(mix32(a ^ 0x9e37_79b9), 0x27d4_eb2f) ^ (b | 0));
}

export function hash3(a: number, b: number, c: number): number {
  return mix32(Math.imul(hash2(a, b), 0x1656_67b1) ^ (c | 0));
}

export function hash4(a: number, b: number, c: number, d: number): number {
  return mix32(Math.imul(hash3(a, b, c), 0x2f0f_3b4d) ^ (d | 0));
}

/** FNV-1a of a string's UTF-16 units, finalised: station codes and names become hash inputs. */
export function hashString(text: string): number {
  let h = 0x811c_9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x0100_0193);
  }
  return mix32(h);
}

/** A hash as a number in [0, 1). */
export function unit(hash: number): number {
  return hash / 4_294_967_296;
}

/** A hash as a number in [-1, 1). */
export function signed(hash: number): number {
  return hash / 2_147_483_648 - 1;
}

/** Mulberry32: a small sequential PRNG, for drawing lists (stations of a city) from one seed. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b_79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const smooth = (f: number) => f * f * (3 - 2 * f);

/** Value noise in one dimension: smooth, in [-1, 1], one random value per integer lattice point. */
export function noise1(seed: number, x: number): number {
  const i = Math.floor(x);
  const u = smooth(x - i);
  const a = signed(hash2(seed, i));
  const b = signed(hash2(seed, i + 1));
  return a + (b - a) * u;
}

/**
 * Value noise in three dimensions (longitude, latitude and time in lattice units): nearby places and
 * nearby hours get similar values, which is what makes neighbouring cities move together.
 */
export function noise3(seed: number, x: number, y: number, z: number): number {
  const ix = Math.floor(x);
  const iy = Math.floor(y);
  const iz = Math.floor(z);
  const u = smooth(x - ix);
  const v = smooth(y - iy);
  const w = smooth(z - iz);
  const c000 = signed(hash4(seed, ix, iy, iz));
  const c100 = signed(hash4(seed, ix + 1, iy, iz));
  const c010 = signed(hash4(seed, ix, iy + 1, iz));
  const c110 = signed(hash4(seed, ix + 1, iy + 1, iz));
  const c001 = signed(hash4(seed, ix, iy, iz + 1));
  const c101 = signed(hash4(seed, ix + 1, iy, iz + 1));
  const c011 = signed(hash4(seed, ix, iy + 1, iz + 1));
  const c111 = signed(hash4(seed, ix + 1, iy + 1, iz + 1));
  const x00 = c000 + (c100 - c000) * u;
  const x10 = c010 + (c110 - c010) * u;
  const x01 = c001 + (c101 - c001) * u;
  const x11 = c011 + (c111 - c011) * u;
  const y0 = x00 + (x10 - x00) * v;
  const y1 = x01 + (x11 - x01) * v;
  return y0 + (y1 - y0) * w;
}

export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

/** 0 below `edge0`, 1 above `edge1`, a smooth ramp between. */
export function smoothstep(edge0: number, edge1: number, x: number): number {
  return smooth(clamp((x - edge0) / (edge1 - edge0), 0, 1));
}

/**
 * {@link noise3} at a fixed place, read along time: the two time planes around the current time are
 * cached, so a series costs a few hashes per lattice step instead of eight per call. The arithmetic
 * is noise3's, in the same order, so a track and a fresh call give the same number to the bit.
 */
export class NoiseTrack {
  private readonly ix: number;
  private readonly iy: number;
  private readonly u: number;
  private readonly v: number;
  private cachedZ = Number.NaN;
  private plane0 = 0;
  private plane1 = 0;

  constructor(
    private readonly seed: number,
    x: number,
    y: number,
    private readonly timeScale: number,
  ) {
    this.ix = Math.floor(x);
    this.iy = Math.floor(y);
    this.u = smooth(x - this.ix);
    this.v = smooth(y - this.iy);
  }

  private plane(iz: number): number {
    const { seed, ix, iy, u, v } = this;
    const c000 = signed(hash4(seed, ix, iy, iz));
    const c100 = signed(hash4(seed, ix + 1, iy, iz));
    const c010 = signed(hash4(seed, ix, iy + 1, iz));
    const c110 = signed(hash4(seed, ix + 1, iy + 1, iz));
    const x00 = c000 + (c100 - c000) * u;
    const x10 = c010 + (c110 - c010) * u;
    return x00 + (x10 - x00) * v;
  }

  at(t: number): number {
    const z = t / this.timeScale;
    const iz = Math.floor(z);
    if (iz !== this.cachedZ) {
      if (iz === this.cachedZ + 1) {
        this.plane0 = this.plane1;
        this.plane1 = this.plane(iz + 1);
      } else {
        this.plane0 = this.plane(iz);
        this.plane1 = this.plane(iz + 1);
      }
      this.cachedZ = iz;
    }
    return this.plane0 + (this.plane1 - this.plane0) * smooth(z - iz);
  }
}
