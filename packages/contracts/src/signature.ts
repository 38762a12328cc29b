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

/** One parameter's value as it enters the canonical string; absent and empty parameters contribute nothing. */
function valueText(value: SignableValue): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(String).join(',');
  return String(value);
}

/** The string that is hashed: values in parameter-name order (code-point order), then nonce, timestamp, key. */
export function canonicalString(params: SignableParams, nonce: string, timestamp: string, key: string): string {
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
