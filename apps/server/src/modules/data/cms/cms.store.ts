import { type ExpressionBuilder, type Insertable, type Selectable, sql } from 'kysely';
import type { Database } from '../../../platform/db/database';
import { containsPattern } from '../../../platform/db/like';
import type { CmsArticlesTable, CmsImagesTable, CmsTables } from './cms.tables';

export type ArticleRow = Selectable<CmsArticlesTable> & { category_name: string };
export type ImageRow = Selectable<CmsImagesTable>;
export type NewArticle = Omit<Insertable<CmsArticlesTable>, 'id' | 'view_count' | 'up_vote_count'>;
export type ArticleFields = Omit<NewArticle, 'status' | 'publish_at' | 'created_at' | 'created_by' | 'demo_key'>;

type Eb = ExpressionBuilder<CmsTables, 'cms_articles'>;

/**
 * Visible to the public at `now`: published or scheduled, and the publish time has come. A
 * scheduled article therefore appears by itself when its time passes: no job flips it.
 */
const visibleAt = (now: number) => (eb: Eb) =>
  eb.and([eb('cms_articles.status', 'in', ['published', 'scheduled']), eb('cms_articles.publish_at', '<=', now)]);

export type ArticleOrder = 'recent' | 'hot';

export interface CardFilter {
  now: number;
  flag?: 'is_focus' | 'is_recommend' | 'is_top' | undefined;
  categoryId?: number | undefined;
  tagId?: number | undefined;
  order: ArticleOrder;
  limit: number;
  offset?: number;
}

export interface AdminFilter {
  now: number;
  status?: 'draft' | 'scheduled' | 'published' | undefined;
  categoryId?: number | undefined;
  keyword?: string | undefined;
  limit: number;
  offset: number;
}

const count = (value: unknown) => Number(value ?? 0);

/**
 * Every table of the news CMS. Public reads take `now` and see only visible articles; the
 * console's reads see everything. Counters (views, up-votes) change in SQL, never read-modify-write,
 * so several instances count together.
 */
export class CmsStore {
  constructor(private readonly database: Database<CmsTables>) {}

  private get db() {
    return this.database.db;
  }

  private articles() {
    return this.db
      .selectFrom('cms_articles')
      .innerJoin('cms_categories', 'cms_categories.id', 'cms_articles.category_id')
      .selectAll('cms_articles')
      .select('cms_categories.name as category_name');
  }

  // ---------- Public reads ----------

  async cards(filter: CardFilter): Promise<ArticleRow[]> {
    let query = this.articles().where(visibleAt(filter.now));
    if (filter.flag !== undefined) query = query.where(`cms_articles.${filter.flag}`, '=', 1);
    if (filter.categoryId !== undefined) query = query.where('cms_articles.category_id', '=', filter.categoryId);
    if (filter.tagId !== undefined) {
      const tagId = filter.tagId;
      query = query.where('cms_articles.id', 'in', (eb) =>
        eb.selectFrom('cms_article_tags').select('article_id').where('tag_id', '=', tagId),
      );
    }
    query =
      filter.order === 'hot'
        ? query.orderBy('cms_articles.view_count', 'desc').orderBy('cms_articles.publish_at', 'desc')
        : query.orderBy('cms_articles.is_top', 'desc').orderBy('cms_articles.publish_at', 'desc');
    return query
      .orderBy('cms_articles.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset ?? 0)
      .execute();
  }

  async countCards(filter: Pick<CardFilter, 'now' | 'categoryId' | 'tagId'>): Promise<number> {
    let query = this.db
      .selectFrom('cms_articles')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(visibleAt(filter.now));
    if (filter.categoryId !== undefined) query = query.where('category_id', '=', filter.categoryId);
    if (filter.tagId !== undefined) {
      const tagId = filter.tagId;
      query = query.where('id', 'in', (eb) =>
        eb.selectFrom('cms_article_tags').select('article_id').where('tag_id', '=', tagId),
      );
    }
    return count((await query.executeTakeFirst())?.n);
  }

  async article(id: number): Promise<ArticleRow | undefined> {
    return this.articles().where('cms_articles.id', '=', id).executeTakeFirst();
  }

  async visibleArticle(id: number, now: number): Promise<ArticleRow | undefined> {
    return this.articles().where('cms_articles.id', '=', id).where(visibleAt(now)).executeTakeFirst();
  }

  /** The visible articles of the same category just before and after one, by (publish time, id). */
  async neighbours(article: { id: number; category_id: number; publish_at: number }, now: number) {
    const link = this.db
      .selectFrom('cms_articles')
      .select(['id', 'title', 'publish_at'])
      .where(visibleAt(now))
      .where('category_id', '=', article.category_id);
    const at = article.publish_at;
    const [prev, next] = await Promise.all([
      link
        .where((eb) =>
          eb.or([eb('publish_at', '<', at), eb.and([eb('publish_at', '=', at), eb('id', '<', article.id)])]),
        )
        .orderBy('publish_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
      link
        .where((eb) =>
          eb.or([eb('publish_at', '>', at), eb.and([eb('publish_at', '=', at), eb('id', '>', article.id)])]),
        )
        .orderBy('publish_at', 'asc')
        .orderBy('id', 'asc')
        .limit(1)
        .executeTakeFirst(),
    ]);
    return { prev, next };
  }

  async tagsOf(articleId: number): Promise<{ id: number; name: string }[]> {
    return this.db
      .selectFrom('cms_article_tags')
      .innerJoin('cms_tags', 'cms_tags.id', 'cms_article_tags.tag_id')
      .select(['cms_tags.id', 'cms_tags.name'])
      .where('cms_article_tags.article_id', '=', articleId)
      .orderBy('cms_tags.name')
      .execute();
  }

  async addView(id: number): Promise<void> {
    await this.db
      .updateTable('cms_articles')
      .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /**
   * One up-vote of a visitor: the (article, visitor) primary key refuses a second one atomically
   * (ON CONFLICT DO NOTHING), and the article's count moves in the same transaction. Answers the
   * count after, or undefined when this visitor had already voted.
   */
  async upVote(articleId: number, visitor: string, at: number): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('cms_up_votes')
        .values({ article_id: articleId, visitor, created_at: at })
        .onConflict((oc) => oc.columns(['article_id', 'visitor']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return undefined;
      await trx
        .updateTable('cms_articles')
        .set((eb) => ({ up_vote_count: eb('up_vote_count', '+', 1) }))
        .where('id', '=', articleId)
        .execute();
      const row = await trx
        .selectFrom('cms_articles')
        .select('up_vote_count')
        .where('id', '=', articleId)
        .executeTakeFirstOrThrow();
      return row.up_vote_count;
    });
  }

  async hasUpVoted(articleId: number, visitor: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('cms_up_votes')
      .select('article_id')
      .where('article_id', '=', articleId)
      .where('visitor', '=', visitor)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Categories in navigation order with their visible (and, for the console, all) articles counted. */
  async categories(now: number) {
    const rows = await this.db
      .selectFrom('cms_categories')
      .leftJoin('cms_articles', 'cms_articles.category_id', 'cms_categories.id')
      .select((eb) => [
        'cms_categories.id',
        'cms_categories.name',
        'cms_categories.description',
        'cms_categories.sort',
        eb.fn.count('cms_articles.id').as('total'),
        eb.fn
          .sum<number | string | null>(
            eb
              .case()
              .when(
                eb.and([
                  eb('cms_articles.status', 'in', ['published', 'scheduled']),
                  eb('cms_articles.publish_at', '<=', now),
                ]),
              )
              .then(1)
              .else(0)
              .end(),
          )
          .as('visible'),
      ])
      .groupBy(['cms_categories.id', 'cms_categories.name', 'cms_categories.description', 'cms_categories.sort'])
      .orderBy('cms_categories.sort')
      .orderBy('cms_categories.id')
      .execute();
    return rows.map((r) => ({ ...r, total: count(r.total), visible: count(r.visible) }));
  }

  async category(id: number) {
    return this.db.selectFrom('cms_categories').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Tags with their visible articles counted, most used first. */
  async tags(now: number) {
    const rows = await this.db
      .selectFrom('cms_tags')
      .leftJoin('cms_article_tags', 'cms_article_tags.tag_id', 'cms_tags.id')
      .leftJoin('cms_articles', (join) =>
        join
          .onRef('cms_articles.id', '=', 'cms_article_tags.article_id')
          .on('cms_articles.status', 'in', ['published', 'scheduled'])
          .on('cms_articles.publish_at', '<=', now),
      )
      .select((eb) => ['cms_tags.id', 'cms_tags.name', eb.fn.count('cms_articles.id').as('n')])
      .groupBy(['cms_tags.id', 'cms_tags.name'])
      .orderBy('n', 'desc')
      .orderBy('cms_tags.name')
      .execute();
    return rows.map((r) => ({ id: r.id, name: r.name, articleCount: count(r.n) }));
  }

  async tag(id: number) {
    return this.db.selectFrom('cms_tags').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The timeline: visible articles newest first (at most `limit`). */
  async timeline(now: number, limit: number) {
    return this.db
      .selectFrom('cms_articles')
      .select(['id', 'title', 'publish_at'])
      .where(visibleAt(now))
      .orderBy('publish_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async banners(onlyEnabled: boolean) {
    let query = this.db.selectFrom('cms_banners').selectAll();
    if (onlyEnabled) query = query.where('enabled', '=', 1);
    return query.orderBy('sort').orderBy('id', 'desc').execute();
  }

  async albums() {
    const rows = await this.db
      .selectFrom('cms_albums')
      .leftJoin('cms_pictures', 'cms_pictures.album_id', 'cms_albums.id')
      .select((eb) => [
        'cms_albums.id',
        'cms_albums.title',
        'cms_albums.description',
        'cms_albums.cover_image_id',
        'cms_albums.created_at',
        'cms_albums.updated_at',
        eb.fn.count('cms_pictures.id').as('n'),
        eb.fn.min('cms_pictures.image_id').as('first_image'),
      ])
      .groupBy([
        'cms_albums.id',
        'cms_albums.title',
        'cms_albums.description',
        'cms_albums.cover_image_id',
        'cms_albums.created_at',
        'cms_albums.updated_at',
      ])
      .orderBy('cms_albums.created_at', 'desc')
      .orderBy('cms_albums.id', 'desc')
      .execute();
    return rows.map((r) => ({ ...r, n: count(r.n), first_image: r.first_image ?? null }));
  }

  async pictures(albumId: number) {
    return this.db
      .selectFrom('cms_pictures')
      .innerJoin('cms_images', 'cms_images.id', 'cms_pictures.image_id')
      .select([
        'cms_pictures.id',
        'cms_pictures.album_id',
        'cms_pictures.image_id',
        'cms_pictures.caption',
        'cms_pictures.sort',
        'cms_images.width',
        'cms_images.height',
      ])
      .where('cms_pictures.album_id', '=', albumId)
      .orderBy('cms_pictures.sort')
      .orderBy('cms_pictures.id')
      .execute();
  }

  async image(id: string): Promise<ImageRow | undefined> {
    return this.db.selectFrom('cms_images').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Which of these image ids are stored. */
  async existingImages(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('cms_images')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  // ---------- Console ----------

  private adminFiltered(filter: Omit<AdminFilter, 'limit' | 'offset'>) {
    let query = this.db
      .selectFrom('cms_articles')
      .innerJoin('cms_categories', 'cms_categories.id', 'cms_articles.category_id');
    const { now } = filter;
    if (filter.status === 'draft') query = query.where('cms_articles.status', '=', 'draft');
    if (filter.status === 'published') query = query.where(visibleAt(now));
    if (filter.status === 'scheduled')
      query = query.where('cms_articles.status', '=', 'scheduled').where('cms_articles.publish_at', '>', now);
    if (filter.categoryId !== undefined) query = query.where('cms_articles.category_id', '=', filter.categoryId);
    if (filter.keyword !== undefined && filter.keyword !== '')
      query = query.where('cms_articles.title', 'like', containsPattern(filter.keyword));
    return query;
  }

  async adminArticles(filter: AdminFilter): Promise<{ list: ArticleRow[]; total: number }> {
    const [list, total] = await Promise.all([
      this.adminFiltered(filter)
        .selectAll('cms_articles')
        .select('cms_categories.name as category_name')
        .orderBy('cms_articles.updated_at', 'desc')
        .orderBy('cms_articles.id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      this.adminFiltered(filter)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
    ]);
    return { list, total: count(total?.n) };
  }

  async tagIdsOf(articleId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('cms_article_tags')
      .select('tag_id')
      .where('article_id', '=', articleId)
      .orderBy('tag_id')
      .execute();
    return rows.map((r) => r.tag_id);
  }

  /** Which of these tag ids exist. */
  async existingTags(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('cms_tags')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** An article and its tags, written together or not at all. */
  async insertArticle(row: NewArticle, tagIds: readonly number[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('cms_articles').values(row).returning('id').executeTakeFirstOrThrow();
      if (tagIds.length > 0)
        await trx
          .insertInto('cms_article_tags')
          .values(tagIds.map((tag_id) => ({ article_id: id, tag_id })))
          .execute();
      return id;
    });
  }

  async updateArticle(id: number, fields: ArticleFields, tagIds: readonly number[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable('cms_articles').set(fields).where('id', '=', id).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx.deleteFrom('cms_article_tags').where('article_id', '=', id).execute();
      if (tagIds.length > 0)
        await trx
          .insertInto('cms_article_tags')
          .values(tagIds.map((tag_id) => ({ article_id: id, tag_id })))
          .execute();
      return true;
    });
  }

  async setStatus(id: number, status: string, publishAt: number | null, at: number): Promise<void> {
    await this.db
      .updateTable('cms_articles')
      .set({ status, publish_at: publishAt, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  async deleteArticle(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('cms_articles').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async demoKeys(): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('cms_articles')
      .select('demo_key')
      .where('demo_key', 'is not', null)
      .execute();
    return new Set(rows.flatMap((r) => (r.demo_key === null ? [] : [r.demo_key])));
  }

  async categoryByName(name: string) {
    return this.db.selectFrom('cms_categories').selectAll().where('name', '=', name).executeTakeFirst();
  }

  async insertCategory(row: { name: string; description: string; sort: number; at: number }): Promise<number> {
    const { id } = await this.db
      .insertInto('cms_categories')
      .values({ name: row.name, description: row.description, sort: row.sort, created_at: row.at, updated_at: row.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async updateCategory(id: number, row: { name: string; description: string; sort: number; at: number }) {
    const result = await this.db
      .updateTable('cms_categories')
      .set({ name: row.name, description: row.description, sort: row.sort, updated_at: row.at })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteCategory(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('cms_categories').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async articlesInCategory(id: number): Promise<number> {
    const row = await this.db
      .selectFrom('cms_articles')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('category_id', '=', id)
      .executeTakeFirst();
    return count(row?.n);
  }

  async tagByName(name: string) {
    return this.db.selectFrom('cms_tags').selectAll().where('name', '=', name).executeTakeFirst();
  }

  async insertTag(name: string, at: number): Promise<number> {
    const { id } = await this.db
      .insertInto('cms_tags')
      .values({ name, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async renameTag(id: number, name: string): Promise<boolean> {
    const result = await this.db.updateTable('cms_tags').set({ name }).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteTag(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('cms_tags').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async insertImage(row: ImageRow): Promise<void> {
    await this.db.insertInto('cms_images').values(row).execute();
  }

  async album(id: number) {
    return this.db.selectFrom('cms_albums').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertAlbum(row: { title: string; description: string; cover_image_id: string | null; at: number }) {
    const { id } = await this.db
      .insertInto('cms_albums')
      .values({
        title: row.title,
        description: row.description,
        cover_image_id: row.cover_image_id,
        created_at: row.at,
        updated_at: row.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async updateAlbum(
    id: number,
    row: { title: string; description: string; cover_image_id: string | null; at: number },
  ) {
    const result = await this.db
      .updateTable('cms_albums')
      .set({ title: row.title, description: row.description, cover_image_id: row.cover_image_id, updated_at: row.at })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteAlbum(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('cms_albums').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Appends a picture at the end of its album. */
  async addPicture(albumId: number, imageId: string, caption: string, at: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom('cms_pictures')
        .select((eb) => eb.fn.max('sort').as('s'))
        .where('album_id', '=', albumId)
        .executeTakeFirst();
      const { id } = await trx
        .insertInto('cms_pictures')
        .values({ album_id: albumId, image_id: imageId, caption, sort: count(last?.s) + 1, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('cms_albums').set({ updated_at: at }).where('id', '=', albumId).execute();
      return id;
    });
  }

  async picture(id: number) {
    return this.db.selectFrom('cms_pictures').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async deletePicture(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('cms_pictures').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async banner(id: number) {
    return this.db.selectFrom('cms_banners').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async saveBanner(
    id: number | undefined,
    row: { title: string; image_id: string; link: string; sort: number; enabled: number; at: number },
  ): Promise<number | undefined> {
    const values = { title: row.title, image_id: row.image_id, link: row.link, sort: row.sort, enabled: row.enabled };
    if (id === undefined) {
      const inserted = await this.db
        .insertInto('cms_banners')
        .values({ ...values, created_at: row.at, updated_at: row.at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    }
    const result = await this.db
      .updateTable('cms_banners')
      .set({ ...values, updated_at: row.at })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0 ? id : undefined;
  }

  async deleteBanner(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('cms_banners').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Deletes every generated demo article (DEMO_DATA=off): a deployment fed by real content shows none. */
  async deleteDemo(): Promise<number> {
    const result = await this.db.deleteFrom('cms_articles').where('demo_key', 'is not', null).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Database-side now-independent check used by tests: raw SQL count of up-votes of an article. */
  async upVotesOf(articleId: number): Promise<number> {
    const { rows } = await sql<{
      n: number | string;
    }>`select count(*) as n from cms_up_votes where article_id = ${articleId}`.execute(this.db);
    return count(rows[0]?.n);
  }
}
