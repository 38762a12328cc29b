import type { ResponseSchema } from './client';
import { readAnswer } from './client';
import { ApiError } from './errors';

/**
 * A multipart POST (a report with photos, photos added later) with upload progress. The shared client
 * sends with fetch, which cannot report how much of a body has gone; photos from a phone on a mobile
 * network take long enough that the person must see it moving, so this one uses XMLHttpRequest. Like
 * the client it rides on the session cookie from the console's own origin (the browser marks it
 * `Sec-Fetch-Site: same-origin`, which the server's CSRF rule requires of cookie-authenticated writes),
 * and unwraps the envelope with the same `readAnswer`.
 */

/** Photos take longer than the platform's default 20 s; a stalled upload still ends. */
export const UPLOAD_TIMEOUT_MS = 180_000;

export interface UploadOptions {
  /** 0–100 as the body goes out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export function postMultipart<T extends { data: unknown }>(
  path: string,
  form: FormData,
  schema: ResponseSchema<T>,
  options: UploadOptions = {},
): Promise<T['data']> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0)
        options.onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      try {
        resolve(readAnswer(xhr.status, body, schema));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(new ApiError('无法连接服务器，请检查网络', 0, 0));
    xhr.ontimeout = () => reject(new ApiError('上传超时，请检查网络后重试', 0, 0));
    xhr.onabort = () => reject(new DOMException('上传已取消', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    // No content-type of our own: the browser writes multipart/form-data with its boundary.
    xhr.send(form);
  });
}
