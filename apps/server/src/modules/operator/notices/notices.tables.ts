import type { Generated } from 'kysely';

/** A notice for the operators of an area (and above): alarms raised, device events, system messages. */
export interface NoticesTable {
  id: Generated<number>;
  /** 'alarm' | 'device' | 'system'. */
  type: string;
  title: string;
  content: string;
  level: number | null;
  /** An address inside the console, or null. */
  link: string | null;
  /** Who sees it: operators whose scope holds this area. */
  area_code: string;
  created_at: number;
}

/** Who has read which notice (a notice is shared; reading it is personal). */
export interface NoticeReadsTable {
  notice_id: number;
  operator_id: string;
  read_at: number;
}

export interface NoticesTables {
  notices: NoticesTable;
  notice_reads: NoticeReadsTable;
}
