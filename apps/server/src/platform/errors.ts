import { ErrorCode, type ErrorCodeValue, httpStatusOf } from '@lantian/contracts';

/**
 * The one error type handlers and services throw. The error handler (http/error-handler.ts) turns
 * it into the envelope `{ code, msg, data }` with the HTTP status encoded in the code.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCodeValue,
    /** Chinese text a person can act on. */
    readonly msg: string,
    readonly options: {
      data?: unknown;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(msg, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.status = httpStatusOf(code);
  }
}

/** A parameter failed validation; the message names the field. */
export const invalidField = (field: string, problem: string) =>
  new AppError(ErrorCode.VALIDATION, `参数错误：${field} ${problem}`, {
    data: { issues: [{ field, message: problem }] },
  });

export const unauthenticated = (msg = '请先登录') => new AppError(ErrorCode.UNAUTHENTICATED, msg);

export const forbidden = (msg = '没有权限执行此操作') => new AppError(ErrorCode.FORBIDDEN, msg);

export const notFound = (msg: string, code: ErrorCodeValue = ErrorCode.NOT_FOUND) => new AppError(code, msg);

export const conflict = (msg: string) => new AppError(ErrorCode.CONFLICT, msg);

export const rateLimited = (retryAfterSeconds: number, msg = '操作过于频繁，请稍后再试') =>
  new AppError(ErrorCode.RATE_LIMITED, msg, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    data: { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) },
  });

export const unavailable = (msg: string, retryAfterSeconds = 5, data?: unknown) =>
  new AppError(ErrorCode.UNAVAILABLE, msg, {
    headers: { 'retry-after': String(retryAfterSeconds) },
    data,
  });
