import { FIRST_DATA_ELEMENT_ID } from '@lantian/contracts/web-config';

/**
 * A page's first call answered inside the page's HTML: on a phone the page then shows its headline
 * one round trip (and one script run) sooner, since nothing has to be asked once the HTML is in.
 * A module that owns such an answer offers a {@link FirstDataSource}; the static app asks the sources
 * for every page address it serves (static-apps.ts).
 */
export interface FirstData {
  /** The API path the answer belongs to, e.g. '/api/getCityCurrentData'. */
  call: string;
  /** The address's parameter the answer is for (the city as written in /city/{city}). */
  key: string;
  /** Exactly the bytes the call answers (its envelope, uncompressed). */
  body: Buffer;
}

/** The first data for a page address, or undefined when the address has none (or it cannot be had now). */
export type FirstDataSource = (pathname: string) => FirstData | undefined | Promise<FirstData | undefined>;

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

const attribute = (text: string) => text.replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);

/**
 * The answer as an inert JSON script element, or undefined when its bytes could end the element or
 * open a comment inside it: the page must get the very bytes the call answers, so they are never
 * escaped — an answer that would need it is simply not inlined and the page asks for it as before.
 * type=application/json is never executed, so the CSP needs no exception.
 */
export function firstDataElement(data: FirstData): string | undefined {
  const text = data.body.toString('utf8');
  if (/<\/script|<!--/i.test(text)) return undefined;
  return `<script id="${FIRST_DATA_ELEMENT_ID}" type="application/json" data-call="${attribute(data.call)}" data-key="${attribute(data.key)}">${text}</script>`;
}

/** The segments of a page address after decoding, or undefined for a malformed escape. */
export function pageSegments(pathname: string): string[] | undefined {
  try {
    return pathname
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
}
