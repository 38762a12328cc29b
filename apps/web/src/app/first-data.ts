import { FIRST_DATA_ELEMENT_ID } from '@lantian/contracts/web-config';

/**
 * The answer of the page's first call that the server put into the HTML (server: platform/http/
 * first-data.ts), read instead of asking again. Only a success envelope for this very call and key
 * counts; anything else (no element under `vite dev`, another city, an error answer, broken JSON)
 * is undefined and the page calls the API as it always did.
 */
/** What is read of the document (a Document is one; tests pass a stand-in). */
interface ElementSource {
  getElementById(id: string): { dataset: DOMStringMap; textContent: string | null } | null;
}

export function inlinedAnswer<T>(call: string, key: string, root: ElementSource = document): T | undefined {
  const element = root.getElementById(FIRST_DATA_ELEMENT_ID);
  if (element === null || element.dataset.call !== call || element.dataset.key !== key) return undefined;
  try {
    const envelope = JSON.parse(element.textContent ?? '') as { code?: unknown; data?: unknown };
    // Spec §7: success is code 0, '0', 200 or '200' (as shared/api/client.ts reads it).
    const code = envelope.code;
    const success = code === 0 || code === '0' || code === 200 || code === '200';
    return success && envelope.data !== undefined ? (envelope.data as T) : undefined;
  } catch {
    return undefined;
  }
}
