import { OPEN_APIS, type OpenAppRow } from '@lantian/contracts';

/** The pure parts of the 开放接口 screen: what an application's state reads as, names, and the help text. */

export type AppState = 'active' | 'expired' | 'revoked';

/**
 * An application past its expiry is still `active` on the server (an administrator may extend it),
 * but it can no longer get a token: the operator must see it as expired.
 */
export function appState(row: Pick<OpenAppRow, 'status' | 'expired'>): AppState {
  if (row.status === 'revoked') return 'revoked';
  return row.expired ? 'expired' : 'active';
}

export const APP_STATES: Record<AppState, { label: string; color: string }> = {
  active: { label: '有效', color: 'success' },
  expired: { label: '已到期', color: 'warning' },
  revoked: { label: '已停用', color: 'default' },
};

/** The Chinese name of an API code; an unknown code (a newer server) shows as itself. */
export function apiName(code: string): string {
  return OPEN_APIS.find((api) => api.code === code)?.name ?? code;
}

/** The text "复制全部" puts on the clipboard: ready to paste into a configuration file. */
export function credentialsText(credentials: { appKey: string; appSecret: string }): string {
  return `appKey=${credentials.appKey}\nappSecret=${credentials.appSecret}\n`;
}

/** The two calls a third party makes, for the help card (`origin` is where the API is served). */
export function usageExample(origin: string, appKey = '<appKey>', appSecret = '<appSecret>'): string {
  return [
    '# 1. 用 appKey 与 appSecret 换取访问令牌',
    `curl -X POST ${origin}/api/open/token \\`,
    "  -H 'Content-Type: application/json' \\",
    `  -d '{"appKey":"${appKey}","appSecret":"${appSecret}"}'`,
    '# 回答：{"code":0,"msg":"令牌已签发","data":{"token":"…","expiresIn":7200}}',
    '',
    '# 2. 调用开放接口时带上令牌',
    `curl ${origin}/api/open/auto/apiInfo \\`,
    "  -H 'Authorization: Bearer <token>'",
  ].join('\n');
}
