/**
 * autocannon's setupRequest for signed calls (bundled to CommonJS by signed-requests.ts: autocannon's
 * worker threads `require` a file): every request gets a fresh nonce, the current timestamp and the
 * signature of its parameters, exactly as the web client computes them (contracts' canonicalString).
 */
import { createHash } from 'node:crypto';
import { canonicalString, createNonce } from '@lantian/contracts';

interface RawRequest {
  method?: string;
  path?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

const KEY = process.env.BENCH_SIGN_KEY ?? 'lantian-public-web-v1';

function paramsOf(request: RawRequest): Record<string, string> {
  const path = request.path ?? '/';
  const query = path.includes('?') ? path.slice(path.indexOf('?') + 1) : '';
  const body = request.body === undefined ? '' : String(request.body);
  return Object.fromEntries([...new URLSearchParams(query), ...new URLSearchParams(body)]);
}

export default function signRequest(request: RawRequest): RawRequest {
  const nonce = createNonce();
  const timestamp = String(Date.now());
  const sign = createHash('sha256')
    .update(canonicalString(paramsOf(request), nonce, timestamp, KEY))
    .digest('hex');
  return { ...request, headers: { ...request.headers, nonce, timestamp, sign } };
}
