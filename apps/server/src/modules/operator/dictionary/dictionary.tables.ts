/**
 * The data dictionary's tables. Installation-wide, not area-scoped: a device type or a factor code
 * means the same thing in every district, so every operator reads the same dictionary and only
 * administrators holding system:dict:edit change it.
 */

export interface DictTypesTable {
  /** `deviceType`, `factor`…: what the modules and the spec's `type` parameter name. */
  code: string;
  name: string;
  description: string;
  /** 1 for the types the platform ships (migration 0007): never deleted, their name fixed. */
  builtin: number;
  created_at: number;
  updated_at: number;
}

export interface DictItemsTable {
  type: string;
  /** The item's code (`a34004`, `L01`); with the type, its key. Never changes. */
  value: string;
  label: string;
  sort: number;
  enabled: number;
  /** JSON object of text attributes (`{"unit":"μg/m³"}`), `{}` when none. */
  extra_json: string;
  /** 1 for the items the platform ships: editable and can be disabled, never deleted (modules rely on them). */
  builtin: number;
  created_at: number;
  updated_at: number;
}

export interface DictionaryTables {
  dict_types: DictTypesTable;
  dict_items: DictItemsTable;
}
