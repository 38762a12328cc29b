import type { Generated } from 'kysely';

export interface ShortUrlsTable {
  /** 8 random base62 characters (the column allows 16 for a longer form later). */
  id: string;
  /** The canonical same-site path with its query string ('/city/beijing?x=1'). */
  url: string;
  /** SHA-256 hex of `url`: the unique key that makes the same path get the same id. */
  url_hash: string;
  created_at: number;
  /** Redirects served. */
  hits: Generated<number>;
}

export interface ShortUrlsTables {
  short_urls: ShortUrlsTable;
}
