/**
 * What some built-in types need of their items' extra attributes, checked when an administrator
 * saves an item, so that the modules reading them never meet an item they cannot use: a government
 * site without an address, an alarm level without a colour the console can draw.
 */

type Rule = (extra: Readonly<Record<string, string>>) => string | null;

const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

const RULES: ReadonlyMap<string, Rule> = new Map<string, Rule>([
  [
    'goverSite',
    (extra) => (extra.url !== undefined && HTTP_URL.test(extra.url) ? null : 'url 应为 http:// 或 https:// 开头的网址'),
  ],
  [
    // Grid events (issue 15): the handling deadline in hours at normal priority, and the parent
    // catalogue of a sub-catalogue (the tree of /adm/catalog/voCatalogTreeList).
    'eventCatalog',
    (extra) => {
      if (extra.deadlineHours !== undefined) {
        const hours = Number(extra.deadlineHours);
        if (!Number.isFinite(hours) || hours < 1 || hours > 2160) return 'deadlineHours 应为 1–2160 的小时数';
      }
      if (extra.parent !== undefined && !/^[A-Za-z][A-Za-z0-9_-]{0,39}$/.test(extra.parent)) {
        return 'parent 应为上级类别的值';
      }
      return null;
    },
  ],
  [
    'alarmLevel',
    (extra) => (extra.color !== undefined && HEX_COLOUR.test(extra.color) ? null : 'color 应为 #RRGGBB 形式的颜色'),
  ],
]);

/** The problem with an item's extra attributes for its type (in Chinese), or null when there is none. */
export function extraProblem(type: string, extra: Readonly<Record<string, string>>): string | null {
  return RULES.get(type)?.(extra) ?? null;
}

export function isHttpUrl(text: string): boolean {
  return HTTP_URL.test(text);
}
