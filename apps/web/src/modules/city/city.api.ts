import type { CityListEntry, IpLocation, SiteInfo } from '@lantian/contracts';
import { callApi } from '../../shared/api/client';

/**
 * The calls behind the current city. The city list is fetched quietly: its failure has its own message
 * (spec §8 '服务器连接失败'), shown by the provider, instead of the generic '服务器请求失败'.
 */

export const CITY_LIST_KEY = ['cityList'] as const;
export const SITE_INFO_LIST_KEY = ['siteInfoList'] as const;

export async function fetchCityList(): Promise<CityListEntry[]> {
  // Spec §7: an empty list if the server sends null.
  const data = await callApi<CityListEntry[] | null>('/api/getCityList', {}, { method: 'GET', quiet: true });
  return data ?? [];
}

export async function fetchSiteInfoList(): Promise<SiteInfo[]> {
  return (await callApi<SiteInfo[] | null>('/api/getSiteInfoList', {}, { method: 'GET' })) ?? [];
}

let ipLookup: Promise<IpLocation | undefined> | undefined;

/** Spec §4/§8: the visitor's IP lookup, once per page load; every failure is swallowed. */
export function lookUpVisitorIp(): Promise<IpLocation | undefined> {
  ipLookup ??= callApi<IpLocation>('/api/common/ipPlus', {}, { method: 'GET', quiet: true }).catch(() => undefined);
  return ipLookup;
}
