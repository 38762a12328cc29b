import type { Generated } from 'kysely';

/** Report templates: elements as JSON; `deleted_at` set while a template is in the recycle bin. */
export interface ReportTemplatesTable {
  id: Generated<number>;
  name: string;
  /** day | week | month | episode (contracts REPORT_TYPES). */
  type: string;
  category: string;
  /** JSON: the elements (contracts reportElement[]). */
  content_json: string;
  /** The creator's organisation (spec §3 projectId). */
  project_id: string;
  /** The creator's area: the template is seen within it (area scope). */
  area_code: string;
  created_by: string | null;
  created_by_name: string;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** A generated report: its rendered elements and the numbers they were made from, frozen at generation. */
export interface ReportRecordsTable {
  id: Generated<number>;
  title: string;
  type: string;
  template_id: number;
  template_name: string;
  area_code: string;
  /** China day numbers (chinaDay) of the period's first and last day. */
  from_day: number;
  to_day: number;
  period_label: string;
  /** JSON: contracts renderedElement[]. */
  content_json: string;
  /** JSON: contracts reportNumbers. */
  numbers_json: string;
  substance: string;
  /** manual | schedule. */
  origin: string;
  schedule_id: number | null;
  created_by: string | null;
  created_by_name: string;
  created_at: number;
  updated_at: number;
}

/** Images of reports: uploads (re-encoded) and the charts and AQI calendars rendered at generation. */
export interface ReportImagesTable {
  id: Generated<number>;
  /** upload | chart | aqiImage. */
  kind: string;
  record_id: number | null;
  template_id: number | null;
  area_code: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  sha256: string;
  data: Buffer;
  created_by: string | null;
  created_at: number;
}

/** Scheduled reports (spec §3 Report: summary as JSON text, area.name, businessType, type). */
export interface ReportSchedulesTable {
  id: Generated<number>;
  name: string;
  /** day | week | month | episode. */
  type: string;
  business_type: string;
  area_code: string;
  /** JSON: contracts scheduleSummary. */
  settings_json: string;
  template_id: number;
  enabled: number;
  next_run_at: number | null;
  last_run_at: number | null;
  last_record_id: number | null;
  last_error: string | null;
  created_by: string | null;
  created_by_name: string;
  created_at: number;
  updated_at: number;
}

export interface ReportsTables {
  report_templates: ReportTemplatesTable;
  report_records: ReportRecordsTable;
  report_images: ReportImagesTable;
  report_schedules: ReportSchedulesTable;
}
