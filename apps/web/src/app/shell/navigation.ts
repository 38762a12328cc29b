import { NAV_KEYS, type NavKey } from '@lantian/contracts/web-config';
import { runtimeConfig } from '../../shared/runtime-config';
import { sectionOf } from '../routing';

/**
 * The side navigation's six entries (spec §1, §2 "Side navigation menu", §3 "Navigation entry": label,
 * key, icon, url, target). Addresses come from the deployment (WEB_NAV_LINKS); the main entry is this
 * site and replaces the window, the other five open a new one.
 */

export interface NavEntry {
  key: NavKey;
  label: string;
  url: string;
  target: '_self' | '_blank';
}

const LABELS: Record<NavKey, string> = {
  air: '全国空气质量',
  cityAnalysis: '城市分析',
  rankAnalysis: '排名分析',
  imageAnalysis: '图像分析',
  dataAnalysis: '数据分析',
  news: '新闻资讯',
};

export const MAIN_NAV_KEY: NavKey = 'air';

/** The entry the visitor is in: a section's own entry, otherwise the main one (the three pages). */
export function currentNavKey(pathname: string): NavKey {
  return sectionOf(pathname)?.key ?? MAIN_NAV_KEY;
}

export function navEntries(links: Record<NavKey, string> = runtimeConfig.navLinks): NavEntry[] {
  return NAV_KEYS.map((key) => ({
    key,
    label: LABELS[key],
    url: links[key],
    target: key === MAIN_NAV_KEY ? '_self' : '_blank',
  }));
}
