import { ErrorCode, type ErrorCodeValue, type ErrorEnvelope, httpStatusOf } from '@lantian/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { type AppIssue, appIssueOf } from './params';
import { UnavailableLog, unavailableAnswerOf } from './unavailable';

/**
 * The one place where errors become responses. Clients always get the envelope with a stable
 * `code` and a Chinese `msg`; they never see a stack trace or an internal message.
 */

interface FieldIssue {
  field: string;
  message: string;
}

function fieldIssues(error: FastifyError): FieldIssue[] {
  return (error.validation ?? []).map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(请求体)',
    message: issue.message ?? '格式不正确',
  }));
}

/** Fastify's own client errors (body parsing, content type, size) in our words. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCodeValue; msg: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ErrorCode.PAYLOAD_TOO_LARGE, msg: '请求内容过大' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: ErrorCode.UNSUPPORTED_MEDIA_TYPE, msg: '不支持的请求内容类型' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: ErrorCode.BAD_REQUEST, msg: '请求长度与内容不符' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ErrorCode.BAD_REQUEST, msg: '请求体不能为空' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ErrorCode.BAD_REQUEST, msg: '请求体不是有效的 JSON' },
  // Raised by the router before any route is chosen (Fastify's `frameworkErrors`, see app.ts).
  FST_ERR_BAD_URL: { code: ErrorCode.BAD_REQUEST, msg: '请求地址格式不正确' },
  FST_ERR_MAX_PARAM_LENGTH: { code: ErrorCode.BAD_REQUEST, msg: '请求地址中的参数过长' },
};

/** One per process: 503s of a kind are logged at most once a minute, whichever app instance saw them. */
const unavailableLog = new UnavailableLog();

function send(reply: FastifyReply, status: number, body: ErrorEnvelope, headers: Record<string, string> = {}) {
  return reply.status(status).headers(headers).send(body);
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const thrown: unknown = error;
  if (thrown instanceof AppError) {
    if (thrown.status >= 500) request.log.error({ err: thrown }, thrown.msg);
    const body: ErrorEnvelope = { code: thrown.code, msg: thrown.msg };
    if (thrown.options.data !== undefined) body.data = thrown.options.data;
    return send(reply, thrown.status, body, thrown.options.headers);
  }

  if (hasZodFastifySchemaValidationErrors(error) || error.validation !== undefined) {
    // Well-formed parameters that name nothing (an unknown city) answer as what they are, e.g. 404,
    // unless something else is malformed too: then the request as a whole is a 400.
    const appIssues = (error.validation ?? []).map(appIssueOf);
    const onlyAppIssues = appIssues.filter((i): i is AppIssue => i !== undefined);
    const firstAppIssue = onlyAppIssues[0];
    if (firstAppIssue !== undefined && onlyAppIssues.length === appIssues.length) {
      const body: ErrorEnvelope = { code: firstAppIssue.code, msg: firstAppIssue.msg };
      if (firstAppIssue.data !== undefined) body.data = firstAppIssue.data;
      return send(reply, httpStatusOf(firstAppIssue.code), body);
    }
    const issues = fieldIssues(error);
    // The message names a malformed field first: that is what the caller must fix before anything else.
    const first = issues.find((_issue, i) => appIssues[i] === undefined) ?? issues[0];
    const msg = first === undefined ? '参数错误' : `参数错误：${first.field} ${first.message}`;
    return send(reply, 400, { code: ErrorCode.VALIDATION, msg, data: { issues } });
  }

  // The database or Redis cannot serve now: 503 + Retry-After, and no line per request.
  const down = unavailableAnswerOf(thrown);
  if (down !== undefined) {
    unavailableLog.record(request.log, down, thrown);
    return send(reply, down.status, down.body, down.headers);
  }

  const known = error.code === undefined ? undefined : FASTIFY_CLIENT_ERRORS[error.code];
  if (known !== undefined) {
    return send(reply, Math.floor(known.code / 100), { code: known.code, msg: known.msg });
  }
  if (
    error instanceof SyntaxError ||
    (error.statusCode !== undefined && error.statusCode < 500 && error.statusCode >= 400)
  ) {
    request.log.info({ err: error }, 'client error');
    return send(reply, 400, { code: ErrorCode.BAD_REQUEST, msg: '请求格式不正确' });
  }

  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 500, { code: ErrorCode.INTERNAL, msg: '服务器内部错误，请稍后重试' });
}

/** Unknown API paths answer with the envelope; everything else may fall through to the web apps. */
export function apiNotFound(reply: FastifyReply) {
  return send(reply, 404, { code: ErrorCode.ROUTE_NOT_FOUND, msg: '接口不存在' });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(errorHandler);
}
