import { randomInt } from 'node:crypto';
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH } from '@lantian/contracts';
import { ConfigError, type Env, type SettingsContext, testOnly } from '../config';
import type { SharedState } from '../state';
import { drawCaptcha } from './captcha-image';
import { equalSecrets, ID_PATTERN, randomId, sha256 } from './secrets';

/** GUIDE.md §7: 2 minutes, single use (deleted on the first check, right or wrong). */
export const CAPTCHA_TTL_MS = 2 * 60_000;

/**
 * TEST_CAPTCHA_TEXT (refused in production): every captcha, public and platform, shows this text,
 * so that tests and the browser suite can sign in. Upper-cased; undefined when unset.
 */
export function readTestCaptchaText(env: Env, context: SettingsContext): string | undefined {
  const text = testOnly(env, context.nodeEnv, 'TEST_CAPTCHA_TEXT');
  const pattern = new RegExp(`^[${CAPTCHA_ALPHABET}]{${CAPTCHA_LENGTH}}$`, 'i');
  if (text !== undefined && !pattern.test(text)) {
    throw new ConfigError(
      'TEST_CAPTCHA_TEXT',
      text,
      `应为 ${CAPTCHA_LENGTH} 个字符，取自 / expected ${CAPTCHA_LENGTH} characters of ${CAPTCHA_ALPHABET}`,
    );
  }
  return text?.toUpperCase();
}

const digest = (uuid: string, text: string) => sha256(`${uuid}:${text.toUpperCase()}`);

/**
 * An image captcha (spec §2, §5): 4 characters, case-insensitive, single use. Each sign-in form has
 * its own `scope`, so a captcha shown on one form cannot be spent on another.
 */
export class CaptchaService {
  constructor(
    private readonly state: SharedState,
    /** TEST_CAPTCHA_TEXT: every captcha shows this text (never in production; config refuses it). */
    private readonly fixedText?: string,
    private readonly scope = 'public',
  ) {}

  private key(uuid: string): string {
    return this.scope === 'public' ? `captcha:${uuid}` : `captcha:${this.scope}:${uuid}`;
  }

  async create(): Promise<{ uuid: string; img: string }> {
    const text =
      this.fixedText ??
      Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET.charAt(randomInt(CAPTCHA_ALPHABET.length))).join(
        '',
      );
    const uuid = randomId();
    const image = await drawCaptcha(text);
    await this.state.set(this.key(uuid), digest(uuid, text), CAPTCHA_TTL_MS);
    return { uuid, img: image.toString('base64') };
  }

  /** True when `text` is the captcha's; the captcha is gone afterwards either way. */
  async check(uuid: string, text: string): Promise<boolean> {
    if (!ID_PATTERN.test(uuid)) return false;
    const stored = await this.state.take(this.key(uuid));
    return stored !== null && equalSecrets(stored, digest(uuid, text));
  }
}
