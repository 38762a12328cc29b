import type { CityListEntry, ImageFrame, ImageMethod, ImagePollutant, ImageSpan } from '@lantian/contracts';
import { signParams } from '@lantian/contracts/signature';
import { ApiError, callApi } from '../../shared/api/client';
import { runtimeConfig } from '../../shared/runtime-config';

/**
 * The image analysis calls: the frame list (spec §7 GET /api/common/getRgbaImageNameList), the
 * provinces and cities for the area choice, and POST /api/createVideo — multipart, so it goes
 * through XMLHttpRequest for its upload progress (fetch has none), signed like every call (the
 * signature covers the query string, empty here; the form's parts are not signed).
 */

export const fetchFrames = (
  params: { type: ImagePollutant; code: string; time: string; mode: ImageSpan; method: ImageMethod },
  signal?: AbortSignal,
) =>
  callApi<ImageFrame[]>('/api/common/getRgbaImageNameList', params, {
    method: 'GET',
    quiet: true,
    ...(signal ? { signal } : {}),
  });

export const fetchProvinces = async () =>
  (await callApi<CityListEntry[] | null>('/api/getProvinceList', {}, { method: 'GET', quiet: true })) ?? [];

export { fetchCityList } from '../../modules/city/city.api';

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** Server-side encoding may take a while for 240 frames: far more than the default 20 s. */
const VIDEO_TIMEOUT_MS = 180_000;

/** Sends the frames in order and resolves with the MP4; rejects with an ApiError (the server's words) or an AbortError. */
export async function createVideo(
  frames: readonly Blob[],
  key: string,
  fps: number,
  onProgress: (p: UploadProgress) => void,
  signal: AbortSignal,
): Promise<Blob> {
  const headers = await signParams({}, runtimeConfig.apiKey);
  const form = new FormData();
  form.append('key', key);
  form.append('fps', String(fps));
  frames.forEach((frame, i) => {
    form.append('files', frame, `frame-${String(i + 1).padStart(3, '0')}.png`);
  });
  return new Promise<Blob>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/createVideo');
    xhr.responseType = 'blob';
    xhr.timeout = VIDEO_TIMEOUT_MS;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress({ loaded: e.loaded, total: e.total });
    };
    const abort = () => xhr.abort();
    signal.addEventListener('abort', abort, { once: true });
    const done = () => signal.removeEventListener('abort', abort);
    xhr.onabort = () => {
      done();
      reject(new DOMException('已取消', 'AbortError'));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError('网络连接失败，视频未生成', 0, 0));
    };
    xhr.ontimeout = () => {
      done();
      reject(new ApiError('生成视频超时，请减少帧数后重试', 0, 0));
    };
    xhr.onload = () => {
      done();
      const body = xhr.response as Blob;
      if (xhr.status === 200 && body.type.startsWith('video/')) {
        resolve(body);
        return;
      }
      // Failures answer the JSON envelope: its msg is the reason in words a person can act on.
      body
        .text()
        .then((text) => {
          const envelope = JSON.parse(text) as { code?: unknown; msg?: unknown };
          reject(
            new ApiError(
              typeof envelope.msg === 'string' ? envelope.msg : `生成视频失败（HTTP ${xhr.status}）`,
              typeof envelope.code === 'number' ? envelope.code : 0,
              xhr.status,
            ),
          );
        })
        .catch(() => reject(new ApiError(`生成视频失败（HTTP ${xhr.status}）`, 0, xhr.status)));
    };
    xhr.send(form);
  });
}
