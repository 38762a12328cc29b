import fs from 'node:fs';
import path from 'node:path';
import { signParams } from '@lantian/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './app';
import { tempDir } from './databases';

/**
 * Helpers for the account API tests: an app whose SMS codes land in a file outbox, whose captcha
 * always reads TEST_CAPTCHA and whose puzzle hole is always at TEST_PUZZLE_X, and a client that
 * signs its calls and carries cookies like the public site in a browser.
 */

export const TEST_CAPTCHA = 'K7PX';
export const TEST_PUZZLE_X = 150;
/** A drag trail with a human wobble. */
export const HUMAN_TRAIL = '0,1,1,2,1,0,-1,0';

/**
 * A drag track (`t,x,y;…`) as a hand makes it with our widget: a sample about every 55 ms, the piece
 * speeding up then braking (ease in and out) to `targetX`, a vertical wobble, 0.8 s in all.
 */
export function humanTrack(targetX: number = TEST_PUZZLE_X, samples = 15): string {
  const wobble = [0, 1, 1, 2, 1, 0, -1, 0, 1, 2, 2, 1, 0, 1, 1];
  return Array.from({ length: samples }, (_, i) => {
    const p = (i + 1) / samples;
    const t = Math.round(120 + p * 700 + (i % 3) * 4);
    const x = ((targetX * (1 - Math.cos(Math.PI * p))) / 2).toFixed(1);
    return `${t},${x},${wobble[i % wobble.length]}`;
  }).join(';');
}
export const HUMAN_TRACK = humanTrack();

export interface AccountsTestApp extends TestApp {
  outboxFile: string;
  /** The codes sent so far (the file: SMS provider's JSON lines). */
  outbox(): Array<{ phone: string; purpose: string; code: string; time: string }>;
}

export async function createAccountsApp(env: Record<string, string> = {}): Promise<AccountsTestApp> {
  const outboxFile = path.join(tempDir('lantian-sms-'), 'outbox.jsonl');
  const app = await createTestApp({
    env: {
      SMS_PROVIDER: `file:${outboxFile}`,
      TEST_CAPTCHA_TEXT: TEST_CAPTCHA,
      TEST_PUZZLE_X: String(TEST_PUZZLE_X),
      ...env,
    },
  });
  return {
    ...app,
    outboxFile,
    outbox: () =>
      fs.existsSync(outboxFile)
        ? fs
            .readFileSync(outboxFile, 'utf8')
            .split('\n')
            .filter((line) => line !== '')
            .map((line) => JSON.parse(line))
        : [],
  };
}

export interface CallOptions {
  params?: Record<string, string>;
  /** Cookies to send, name → value. */
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
  /** The client address (per-IP limits). */
  ip?: string;
  /** Browser context: same-origin page (default), another site, or not a browser at all. */
  from?: 'site' | 'cross-site' | 'none';
}

/** A signed, form-encoded call as the public site makes it. */
export async function call(
  app: TestApp,
  method: 'GET' | 'POST',
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const params = options.params ?? {};
  const signature = await signParams(params, app.config.publicApiKey);
  const encoded = new URLSearchParams(params).toString();
  const from = options.from ?? 'site';
  const headers: Record<string, string> = {
    ...signature,
    ...(from === 'site' ? { 'sec-fetch-site': 'same-origin' } : {}),
    ...(from === 'cross-site' ? { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } : {}),
    ...(options.cookies === undefined
      ? {}
      : {
          cookie: Object.entries(options.cookies)
            .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
            .join('; '),
        }),
    ...options.headers,
  };
  const remoteAddress = options.ip ?? '127.0.0.1';
  if (method === 'GET') {
    return app.server.inject({ method, url: encoded === '' ? url : `${url}?${encoded}`, headers, remoteAddress });
  }
  return app.server.inject({
    method,
    url,
    payload: encoded,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    remoteAddress,
  });
}

/** name → { value, attributes } of the response's Set-Cookie headers. */
export function setCookies(res: LightMyRequestResponse): Map<string, { value: string; attributes: string[] }> {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const out = new Map<string, { value: string; attributes: string[] }>();
  for (const line of list) {
    const [pair = '', ...attributes] = line.split(';').map((p) => p.trim());
    const eq = pair.indexOf('=');
    out.set(pair.slice(0, eq), { value: decodeURIComponent(pair.slice(eq + 1)), attributes });
  }
  return out;
}

export async function captchaUuid(app: TestApp, ip?: string): Promise<string> {
  const res = await call(app, 'GET', '/api/user/getCaptchaImage', ip === undefined ? {} : { ip });
  return res.json().data.uuid;
}

/** Solves a puzzle (hole at TEST_PUZZLE_X) and answers the ticket for `phone`. */
export async function puzzleTicket(app: TestApp, phone: string, ip?: string): Promise<string> {
  const at = ip === undefined ? {} : { ip };
  const puzzle = await call(app, 'GET', '/api/user/getSlidePuzzle', at);
  const res = await call(app, 'POST', '/api/user/checkSlidePuzzle', {
    ...at,
    params: { uuid: puzzle.json().data.uuid, phone, x: String(TEST_PUZZLE_X), trail: HUMAN_TRAIL, track: HUMAN_TRACK },
  });
  if (res.statusCode !== 200) throw new Error(`puzzle failed: ${res.body}`);
  return res.json().data.ticket;
}

export async function requestCode(
  app: TestApp,
  phone: string,
  purpose: 'register' | 'reset' = 'register',
  ip?: string,
): Promise<LightMyRequestResponse> {
  const ticket = await puzzleTicket(app, phone, ip);
  return call(app, 'POST', '/api/user/getMessageCodeData', {
    ...(ip === undefined ? {} : { ip }),
    params: { phone, isValidUser: purpose === 'register' ? '1' : '0', ticket },
  });
}

/**
 * The last code the outbox holds for a phone (and purpose). Password-reset codes are delivered in
 * the background, so this waits a little for them to land.
 */
export async function lastCode(
  app: AccountsTestApp,
  phone: string,
  purpose: 'register' | 'reset' = 'register',
  sentBefore = 0,
): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const sent = app.outbox().filter((m) => m.phone === phone && m.purpose === purpose);
    const last = sent[sent.length - 1];
    if (last !== undefined && sent.length > sentBefore) return last.code;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${purpose} code was sent to ${phone}`);
}

/** Waits until background deliveries have had their chance (nothing more arrives). */
export async function settleOutbox(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 100));
}

export async function registerUser(app: AccountsTestApp, phone: string, password: string): Promise<void> {
  const sent = await requestCode(app, phone, 'register');
  if (sent.statusCode !== 200) throw new Error(`code not sent: ${sent.body}`);
  const res = await call(app, 'POST', '/api/user/register', {
    params: { phone, code: await lastCode(app, phone), password },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
}

export async function login(
  app: TestApp,
  phone: string,
  password: string,
  options: { remember?: boolean; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  const uuid = await captchaUuid(app, options.ip);
  return call(app, 'POST', '/api/user/login', {
    ...(options.ip === undefined ? {} : { ip: options.ip }),
    params: {
      username: phone,
      password,
      verificationCode: TEST_CAPTCHA,
      uuid,
      ...(options.remember ? { remember: '1' } : {}),
    },
  });
}

/** Logs in (as a browser page) and answers the session token, from its HttpOnly cookie. */
export async function loginToken(app: TestApp, phone: string, password: string, remember = false): Promise<string> {
  const res = await login(app, phone, password, { remember });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const token = setCookies(res).get('Authentication-Token')?.value;
  if (token === undefined) throw new Error('login set no token cookie');
  return token;
}
