import type { Generated } from 'kysely';

/** A complaint (spec §3 Complaint: id, type, status): from the public form, a hotline call or the desk. */
export interface ComplaintsTable {
  id: Generated<number>;
  /** An `eventCatalog` dictionary value. */
  type: string;
  /** 'received' | 'accepted' | 'converted' | 'closed' | 'rejected'. */
  status: string;
  title: string;
  content: string;
  contact_name: string | null;
  /** A mainland mobile number, shown masked in lists. */
  phone: string | null;
  lon: number | null;
  lat: number | null;
  address: string;
  /** The county of the grid holding the position, else the area the citizen chose (scope). */
  area_code: string;
  /** 'public' | 'operator' | 'hotline'. */
  source: string;
  /** The grid event it became. */
  event_id: number | null;
  /** The answer the citizen sees. */
  reply: string | null;
  created_at: number;
  handled_at: number | null;
  /** The operator who converted or answered it. */
  handled_by: string | null;
  /** HMAC of the submitter's address (public form only): abuse can be traced without keeping addresses. */
  ip_hash: string | null;
}

export interface ComplaintsTables {
  complaints: ComplaintsTable;
}
