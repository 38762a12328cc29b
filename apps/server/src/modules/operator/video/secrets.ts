import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Camera credentials at rest (RTSP URLs with user:password, ONVIF passwords): AES-256-GCM under a key
 * derived from VIDEO_SECRET_KEY. Sealed text is `v1.<iv>.<tag>.<ciphertext>` in base64url; a value
 * sealed under another key does not open (the camera then shows as unconfigured rather than leaking).
 */
export class Sealer {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(`lantian-video:${secret}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string | undefined {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || iv === undefined || tag === undefined || data === undefined) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      // A wrong key or a tampered value: the caller treats the secret as absent.
      return undefined;
    }
  }
}
