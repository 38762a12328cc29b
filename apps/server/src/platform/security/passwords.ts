import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane); the library's default algorithm is argon2id. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, ARGON2);
}

export function verifySecret(storedHash: string, secret: string): Promise<boolean> {
  return verify(storedHash, secret);
}

let dummy: Promise<string> | undefined;
/**
 * A hash to verify against when there is no user, so that an unknown phone costs the same time as a
 * wrong password (no enumeration by timing).
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashSecret('lantian-no-such-user');
  return dummy;
}
