import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers over 1 KiB (API JSON and the web apps' files) with Brotli or gzip, as the client
 * accepts. A national map is ~420 KB of JSON and ~40 KB compressed; the first screen's JavaScript
 * shrinks about fourfold. Brotli runs at quality 4: on-the-fly compression at the default 11 costs
 * more CPU than it saves bandwidth; the web app's built files come pre-compressed at quality 11 instead
 * (static-apps.ts), and this plugin leaves an answer that already has a Content-Encoding alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
