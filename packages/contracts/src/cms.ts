import { z } from 'zod';
import { envelope } from './envelope';
import { pageOf } from './platform/paging';

/**
 * The news CMS (issue 18 "News"): the public calls of spec §7 `GET /api/cms/*` + `POST
 * /api/cms/articleUpVote`, and the console's editing calls under `/cms/*` (permission `cms`).
 * Times are China time 'YYYY-MM-DD HH:mm:ss'. Images are served by the server at
 * `/api/cms/image/<id>` (re-encoded, metadata dropped, immutable).
 */

/** Uploaded images: checked by their bytes, decoded, resized and re-encoded on the server. */
export const CMS_IMAGE_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  /** Pixels of one image (width × height): a larger one is refused before it is decoded. */
  maxPixels: 40_000_000,
  /** Longest side of the stored image. */
  longSide: 1920,
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
} as const;

export const CMS_IMAGE_LIMITS_TEXT = '支持 JPG、PNG、WebP、GIF，单张不超过 5 MB';

/** The address of a stored image (its id never changes meaning, so it is cached for good). */
export const cmsImageUrl = (imageId: string) => `/api/cms/image/${imageId}`;

export const CMS_STATUS_LABELS = { draft: '草稿', scheduled: '定时发布', published: '已发布' } as const;
export const cmsStatus = z
  .enum(['draft', 'scheduled', 'published'])
  .describe('draft 草稿 / scheduled 定时发布 / published 已发布');

const id = z.number().int();
const time = z.string().describe('北京时间 YYYY-MM-DD HH:mm:ss');

// ---------- Public answers ----------

export const cmsCategory = z.object({
  categoryId: id,
  name: z.string(),
  description: z.string(),
  sort: z.number().int(),
  articleCount: z.number().int().describe('已发布的文章数'),
});

export const cmsTagRef = z.object({ tagId: id, name: z.string() });
export const cmsTag = cmsTagRef.extend({ articleCount: z.number().int() });

export const cmsArticleCard = z.object({
  articleId: id,
  title: z.string(),
  summary: z.string(),
  cover: z.string().nullable().describe('封面图片地址'),
  categoryId: id,
  categoryName: z.string(),
  author: z.string(),
  source: z.string(),
  publishTime: time,
  viewCount: z.number().int(),
  upVoteCount: z.number().int(),
  isFocus: z.boolean(),
  isRecommend: z.boolean(),
  isTop: z.boolean(),
  isDemo: z.boolean().describe('演示内容（DEMO_DATA=on 时生成）'),
});

export const cmsArticleLink = z.object({ articleId: id, title: z.string(), publishTime: time });

export const cmsArticle = cmsArticleCard.extend({
  content: z.string().describe('清洗后的正文 HTML'),
  tags: z.array(cmsTagRef),
  prev: cmsArticleLink.nullable().describe('同栏目上一篇（更早发布）'),
  next: cmsArticleLink.nullable().describe('同栏目下一篇（更晚发布）'),
  upVoted: z.boolean().describe('本访客是否已点赞'),
});

export const cmsBanner = z.object({
  bannerId: id,
  title: z.string(),
  image: z.string(),
  link: z.string(),
});

export const cmsAlbum = z.object({
  albumId: id,
  title: z.string(),
  description: z.string(),
  cover: z.string().nullable(),
  pictureCount: z.number().int(),
  createTime: time,
});

export const cmsPicture = z.object({
  pictureId: id,
  image: z.string(),
  caption: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const cmsTimelineMonth = z.object({
  month: z.string().describe('YYYY-MM（北京时间）'),
  count: z.number().int(),
  articles: z.array(cmsArticleLink),
});

export const cmsCategoriesResponse = envelope(z.array(cmsCategory));
export const cmsArticleCardsResponse = envelope(z.array(cmsArticleCard));
export const cmsBannersResponse = envelope(z.array(cmsBanner));
export const cmsTagsResponse = envelope(z.array(cmsTag));
export const cmsCategoryListResponse = envelope(pageOf(cmsArticleCard).extend({ category: cmsCategory }));
export const cmsTagListResponse = envelope(pageOf(cmsArticleCard).extend({ tag: cmsTag }));
export const cmsArticleResponse = envelope(cmsArticle);
export const cmsAlbumsResponse = envelope(z.array(cmsAlbum));
export const cmsAlbumPictureResponse = envelope(z.object({ album: cmsAlbum, list: z.array(cmsPicture) }));
export const cmsTimelineResponse = envelope(z.array(cmsTimelineMonth));
export const cmsUpVoteResponse = envelope(
  z.object({ articleId: id, upVoteCount: z.number().int(), upVoted: z.literal(true) }),
);

export type CmsCategory = z.infer<typeof cmsCategory>;
export type CmsTag = z.infer<typeof cmsTag>;
export type CmsArticleCard = z.infer<typeof cmsArticleCard>;
export type CmsArticle = z.infer<typeof cmsArticle>;
export type CmsBanner = z.infer<typeof cmsBanner>;
export type CmsAlbum = z.infer<typeof cmsAlbum>;
export type CmsPicture = z.infer<typeof cmsPicture>;
export type CmsTimelineMonth = z.infer<typeof cmsTimelineMonth>;

// ---------- Console (operator) calls ----------

const imageId = z.string().regex(/^[A-Za-z0-9]{16,24}$/, '图片标识格式不正确');
const text = (max: number, label: string) => z.string().trim().max(max, `${label}不能超过 ${max} 个字符`);
const required = (max: number, label: string) => text(max, label).min(1, `请填写${label}`);

export const CMS_CONTENT_MAX = 200_000;

export const cmsArticleSaveBody = z.object({
  title: required(100, '标题'),
  summary: text(300, '摘要').default('').describe('留空时取正文前 120 字'),
  content: z
    .string()
    .max(CMS_CONTENT_MAX, `正文不能超过 ${CMS_CONTENT_MAX} 个字符`)
    .describe('正文 HTML（保存时清洗）'),
  categoryId: z.number().int().positive('请选择栏目'),
  tagIds: z.array(z.number().int().positive()).max(10, '最多 10 个标签').default([]),
  coverImageId: imageId.nullable().default(null),
  author: text(40, '作者').default(''),
  source: text(60, '来源').default(''),
  isFocus: z.boolean().default(false),
  isRecommend: z.boolean().default(false),
  isTop: z.boolean().default(false),
});

export const cmsArticleStatusBody = z.object({
  action: z
    .enum(['draft', 'publish', 'unpublish'])
    .describe('draft 存为草稿 / publish 发布（时间在将来即定时发布）/ unpublish 撤回'),
  publishAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, '时间格式应为 YYYY-MM-DD HH:mm:ss')
    .nullable()
    .default(null)
    .describe('发布时间（北京时间）；留空为立即'),
});

export const cmsArticleListQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: cmsStatus.optional(),
  categoryId: z.coerce.number().int().positive().optional(),
  keyword: z.string().trim().max(50).optional(),
});

export const cmsAdminArticleRow = cmsArticleCard.extend({
  status: cmsStatus,
  publishAt: time.nullable(),
  updatedAt: time,
});

export const cmsAdminArticle = cmsAdminArticleRow.extend({
  content: z.string(),
  tagIds: z.array(id),
  coverImageId: z.string().nullable(),
});

export const cmsCategorySaveBody = z.object({
  name: required(20, '栏目名称'),
  description: text(100, '栏目说明').default(''),
  sort: z.number().int().min(0).max(9999).default(0),
});
export const cmsTagSaveBody = z.object({ name: required(20, '标签名称') });
export const cmsAlbumSaveBody = z.object({
  title: required(60, '图集标题'),
  description: text(300, '图集说明').default(''),
  coverImageId: imageId.nullable().default(null),
});
export const cmsPictureAddBody = z.object({
  imageId,
  caption: text(200, '图片说明').default(''),
});
export const cmsBannerSaveBody = z.object({
  title: required(60, '标题'),
  imageId,
  link: text(300, '链接')
    .refine(
      (v) => v === '' || /^\/(?!\/)[^\s\\]*$/.test(v) || /^https:\/\/[^\s]+$/.test(v),
      '应为站内路径（/ 开头）或 https 地址',
    )
    .default(''),
  sort: z.number().int().min(0).max(9999).default(0),
  enabled: z.boolean().default(true),
});

export const cmsIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, '应为数字编号')
    .transform(Number),
});

export const cmsAdminCategory = cmsCategory.extend({ totalCount: z.number().int().describe('全部文章数（含草稿）') });
export const cmsAdminAlbum = cmsAlbum.extend({ coverImageId: z.string().nullable(), pictures: z.array(cmsPicture) });
export const cmsAdminBanner = cmsBanner.extend({ imageId: z.string(), sort: z.number().int(), enabled: z.boolean() });
export const cmsImage = z.object({
  imageId: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  mime: z.string(),
});

export const cmsAdminArticleListResponse = envelope(pageOf(cmsAdminArticleRow));
export const cmsAdminArticleResponse = envelope(cmsAdminArticle);
export const cmsAdminCategoriesResponse = envelope(z.array(cmsAdminCategory));
export const cmsAdminCategoryResponse = envelope(cmsAdminCategory);
export const cmsAdminTagsResponse = envelope(z.array(cmsTag));
export const cmsAdminTagResponse = envelope(cmsTag);
export const cmsAdminAlbumsResponse = envelope(z.array(cmsAdminAlbum));
export const cmsAdminAlbumResponse = envelope(cmsAdminAlbum);
export const cmsAdminBannersResponse = envelope(z.array(cmsAdminBanner));
export const cmsAdminBannerResponse = envelope(cmsAdminBanner);
export const cmsImageResponse = envelope(cmsImage);
export const cmsDeletedResponse = envelope(z.object({ deleted: z.boolean() }));

export type CmsArticleSaveBody = z.input<typeof cmsArticleSaveBody>;
export type CmsArticleSave = z.output<typeof cmsArticleSaveBody>;
export type CmsAdminArticleRow = z.infer<typeof cmsAdminArticleRow>;
export type CmsAdminArticle = z.infer<typeof cmsAdminArticle>;
export type CmsAdminCategory = z.infer<typeof cmsAdminCategory>;
export type CmsAdminAlbum = z.infer<typeof cmsAdminAlbum>;
export type CmsAdminBanner = z.infer<typeof cmsAdminBanner>;
export type CmsImage = z.infer<typeof cmsImage>;
