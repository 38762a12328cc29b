import type {
  CmsAlbum,
  CmsArticle,
  CmsArticleCard,
  CmsBanner,
  CmsCategory,
  CmsPicture,
  CmsTag,
  CmsTimelineMonth,
} from '@lantian/contracts';
import { callApi } from '../../shared/api/client';

/** The public news calls (spec §7 GET /api/cms/*, POST articleUpVote), signed like every call of the site. */

export interface Paged<Row> {
  list: Row[];
  total: number;
  pageNum: number;
  pageSize: number;
}

const get = <T>(name: string, params: Record<string, string | number | undefined> = {}, signal?: AbortSignal) =>
  callApi<T>(`/api/cms/${name}`, params, { method: 'GET', ...(signal === undefined ? {} : { signal }) });

export type ListName = 'getFocusList' | 'getRecommendList' | 'getTopList' | 'getRecentList' | 'getHotList';

export const newsQueries = {
  categories: () => ({
    queryKey: ['news', 'categories'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => get<CmsCategory[]>('getNavCategories', {}, signal),
    staleTime: 60_000,
  }),
  list: (name: ListName, num: number) => ({
    queryKey: ['news', name, num] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => get<CmsArticleCard[]>(name, { num }, signal),
    staleTime: 30_000,
  }),
  banners: () => ({
    queryKey: ['news', 'banners'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => get<CmsBanner[]>('getIndexBanner', {}, signal),
    staleTime: 60_000,
  }),
  tags: () => ({
    queryKey: ['news', 'tags'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => get<CmsTag[]>('getTags', {}, signal),
    staleTime: 60_000,
  }),
  category: (categoryId: number, pageNum: number) => ({
    queryKey: ['news', 'category', categoryId, pageNum] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      get<Paged<CmsArticleCard> & { category: CmsCategory }>(
        'getCategoryList',
        { categoryId, pageNum, pageSize: 10 },
        signal,
      ),
  }),
  tag: (tagId: number, pageNum: number) => ({
    queryKey: ['news', 'tag', tagId, pageNum] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      get<Paged<CmsArticleCard> & { tag: CmsTag }>('getTagList', { tagId, pageNum, pageSize: 10 }, signal),
  }),
  article: (articleId: number) => ({
    queryKey: ['news', 'article', articleId] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => get<CmsArticle>('getArticle', { articleId }, signal),
    // Each read counts a view: asked once per visit of the page, not on every focus.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  }),
  albums: () => ({
    queryKey: ['news', 'albums'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => get<CmsAlbum[]>('getAlbums', {}, signal),
  }),
  album: (albumId: number) => ({
    queryKey: ['news', 'album', albumId] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      get<{ album: CmsAlbum; list: CmsPicture[] }>('getAlbumPicture', { albumId }, signal),
  }),
  timeline: () => ({
    queryKey: ['news', 'timeline'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => get<CmsTimelineMonth[]>('getArticleTimeline', {}, signal),
  }),
};

/** Quiet: the article page says what happened next to the button (already voted, no visitor id). */
export const upVote = (articleId: number) =>
  callApi<{ articleId: number; upVoteCount: number; upVoted: true }>(
    '/api/cms/articleUpVote',
    { articleId },
    { quiet: true },
  );
