import os from 'node:os';
import path from 'node:path';

/**
 * The drop folder of the server under test (WEATHER_SOURCES_INBOX): the weather-sources spec puts
 * real-format files in it and the server imports them within WEATHER_SOURCES_INBOX_SECONDS.
 */
export const WEATHER_INBOX =
  process.env.E2E_WEATHER_INBOX ?? path.join(os.tmpdir(), `lantian-e2e-inbox-${process.env.E2E_PORT ?? 18_080}`);
