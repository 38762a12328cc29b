import { hash, timingSafeEqual } from 'node:crypto';
import {
  canonicalString,
  ErrorCode,
  NONCE_PATTERN,
  SIGNATURE_HEADERS,
  SIGNATURE_WINDOW_MS,
  unsignableParam,
} from '@lantian/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, invalidField } from '../errors';
import type { SharedState } from '../state';

/**
 * Verifies the public site's request signature (spec §7): a missing or wrong sign, a timestamp
 * more than 5 minutes off, or a nonce seen before is refused with 401. Nonces are remembered in the
 * shared state for twice the window, so a replay is caught by every instance.
 */

const NONCE_TTL_MS = 2 * SIGNATURE_WINDOW_MS;

export interface SignatureOptions {
  key: string;
  state: SharedState;
  now?: () => number;
}

const refuse = (msg: string) => new AppError(ErrorCode.SIGNATURE_INVALID, msg);

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isParams(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

/** The parameters a call signed: its query string, plus its form or JSON body. */
export function signedParams(request: FastifyRequest): Readonly<Record<string, unknown>> {
  const query = isParams(request.query) ? request.query : {};
  const body = isParams(request.body) ? request.body : {};
  return { ...query, ...body };
}

/** A parameter name as quoted back in a message: a hostile name may be long or invisible. */
const quoted = (name: string) => JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);

async function check(request: FastifyRequest, { key, state, now = Date.now }: SignatureOptions): Promise<void> {
  const nonce = header(request, SIGNATURE_HEADERS.nonce);
  const timestamp = header(request, SIGNATURE_HEADERS.timestamp);
  const sign = header(request, SIGNATURE_HEADERS.sign);
  if (nonce === undefined || timestamp === undefined || sign === undefined) {
    throw refuse('请求缺少签名（nonce、timestamp、sign）');
  }
  if (!NONCE_PATTERN.test(nonce)) throw refuse('签名参数 nonce 应为 16 位字母或数字');
  if (!/^\d{13}$/.test(timestamp) || Math.abs(Number(timestamp) - now()) > SIGNATURE_WINDOW_MS) {
    throw refuse('请求时间与服务器相差超过 5 分钟，请校准设备时间后重试');
  }
  // Judged before anything is hashed: each parameter is text, a number or a list of those. A JSON
  // body can carry more (`{"a":{"toString":1}}`), which no client can have signed: 400 naming it.
  const params = signedParams(request);
  const unsignable = unsignableParam(params);
  if (unsignable !== undefined) throw invalidField(quoted(unsignable), '只能是文字、数字或由它们组成的列表');
  // The one-shot hash: half the time of a Hash object, on every public call.
  const expected = hash('sha256', canonicalString(params, nonce, timestamp, key), 'buffer');
  const given = /^[0-9a-fA-F]{64}$/.test(sign) ? Buffer.from(sign, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse('签名校验失败');
  // Only a correctly signed request spends its nonce, so garbage cannot fill the store with nonces.
  if (!(await state.setIfAbsent(`nonce:${nonce}`, '1', NONCE_TTL_MS))) throw refuse('重复的请求，请刷新页面后重试');
}

/**
 * Every route declared `signed` (a public-site call, see http/routes.ts) and registered after this
 * call requires a valid signature; with no options (PUBLIC_API_SIGNATURE=off) none does.
 */
export function registerSignatureCheck(app: FastifyInstance, options: SignatureOptions | undefined) {
  if (options === undefined) return;
  // preValidation: the sign covers the parameters as sent, before schemas trim them, fill defaults or
  // turn them into typed values, and an unsigned request is refused (401) before its parameters are
  // judged (400).
  const verify = async (request: FastifyRequest) => {
    await check(request, options);
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.signed !== true) return;
    const own = route.preValidation;
    route.preValidation = own === undefined ? [verify] : [verify, ...(Array.isArray(own) ? own : [own])];
  });
}
