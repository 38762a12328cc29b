import {
  ACCOUNT_COOKIES,
  ACCOUNT_HEADERS,
  cmsAlbumPictureResponse,
  cmsAlbumsResponse,
  cmsArticleCardsResponse,
  cmsArticleResponse,
  cmsBannersResponse,
  cmsCategoriesResponse,
  cmsCategoryListResponse,
  cmsTagListResponse,
  cmsTagsResponse,
  cmsTimelineResponse,
  cmsUpVoteResponse,
} from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import { invalidField } from '../../../platform/errors';
import { readCookies } from '../../../platform/http/cookies';
import { isSafeMethod, refuseCrossSite } from '../../../platform/http/csrf';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import {
  albumIdQuery,
  articleIdBody,
  articleIdQuery,
  categoryListQuery,
  imageParams,
  numQuery,
  tagListQuery,
} from './news.schemas';
import type { ListKind, NewsService } from './news.service';

/** Visitor ids as the account calls accept them (getUniqueId's 32 hex, or a similar opaque id). */
const VISITOR = /^[A-Za-z0-9_-]{8,64}$/;

/** The visitor: the Authentication-uniqueId header, else its cookie (as the account calls read it). */
function visitorOf(request: FastifyRequest): string | undefined {
  const header = request.headers[ACCOUNT_HEADERS.uniqueId];
  const given =
    typeof header === 'string' && header.trim() !== ''
      ? header.trim()
      : readCookies(request).get(ACCOUNT_COOKIES.uniqueId);
  return given !== undefined && VISITOR.test(given) ? given : undefined;
}

export interface NewsRouteSettings {
  /** Up-votes per client address and window: a budget of its own, tighter than the site's. */
  upVoteLimit: { max: number; windowMs: number };
}

const LISTS: Array<[string, ListKind, string]> = [
  ['getFocusList', 'focus', '焦点文章（焦点标记，最新在前）'],
  ['getRecommendList', 'recommend', '推荐文章（推荐标记，最新在前）'],
  ['getTopList', 'top', '置顶文章'],
  ['getRecentList', 'recent', '最新文章（置顶在前）'],
  ['getHotList', 'hot', '热门文章（按阅读数）'],
];

/** Spec §7 "GET /api/cms": the public news calls, signed like every call of the site. */
export function newsRoutes(service: NewsService, settings: NewsRouteSettings) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['news'], access: 'public', signed: true });
    app.addHook('onRequest', async (request) => {
      if (!isSafeMethod(request.method)) refuseCrossSite(request);
    });

    route.get(
      '/api/cms/getNavCategories',
      { summary: '新闻栏目（导航顺序，含已发布文章数）', response: cmsCategoriesResponse },
      async () => ok(await service.navCategories()),
    );
    for (const [name, kind, summary] of LISTS) {
      route.get(
        `/api/cms/${name}`,
        { summary, query: numQuery, response: cmsArticleCardsResponse },
        async ({ query }) => ok(await service.list(kind, query.num, query.categoryId)),
      );
    }
    route.get(
      '/api/cms/getIndexBanner',
      { summary: '首页轮播图（启用的，按顺序）', response: cmsBannersResponse },
      async () => ok(await service.banners()),
    );
    route.get('/api/cms/getTags', { summary: '标签（含已发布文章数）', response: cmsTagsResponse }, async () =>
      ok(await service.tags()),
    );
    route.get(
      '/api/cms/getCategoryList',
      { summary: '栏目的文章（分页）', query: categoryListQuery, response: cmsCategoryListResponse },
      async ({ query }) => ok(await service.categoryList(query.categoryId, query)),
    );
    route.get(
      '/api/cms/getTagList',
      { summary: '标签的文章（分页）', query: tagListQuery, response: cmsTagListResponse },
      async ({ query }) => ok(await service.tagList(query.tagId, query)),
    );
    route.get(
      '/api/cms/getArticle',
      {
        summary: '文章详情（计一次阅读；含标签、同栏目上一篇/下一篇、本访客是否已点赞）',
        query: articleIdQuery,
        response: cmsArticleResponse,
      },
      async (request, reply) => {
        // Counts a view and carries this visitor's vote: never from a shared cache.
        reply.header('cache-control', 'no-store');
        return ok(await service.article(request.query.articleId, visitorOf(request)));
      },
    );
    route.get('/api/cms/getAlbums', { summary: '图集列表', response: cmsAlbumsResponse }, async () =>
      ok(await service.albums()),
    );
    route.get(
      '/api/cms/getAlbumPicture',
      { summary: '图集的图片', query: albumIdQuery, response: cmsAlbumPictureResponse },
      async ({ query }) => ok(await service.albumPictures(query.albumId)),
    );
    route.get(
      '/api/cms/getArticleTimeline',
      { summary: '文章归档：按月份（北京时间）', response: cmsTimelineResponse },
      async () => ok(await service.timeline()),
    );
    route.post(
      '/api/cms/articleUpVote',
      {
        summary: '点赞文章：每位访客（Authentication-uniqueId 头或 Cookie）每篇一次，再次点赞返回 409',
        body: articleIdBody,
        response: cmsUpVoteResponse,
        rateLimit: { name: 'cms-upvote', ...settings.upVoteLimit },
      },
      async (request) => {
        const visitor = visitorOf(request);
        if (visitor === undefined) throw invalidField('uniqueId', '缺少访客标识，请刷新页面后重试');
        return ok(await service.upVote(request.body.articleId, visitor), '点赞成功');
      },
    );

    // Opened by <img> tags, which cannot sign. The id names bytes that never change: cached for good.
    route.get(
      '/api/cms/image/:id',
      {
        summary: '新闻图片（上传时已重新编码、去除元数据；不变，可长期缓存）',
        params: imageParams,
        signed: false,
        rateLimit: { name: 'cms-image', max: 1200, windowMs: 60_000 },
      },
      async ({ params }, reply) => {
        const image = await service.image(params.id);
        return reply
          .header('content-type', image.mime)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          .send(Buffer.from(image.data));
      },
    );
  };
}
