import { type Env, integer, type SettingsContext } from '../../../platform/config';

export interface ImageAnalysisSettings {
  /** CREATE_VIDEO_RATE_LIMIT_MAX per CREATE_VIDEO_RATE_LIMIT_WINDOW_SECONDS: videos one client address may make. */
  videoRateLimit: { max: number; windowMs: number };
}

/**
 * A video takes seconds of a core and up to ~100 MB of upload: a budget of its own, far under the
 * public site's (a visitor exports a video now and then). Tests count with a budget no test reaches.
 */
export function readImageAnalysisSettings(env: Env, { nodeEnv }: SettingsContext): ImageAnalysisSettings {
  return {
    videoRateLimit: {
      max: integer(env, 'CREATE_VIDEO_RATE_LIMIT_MAX', nodeEnv === 'test' ? 1_000_000 : 20, 1, 10_000_000),
      windowMs: integer(env, 'CREATE_VIDEO_RATE_LIMIT_WINDOW_SECONDS', 600, 1, 86_400) * 1000,
    },
  };
}
