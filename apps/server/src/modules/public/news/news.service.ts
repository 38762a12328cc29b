import {
  type CmsAlbum,
  type CmsArticle,
  type CmsArticleCard,
  type CmsBanner,
  type CmsCategory,
  type CmsPicture,
  type CmsTag,
  type CmsTimelineMonth,
  cmsImageUrl,
  ErrorCode,
} from '@lantian/contracts';
import { chinaMonthOf, formatChinaDateTime } from '@lantian/domain';
import { AppError, notFound } from '../../../platform/errors';
import type { PageHead } from '../../../platform/http/page-head';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import { type CmsStore, imageUrlOrNull, presentCard, presentLink } from '../../data/cms';

export type ListKind = 'focus' | 'recommend' | 'top' | 'recent' | 'hot';

const FLAGS = { focus: 'is_focus', recommend: 'is_recommend', top: 'is_top' } as const;
const DEFAULT_NUM = 10;
/** Articles on the timeline: two years of a busy newsroom; older ones are reached through the categories. */
const TIMELINE_LIMIT = 500;

const ARTICLE_NOT_FOUND = '文章不存在或尚未发布';

/**
 * The public news calls (spec §7 GET /api/cms/*): only articles visible now (published, or
 * scheduled whose time has come) ever leave here; drafts and future ones answer 404 as if absent.
 */
export class NewsService {
  constructor(
    private readonly store: CmsStore,
    private readonly now: () => number,
  ) {}

  async navCategories(): Promise<CmsCategory[]> {
    const rows = await this.store.categories(this.now());
    return rows.map((r) => ({
      categoryId: r.id,
      name: r.name,
      description: r.description,
      sort: r.sort,
      articleCount: r.visible,
    }));
  }

  async list(kind: ListKind, num: number | undefined, categoryId: number | undefined): Promise<CmsArticleCard[]> {
    const rows = await this.store.cards({
      now: this.now(),
      flag: kind === 'recent' || kind === 'hot' ? undefined : FLAGS[kind],
      categoryId,
      order: kind === 'hot' ? 'hot' : 'recent',
      limit: num ?? DEFAULT_NUM,
    });
    return rows.map(presentCard);
  }

  async banners(): Promise<CmsBanner[]> {
    const rows = await this.store.banners(true);
    return rows.map((r) => ({ bannerId: r.id, title: r.title, image: cmsImageUrl(r.image_id), link: r.link }));
  }

  async tags(): Promise<CmsTag[]> {
    const rows = await this.store.tags(this.now());
    return rows.map((r) => ({ tagId: r.id, name: r.name, articleCount: r.articleCount }));
  }

  async categoryList(categoryId: number, input: { pageNum?: number | undefined; pageSize?: number | undefined }) {
    const category = (await this.navCategories()).find((c) => c.categoryId === categoryId);
    if (category === undefined) throw notFound('栏目不存在');
    const page = pageOf(input, 10);
    const now = this.now();
    const [rows, total] = await Promise.all([
      this.store.cards({ now, categoryId, order: 'recent', limit: page.limit, offset: page.offset }),
      this.store.countCards({ now, categoryId }),
    ]);
    return { ...pageAnswer(page, { list: rows.map(presentCard), total }), category };
  }

  async tagList(tagId: number, input: { pageNum?: number | undefined; pageSize?: number | undefined }) {
    const tag = (await this.tags()).find((t) => t.tagId === tagId);
    if (tag === undefined) throw notFound('标签不存在');
    const page = pageOf(input, 10);
    const now = this.now();
    const [rows, total] = await Promise.all([
      this.store.cards({ now, tagId, order: 'recent', limit: page.limit, offset: page.offset }),
      this.store.countCards({ now, tagId }),
    ]);
    return { ...pageAnswer(page, { list: rows.map(presentCard), total }), tag };
  }

  /** An article as read: the view is counted (in SQL, so instances count together). */
  async article(articleId: number, visitor: string | undefined): Promise<CmsArticle> {
    const now = this.now();
    const row = await this.store.visibleArticle(articleId, now);
    if (row === undefined || row.publish_at === null) throw notFound(ARTICLE_NOT_FOUND);
    await this.store.addView(articleId);
    const [tags, { prev, next }, upVoted] = await Promise.all([
      this.store.tagsOf(articleId),
      this.store.neighbours({ id: row.id, category_id: row.category_id, publish_at: row.publish_at }, now),
      visitor === undefined ? Promise.resolve(false) : this.store.hasUpVoted(articleId, visitor),
    ]);
    return {
      ...presentCard({ ...row, view_count: Number(row.view_count) + 1 }),
      content: row.content,
      tags: tags.map((t) => ({ tagId: t.id, name: t.name })),
      prev: prev === undefined ? null : presentLink(prev),
      next: next === undefined ? null : presentLink(next),
      upVoted,
    };
  }

  /** One up-vote per visitor and article; the second answers 409 ALREADY_VOTED and changes nothing. */
  async upVote(articleId: number, visitor: string) {
    const now = this.now();
    const row = await this.store.visibleArticle(articleId, now);
    if (row === undefined) throw notFound(ARTICLE_NOT_FOUND);
    const count = await this.store.upVote(articleId, visitor, now);
    if (count === undefined) {
      throw new AppError(ErrorCode.ALREADY_VOTED, '您已经点过赞了，每篇文章只能点赞一次', {
        data: { articleId, upVoteCount: Number(row.up_vote_count) },
      });
    }
    return { articleId, upVoteCount: count, upVoted: true as const };
  }

  async albums(): Promise<CmsAlbum[]> {
    const rows = await this.store.albums();
    return rows
      .filter((r) => r.n > 0)
      .map((r) => ({
        albumId: r.id,
        title: r.title,
        description: r.description,
        cover: imageUrlOrNull(r.cover_image_id ?? r.first_image),
        pictureCount: r.n,
        createTime: formatChinaDateTime(r.created_at),
      }));
  }

  async albumPictures(albumId: number): Promise<{ album: CmsAlbum; list: CmsPicture[] }> {
    const album = (await this.albums()).find((a) => a.albumId === albumId);
    if (album === undefined) throw notFound('图集不存在');
    const rows = await this.store.pictures(albumId);
    return {
      album,
      list: rows.map((r) => ({
        pictureId: r.id,
        image: cmsImageUrl(r.image_id),
        caption: r.caption,
        width: r.width,
        height: r.height,
      })),
    };
  }

  /** Visible articles by month (China time), newest month first. */
  async timeline(): Promise<CmsTimelineMonth[]> {
    const rows = await this.store.timeline(this.now(), TIMELINE_LIMIT);
    const months = new Map<string, CmsTimelineMonth>();
    for (const row of rows) {
      const month = chinaMonthOf(row.publish_at ?? 0);
      const entry = months.get(month) ?? { month, count: 0, articles: [] };
      entry.count++;
      entry.articles.push(presentLink(row));
      months.set(month, entry);
    }
    return [...months.values()];
  }

  async image(id: string) {
    if (!/^[A-Za-z0-9]{16,24}$/.test(id)) throw notFound('图片不存在');
    const row = await this.store.image(id);
    if (row === undefined) throw notFound('图片不存在');
    return row;
  }

  /**
   * The head (and, for an article, the body) of a news page as the server sends it: link previews
   * and crawlers see the article without running the page's script. Undefined for other addresses.
   */
  async pageHead(segments: readonly string[]): Promise<PageHead | undefined> {
    if (segments[0] !== 'news') return undefined;
    const [, kind, idText] = segments;
    const id = idText !== undefined && /^\d{1,9}$/.test(idText) ? Number(idText) : undefined;
    const now = this.now();
    if (kind === 'article' && id !== undefined) {
      const row = await this.store.visibleArticle(id, now);
      if (row === undefined) return { title: `文章不存在-${SITE}`, description: ARTICLE_NOT_FOUND };
      return {
        title: `${row.title}-${SITE}`,
        description: row.summary,
        type: 'article',
        image: imageUrlOrNull(row.cover_image_id) ?? undefined,
        publishedTime: formatChinaDateTime(row.publish_at ?? row.updated_at),
        article: {
          title: row.title,
          meta: `${row.category_name} · ${formatChinaDateTime(row.publish_at ?? 0)}`,
          html: row.content,
        },
      };
    }
    if (kind === 'category' && id !== undefined) {
      const category = await this.store.category(id);
      if (category !== undefined)
        return {
          title: `${category.name}-新闻资讯-${SITE}`,
          description: category.description || `${category.name}：空气质量新闻资讯`,
        };
    }
    if (kind === 'tag' && id !== undefined) {
      const tag = await this.store.tag(id);
      if (tag !== undefined)
        return { title: `${tag.name}-新闻资讯-${SITE}`, description: `标签“${tag.name}”下的空气质量新闻资讯` };
    }
    if (kind === 'albums' || kind === 'album') return { title: `图集-新闻资讯-${SITE}`, description: '空气质量图集' };
    if (kind === 'timeline')
      return { title: `文章归档-新闻资讯-${SITE}`, description: '按月份浏览全部空气质量新闻资讯' };
    return { title: `新闻资讯-${SITE}`, description: '全国空气质量新闻、周报、排行与科普' };
  }
}

/** The site's name in page titles (the web app's SITE_TITLE_SUFFIX). */
const SITE = '蓝天空气质量';
