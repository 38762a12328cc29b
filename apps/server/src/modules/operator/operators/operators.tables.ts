/** Organisations: a tree, each bound to an administrative area (its operators' data scope). */
export interface OrgsTable {
  id: string;
  parent_id: string | null;
  name: string;
  /** GB/T 2260 code; a child's area lies inside its parent's. */
  area_code: string;
  created_at: number;
  updated_at: number;
}

export interface OperatorsTable {
  id: string;
  /** Unique, case-insensitively (stored as typed; `username_key` is the lower-case form). */
  username: string;
  username_key: string;
  name: string;
  phone: string | null;
  password_hash: string;
  org_id: string;
  /** 'active' | 'disabled'. */
  status: string;
  /** 1 after an administrator set the password (or on first start): the operator must change it. */
  must_change_password: number;
  created_at: number;
  updated_at: number;
  password_changed_at: number;
  last_login_at: number | null;
}

export interface RolesTable {
  id: string;
  name: string;
  description: string;
  /** 1 for the super-administrator role: every permission, never edited or deleted. */
  builtin: number;
  created_at: number;
  updated_at: number;
}

export interface RolePermissionsTable {
  role_id: string;
  permission: string;
}

export interface OperatorRolesTable {
  operator_id: string;
  role_id: string;
}

/** Server-side sessions: only the SHA-256 of the token is stored. */
export interface OperatorSessionsTable {
  token_hash: string;
  operator_id: string;
  created_at: number;
  last_seen_at: number;
  /** The absolute end, whatever the activity. */
  expires_at: number;
  ip: string | null;
}

export interface OperatorsTables {
  orgs: OrgsTable;
  operators: OperatorsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  operator_roles: OperatorRolesTable;
  operator_sessions: OperatorSessionsTable;
}
