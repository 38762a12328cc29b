/** The tables the accounts module owns (migration 0004_accounts). Times are epoch seconds. */

export interface UsersTable {
  /** 128 random bits, hex. */
  id: string;
  /** The mobile number, 11 digits (spec §5). */
  phone: string;
  /** argon2id, PHC string form. */
  password_hash: string;
  /** The visitor id the account was registered from (Authentication-uniqueId), answered at login. */
  unique_id: string;
  user_type: string;
  user_type_aqidata: string;
  /** Absent for most users; the lidarPermission cookie is set only when present (spec §3). */
  lidar_permission: string | null;
  created_at: number;
  last_login_at: number | null;
  password_changed_at: number;
}

export interface UserSessionsTable {
  /** SHA-256 hex of the session token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  /** The session ends when unused this long. */
  idle_seconds: number;
  /** Absolute end, however busy the session is. */
  expires_at: number;
  /** 1: "remember password" (long session, persistent cookies). */
  remember: number;
}

export interface UserConfigsTable {
  user_id: string;
  key: string;
  value: string;
  updated_at: number;
}

export interface UserVisitsTable {
  id: string;
  unique_id: string | null;
  user_id: string | null;
  url: string | null;
  created_at: number;
}

export interface AccountsTables {
  users: UsersTable;
  user_sessions: UserSessionsTable;
  user_configs: UserConfigsTable;
  user_visits: UserVisitsTable;
}
