import type { Generated } from 'kysely';

/** Dashboards (spec §3 Config): the drawing as Konva JSON, and the embed token while published. */
export interface ConfigsTable {
  id: Generated<number>;
  /** Business code, unique across the installation. */
  code: string;
  title: string;
  konva_json: string;
  company: string;
  /** contracts CONFIG_TYPES. */
  type: string;
  /** 0 draft, 1 published. */
  status: number;
  /** The embed token of a published dashboard; null while unpublished (revoked). */
  token: string | null;
  area_code: string;
  width: number;
  height: number;
  nodes: number;
  bindings: number;
  created_by: string | null;
  updated_by_name: string;
  created_at: number;
  updated_at: number;
  published_at: number | null;
}

/** Pictures of the static-resource library (re-encoded; system ones shared by every area). */
export interface ConfigResourcesTable {
  id: Generated<number>;
  type: string;
  /** system | custom. */
  resource_type: string;
  file_name: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  sha256: string;
  data: Buffer;
  area_code: string;
  created_by: string | null;
  created_by_name: string;
  created_at: number;
}

export interface ConfigTemplateTypesTable {
  id: Generated<number>;
  name: string;
  created_at: number;
}

/** Drawings to start a dashboard from, shared by every operator. */
export interface ConfigTemplatesTable {
  id: Generated<number>;
  type_id: number;
  name: string;
  konva_json: string;
  nodes: number;
  created_by_name: string;
  created_at: number;
  updated_at: number;
}

export interface ConfigurationTables {
  configs: ConfigsTable;
  config_resources: ConfigResourcesTable;
  config_template_types: ConfigTemplateTypesTable;
  config_templates: ConfigTemplatesTable;
}
