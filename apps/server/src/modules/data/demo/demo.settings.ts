import { type Env, integer, oneOf } from '../../../platform/config';

export interface DemoSettings {
  /**
   * `on`: an empty database is seeded with generated demo data and a new demo hour is added every
   * hour. `off`: no demo data; any demo rows are removed at start (deployments fed by real imports).
   */
  data: 'on' | 'off';
  /** Days of hourly history the demo seed generates. */
  historyDays: number;
}

/** DEMO_DATA and DEMO_HISTORY_DAYS. */
export function readDemoSettings(env: Env): DemoSettings {
  return {
    data: oneOf(env, 'DEMO_DATA', ['on', 'off'] as const, 'on'),
    historyDays: integer(env, 'DEMO_HISTORY_DAYS', 60, 1, 400),
  };
}
