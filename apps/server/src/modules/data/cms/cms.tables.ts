import type { Generated } from 'kysely';

/** Flags are stored as 0/1 integers: the same column type on SQLite and PostgreSQL. */
type Flag = number;

export interface CmsCategoriesTable {
  id: Generated<number>;
  name: string;
  description: string;
  /** Navigation order, smallest first. */
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface CmsTagsTable {
  id: Generated<number>;
  name: string;
  created_at: number;
}

/** Uploaded images, re-encoded: kept in the database so that every instance serves them and a backup holds them. */
export interface CmsImagesTable {
  /** 20 random base62 characters; also the image's address. */
  id: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  data: Buffer;
  created_at: number;
  created_by: string | null;
}

export interface CmsArticlesTable {
  id: Generated<number>;
  title: string;
  summary: string;
  /** Sanitised HTML (cleaned on every save). */
  content: string;
  cover_image_id: string | null;
  category_id: number;
  author: string;
  source: string;
  /** draft | scheduled | published. A scheduled article is public once publish_at has passed. */
  status: string;
  publish_at: number | null;
  is_focus: Flag;
  is_recommend: Flag;
  is_top: Flag;
  view_count: Generated<number>;
  up_vote_count: Generated<number>;
  /** Set on generated demo articles (DEMO_DATA=on): the key of the data they were written from. */
  demo_key: string | null;
  created_at: number;
  updated_at: number;
  created_by: string | null;
}

export interface CmsArticleTagsTable {
  article_id: number;
  tag_id: number;
}

/** One row per (article, visitor): the primary key is what makes an up-vote count once. */
export interface CmsUpVotesTable {
  article_id: number;
  visitor: string;
  created_at: number;
}

export interface CmsAlbumsTable {
  id: Generated<number>;
  title: string;
  description: string;
  cover_image_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface CmsPicturesTable {
  id: Generated<number>;
  album_id: number;
  image_id: string;
  caption: string;
  sort: number;
  created_at: number;
}

export interface CmsBannersTable {
  id: Generated<number>;
  title: string;
  image_id: string;
  link: string;
  sort: number;
  enabled: Flag;
  created_at: number;
  updated_at: number;
}

export interface CmsTables {
  cms_categories: CmsCategoriesTable;
  cms_tags: CmsTagsTable;
  cms_images: CmsImagesTable;
  cms_articles: CmsArticlesTable;
  cms_article_tags: CmsArticleTagsTable;
  cms_up_votes: CmsUpVotesTable;
  cms_albums: CmsAlbumsTable;
  cms_pictures: CmsPicturesTable;
  cms_banners: CmsBannersTable;
}
