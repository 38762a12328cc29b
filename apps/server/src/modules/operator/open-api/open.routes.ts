import {
  ErrorCode,
  OPEN_API_HEADERS,
  OPEN_API_SELF,
  OPEN_TOKEN_TTL_SECONDS,
  openApiInfoQuery,
  openApiInfoResponse,
  tokenBody,
  tokenResponse,
} from '@lantian/contracts';
import { AppError, invalidField } from '../../../platform/errors';
import { openAppOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import { parseRequestKey } from './credentials';
import type { OpenCalls } from './open-calls.service';
import type { OpenTokens } from './open-tokens.service';

export interface OpenRoutesDeps {
  tokens: OpenTokens;
  calls: OpenCalls;
}

const hours = OPEN_TOKEN_TTL_SECONDS / 3600;
const TOKEN_USE =
  `令牌有效 ${hours} 小时（应用先到期则以应用到期为准），调用 /api/open/... 时放在 \`Authorization: Bearer <token>\` ` +
  '或 `Authentication-Token: <token>` 请求头中；可另带 `appType` 请求头与 `apiType` 参数。' +
  '应用被停用或重置密钥时，已签发的令牌立即失效。';
const FAILURES =
  'appKey 或 appSecret 不正确、应用已停用或已到期时为 401；同一地址或同一 appKey 15 分钟内失败 20 次后暂时拒绝（429，附 Retry-After）。';

/**
 * The open API's own calls (spec §6): exchanging an application's credentials for an access token
 * (the general endpoint and the lidar clients' one), and the application's own facts.
 */
export function openRoutes(deps: OpenRoutesDeps) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['open-api'], access: 'public', signed: false });
    const { tokens, calls } = deps;

    route.post(
      '/api/open/token',
      {
        summary: '用应用的 appKey 与 appSecret 换取开放接口访问令牌',
        description: `请求体为 JSON 或表单。${TOKEN_USE}${FAILURES}`,
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        body: tokenBody,
        response: tokenResponse,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await tokens.exchange({ ...request.body, ip: request.ip }), '令牌已签发');
      },
    );

    route.get(
      '/api/open/lidar/getToken/auto',
      {
        summary: '激光雷达客户端换取开放接口访问令牌（Authentication-RequestKey 请求头）',
        description:
          '请求头 `Authentication-RequestKey: <appKey>:<appSecret>`（appKey 与 appSecret 以第一个英文冒号分隔，' +
          '即登记应用时得到的两项）。应用须被允许调用激光雷达接口（lidar），否则为 403。' +
          `回答与 POST /api/open/token 相同的 \`{ token, expiresIn }\`。${TOKEN_USE}` +
          `缺少该请求头为 401，格式不对为 400。${FAILURES}`,
        // It creates a token: a GET that writes.
        writes: true,
        response: tokenResponse,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const header = request.headers[OPEN_API_HEADERS.requestKey];
        if (header === undefined || header === '') {
          throw new AppError(
            ErrorCode.OPEN_CREDENTIALS_INVALID,
            '缺少 Authentication-RequestKey 请求头，格式为 appKey:appSecret',
          );
        }
        const credentials = typeof header === 'string' ? parseRequestKey(header) : null;
        if (credentials === null) throw invalidField('Authentication-RequestKey', '格式应为 appKey:appSecret');
        return ok(await tokens.exchange({ ...credentials, ip: request.ip, requireApi: 'lidar' }), '令牌已签发');
      },
    );

    route.get(
      '/api/open/auto/apiInfo',
      {
        summary: '调用方应用的信息：名称、可调用的接口、每分钟限额与本分钟剩余次数、到期时间',
        description:
          '任何有效令牌都可调用（不需单独授权），计入每分钟限额。回答中的 appType、apiType 为本次请求所带的值。',
        access: `openApi:${OPEN_API_SELF}`,
        query: openApiInfoQuery,
        response: openApiInfoResponse,
      },
      async (request) => ok(await calls.info(openAppOf(request))),
    );
  };
}
