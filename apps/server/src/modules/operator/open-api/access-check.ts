import { ErrorCode, isOpenApiCode, OPEN_API_HEADERS, OPEN_API_SELF } from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, invalidField } from '../../../platform/errors';
import type { Access, AccessCheck } from '../../../platform/http/access';
import type { OpenCalls } from './open-calls.service';

/** The open-API token a request carries: `Authorization: Bearer …`, else `Authentication-Token`. */
export function presentedOpenToken(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (match?.[1] !== undefined) return match[1];
  }
  const header = request.headers[OPEN_API_HEADERS.token];
  return typeof header === 'string' && header.trim() !== '' ? header.trim() : undefined;
}

const MAX_TYPE_LENGTH = 64;

/** An optional free-text marker (appType, apiType): absent → null; too long, repeated or with control characters → 400. */
function marker(field: string, value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string') throw invalidField(field, '只能有一个值');
  const text = value.trim();
  if (text === '') return null;
  if (text.length > MAX_TYPE_LENGTH) throw invalidField(field, `不能超过 ${MAX_TYPE_LENGTH} 个字符`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(text)) throw invalidField(field, '包含不可见字符');
  return text;
}

function queryValue(request: FastifyRequest, name: string): unknown {
  const query = request.query;
  if (typeof query !== 'object' || query === null) return undefined;
  return Object.entries(query).find(([key]) => key === name)?.[1];
}

/**
 * The `openApi:<api>` access rule of /api/open/... routes (spec §6): a live token of an application
 * allowed that API (`openApi:self`: any application) and under its rate. The spec's optional
 * `appType` header and `apiType` query parameter are kept on the principal as sent. A refusal is 401
 * (no, unknown, expired or revoked token), 403 (API not granted) or 429 with Retry-After (rate).
 */
export function openApiAccessCheck(calls: OpenCalls): AccessCheck {
  return async (request: FastifyRequest, access: Access) => {
    const api = access.slice('openApi:'.length);
    // A route naming an API no application can be granted is a wiring mistake: loud (500, logged), not a 403 forever.
    if (api !== OPEN_API_SELF && !isOpenApiCode(api)) {
      throw new Error(
        `${request.routeOptions.url ?? request.url} declares an unknown open API "${api}": add it to OPEN_APIS`,
      );
    }
    const token = presentedOpenToken(request);
    if (token === undefined) {
      throw new AppError(
        ErrorCode.OPEN_TOKEN_INVALID,
        '缺少开放接口令牌：请先用 appKey 和 appSecret 在 POST /api/open/token 获取，放在 Authorization: Bearer … 或 Authentication-Token 请求头中',
      );
    }
    const appType = marker('appType', request.headers[OPEN_API_HEADERS.appType]);
    const apiType = marker('apiType', queryValue(request, 'apiType'));
    request.principal = await calls.admit(token, {
      api,
      method: request.method,
      route: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
      ip: request.ip,
      appType,
      apiType,
    });
  };
}
