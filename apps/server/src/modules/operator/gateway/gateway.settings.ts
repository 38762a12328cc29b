import { ConfigError, type Env, integer, read, type SettingsContext, testOnly } from '../../../platform/config';

export interface GatewaySettings {
  /** HJ212_PORT: the TCP port of the HJ 212-2017 gateway (default 9212); null when `off`. */
  port: number | null;
  /** HJ212_HOST: the address it listens on (default every interface). */
  host: string;
  /** HJ212_MAX_CONNECTIONS: connections beyond are refused at once. */
  maxConnections: number;
  /** HJ212_IDLE_SECONDS: a connection silent this long is closed (loggers reconnect). */
  idleSeconds: number;
  /** HJ212_RAW_RETENTION_DAYS: days the raw packets are kept (0: not kept). */
  rawRetentionDays: number;
  /** HJ212_BATCH_MS: how long packets wait to be committed together. */
  batchMs: number;
  /** Test only: a pause before every commit, so a test can kill the server between receipt and commit. */
  commitDelayMs: number;
  /** DEMO_DATA=on (the default): a small simulated device network sends to this gateway. */
  demoNetwork: boolean;
}

export function readGatewaySettings(env: Env, context: SettingsContext): GatewaySettings {
  const rawPort = read(env, 'HJ212_PORT');
  let port: number | null = 9212;
  if (rawPort === 'off') port = null;
  else if (rawPort !== undefined) {
    if (!/^\d{1,5}$/.test(rawPort) || Number(rawPort) > 65_535) {
      throw new ConfigError('HJ212_PORT', rawPort, 'a TCP port (0–65535, 0 = any free port) or off');
    }
    port = Number(rawPort);
  }
  const delay = testOnly(env, context.nodeEnv, 'HJ212_COMMIT_DELAY_MS');
  if (delay !== undefined && !/^\d{1,6}$/.test(delay))
    throw new ConfigError('HJ212_COMMIT_DELAY_MS', delay, 'milliseconds');
  return {
    port,
    host: read(env, 'HJ212_HOST') ?? '0.0.0.0',
    maxConnections: integer(env, 'HJ212_MAX_CONNECTIONS', 5000, 1, 100_000),
    idleSeconds: integer(env, 'HJ212_IDLE_SECONDS', 600, 10, 86_400),
    rawRetentionDays: integer(env, 'HJ212_RAW_RETENTION_DAYS', 7, 0, 3650),
    batchMs: integer(env, 'HJ212_BATCH_MS', 20, 1, 5000),
    commitDelayMs: delay === undefined ? 0 : Number(delay),
    demoNetwork: (read(env, 'DEMO_DATA') ?? 'on') === 'on' && read(env, 'HJ212_DEMO_NETWORK') !== 'off',
  };
}
