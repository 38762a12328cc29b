import type { FocusCityData } from '@lantian/contracts';
import { useSyncExternalStore } from 'react';
import { callApi } from '../../shared/api/client';
import { applyFollowData, type FollowedCity, getFollowed } from './store';

/**
 * Follow-card data (spec §4): fetched once, when the follow tab first opens, for all followed cities in
 * one call; a city followed after that gets its own call so its card is not left blank. Failures are
 * announced by the shell's toast ('服务器请求失败'); the cards keep what they had.
 */

export type FollowDataStatus = 'idle' | 'loading' | 'done' | 'error';

let status: FollowDataStatus = 'idle';
const listeners = new Set<() => void>();

function setStatus(next: FollowDataStatus) {
  status = next;
  for (const l of listeners) l();
}

export function useFollowDataStatus(): FollowDataStatus {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => status,
    () => status,
  );
}

/** Called whenever the follow tab opens; only the first call of the page's life fetches. */
export function loadFollowDataOnce(): void {
  if (status !== 'idle') return;
  const codes = getFollowed().map((c) => c.stationCode);
  if (codes.length === 0) {
    setStatus('done');
    return;
  }
  setStatus('loading');
  callApi<FocusCityData[]>('/api/getAllFocusCityData', { stationCodes: codes.join(',') })
    .then((items) => {
      applyFollowData(items);
      setStatus('done');
      // Cities followed while the call was under way were not in it.
      for (const city of getFollowed()) if (!codes.includes(city.stationCode)) loadFollowDataFor(city);
    })
    .catch(() => setStatus('error'));
}

/** A city just followed: fetch its card when the tab's one fetch has already happened. */
export function loadFollowDataFor(city: FollowedCity): void {
  if (status === 'idle' || status === 'loading') return;
  callApi<FocusCityData>('/api/getFocusCityData', {
    stationCode: city.stationCode,
    regionCode: city.regionCode,
    stationType: city.stationType,
  })
    .then((item) => applyFollowData([item]))
    .catch(() => undefined);
}
