export interface AppMetaTable {
  key: string;
  value: string;
  /** Epoch seconds (UTC). */
  updated_at: number;
}

export interface SystemTables {
  app_meta: AppMetaTable;
}
