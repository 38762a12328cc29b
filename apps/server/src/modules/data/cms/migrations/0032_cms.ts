import type { Kysely } from 'kysely';
import { autoId, isPostgres } from '../../../../platform/db/schema';

/**
 * The news CMS (issue 18): categories (the news navigation), tags, articles with their flags and
 * counters, up-votes unique per (article, visitor), albums of pictures, banners, and the uploaded
 * images themselves (bytea/blob: every instance serves them, a backup keeps them).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const id = autoId(db);
  const blob = isPostgres(db) ? 'bytea' : 'blob';
  await db.schema
    .createTable('cms_categories')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('description', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('cms_tags')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('cms_images')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('mime', 'varchar(20)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('data', blob, (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(40)')
    .execute();
  await db.schema
    .createTable('cms_articles')
    .addColumn('id', id.type, id.build)
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('summary', 'varchar(300)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('cover_image_id', 'varchar(24)')
    .addColumn('category_id', 'integer', (c) => c.notNull().references('cms_categories.id'))
    .addColumn('author', 'varchar(40)', (c) => c.notNull())
    .addColumn('source', 'varchar(60)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('publish_at', 'bigint')
    .addColumn('is_focus', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_recommend', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('up_vote_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('demo_key', 'varchar(40)', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(40)')
    .execute();
  // The public lists: visible articles newest first, overall and per category.
  await db.schema.createIndex('cms_articles_public').on('cms_articles').columns(['status', 'publish_at']).execute();
  await db.schema
    .createIndex('cms_articles_category')
    .on('cms_articles')
    .columns(['category_id', 'publish_at'])
    .execute();
  await db.schema
    .createTable('cms_article_tags')
    .addColumn('article_id', 'integer', (c) => c.notNull().references('cms_articles.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('cms_tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('cms_article_tags_pk', ['article_id', 'tag_id'])
    .execute();
  await db.schema
    .createIndex('cms_article_tags_tag')
    .on('cms_article_tags')
    .columns(['tag_id', 'article_id'])
    .execute();
  await db.schema
    .createTable('cms_up_votes')
    .addColumn('article_id', 'integer', (c) => c.notNull().references('cms_articles.id').onDelete('cascade'))
    .addColumn('visitor', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('cms_up_votes_pk', ['article_id', 'visitor'])
    .execute();
  await db.schema
    .createTable('cms_albums')
    .addColumn('id', id.type, id.build)
    .addColumn('title', 'varchar(60)', (c) => c.notNull())
    .addColumn('description', 'varchar(300)', (c) => c.notNull())
    .addColumn('cover_image_id', 'varchar(24)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('cms_pictures')
    .addColumn('id', id.type, id.build)
    .addColumn('album_id', 'integer', (c) => c.notNull().references('cms_albums.id').onDelete('cascade'))
    .addColumn('image_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('caption', 'varchar(200)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cms_pictures_album').on('cms_pictures').columns(['album_id', 'sort']).execute();
  await db.schema
    .createTable('cms_banners')
    .addColumn('id', id.type, id.build)
    .addColumn('title', 'varchar(60)', (c) => c.notNull())
    .addColumn('image_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('link', 'varchar(300)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'cms_banners',
    'cms_pictures',
    'cms_albums',
    'cms_up_votes',
    'cms_article_tags',
    'cms_articles',
    'cms_images',
    'cms_tags',
    'cms_categories',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
