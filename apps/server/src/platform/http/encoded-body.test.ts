import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EncodedBody, QUICK_FIRST_BYTES } from './encoded-body';

/** A JSON answer of the size of a 30-day hourly series: large enough for the quick first form. */
function largeAnswer(): Buffer {
  const rows = Array.from({ length: 720 }, (_, i) => ({
    time: `2026-11-${String(1 + Math.floor(i / 24)).padStart(2, '0')} ${String(i % 24).padStart(2, '0')}:00:00`,
    aqi: (i * 37) % 300,
    pm25: (i * 13) % 250,
    o3: (i * 7) % 200,
  }));
  return Buffer.from(JSON.stringify({ code: 0, msg: '成功', data: rows }));
}

describe('EncodedBody', () => {
  it('answers a large body’s first visitor at once with a quick form, then keeps the better one', async () => {
    const identity = largeAnswer();
    expect(identity.length).toBeGreaterThan(QUICK_FIRST_BYTES);
    const body = new EncodedBody(identity);

    const [firstBr, firstGzip] = await Promise.all([body.body('br'), body.body('gzip')]);
    expect(brotliDecompressSync(firstBr).equals(identity)).toBe(true);
    expect(gunzipSync(firstGzip).equals(identity)).toBe(true);

    await body.prepare();
    const keptBr = body.made('br');
    const keptGzip = body.made('gzip');
    if (keptBr === undefined || keptGzip === undefined) throw new Error('kept forms not made');
    expect(brotliDecompressSync(keptBr).equals(identity)).toBe(true);
    expect(gunzipSync(keptGzip).equals(identity)).toBe(true);
    expect(keptBr.length).toBeLessThanOrEqual(firstBr.length);
    // Everyone after the kept form exists gets those very bytes.
    expect((await body.body('br')).equals(keptBr)).toBe(true);
    expect((await body.body('gzip')).equals(keptGzip)).toBe(true);
  });

  it('makes a small body’s kept form directly, and sends a tiny one as it is', async () => {
    const small = new EncodedBody(Buffer.from(JSON.stringify({ list: Array.from({ length: 200 }, (_, i) => i) })));
    const br = await small.body('br');
    expect(small.made('br')?.equals(br)).toBe(true);
    const tiny = new EncodedBody(Buffer.from('{"code":0}'));
    expect((await tiny.body('br')).toString()).toBe('{"code":0}');
  });
});
