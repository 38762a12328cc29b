import sanitizeHtml from 'sanitize-html';

/**
 * Article HTML as it is stored: cleaned on every save with an allow-list, so that what the public
 * site renders (and the server inlines for crawlers) can carry no script. Anything not listed goes:
 * <script>/<style>/<iframe>, every on* attribute, style attributes, and links to schemes other than
 * http(s)/mailto (javascript:, data:, vbscript:). Images may only point at the CMS's own stored
 * images, so an article never loads a third party's file in a reader's browser.
 */

const OWN_IMAGE = /^\/api\/cms\/image\/[A-Za-z0-9]{16,24}$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'hr',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // An h1 belongs to the page (the article's title): headings in the body start at h2.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^(https?:|mailto:)/i.test(href);
      const out: Record<string, string> = { href };
      if (attribs.title !== undefined) out.title = attribs.title;
      if (external) {
        out.target = '_blank';
        out.rel = 'noopener noreferrer nofollow';
      }
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_IMAGE.test(frame.attribs.src ?? ''),
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The ids of the CMS images an article's HTML shows. */
export function imageIdsOf(html: string): string[] {
  return [...html.matchAll(/\/api\/cms\/image\/([A-Za-z0-9]{16,24})/g)].map((m) => m[1] ?? '');
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML (demo articles and the pages' titles are written from data, never trusted as markup). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
