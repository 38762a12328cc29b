import { CMS_IMAGE_LIMITS, CMS_STATUS_LABELS, type CmsArticleSaveBody } from '@lantian/contracts';

/** Pure logic of the article editor (tested). */

export interface ArticleFormValues {
  title: string;
  categoryId: number | undefined;
  tagIds: number[];
  summary: string;
  author: string;
  source: string;
  coverImageId: string | null;
  isFocus: boolean;
  isRecommend: boolean;
  isTop: boolean;
}

export const EMPTY_ARTICLE: ArticleFormValues = {
  title: '',
  categoryId: undefined,
  tagIds: [],
  summary: '',
  author: '',
  source: '',
  coverImageId: null,
  isFocus: false,
  isRecommend: false,
  isTop: false,
};

/** What the save call sends: the form's fields and the editor's HTML (the server cleans it again). */
export function articleBody(values: ArticleFormValues, content: string): CmsArticleSaveBody {
  return {
    title: values.title.trim(),
    summary: values.summary.trim(),
    content: isEmptyHtml(content) ? '' : content,
    categoryId: values.categoryId ?? 0,
    tagIds: values.tagIds,
    coverImageId: values.coverImageId,
    author: values.author.trim(),
    source: values.source.trim(),
    isFocus: values.isFocus,
    isRecommend: values.isRecommend,
    isTop: values.isTop,
  };
}

/** The editor's HTML of an empty document ('<p></p>'). */
export function isEmptyHtml(html: string): boolean {
  return html.replace(/<p>\s*<\/p>|<br\s*\/?>/g, '').trim() === '';
}

export const STATUS_COLORS = { draft: 'default', scheduled: 'orange', published: 'green' } as const;
export const STATUS_OPTIONS = Object.entries(CMS_STATUS_LABELS).map(([value, label]) => ({ value, label }));

/** A file the picker may send, or the reason it may not (the server checks the bytes again). */
export function imageFileProblem(file: { type: string; size: number }): string | undefined {
  if (!(CMS_IMAGE_LIMITS.types as readonly string[]).includes(file.type)) return '只能上传 JPG、PNG、WebP 或 GIF 图片';
  if (file.size > CMS_IMAGE_LIMITS.maxBytes) return '图片不能超过 5 MB';
  return undefined;
}
