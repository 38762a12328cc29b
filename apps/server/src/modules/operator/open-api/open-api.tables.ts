/** Client applications of the open API (spec §6), registered by administrators. */
export interface OpenAppsTable {
  id: string;
  name: string;
  /** The public identifier the application presents (`ak` + 32 hex digits); unique. */
  app_key: string;
  /** SHA-256 (hex) of the 256-bit random secret; the secret itself is shown once and never stored. */
  secret_hash: string;
  /** The open API codes it may call, comma-separated in catalogue order ('dict,area'). */
  apis: string;
  rate_limit_per_minute: number;
  /** Epoch seconds from which it no longer works; null for no end. */
  expires_at: number | null;
  /** 'active' | 'revoked' (final: a revoked application's tokens die and it gets no new ones). */
  status: string;
  /** The registering administrator's id (null for the command line) and username ('cli'). */
  created_by_id: string | null;
  created_by: string;
  /** The registering administrator's area (GB/T 2260): administrators see and manage apps in their area. */
  area_code: string;
  created_at: number;
  updated_at: number;
  /** When its secret was last reset (null: the original one). */
  secret_reset_at: number | null;
  /** Last authenticated call, written at most once a minute per application. */
  last_used_at: number | null;
}

/** Access tokens: only the SHA-256 of each is stored. */
export interface OpenAppTokensTable {
  token_hash: string;
  app_id: string;
  created_at: number;
  expires_at: number;
  /** The address that exchanged the credentials. */
  ip: string | null;
}

export interface OpenApiTables {
  open_apps: OpenAppsTable;
  open_app_tokens: OpenAppTokensTable;
}
