/**
 * A page's own head, and for an article its text, put into the HTML the server sends for the page
 * address: link previews (WeChat, Weibo, Slack) and crawlers read the title, description, Open Graph
 * tags and the article without running the page's script; the React page then takes over (React
 * replaces everything inside #root). A module that owns such pages offers a {@link PageHeadSource}.
 */
export interface PageHead {
  title: string;
  description: string;
  /** og:type: 'website' unless given. */
  type?: 'article' | 'website';
  /** An image address on this site (og:image). */
  image?: string | undefined;
  /** China time, 'YYYY-MM-DD HH:mm:ss' (article:published_time). */
  publishedTime?: string;
  /** The article itself, for readers without script: its HTML is already sanitised by its owner. */
  article?: { title: string; meta: string; html: string };
}

export type PageHeadSource = (segments: readonly string[]) => PageHead | undefined | Promise<PageHead | undefined>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;', "'": '&#39;' };
const escapeText = (text: string) => text.replace(/[&"<>']/g, (c) => ESCAPES[c] ?? c);

const meta = (attr: 'name' | 'property', key: string, value: string) =>
  `<meta ${attr}="${key}" content="${escapeText(value)}">`;

/** China time 'YYYY-MM-DD HH:mm:ss' as ISO 8601 with its offset, as Open Graph wants it. */
const iso = (text: string) => `${text.replace(' ', 'T')}+08:00`;

/**
 * The page's HTML with the head's title and meta tags (replacing the app's generic ones) and, for
 * an article, its text as the first thing inside #root. Replacer functions throughout, so a `$` in
 * a title is never read as a replacement pattern.
 */
export function applyPageHead(html: string, head: PageHead, origin: string, pathname: string): string {
  const url = `${origin}${pathname}`;
  const tags = [
    meta('property', 'og:title', head.article?.title ?? head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:url', url),
    meta('property', 'og:site_name', '蓝天空气质量'),
    meta('property', 'og:locale', 'zh_CN'),
    meta('name', 'twitter:card', head.image === undefined ? 'summary' : 'summary_large_image'),
    `<link rel="canonical" href="${escapeText(url)}">`,
  ];
  if (head.image !== undefined) tags.push(meta('property', 'og:image', `${origin}${head.image}`));
  if (head.publishedTime !== undefined) tags.push(meta('property', 'article:published_time', iso(head.publishedTime)));
  let out = html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(head.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => meta('name', 'description', head.description))
    .replace('</head>', () => `${tags.join('')}</head>`);
  if (head.article !== undefined) {
    const { title, meta: line, html: body } = head.article;
    const article = `<article class="lt-seo-article"><h1>${escapeText(title)}</h1><p>${escapeText(line)}</p>${body}</article>`;
    out = out.replace('<div id="root">', () => `<div id="root">${article}`);
  }
  return out;
}
