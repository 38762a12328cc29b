import { randomInt } from 'node:crypto';
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH } from '@lantian/contracts';
import type { SharedState } from '../../platform/state';
import { drawCaptcha } from './captcha-image';
import { equalSecrets, ID_PATTERN, randomId, sha256 } from './secrets';

/** GUIDE.md §7: 2 minutes, single use (deleted on the first check, right or wrong). */
export const CAPTCHA_TTL_MS = 2 * 60_000;

const key = (uuid: string) => `captcha:${uuid}`;
const digest = (uuid: string, text: string) => sha256(`${uuid}:${text.toUpperCase()}`);

/** The image captcha of the login form (spec §2, §5): 4 characters, case-insensitive. */
export class CaptchaService {
  constructor(
    private readonly state: SharedState,
    /** TEST_CAPTCHA_TEXT: every captcha shows this text (never in production; config refuses it). */
    private readonly fixedText?: string,
  ) {}

  async create(): Promise<{ uuid: string; img: string }> {
    const text =
      this.fixedText ??
      Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET.charAt(randomInt(CAPTCHA_ALPHABET.length))).join(
        '',
      );
    const uuid = randomId();
    const image = await drawCaptcha(text);
    await this.state.set(key(uuid), digest(uuid, text), CAPTCHA_TTL_MS);
    return { uuid, img: image.toString('base64') };
  }

  /** True when `text` is the captcha's; the captcha is gone afterwards either way. */
  async check(uuid: string, text: string): Promise<boolean> {
    if (!ID_PATTERN.test(uuid)) return false;
    const stored = await this.state.take(key(uuid));
    return stored !== null && equalSecrets(stored, digest(uuid, text));
  }
}
