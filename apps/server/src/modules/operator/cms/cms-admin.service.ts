import {
  type AuditAction,
  type CmsAdminAlbum,
  type CmsAdminArticle,
  type CmsAdminArticleRow,
  type CmsAdminBanner,
  type CmsAdminCategory,
  type CmsArticleSave,
  type CmsImage,
  type CmsTag,
  type cmsAlbumSaveBody,
  type cmsArticleListQuery,
  type cmsArticleStatusBody,
  type cmsBannerSaveBody,
  type cmsCategorySaveBody,
  cmsImageUrl,
  type cmsPictureAddBody,
  type cmsTagSaveBody,
} from '@lantian/contracts';
import {
  excerptOf,
  formatChinaDateTime,
  formatChinaDateTimeOrNull,
  statusAfter,
  tryParseChinaDateTime,
} from '@lantian/domain';
import type { z } from 'zod';
import { conflict, invalidField, notFound } from '../../../platform/errors';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import type { OperatorCaller } from '../../../platform/http/principal';
import {
  type ArticleRow,
  type CmsStore,
  imageIdsOf,
  imageUrlOrNull,
  presentCard,
  randomImageId,
  sanitizeArticleHtml,
} from '../../data/cms';
import type { AuditLog } from '../audit';
import type { PreparedImage } from './cms-images';

type ArticleStatus = 'draft' | 'scheduled' | 'published';

/**
 * The console's editing of the news (permission `cms`): articles (HTML sanitised on every save),
 * their status (draft → published now or scheduled → back to draft), categories, tags, albums,
 * banners and the images. Every write is audited with before → after. The news is installation-wide
 * (the public site is national), so it is not area-scoped.
 */
export class CmsAdminService {
  constructor(
    private readonly store: CmsStore,
    private readonly audit: AuditLog,
    private readonly now: () => number,
  ) {}

  private async log(
    caller: OperatorCaller,
    action: AuditAction,
    target: { type: string; id: string | number; name?: string },
    before?: unknown,
    after?: unknown,
  ) {
    await this.audit.record({
      actor: caller.actor,
      ip: caller.ip,
      action,
      target: { type: target.type, id: String(target.id), name: target.name ?? null },
      before,
      after,
    });
  }

  /** The status an editor sees: a scheduled article whose time has passed is published. */
  private effectiveStatus(row: ArticleRow): ArticleStatus {
    if (row.status === 'scheduled' && row.publish_at !== null && row.publish_at <= this.now()) return 'published';
    return row.status === 'published' || row.status === 'scheduled' ? row.status : 'draft';
  }

  private presentRow(row: ArticleRow): CmsAdminArticleRow {
    return {
      ...presentCard(row),
      status: this.effectiveStatus(row),
      publishAt: formatChinaDateTimeOrNull(row.publish_at),
      updatedAt: formatChinaDateTime(row.updated_at),
    };
  }

  async listArticles(query: z.output<typeof cmsArticleListQuery>) {
    const page = pageOf(query, 20);
    const result = await this.store.adminArticles({
      now: this.now(),
      status: query.status,
      categoryId: query.categoryId,
      keyword: query.keyword,
      limit: page.limit,
      offset: page.offset,
    });
    return pageAnswer(page, { list: result.list.map((r) => this.presentRow(r)), total: result.total });
  }

  async article(id: number): Promise<CmsAdminArticle> {
    const row = await this.store.article(id);
    if (row === undefined) throw notFound('文章不存在');
    return {
      ...this.presentRow(row),
      content: row.content,
      tagIds: await this.store.tagIdsOf(id),
      coverImageId: row.cover_image_id,
    };
  }

  /** Checks what the body names (category, tags, images) and cleans the HTML; nothing is written on a problem. */
  private async fieldsOf(body: CmsArticleSave) {
    if ((await this.store.category(body.categoryId)) === undefined) throw invalidField('categoryId', '栏目不存在');
    const tagIds = [...new Set(body.tagIds)];
    const tags = await this.store.existingTags(tagIds);
    const missingTag = tagIds.find((t) => !tags.has(t));
    if (missingTag !== undefined) throw invalidField('tagIds', `标签 ${missingTag} 不存在`);
    const content = sanitizeArticleHtml(body.content);
    const imageIds = [...imageIdsOf(content), ...(body.coverImageId === null ? [] : [body.coverImageId])];
    const images = await this.store.existingImages(imageIds);
    if (body.coverImageId !== null && !images.has(body.coverImageId))
      throw invalidField('coverImageId', '封面图片不存在');
    if (imageIds.some((i) => !images.has(i))) throw invalidField('content', '正文引用了不存在的图片，请重新上传');
    const summary = body.summary === '' ? excerptOf(content, 120) : body.summary;
    return {
      tagIds,
      fields: {
        title: body.title,
        summary,
        content,
        cover_image_id: body.coverImageId,
        category_id: body.categoryId,
        author: body.author,
        source: body.source,
        is_focus: body.isFocus ? 1 : 0,
        is_recommend: body.isRecommend ? 1 : 0,
        is_top: body.isTop ? 1 : 0,
        updated_at: this.now(),
      },
    };
  }

  /** A new article, always a draft: publishing is its own step. */
  async createArticle(body: CmsArticleSave, caller: OperatorCaller): Promise<CmsAdminArticle> {
    const { fields, tagIds } = await this.fieldsOf(body);
    const at = this.now();
    const id = await this.store.insertArticle(
      { ...fields, status: 'draft', publish_at: null, demo_key: null, created_at: at, created_by: caller.actor.name },
      tagIds,
    );
    const saved = await this.article(id);
    await this.log(caller, 'cms_article.create', { type: 'cms_article', id, name: body.title }, undefined, {
      title: saved.title,
      categoryId: saved.categoryId,
      tagIds,
    });
    return saved;
  }

  async updateArticle(id: number, body: CmsArticleSave, caller: OperatorCaller): Promise<CmsAdminArticle> {
    const before = await this.article(id);
    const { fields, tagIds } = await this.fieldsOf(body);
    if (!(await this.store.updateArticle(id, fields, tagIds))) throw notFound('文章不存在');
    const after = await this.article(id);
    await this.log(
      caller,
      'cms_article.update',
      { type: 'cms_article', id, name: after.title },
      {
        title: before.title,
        summary: before.summary,
        categoryId: before.categoryId,
        tagIds: before.tagIds,
        contentLength: before.content.length,
      },
      {
        title: after.title,
        summary: after.summary,
        categoryId: after.categoryId,
        tagIds: after.tagIds,
        contentLength: after.content.length,
      },
    );
    return after;
  }

  async changeStatus(id: number, body: z.output<typeof cmsArticleStatusBody>, caller: OperatorCaller) {
    let publishAt: number | null = null;
    if (body.publishAt !== null) {
      publishAt = tryParseChinaDateTime(body.publishAt);
      if (publishAt === null) throw invalidField('publishAt', '不是有效的时间');
    }
    const before = await this.article(id);
    const at = this.now();
    const next =
      body.action === 'publish'
        ? statusAfter('publish', publishAt, at)
        : statusAfter(
            body.action,
            publishAt ?? (before.publishAt === null ? null : tryParseChinaDateTime(before.publishAt)),
            at,
          );
    await this.store.setStatus(id, next.status, next.publishAt, at);
    const after = await this.article(id);
    await this.log(
      caller,
      'cms_article.status',
      { type: 'cms_article', id, name: after.title },
      { status: before.status, publishAt: before.publishAt },
      { status: after.status, publishAt: after.publishAt },
    );
    return after;
  }

  async deleteArticle(id: number, caller: OperatorCaller) {
    const before = await this.article(id);
    await this.store.deleteArticle(id);
    await this.log(
      caller,
      'cms_article.delete',
      { type: 'cms_article', id, name: before.title },
      {
        title: before.title,
        status: before.status,
      },
    );
    return { deleted: true };
  }

  // ---------- Categories ----------

  async categories(): Promise<CmsAdminCategory[]> {
    const rows = await this.store.categories(this.now());
    return rows.map((r) => ({
      categoryId: r.id,
      name: r.name,
      description: r.description,
      sort: r.sort,
      articleCount: r.visible,
      totalCount: r.total,
    }));
  }

  private async categoryOrThrow(id: number) {
    const found = (await this.categories()).find((c) => c.categoryId === id);
    if (found === undefined) throw notFound('栏目不存在');
    return found;
  }

  async saveCategory(id: number | undefined, input: z.output<typeof cmsCategorySaveBody>, caller: OperatorCaller) {
    const same = await this.store.categoryByName(input.name);
    if (same !== undefined && same.id !== id) throw conflict(`栏目“${input.name}”已存在`);
    const before = id === undefined ? undefined : await this.categoryOrThrow(id);
    const at = this.now();
    const savedId = id ?? (await this.store.insertCategory({ ...input, at }));
    if (id !== undefined) await this.store.updateCategory(id, { ...input, at });
    const after = await this.categoryOrThrow(savedId);
    await this.log(caller, 'cms_category.save', { type: 'cms_category', id: savedId, name: after.name }, before, after);
    return after;
  }

  async deleteCategory(id: number, caller: OperatorCaller) {
    const before = await this.categoryOrThrow(id);
    if (before.totalCount > 0) throw conflict(`栏目下还有 ${before.totalCount} 篇文章，请先移走或删除`);
    await this.store.deleteCategory(id);
    await this.log(caller, 'cms_category.delete', { type: 'cms_category', id, name: before.name }, before);
    return { deleted: true };
  }

  // ---------- Tags ----------

  async tags(): Promise<CmsTag[]> {
    const rows = await this.store.tags(this.now());
    return rows.map((r) => ({ tagId: r.id, name: r.name, articleCount: r.articleCount }));
  }

  async saveTag(id: number | undefined, input: z.output<typeof cmsTagSaveBody>, caller: OperatorCaller) {
    const same = await this.store.tagByName(input.name);
    if (same !== undefined && same.id !== id) throw conflict(`标签“${input.name}”已存在`);
    const before = id === undefined ? undefined : await this.store.tag(id);
    if (id !== undefined && before === undefined) throw notFound('标签不存在');
    const savedId = id ?? (await this.store.insertTag(input.name, this.now()));
    if (id !== undefined) await this.store.renameTag(id, input.name);
    const after = (await this.tags()).find((t) => t.tagId === savedId);
    if (after === undefined) throw notFound('标签不存在');
    await this.log(caller, 'cms_tag.save', { type: 'cms_tag', id: savedId, name: input.name }, before, after);
    return after;
  }

  async deleteTag(id: number, caller: OperatorCaller) {
    const before = await this.store.tag(id);
    if (before === undefined) throw notFound('标签不存在');
    await this.store.deleteTag(id);
    await this.log(caller, 'cms_tag.delete', { type: 'cms_tag', id, name: before.name }, before);
    return { deleted: true };
  }

  // ---------- Images ----------

  async storeImage(image: PreparedImage, caller: OperatorCaller): Promise<CmsImage> {
    const id = randomImageId();
    await this.store.insertImage({
      id,
      mime: image.mime,
      width: image.width,
      height: image.height,
      bytes: image.data.length,
      data: image.data,
      created_at: this.now(),
      created_by: caller.actor.name,
    });
    const answer = {
      imageId: id,
      url: cmsImageUrl(id),
      width: image.width,
      height: image.height,
      bytes: image.data.length,
      mime: image.mime,
    };
    await this.log(caller, 'cms_image.upload', { type: 'cms_image', id }, undefined, answer);
    return answer;
  }

  private async imageOrThrow(field: string, id: string) {
    if (!(await this.store.existingImages([id])).has(id)) throw invalidField(field, '图片不存在，请重新上传');
  }

  // ---------- Albums ----------

  async albums(): Promise<CmsAdminAlbum[]> {
    const rows = await this.store.albums();
    return Promise.all(
      rows.map(async (r) => ({
        albumId: r.id,
        title: r.title,
        description: r.description,
        cover: imageUrlOrNull(r.cover_image_id ?? r.first_image),
        coverImageId: r.cover_image_id,
        pictureCount: r.n,
        createTime: formatChinaDateTime(r.created_at),
        pictures: (await this.store.pictures(r.id)).map((p) => ({
          pictureId: p.id,
          image: cmsImageUrl(p.image_id),
          caption: p.caption,
          width: p.width,
          height: p.height,
        })),
      })),
    );
  }

  private async albumOrThrow(id: number) {
    const found = (await this.albums()).find((a) => a.albumId === id);
    if (found === undefined) throw notFound('图集不存在');
    return found;
  }

  async saveAlbum(id: number | undefined, input: z.output<typeof cmsAlbumSaveBody>, caller: OperatorCaller) {
    if (input.coverImageId !== null) await this.imageOrThrow('coverImageId', input.coverImageId);
    const before = id === undefined ? undefined : await this.albumOrThrow(id);
    const row = {
      title: input.title,
      description: input.description,
      cover_image_id: input.coverImageId,
      at: this.now(),
    };
    const savedId = id ?? (await this.store.insertAlbum(row));
    if (id !== undefined) await this.store.updateAlbum(id, row);
    const after = await this.albumOrThrow(savedId);
    await this.log(caller, 'cms_album.save', { type: 'cms_album', id: savedId, name: after.title }, before, {
      title: after.title,
      description: after.description,
      coverImageId: after.coverImageId,
    });
    return after;
  }

  async deleteAlbum(id: number, caller: OperatorCaller) {
    const before = await this.albumOrThrow(id);
    await this.store.deleteAlbum(id);
    await this.log(
      caller,
      'cms_album.delete',
      { type: 'cms_album', id, name: before.title },
      {
        title: before.title,
        pictureCount: before.pictureCount,
      },
    );
    return { deleted: true };
  }

  async addPicture(albumId: number, input: z.output<typeof cmsPictureAddBody>, caller: OperatorCaller) {
    await this.albumOrThrow(albumId);
    await this.imageOrThrow('imageId', input.imageId);
    const id = await this.store.addPicture(albumId, input.imageId, input.caption, this.now());
    const after = await this.albumOrThrow(albumId);
    await this.log(caller, 'cms_picture.add', { type: 'cms_picture', id, name: input.caption }, undefined, {
      albumId,
      imageId: input.imageId,
    });
    return after;
  }

  async deletePicture(id: number, caller: OperatorCaller) {
    const before = await this.store.picture(id);
    if (before === undefined) throw notFound('图片不存在');
    await this.store.deletePicture(id);
    await this.log(caller, 'cms_picture.delete', { type: 'cms_picture', id, name: before.caption }, before);
    return { deleted: true };
  }

  // ---------- Banners ----------

  async banners(): Promise<CmsAdminBanner[]> {
    const rows = await this.store.banners(false);
    return rows.map((r) => ({
      bannerId: r.id,
      title: r.title,
      image: cmsImageUrl(r.image_id),
      imageId: r.image_id,
      link: r.link,
      sort: r.sort,
      enabled: r.enabled === 1,
    }));
  }

  async saveBanner(id: number | undefined, input: z.output<typeof cmsBannerSaveBody>, caller: OperatorCaller) {
    await this.imageOrThrow('imageId', input.imageId);
    const before = id === undefined ? undefined : (await this.banners()).find((b) => b.bannerId === id);
    if (id !== undefined && before === undefined) throw notFound('轮播图不存在');
    const savedId = await this.store.saveBanner(id, {
      title: input.title,
      image_id: input.imageId,
      link: input.link,
      sort: input.sort,
      enabled: input.enabled ? 1 : 0,
      at: this.now(),
    });
    const after = (await this.banners()).find((b) => b.bannerId === savedId);
    if (after === undefined) throw notFound('轮播图不存在');
    await this.log(
      caller,
      'cms_banner.save',
      { type: 'cms_banner', id: after.bannerId, name: after.title },
      before,
      after,
    );
    return after;
  }

  async deleteBanner(id: number, caller: OperatorCaller) {
    const before = (await this.banners()).find((b) => b.bannerId === id);
    if (before === undefined) throw notFound('轮播图不存在');
    await this.store.deleteBanner(id);
    await this.log(caller, 'cms_banner.delete', { type: 'cms_banner', id, name: before.title }, before);
    return { deleted: true };
  }
}
