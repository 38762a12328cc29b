import {
  type CmsArticleSaveBody,
  cmsAdminAlbumResponse,
  cmsAdminAlbumsResponse,
  cmsAdminArticleListResponse,
  cmsAdminArticleResponse,
  cmsAdminBannerResponse,
  cmsAdminBannersResponse,
  cmsAdminCategoriesResponse,
  cmsAdminCategoryResponse,
  cmsAdminTagResponse,
  cmsAdminTagsResponse,
  cmsDeletedResponse,
  cmsImageResponse,
} from '@lantian/contracts';
import { apiGet, apiPostJson, type DataOf, type Params } from '../../shared/api';
import { postMultipart, type UploadOptions } from '../../shared/api/upload';

/** The calls of 新闻资讯 (`/cms/*`, permission `cms`): JSON writes, multipart image uploads. */

export const newsKeys = {
  all: ['cms'] as const,
  articles: (params: Params) => ['cms', 'articles', params] as const,
  article: (id: number) => ['cms', 'article', id] as const,
  categories: ['cms', 'categories'] as const,
  tags: ['cms', 'tags'] as const,
  albums: ['cms', 'albums'] as const,
  banners: ['cms', 'banners'] as const,
};

export type ArticleRow = DataOf<typeof cmsAdminArticleListResponse>['list'][number];
export type AdminArticle = DataOf<typeof cmsAdminArticleResponse>;
export type AdminCategory = DataOf<typeof cmsAdminCategoryResponse>;
export type AdminTag = DataOf<typeof cmsAdminTagResponse>;
export type AdminAlbum = DataOf<typeof cmsAdminAlbumResponse>;
export type AdminBanner = DataOf<typeof cmsAdminBannerResponse>;
export type UploadedImage = DataOf<typeof cmsImageResponse>;

export const listArticles = (params: Params, signal?: AbortSignal) =>
  apiGet('/cms/articles', params, cmsAdminArticleListResponse, { signal });
export const getArticle = (id: number, signal?: AbortSignal) =>
  apiGet(`/cms/articles/${id}`, {}, cmsAdminArticleResponse, { signal });
export const saveArticle = (id: number | undefined, body: CmsArticleSaveBody) =>
  apiPostJson(id === undefined ? '/cms/articles' : `/cms/articles/${id}`, body, cmsAdminArticleResponse);
export const changeStatus = (id: number, action: 'draft' | 'publish' | 'unpublish', publishAt: string | null = null) =>
  apiPostJson(`/cms/articles/${id}/status`, { action, publishAt }, cmsAdminArticleResponse);
export const deleteArticle = (id: number) => apiPostJson(`/cms/articles/${id}/delete`, {}, cmsDeletedResponse);

export const listCategories = (signal?: AbortSignal) =>
  apiGet('/cms/categories', {}, cmsAdminCategoriesResponse, { signal });
export const saveCategory = (id: number | undefined, body: { name: string; description: string; sort: number }) =>
  apiPostJson(id === undefined ? '/cms/categories' : `/cms/categories/${id}`, body, cmsAdminCategoryResponse);
export const deleteCategory = (id: number) => apiPostJson(`/cms/categories/${id}/delete`, {}, cmsDeletedResponse);

export const listTags = (signal?: AbortSignal) => apiGet('/cms/tags', {}, cmsAdminTagsResponse, { signal });
export const saveTag = (id: number | undefined, name: string) =>
  apiPostJson(id === undefined ? '/cms/tags' : `/cms/tags/${id}`, { name }, cmsAdminTagResponse);
export const deleteTag = (id: number) => apiPostJson(`/cms/tags/${id}/delete`, {}, cmsDeletedResponse);

export const listAlbums = (signal?: AbortSignal) => apiGet('/cms/albums', {}, cmsAdminAlbumsResponse, { signal });
export const saveAlbum = (
  id: number | undefined,
  body: { title: string; description: string; coverImageId: string | null },
) => apiPostJson(id === undefined ? '/cms/albums' : `/cms/albums/${id}`, body, cmsAdminAlbumResponse);
export const deleteAlbum = (id: number) => apiPostJson(`/cms/albums/${id}/delete`, {}, cmsDeletedResponse);
export const addPicture = (albumId: number, imageId: string, caption: string) =>
  apiPostJson(`/cms/albums/${albumId}/pictures`, { imageId, caption }, cmsAdminAlbumResponse);
export const deletePicture = (id: number) => apiPostJson(`/cms/pictures/${id}/delete`, {}, cmsDeletedResponse);

export const listBanners = (signal?: AbortSignal) => apiGet('/cms/banners', {}, cmsAdminBannersResponse, { signal });
export const saveBanner = (
  id: number | undefined,
  body: { title: string; imageId: string; link: string; sort: number; enabled: boolean },
) => apiPostJson(id === undefined ? '/cms/banners' : `/cms/banners/${id}`, body, cmsAdminBannerResponse);
export const deleteBanner = (id: number) => apiPostJson(`/cms/banners/${id}/delete`, {}, cmsDeletedResponse);

/** One image in the field `file`; the server checks it by its bytes, re-encodes it and drops its EXIF. */
export function uploadImage(file: File, options: UploadOptions = {}) {
  const form = new FormData();
  form.append('file', file);
  return postMultipart('/cms/images', form, cmsImageResponse, options);
}
