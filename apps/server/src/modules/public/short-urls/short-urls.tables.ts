import type { Generated } from 'kysely';

export interface ShortUrlsTable {
  /** 8 random base62 characters (the column allows 16 for a longer form later). */
  id: string;
  /** The canonical same-site path with its query string ('/city/beijing?x=1'). */
  url: string;
  /** SHA-256 hex of `url`: the unique key that makes the same path get the same id. */
  url_hash: string;
  created_at: number;
  /** Redirects served (counted in memory and written in batches: following a link writes nothing). */
  hits: Generated<number>;
  /** Last followed or asked for again (epoch seconds, up to a flush interval late); the retention sweep reads it. */
  last_used_at: number;
}

export interface ShortUrlsTables {
  short_urls: ShortUrlsTable;
}
