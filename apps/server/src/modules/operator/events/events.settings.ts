import { type Env, integer } from '../../../platform/config';

export interface EventsSettings {
  /**
   * A device alarm of this level or more severe (1 is the most severe) opens a grid event
   * (EVENT_FROM_ALARM_LEVEL, 1–4; 0 turns it off).
   */
  fromAlarmLevel: number;
  /** How often overdue events are looked for (EVENT_OVERDUE_SWEEP_SECONDS). */
  overdueSweepSeconds: number;
}

export function readEventsSettings(env: Env): EventsSettings {
  return {
    fromAlarmLevel: integer(env, 'EVENT_FROM_ALARM_LEVEL', 2, 0, 4),
    overdueSweepSeconds: integer(env, 'EVENT_OVERDUE_SWEEP_SECONDS', 60, 5, 3600),
  };
}
