import { type CmsArticleCard, cmsImageUrl } from '@lantian/contracts';
import { formatChinaDateTime } from '@lantian/domain';
import type { ArticleRow } from './cms.store';

/** An image id as its address, or null. */
export const imageUrlOrNull = (id: string | null) => (id === null ? null : cmsImageUrl(id));

/** An article as the public lists show it. */
export function presentCard(row: ArticleRow): CmsArticleCard {
  return {
    articleId: row.id,
    title: row.title,
    summary: row.summary,
    cover: imageUrlOrNull(row.cover_image_id),
    categoryId: row.category_id,
    categoryName: row.category_name,
    author: row.author,
    source: row.source,
    publishTime: formatChinaDateTime(row.publish_at ?? row.updated_at),
    viewCount: Number(row.view_count),
    upVoteCount: Number(row.up_vote_count),
    isFocus: row.is_focus === 1,
    isRecommend: row.is_recommend === 1,
    isTop: row.is_top === 1,
    isDemo: row.demo_key !== null,
  };
}

export const presentLink = (row: { id: number; title: string; publish_at: number | null }) => ({
  articleId: row.id,
  title: row.title,
  publishTime: formatChinaDateTime(row.publish_at ?? 0),
});
