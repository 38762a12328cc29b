import { type Env, integer, type SettingsContext } from '../../../platform/config';

export interface ShortUrlsSettings {
  /** SHORT_URL_RATE_LIMIT_MAX per SHORT_URL_RATE_LIMIT_WINDOW_SECONDS: new links one client address may ask for. */
  rateLimit: { max: number; windowMs: number };
  /** SHORT_URL_RETENTION_DAYS: a link neither followed nor asked for again this long is deleted; 0 keeps links for ever. */
  retentionDays: number;
}

/**
 * Every getShortUrl may write a row, so it gets a budget of its own, well under the public site's
 * (a visitor shares a page now and then; a script minting links fills the table). Tests count
 * through the same code with a budget no test reaches unless it sets one.
 */
export function readShortUrlsSettings(env: Env, { nodeEnv }: SettingsContext): ShortUrlsSettings {
  return {
    rateLimit: {
      max: integer(env, 'SHORT_URL_RATE_LIMIT_MAX', nodeEnv === 'test' ? 1_000_000 : 30, 1, 10_000_000),
      windowMs: integer(env, 'SHORT_URL_RATE_LIMIT_WINDOW_SECONDS', 600, 1, 86_400) * 1000,
    },
    retentionDays: integer(env, 'SHORT_URL_RETENTION_DAYS', 365, 0, 36_500),
  };
}
