import { embedConfigResponse, liveValuesResponse } from '@lantian/contracts';
import { apiGet } from '../shared/api';

/** The token variants a published dashboard opens with: no session, the token in the address. */

export const screenKeys = {
  config: (token: string) => ['screen', 'config', token] as const,
  values: (token: string) => ['screen', 'values', token] as const,
};

export const getScreen = (token: string, signal?: AbortSignal) =>
  apiGet('/api/configuration/configList', { token }, embedConfigResponse, { signal });

export const getScreenValues = (token: string, signal?: AbortSignal) =>
  apiGet('/api/configuration/dataSourceList', { token }, liveValuesResponse, { signal });

export const screenStreamUrl = (token: string) => `/api/configuration/stream?token=${encodeURIComponent(token)}`;
export const screenImageUrl = (token: string, id: string) =>
  `/api/configuration/staticResource?token=${encodeURIComponent(token)}&id=${encodeURIComponent(id)}`;

/** The token of /platform/screen/<token>, or undefined on any other address. */
export function screenTokenOf(pathname: string): string | undefined {
  const match = /^\/platform\/screen\/([A-Za-z0-9_-]{32,64})\/?$/.exec(pathname);
  return match?.[1];
}

/** The scale that fits a drawing into the window, whole drawing visible (letterboxed). */
export function fitScale(stage: { width: number; height: number }, window: { width: number; height: number }): number {
  return Math.max(0.05, Math.min(window.width / stage.width, window.height / stage.height));
}
