import { describe, expect, it } from 'vitest';
import { ApiError, errorText, isRetryable } from './errors';

describe('isRetryable', () => {
  it('retries what a second try may fix: no answer, or a server-side failure', () => {
    expect(isRetryable(new ApiError('无法连接服务器', 0, 0))).toBe(true);
    expect(isRetryable(new ApiError('服务器内部错误', 50000, 500))).toBe(true);
    expect(isRetryable(new ApiError('服务暂不可用', 50300, 503))).toBe(true);
  });

  it('does not retry answers that will not change: 4xx, a broken contract, a bug', () => {
    expect(isRetryable(new ApiError('参数错误', 40001, 400))).toBe(false);
    expect(isRetryable(new ApiError('请先登录', 40100, 401))).toBe(false);
    expect(isRetryable(new ApiError('请求过于频繁', 42900, 429))).toBe(false);
    expect(isRetryable(new ApiError('服务器返回的数据与约定不符', 0, 200))).toBe(false);
    expect(isRetryable(new TypeError('x is undefined'))).toBe(false);
  });
});

describe('errorText', () => {
  it('shows the server’s words, and plain Chinese for anything else', () => {
    expect(errorText(new ApiError('没有权限', 40300, 403))).toBe('没有权限');
    expect(errorText(new TypeError('x is undefined'))).toBe('页面出现了问题，请稍后重试');
  });
});
