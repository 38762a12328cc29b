import { cmsArticleSaveBody } from '@lantian/contracts';
import { describe, expect, it } from 'vitest';
import { articleBody, EMPTY_ARTICLE, imageFileProblem, isEmptyHtml } from './news-editor';

describe('the article editor', () => {
  it('sends a body the save call accepts, trimming text and emptying an empty document', () => {
    const body = articleBody({ ...EMPTY_ARTICLE, title: '  标题 ', categoryId: 3, tagIds: [1] }, '<p></p>');
    expect(body).toMatchObject({ title: '标题', categoryId: 3, content: '', tagIds: [1] });
    expect(cmsArticleSaveBody.safeParse(body).success).toBe(true);
  });
  it('leaves a missing category for the server to name (categoryId)', () => {
    const parsed = cmsArticleSaveBody.safeParse(articleBody({ ...EMPTY_ARTICLE, title: 'x' }, '<p>正文</p>'));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['categoryId']);
  });
  it('knows an empty document', () => {
    expect(isEmptyHtml('<p></p><p> </p>')).toBe(true);
    expect(isEmptyHtml('<p>字</p>')).toBe(false);
  });
  it('refuses files that are not images or are over 5 MB before sending', () => {
    expect(imageFileProblem({ type: 'application/pdf', size: 10 })).toBe('只能上传 JPG、PNG、WebP 或 GIF 图片');
    expect(imageFileProblem({ type: 'image/png', size: 6 * 1024 * 1024 })).toBe('图片不能超过 5 MB');
    expect(imageFileProblem({ type: 'image/jpeg', size: 1000 })).toBeUndefined();
  });
});
