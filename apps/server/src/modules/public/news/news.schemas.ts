import { z } from 'zod';
import { intParam, optionalField, pageParams } from '../../../platform/http/params';

/** The spec's payload names (§3): articleId, categoryId, tagId, albumId, num. */
const idParam = intParam(1, 999_999_999, 9);

export const numQuery = z.object({
  num: optionalField(intParam(1, 50, 2)).describe('条数，默认 10，最多 50'),
  categoryId: optionalField(idParam).describe('只取该栏目的文章'),
});
export const articleIdQuery = z.object({ articleId: idParam.describe('文章编号') });
export const articleIdBody = z.object({ articleId: idParam.describe('文章编号') });
export const categoryListQuery = z.object({ categoryId: idParam.describe('栏目编号'), ...pageParams(10, 50) });
export const tagListQuery = z.object({ tagId: idParam.describe('标签编号'), ...pageParams(10, 50) });
export const albumIdQuery = z.object({ albumId: idParam.describe('图集编号') });
export const imageParams = z.object({ id: z.string().describe('图片标识') });
