import { ErrorCode } from '@lantian/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api';
import { checkRows, readinessFromAnswer, readinessFromFailure } from './readiness';

const unavailable = (data: unknown, status = 503) =>
  new ApiError('服务暂不可用：依赖的数据库或缓存无法连接', ErrorCode.UNAVAILABLE, status, data);

describe('readiness', () => {
  it('a 200 answer is ready', () => {
    expect(readinessFromAnswer({ status: 'ready', database: 'ok', sharedState: 'ok', demoSeed: 'complete' })).toEqual({
      ready: true,
      checks: { database: 'ok', sharedState: 'ok', demoSeed: 'complete' },
    });
  });

  it('the /readyz 503 is "not ready" with its checks and the server’s words', () => {
    expect(readinessFromFailure(unavailable({ database: 'failed', sharedState: 'ok', demoSeed: 'none' }))).toEqual({
      ready: false,
      checks: { database: 'failed', sharedState: 'ok', demoSeed: 'none' },
      msg: '服务暂不可用：依赖的数据库或缓存无法连接',
    });
  });

  it('other failures stay errors: a 503 without the checks, another status, no answer', () => {
    expect(readinessFromFailure(unavailable(undefined))).toBeUndefined();
    expect(readinessFromFailure(unavailable({ database: 'down' }))).toBeUndefined();
    expect(readinessFromFailure(unavailable({ database: 'failed', sharedState: 'ok', demoSeed: 'none' }, 500))).toBe(
      undefined,
    );
    expect(readinessFromFailure(new ApiError('无法连接服务器，请检查网络', 0, 0))).toBeUndefined();
    expect(readinessFromFailure(new Error('boom'))).toBeUndefined();
  });
});

describe('checkRows', () => {
  it('shows reachable dependencies as 正常 and unreachable ones as errors', () => {
    const rows = checkRows({ database: 'ok', sharedState: 'failed', demoSeed: 'complete' });
    expect(rows.map((r) => [r.label, r.status, r.text])).toEqual([
      ['数据库', 'success', '正常'],
      ['共享状态', 'error', '无法连接'],
      ['演示数据', 'success', '已生成'],
    ]);
  });

  it('shows a demo seed under way as in progress, and no demo data as neutral', () => {
    const demo = (demoSeed: 'none' | 'running' | 'removed') =>
      checkRows({ database: 'ok', sharedState: 'ok', demoSeed }).find((r) => r.key === 'demoSeed');
    expect(demo('running')).toMatchObject({ status: 'processing', text: '生成中，历史数据尚不完整' });
    expect(demo('none')).toMatchObject({ status: 'default', text: '未启用' });
    expect(demo('removed')).toMatchObject({ status: 'default', text: '已清除' });
  });
});
