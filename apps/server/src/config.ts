import { MODULES } from './modules/registry';
import { type Env, loadPlatformConfig, type PlatformConfig } from './platform/config';
import { type AnyModule, settingsOf } from './platform/module';

export { ConfigError, describeDatabase } from './platform/config';

/** The application's configuration: the platform's settings; each module reads its own section from `env`. */
export type Config = PlatformConfig;

/**
 * Reads the configuration from environment variables, once, at start-up, and checks every module's
 * settings too, so that a bad value stops the process with one line naming the variable (ConfigError)
 * before anything else happens.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const config = loadPlatformConfig(env, cwd);
  const modules: readonly AnyModule[] = MODULES;
  for (const module of modules) settingsOf(module, config);
  return config;
}
