/**
 * Request signing of the public site (spec §7 "Common rules"): every call carries a random
 * 16-character alphanumeric `nonce`, a millisecond `timestamp` and `sign`, the SHA-256 hex digest of
 * the parameter values sorted by parameter name and concatenated, then nonce, timestamp and the
 * client key. Shared by the web client (which signs) and the server (which verifies), so the two
 * can never disagree on the canonical string.
 */

export type SignableValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type SignableParams = Readonly<Record<string, SignableValue>>;

export const SIGNATURE_HEADERS = { nonce: 'nonce', timestamp: 'timestamp', sign: 'sign' } as const;

/** How far a request's timestamp may be from the server's clock. */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

export const NONCE_PATTERN = /^[A-Za-z0-9]{16}$/;

type Scalar = string | number | boolean;

const isScalar = (value: unknown): value is Scalar =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * Whether a parameter value can be signed: absent, a string, number or boolean, or a list of those
 * (a repeated form or query parameter). Anything else (an object, a list holding one: only JSON
 * bodies can carry them) has no canonical text, so a signed call carrying it is refused as malformed
 * before anything is hashed.
 */
export function isSignableValue(value: unknown): value is SignableValue {
  if (value === null || value === undefined || isScalar(value)) return true;
  return Array.isArray(value) && value.every(isScalar);
}

/** The first parameter whose value cannot be signed (see isSignableValue), if any. */
export function unsignableParam(params: Readonly<Record<string, unknown>>): string | undefined {
  return Object.keys(params).find((name) => !isSignableValue(params[name]));
}

/**
 * One parameter's value as it enters the canonical string; absent and empty parameters contribute
 * nothing. Total on any input: a value the type rules out (an object from a hostile JSON body) is
 * never converted with String(), which runs the value's own toString and throws on
 * `{"toString":1}`; it contributes nothing, and the server refuses such calls before hashing anyway.
 */
function valueText(value: unknown): string {
  if (isScalar(value)) return String(value);
  if (Array.isArray(value) && value.every(isScalar)) return value.map(String).join(',');
  return '';
}

/**
 * The string that is hashed: values in parameter-name order (code-point order), then nonce, timestamp,
 * key. It takes any parameters and never throws (the server hashes what it was sent, see valueText).
 */
export function canonicalString(
  params: Readonly<Record<string, unknown>>,
  nonce: string,
  timestamp: string,
  key: string,
): string {
  const names = Object.keys(params).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return names.map((n) => valueText(params[n])).join('') + nonce + timestamp + key;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A fresh nonce from the platform's CSPRNG (browser or Node). */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  // 256 is a multiple of 62·4 + 8, so the bias is a fraction of a percent: fine for a replay guard.
  return Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
}

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The three signature headers for a call, computed with Web Crypto (available in browsers and Node ≥ 20). */
export async function signParams(
  params: SignableParams,
  key: string,
  options: { nonce?: string; timestamp?: number } = {},
): Promise<{ nonce: string; timestamp: string; sign: string }> {
  const nonce = options.nonce ?? createNonce();
  const timestamp = String(options.timestamp ?? Date.now());
  const digest = await globalThis.crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(canonicalString(params, nonce, timestamp, key)),
  );
  return { nonce, timestamp, sign: hex(digest) };
}
