import { createHash } from 'node:crypto';
import {
  ACCOUNT_COOKIES,
  ACCOUNT_HEADERS,
  canonicalString,
  createNonce,
  OPEN_API_CODES,
  PLATFORM_COOKIES,
  SIGNATURE_HEADERS,
} from '@lantian/contracts';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { RouteAccess } from '../platform/http/access';
import { call, captchaUuid } from '../testing/accounts';
import type { TestApp } from '../testing/app';
import { adminToken, dataOf, PLATFORM_CAPTCHA, platformCall } from '../testing/platform';
import { insertUsers } from '../testing/users';
import {
  bodyFor,
  type FuzzBody,
  formText,
  hostileText,
  parsedForm,
  pathFor,
  type RouteShape,
  shapeOf,
} from './arbitraries';

/**
 * The harness of the route fuzz (routes.fuzz.test.ts): sends generated requests to one route as
 * a given kind of caller and judges every answer:
 * - the status is below 500;
 * - an error (4xx), and a success of a route that declares a JSON answer, is the envelope
 *   `{ code, msg }` with a numeric code (files, images, pages, redirects and streams are exempt);
 * - a refused request (4xx) wrote nothing to the database but the audit trail's record of the
 *   refusal (`select total_changes()` on the app's SQLite connection, before and after).
 */

/** A case's answer is read up to this many bytes (a whole boundary file is not needed to judge it). */
const MAX_BODY_BYTES = 256 * 1024;
/** Above the application's 1 MiB body limit. */
const OVERSIZE = Buffer.alloc(1024 * 1024 + 1024, 'a');

export type Caller = 'anonymous' | 'signed' | 'user' | 'operator' | 'openApi';

export interface Credentials {
  user: string;
  operator: string;
  openApi: string;
}

interface FuzzCase {
  path: string;
  query: string;
  body: FuzzBody;
  ip: string;
  /** Send the credentials as the browser does (cookie, same-origin page) rather than in a header. */
  viaCookie: boolean;
  /** A public call also carries the visitor's token (public account calls read it when present). */
  withUser: boolean;
  /** Junk in headers an anonymous caller controls. */
  junkHeaders: Record<string, string>;
}

interface Answer {
  status: number;
  contentType: string;
  body: Buffer;
}

const junkHeaders: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  fc.constantFrom(
    'cookie',
    'authorization',
    ACCOUNT_HEADERS.token,
    SIGNATURE_HEADERS.nonce,
    SIGNATURE_HEADERS.timestamp,
    SIGNATURE_HEADERS.sign,
    'sec-fetch-site',
    'origin',
    'accept-encoding',
    'range',
    'if-none-match',
  ),
  // Header values must be printable ASCII, or the client refuses to send them at all.
  hostileText.map((t) => t.replace(/[^\x20-\x7e]/g, '').slice(0, 2_000)),
  { maxKeys: 3 },
);

function caseFor(shape: RouteShape): fc.Arbitrary<FuzzCase> {
  return fc.record({
    path: pathFor(shape),
    query: formText(shape.query),
    body: bodyFor(shape),
    ip: fc.oneof(fc.ipV4(), fc.ipV6()),
    viaCookie: fc.boolean(),
    withUser: fc.boolean(),
    junkHeaders: fc.option(junkHeaders, { freq: 3, nil: {} }),
  });
}

/** The parameters the server will see in a body (to sign them as a client would). */
function bodyParams(body: FuzzBody): Record<string, unknown> {
  if (body.kind === 'form') return parsedForm(body.text);
  if (body.kind !== 'json') return {};
  try {
    const parsed: unknown = JSON.parse(body.text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    // Not JSON: the server answers 400 before any signature is looked at.
    return {};
  }
}

/** Whether the route's success is the JSON envelope (it declares its answer), or a file, page or stream. */
function answersEnvelope(route: RouteAccess): boolean {
  const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
  return response?.[200] !== undefined;
}

function envelopeProblem(answer: Answer): string | undefined {
  if (!answer.contentType.startsWith('application/json')) return `content-type ${answer.contentType || '(none)'}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body.toString('utf8'));
  } catch {
    return 'body is not JSON';
  }
  if (typeof body !== 'object' || body === null) return 'body is not an object';
  const { code, msg } = body as { code?: unknown; msg?: unknown };
  if (typeof code !== 'number' || !Number.isInteger(code)) return 'no numeric code';
  if (typeof msg !== 'string' || msg === '') return 'no msg';
  return undefined;
}

/** The callers a route is fuzzed as: always anonymous, and as the kind of caller it is for. */
export function callersOf(route: RouteAccess): Caller[] {
  const access = route.access ?? 'public';
  if (access === 'user') return ['anonymous', 'user'];
  if (access.startsWith('operator:')) return ['anonymous', 'operator'];
  if (access.startsWith('openApi:')) return ['anonymous', 'openApi'];
  return route.signed ? ['anonymous', 'signed'] : ['anonymous'];
}

export class RouteFuzzer {
  /** Answers by status class, and cases sent (shrinking included). */
  readonly answers = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  cases = 0;
  /** Routes (method and URL) that answered a success to some case: the fuzz got past validation into them. */
  readonly succeeded = new Set<string>();

  constructor(
    private readonly app: TestApp,
    /** Without credentials only anonymous callers are tried. */
    private readonly credentials?: Credentials,
  ) {}

  /** Runs `runs` cases per caller of `route`; answers one line per failing caller (with its shrunk case). */
  async fuzz(route: RouteAccess, runs: (caller: Caller) => number, seed: number): Promise<string[]> {
    const failures: string[] = [];
    const shape = shapeOf(route);
    const callers = callersOf(route).filter((c) => c === 'anonymous' || this.credentials !== undefined);
    for (const caller of callers) {
      const result = await fc.check(
        fc.asyncProperty(caseFor(shape), async (fuzz) => {
          const problem = await this.judge(route, caller, fuzz);
          if (problem !== '') throw new Error(problem);
        }),
        { numRuns: runs(caller), seed, interruptAfterTimeLimit: 20_000, markInterruptAsFailure: false },
      );
      if (result.failed) {
        const example = JSON.stringify(result.counterexample?.[0], (_k, v) =>
          typeof v === 'string' && v.length > 200 ? `${v.slice(0, 200)}…(${v.length})` : v,
        );
        const error =
          result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        failures.push(`${route.method} ${route.url} as ${caller}: ${error}\n    case: ${example}`);
      }
    }
    return failures;
  }

  /** Everything wrong with one answer ('' when nothing is). */
  private async judge(route: RouteAccess, caller: Caller, fuzz: FuzzCase): Promise<string> {
    const before = await this.writeCounters();
    const answer = await this.send(route, caller, fuzz);
    const after = await this.writeCounters();
    this.cases += 1;
    const statusClass = `${Math.floor(answer.status / 100)}xx`;
    if (statusClass in this.answers) this.answers[statusClass as keyof typeof this.answers] += 1;
    if (answer.status < 300) this.succeeded.add(`${route.method} ${route.url}`);
    const problems: string[] = [];
    const excerpt = answer.body.toString('utf8').slice(0, 300);
    if (answer.status >= 500) problems.push(`answered ${answer.status}: ${excerpt}`);
    const mustBeEnvelope =
      route.method !== 'HEAD' && (answer.status >= 400 || (answer.status < 300 && answersEnvelope(route)));
    const envelope = mustBeEnvelope ? envelopeProblem(answer) : undefined;
    if (envelope !== undefined) problems.push(`${answer.status} is not the envelope (${envelope}): ${excerpt}`);
    if (answer.status >= 400 && answer.status < 500) {
      const written = after.changes - before.changes - (after.refusals - before.refusals);
      if (written !== 0) problems.push(`refused with ${answer.status} but wrote ${written} row(s): ${excerpt}`);
    }
    return problems.join('; ');
  }

  /** What a refused request may write: the audit trail's record of a refusal, nothing else. */
  private async writeCounters(): Promise<{ changes: number; refusals: number }> {
    const { rows } = await sql<{ changes: number; refusals: number }>`
      select total_changes() as changes, (select count(*) from audit_log where outcome = 'failure') as refusals
    `.execute(this.app.database.db);
    const row = rows[0];
    if (row === undefined) throw new Error('no counters');
    return { changes: Number(row.changes), refusals: Number(row.refusals) };
  }

  private signatureFor(fuzz: FuzzCase): Record<string, string> {
    const params = { ...parsedForm(fuzz.query), ...bodyParams(fuzz.body) };
    const nonce = createNonce();
    const timestamp = String(Date.now());
    let text: string;
    try {
      text = canonicalString(params, nonce, timestamp, this.app.config.publicApiKey);
    } catch {
      // Parameters no client can sign (an older canonicalString threw on them): a sign of nothing,
      // and the server must still answer below 500.
      text = '';
    }
    return { nonce, timestamp, sign: createHash('sha256').update(text).digest('hex') };
  }

  private credentialHeaders(caller: Caller, fuzz: FuzzCase): Record<string, string> {
    const credentials = this.credentials;
    if (credentials === undefined) return {};
    const sameOrigin = { 'sec-fetch-site': 'same-origin' };
    switch (caller) {
      case 'user':
        return fuzz.viaCookie
          ? { cookie: `${ACCOUNT_COOKIES.token}=${credentials.user}`, ...sameOrigin }
          : { [ACCOUNT_HEADERS.token]: credentials.user };
      case 'signed':
        return fuzz.withUser ? { [ACCOUNT_HEADERS.token]: credentials.user } : {};
      case 'operator':
        return fuzz.viaCookie
          ? { cookie: `${PLATFORM_COOKIES.token}=${credentials.operator}`, ...sameOrigin }
          : { authorization: `Bearer ${credentials.operator}` };
      case 'openApi':
        return { [ACCOUNT_HEADERS.token]: credentials.openApi };
      case 'anonymous':
        return {};
    }
  }

  private async send(route: RouteAccess, caller: Caller, fuzz: FuzzCase): Promise<Answer> {
    const headers: Record<string, string> = caller === 'anonymous' ? { ...fuzz.junkHeaders } : {};
    let payload: string | Buffer | undefined;
    const body = fuzz.body;
    if (body.kind === 'json' || body.kind === 'form') payload = body.text;
    if (body.kind === 'raw' || body.kind === 'multipart') payload = body.bytes;
    if (body.kind === 'oversize') payload = OVERSIZE;
    if (body.kind === 'json') headers['content-type'] = 'application/json';
    else if (body.kind !== 'none' && body.contentType !== undefined) headers['content-type'] = body.contentType;
    if (caller !== 'anonymous') {
      Object.assign(headers, this.credentialHeaders(caller, fuzz));
      if (route.signed) Object.assign(headers, this.signatureFor(fuzz));
    }
    const res = await this.app.server.inject({
      method: route.method as 'GET',
      url: fuzz.query === '' ? fuzz.path : `${fuzz.path}?${fuzz.query}`,
      headers,
      remoteAddress: fuzz.ip,
      // Resolves at the response's head, so that an endless answer (an event stream) cannot hang the fuzz.
      payloadAsStream: true,
      ...(payload === undefined ? {} : { payload }),
    });
    const contentType = String(res.headers['content-type'] ?? '');
    const chunks: Buffer[] = [];
    if (!contentType.startsWith('text/event-stream')) {
      let size = 0;
      for await (const chunk of res.stream()) {
        const bytes = Buffer.from(chunk as Uint8Array);
        chunks.push(bytes);
        size += bytes.length;
        if (size > MAX_BODY_BYTES) break;
      }
    }
    // Ends the answer (a stream's subscriber is dropped when its response closes).
    res.raw.res.destroy();
    return { status: res.statusCode, contentType, body: Buffer.concat(chunks) };
  }
}

// ---------------------------------------------------------------------------------------------
// Callers with valid credentials of each kind

const VISITOR = { phone: '13900139000', password: 'Fuzz#2026pw' };

/**
 * The visitor's account is put in the database directly (registration, with its puzzle and SMS
 * code, has tests of its own and is fuzzed as a route); signing in goes through the login route.
 */
async function createVisitor(app: TestApp): Promise<void> {
  await insertUsers(app.database, [VISITOR.phone], VISITOR.password);
}

async function signInVisitor(app: TestApp): Promise<string> {
  const uuid = await captchaUuid(app);
  // As a client other than a browser page, which gets the token in the answer.
  const res = await call(app, 'POST', '/api/user/login', {
    from: 'none',
    params: { username: VISITOR.phone, password: VISITOR.password, verificationCode: PLATFORM_CAPTCHA, uuid },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json().token;
}

async function openApiToken(app: TestApp, admin: string): Promise<string> {
  const { appKey, appSecret } = dataOf<{ appKey: string; appSecret: string }>(
    await platformCall(app, {
      url: '/sys/openapi/save',
      token: admin,
      body: { name: '模糊测试', apis: [...OPEN_API_CODES], rateLimitPerMinute: 100_000 },
    }),
  );
  return dataOf<{ token: string }>(await platformCall(app, { url: '/api/open/token', body: { appKey, appSecret } }))
    .token;
}

/**
 * A signed-in visitor, the bootstrap administrator (every permission, the whole country) and an
 * open-API application granted every API. `app` is a platform test app (createPlatformApp).
 */
export async function createCredentials(app: TestApp): Promise<Credentials> {
  await createVisitor(app);
  const operator = await adminToken(app);
  return { user: await signInVisitor(app), operator, openApi: await openApiToken(app, operator) };
}

/**
 * Makes sure each caller's credentials still work before a route's cases (a fuzzed sign-out may
 * have ended them), and lets their once-a-minute bookkeeping (a session's last-seen time, an
 * application's last use) happen here rather than during the cases.
 */
export async function refreshCredentials(app: TestApp, credentials: Credentials): Promise<void> {
  const user = await call(app, 'GET', '/api/user/getUserConfig', {
    from: 'none',
    headers: { [ACCOUNT_HEADERS.token]: credentials.user },
  });
  if (user.statusCode !== 200) credentials.user = await signInVisitor(app);
  const operator = await platformCall(app, { url: '/zhhb/center/status', token: credentials.operator });
  if (operator.statusCode !== 200) credentials.operator = await adminToken(app);
  const open = await app.server.inject({
    method: 'GET',
    url: '/api/open/auto/apiInfo',
    headers: { [ACCOUNT_HEADERS.token]: credentials.openApi },
  });
  if (open.statusCode !== 200) throw new Error(`the open-API token stopped working: ${open.body}`);
}
