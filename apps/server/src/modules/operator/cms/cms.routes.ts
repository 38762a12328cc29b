import {
  CMS_IMAGE_LIMITS,
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
  cmsAlbumSaveBody,
  cmsArticleListQuery,
  cmsArticleSaveBody,
  cmsArticleStatusBody,
  cmsBannerSaveBody,
  cmsCategorySaveBody,
  cmsDeletedResponse,
  cmsIdParams,
  cmsImageResponse,
  cmsPictureAddBody,
  cmsTagSaveBody,
} from '@lantian/contracts';
import { z } from 'zod';
import { invalidField } from '../../../platform/errors';
import { operatorCallerOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import { readMultipart } from '../../../platform/uploads/multipart';
import type { CmsAdminService } from './cms-admin.service';
import { prepareCmsImage } from './cms-images';

/**
 * The console's news editing (issue 18): RESTful JSON under /cms/, every route `operator:cms`,
 * every write audited. Images come in as multipart (`file`) and are answered with their address.
 */
export function cmsRoutes(service: CmsAdminService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['cms'], access: 'operator:cms', signed: false });
    const byId = { params: cmsIdParams };

    // ---------- Articles ----------
    route.get(
      '/cms/articles',
      {
        summary: '文章列表（分页；按状态、栏目、标题关键字筛选）',
        query: cmsArticleListQuery,
        response: cmsAdminArticleListResponse,
      },
      async ({ query }) => ok(await service.listArticles(query)),
    );
    route.get(
      '/cms/articles/:id',
      { summary: '文章详情（编辑用）', ...byId, response: cmsAdminArticleResponse },
      async ({ params }) => ok(await service.article(params.id)),
    );
    route.post(
      '/cms/articles',
      {
        summary: '新建文章（草稿；正文 HTML 保存时清洗）',
        body: cmsArticleSaveBody,
        response: cmsAdminArticleResponse,
      },
      async (request) => ok(await service.createArticle(request.body, operatorCallerOf(request)), '已保存'),
    );
    route.post(
      '/cms/articles/:id',
      { summary: '修改文章（状态不变）', ...byId, body: cmsArticleSaveBody, response: cmsAdminArticleResponse },
      async (request) =>
        ok(await service.updateArticle(request.params.id, request.body, operatorCallerOf(request)), '已保存'),
    );
    route.post(
      '/cms/articles/:id/status',
      {
        summary: '存为草稿、发布（发布时间在将来为定时发布）或撤回',
        ...byId,
        body: cmsArticleStatusBody,
        response: cmsAdminArticleResponse,
      },
      async (request) => {
        const saved = await service.changeStatus(request.params.id, request.body, operatorCallerOf(request));
        const msg = { draft: '已存为草稿', scheduled: `已定时，将于 ${saved.publishAt} 发布`, published: '已发布' }[
          saved.status
        ];
        return ok(saved, msg);
      },
    );
    route.post(
      '/cms/articles/:id/delete',
      { summary: '删除文章', ...byId, response: cmsDeletedResponse },
      async (request) => ok(await service.deleteArticle(request.params.id, operatorCallerOf(request)), '已删除'),
    );

    // ---------- Categories ----------
    route.get('/cms/categories', { summary: '栏目（导航顺序）', response: cmsAdminCategoriesResponse }, async () =>
      ok(await service.categories()),
    );
    route.post(
      '/cms/categories',
      { summary: '新增栏目', body: cmsCategorySaveBody, response: cmsAdminCategoryResponse },
      async (request) => ok(await service.saveCategory(undefined, request.body, operatorCallerOf(request)), '已保存'),
    );
    route.post(
      '/cms/categories/:id',
      { summary: '修改栏目', ...byId, body: cmsCategorySaveBody, response: cmsAdminCategoryResponse },
      async (request) =>
        ok(await service.saveCategory(request.params.id, request.body, operatorCallerOf(request)), '已保存'),
    );
    route.post(
      '/cms/categories/:id/delete',
      { summary: '删除栏目（栏目下有文章时拒绝）', ...byId, response: cmsDeletedResponse },
      async (request) => ok(await service.deleteCategory(request.params.id, operatorCallerOf(request)), '已删除'),
    );

    // ---------- Tags ----------
    route.get('/cms/tags', { summary: '标签', response: cmsAdminTagsResponse }, async () => ok(await service.tags()));
    route.post(
      '/cms/tags',
      { summary: '新增标签', body: cmsTagSaveBody, response: cmsAdminTagResponse },
      async (request) => ok(await service.saveTag(undefined, request.body, operatorCallerOf(request)), '已保存'),
    );
    route.post(
      '/cms/tags/:id',
      { summary: '重命名标签', ...byId, body: cmsTagSaveBody, response: cmsAdminTagResponse },
      async (request) =>
        ok(await service.saveTag(request.params.id, request.body, operatorCallerOf(request)), '已保存'),
    );
    route.post(
      '/cms/tags/:id/delete',
      { summary: '删除标签（从文章上摘下）', ...byId, response: cmsDeletedResponse },
      async (request) => ok(await service.deleteTag(request.params.id, operatorCallerOf(request)), '已删除'),
    );

    // ---------- Albums ----------
    route.get('/cms/albums', { summary: '图集（含图片）', response: cmsAdminAlbumsResponse }, async () =>
      ok(await service.albums()),
    );
    route.post(
      '/cms/albums',
      { summary: '新增图集', body: cmsAlbumSaveBody, response: cmsAdminAlbumResponse },
      async (request) => ok(await service.saveAlbum(undefined, request.body, operatorCallerOf(request)), '已保存'),
    );
    route.post(
      '/cms/albums/:id',
      { summary: '修改图集', ...byId, body: cmsAlbumSaveBody, response: cmsAdminAlbumResponse },
      async (request) =>
        ok(await service.saveAlbum(request.params.id, request.body, operatorCallerOf(request)), '已保存'),
    );
    route.post(
      '/cms/albums/:id/delete',
      { summary: '删除图集（连同其图片条目）', ...byId, response: cmsDeletedResponse },
      async (request) => ok(await service.deleteAlbum(request.params.id, operatorCallerOf(request)), '已删除'),
    );
    route.post(
      '/cms/albums/:id/pictures',
      { summary: '向图集添加已上传的图片', ...byId, body: cmsPictureAddBody, response: cmsAdminAlbumResponse },
      async (request) =>
        ok(await service.addPicture(request.params.id, request.body, operatorCallerOf(request)), '已添加'),
    );
    route.post(
      '/cms/pictures/:id/delete',
      { summary: '从图集删除图片', ...byId, response: cmsDeletedResponse },
      async (request) => ok(await service.deletePicture(request.params.id, operatorCallerOf(request)), '已删除'),
    );

    // ---------- Banners ----------
    route.get('/cms/banners', { summary: '轮播图（含停用的）', response: cmsAdminBannersResponse }, async () =>
      ok(await service.banners()),
    );
    route.post(
      '/cms/banners',
      { summary: '新增轮播图', body: cmsBannerSaveBody, response: cmsAdminBannerResponse },
      async (request) => ok(await service.saveBanner(undefined, request.body, operatorCallerOf(request)), '已保存'),
    );
    route.post(
      '/cms/banners/:id',
      { summary: '修改轮播图', ...byId, body: cmsBannerSaveBody, response: cmsAdminBannerResponse },
      async (request) =>
        ok(await service.saveBanner(request.params.id, request.body, operatorCallerOf(request)), '已保存'),
    );
    route.post(
      '/cms/banners/:id/delete',
      { summary: '删除轮播图', ...byId, response: cmsDeletedResponse },
      async (request) => ok(await service.deleteBanner(request.params.id, operatorCallerOf(request)), '已删除'),
    );

    // ---------- Images ----------
    route.post(
      '/cms/images',
      {
        summary: '上传图片（字段 file；JPG/PNG/WebP/GIF ≤ 5 MB，按内容识别；重新编码、缩放到 1920 像素内、去除 EXIF）',
        consumes: ['multipart/form-data'],
        response: cmsImageResponse,
      },
      async (request) => {
        const body = await readMultipart(request, {
          limits: { files: 1, fileBytes: CMS_IMAGE_LIMITS.maxBytes, fields: 0, fieldBytes: 0 },
          fileFields: ['file'],
          fields: z.object({}),
        });
        const [file] = body.files;
        if (file === undefined) throw invalidField('file', '请选择要上传的图片');
        const image = await prepareCmsImage(file.bytes);
        return ok(await service.storeImage(image, operatorCallerOf(request)), '已上传');
      },
    );
  };
}
