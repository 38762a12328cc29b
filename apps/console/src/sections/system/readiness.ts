import { type ReadyResponse, readyResponse } from '@lantian/contracts';
import { ApiError } from '../../shared/api';

/** What /readyz checks: the database, the shared state (in-process or Redis) and the demo seed. */
export type Checks = Omit<ReadyResponse['data'], 'status'>;

/** A 503 from /readyz carries the same checks in `data`, without the status. */
const unavailableChecks = readyResponse.shape.data.omit({ status: true });

/** The server's readiness: ready, or not ready with the checks that say why and the server's words. */
export type Readiness = { ready: true; checks: Checks } | { ready: false; checks: Checks; msg: string };

export function readinessFromAnswer({ status: _ready, ...checks }: ReadyResponse['data']): Readiness {
  return { ready: true, checks };
}

/**
 * A "not ready" answer is an answer, not a failure: the /readyz 503 becomes a Readiness. Anything
 * else (no answer, a 503 from a proxy without the checks) stays an error: undefined.
 */
export function readinessFromFailure(error: unknown): Readiness | undefined {
  if (!(error instanceof ApiError) || error.status !== 503) return undefined;
  const checks = unavailableChecks.safeParse(error.data);
  return checks.success ? { ready: false, checks: checks.data, msg: error.message } : undefined;
}

/** antd Badge's statuses. */
export type BadgeStatus = 'success' | 'processing' | 'default' | 'error' | 'warning';

export interface CheckRow {
  key: keyof Checks;
  label: string;
  status: BadgeStatus;
  text: string;
  /** What the check covers, for the operator who wonders. */
  hint: string;
}

const DEMO_SEED: Record<Checks['demoSeed'], { status: BadgeStatus; text: string }> = {
  none: { status: 'default', text: '未启用' },
  running: { status: 'processing', text: '生成中，历史数据尚不完整' },
  complete: { status: 'success', text: '已生成' },
  removed: { status: 'default', text: '已清除' },
};

const reachable = (check: 'ok' | 'failed') =>
  check === 'ok' ? { status: 'success' as const, text: '正常' } : { status: 'error' as const, text: '无法连接' };

/** The checks as the rows of the readiness card, in the order an operator looks at them. */
export function checkRows(checks: Checks): CheckRow[] {
  return [
    { key: 'database', label: '数据库', hint: '业务数据的存储（SQLite 或 PostgreSQL）', ...reachable(checks.database) },
    {
      key: 'sharedState',
      label: '共享状态',
      hint: '限流、验证码、登录会话等跨实例共享的状态（进程内或 Redis）',
      ...reachable(checks.sharedState),
    },
    { key: 'demoSeed', label: '演示数据', hint: '系统生成的演示数据，用于展示功能', ...DEMO_SEED[checks.demoSeed] },
  ];
}
