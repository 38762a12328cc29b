import { COMMON_PASSWORD_LIST } from './common-passwords.list';

/**
 * The most common and breached passwords of 6–18 characters (common-passwords.list.ts names its
 * public sources: SecLists' Chinese top 1000 and the "10 million passwords" top 1000, plus pinyin
 * favourites such as 5201314, woaini…, qq123456). Matched case-insensitively: an entry stands for
 * every capitalisation of itself.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  COMMON_PASSWORD_LIST.split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== ''),
);
