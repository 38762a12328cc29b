/**
 * autocannon's setupRequest for signed calls (bundled to CommonJS by cannon.ts: autocannon's worker
 * threads `require` a file): every request gets a fresh nonce, the current timestamp and the
 * signature of its parameters, exactly as the web client computes them (contracts' canonicalString).
 * It runs once per request in the load generator, so what can be done once is: a bench sends the
 * same few requests again and again, and their parameters are parsed once.
 */
import { hash } from 'node:crypto';
import { canonicalString, createNonce } from '@lantian/contracts/signature';

interface RawRequest {
  method?: string;
  path?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

const KEY = process.env.BENCH_SIGN_KEY ?? 'lantian-public-web-v1';

const parsed = new Map<string, Record<string, string>>();

function paramsOf(request: RawRequest): Record<string, string> {
  const path = request.path ?? '/';
  const body = request.body === undefined ? '' : String(request.body);
  const key = `${path}\n${body}`;
  let params = parsed.get(key);
  if (params === undefined) {
    const query = path.includes('?') ? path.slice(path.indexOf('?') + 1) : '';
    params = Object.fromEntries([...new URLSearchParams(query), ...new URLSearchParams(body)]);
    parsed.set(key, params);
  }
  return params;
}

export default function signRequest(request: RawRequest): RawRequest {
  const nonce = createNonce();
  const timestamp = String(Date.now());
  const sign = hash('sha256', canonicalString(paramsOf(request), nonce, timestamp, KEY), 'hex');
  // autocannon hands over a fresh copy of the request and of its headers each time.
  const headers = request.headers ?? {};
  headers.nonce = nonce;
  headers.timestamp = timestamp;
  headers.sign = sign;
  request.headers = headers;
  return request;
}
