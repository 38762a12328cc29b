/** The three pages of the public site, in tab order (spec §2 "Shell"). */
export const PAGES = [
  { key: 'city', label: '城市空气质量' },
  { key: 'site', label: '站点空气质量' },
  { key: 'weather', label: '城市气象数据' },
] as const;

export type PageKey = (typeof PAGES)[number]['key'];

/** Spec §2: the document title is '{area name}空气质量数据-' plus this suffix. */
export const SITE_TITLE_SUFFIX = '蓝天空气质量';
