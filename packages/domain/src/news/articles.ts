/**
 * Rules of the news CMS that need no I/O: when an article is visible to the public, its excerpt
 * from the rich text, and the month an article falls in on the timeline (China time).
 */

export const ARTICLE_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/** Whether the public site may show an article now: published, or scheduled whose time has come. */
export function isArticleVisible(article: { status: ArticleStatus; publishAt: number | null }, now: number): boolean {
  if (article.status === 'draft' || article.publishAt === null) return false;
  return article.publishAt <= now;
}

/**
 * The status an editor's action leads to. Publishing without a time publishes now; publishing with
 * a future time schedules (a scheduled article needs no job: the public queries filter by time).
 */
export function statusAfter(
  action: 'draft' | 'publish' | 'unpublish',
  publishAt: number | null,
  now: number,
): { status: ArticleStatus; publishAt: number | null } {
  if (action === 'draft' || action === 'unpublish') return { status: 'draft', publishAt };
  const at = publishAt ?? now;
  return { status: at > now ? 'scheduled' : 'published', publishAt: at };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The text of sanitised HTML: tags dropped, the few entities the sanitiser writes decoded, spaces folded. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|h[1-6]|li|blockquote|div)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** An excerpt of at most `max` characters, cut at a character (never inside a surrogate pair), with …. */
export function excerptOf(html: string, max = 120): string {
  const chars = [...textOfHtml(html)];
  if (chars.length <= max) return chars.join('');
  return `${chars.slice(0, max - 1).join('')}…`;
}

/** 'YYYY-MM' of an instant in China time (UTC+8, no DST): the article timeline's bucket. */
export function chinaMonthOf(t: number): string {
  const d = new Date((t + 8 * 3600) * 1000);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}
