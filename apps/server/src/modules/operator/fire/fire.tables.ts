/** What an operator concluded when handling a fire alarm (one per alarm; the alarm is the shared lifecycle's). */
export interface FireAlarmOutcomesTable {
  alarm_id: number;
  /** The alarm's area, copied: reads are scoped in SQL without joining another module's table. */
  area_code: string;
  /** 'confirmed' | 'false_alarm' | 'test' | 'fault'. */
  outcome: string;
  note: string | null;
  by_name: string;
  at: number;
}

export interface FireTables {
  fire_alarm_outcomes: FireAlarmOutcomesTable;
}
