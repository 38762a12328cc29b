import { z } from 'zod';
import { envelope } from '../envelope';
import { MENU, MENU_GROUPS } from './access';
import { platformId } from './operators';

/**
 * The portal (spec §7 "Platform: … shortcuts", all GET): an operator's own shortcuts on the home page
 * (to platform screens or outside addresses), the government sites list, and the menu the operator's
 * permissions allow. The spec gives these calls as GETs, so the writes among them are GETs too: they
 * refuse cross-site browser requests like every cookie-authenticated write.
 */

export const shortcutType = z.enum(['menu', 'link']).describe('menu：平台菜单中的页面；link：其他地址');
export const networkType = z.enum(['internal', 'external']).describe('internal：内网；external：互联网');

/** Where the console is served: a menu entry's page is `/platform/<path>`. */
export const CONSOLE_BASE = '/platform/';

/** The address of a menu entry's page, as a menu shortcut stores it. */
export function menuPageUrl(path: string): string {
  return `${CONSOLE_BASE}${path}`;
}

/** Most shortcuts one operator keeps (the home page shows them all). */
export const MAX_SHORTCUTS = 50;

export const shortcut = z.object({
  id: platformId,
  name: z.string(),
  url: z.string(),
  shortcutType,
  networkType,
  sorting: z.number().int(),
  menuKey: z.string().nullable().describe('菜单快捷方式对应的菜单键（MENU 的 key），其他为 null'),
});

export const shortcutsResponse = envelope(z.array(shortcut));
export const shortcutResponse = envelope(shortcut);

export const saveShortcutQuery = z.object({
  shortcutType,
  networkType: networkType.default('internal'),
  name: z.string().trim().min(1, '名称不能为空').max(32, '名称不能超过 32 个字符'),
  url: z
    .string()
    .trim()
    .min(1, '地址不能为空')
    .max(500, '地址过长')
    .refine(
      (v) => /^\/(?!\/)\S*$/.test(v) || /^https?:\/\/[^\s/$.?#]\S*$/i.test(v),
      '应为 / 开头的平台地址或 http(s) 网址',
    ),
});

export const updateShortcutQuery = z.object({
  id: platformId,
  name: z.string().trim().min(1, '名称不能为空').max(32, '名称不能超过 32 个字符'),
});

/** A position: a number (JSON) or its digits (query string); an empty or signed text is refused, not read as 0. */
const sorting = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,4}$/)
        .transform(Number),
    ],
    {
      error: '排序应为 0–9999 的整数',
    },
  )
  .pipe(z.number().int('排序应为 0–9999 的整数').min(0, '排序应为 0–9999 的整数').max(9999, '排序应为 0–9999 的整数'));

export const sortShortcutQuery = z.object({ id: platformId, sorting });

export const shortcutIdQuery = z.object({ id: platformId });

/**
 * The menu entries (keys) to keep as the operator's shortcuts, comma-separated, in order; replaces the
 * menu shortcuts (an empty list removes them all). Read as the list of keys, repeats dropped; a key
 * that names no menu entry is refused here, one outside the operator's menu by the server.
 */
export const batchSaveShortcutsQuery = z.object({
  ids: z
    .string()
    .max(2000, '过长')
    .transform((text, ctx): string[] => {
      const keys = [
        ...new Set(
          text
            .split(',')
            .map((k) => k.trim())
            .filter((k) => k !== ''),
        ),
      ];
      const unknown = keys.filter((k) => !MENU.some((entry) => entry.key === k));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `未知的菜单：${unknown
            .slice(0, 5)
            .map((k) => k.slice(0, 32))
            .join('、')}`,
        });
        return z.NEVER;
      }
      return keys;
    })
    .describe('菜单键，逗号分隔，按顺序；替换全部菜单快捷方式'),
});

export const goverSitesResponse = envelope(z.array(z.object({ name: z.string(), url: z.string() })));

export const menuEntry = z.object({
  key: z.string(),
  label: z.string(),
  path: z.string(),
  group: z.string(),
  permission: z.string(),
});

export const userMenusResponse = envelope(
  z.object({
    groups: z.array(z.object({ key: z.string(), label: z.string() })),
    entries: z.array(menuEntry),
  }),
);

export const patrolNavigationResponse = envelope(
  z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      path: z.string().describe('控制台内的地址（/platform/ 之下）'),
      permission: z.string().describe('打开它所需的权限'),
    }),
  ),
);

export const MENU_GROUP_KEYS = MENU_GROUPS.map((g) => g.key);

export type Shortcut = z.infer<typeof shortcut>;
