import { ErrorCode, type ErrorEnvelope } from '@lantian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type DatabaseFault, databaseFaultOf } from '../db/faults';
import { describeFault } from '../outages';
import { StateUnavailableError } from '../state/shared-state';

/**
 * Errors that mean "a dependency cannot serve right now" become 503 + Retry-After with a msg a
 * person can act on (try again shortly), never a generic 500: the database unreachable, restarting
 * or too slow, SQLite locked or out of disk space, Redis down. The error handler asks here first.
 */

export interface UnavailableAnswer {
  status: 503;
  body: ErrorEnvelope;
  headers: Record<string, string>;
  /** For the log: which dependency, which fault. */
  dependency: 'database' | 'sharedState';
  fault: DatabaseFault;
}

const MESSAGES: Record<DatabaseFault, { msg: string; retryAfterSeconds: number }> = {
  unavailable: { msg: '数据库暂时不可用，请稍后重试', retryAfterSeconds: 5 },
  timeout: { msg: '数据库繁忙，查询超时，请稍后重试', retryAfterSeconds: 5 },
  busy: { msg: '数据库繁忙，请稍后重试', retryAfterSeconds: 2 },
  full: { msg: '服务器存储空间不足，暂时无法保存，请稍后重试', retryAfterSeconds: 60 },
};

const STATE_MESSAGE = { msg: '缓存服务暂时不可用，请稍后重试', retryAfterSeconds: 5 };

function answer(
  dependency: UnavailableAnswer['dependency'],
  fault: DatabaseFault,
  text: { msg: string; retryAfterSeconds: number },
): UnavailableAnswer {
  return {
    status: 503,
    body: { code: ErrorCode.UNAVAILABLE, msg: text.msg, data: { retryAfterSeconds: text.retryAfterSeconds } },
    headers: { 'retry-after': String(text.retryAfterSeconds) },
    dependency,
    fault,
  };
}

export function unavailableAnswerOf(err: unknown): UnavailableAnswer | undefined {
  if (err instanceof StateUnavailableError) return answer('sharedState', 'unavailable', STATE_MESSAGE);
  const fault = databaseFaultOf(err);
  return fault === undefined ? undefined : answer('database', fault, MESSAGES[fault]);
}

/** Lines per dependency and fault per window at most: an outage fails every request alike. */
const LOG_WINDOW_MS = 60_000;

/**
 * Logs 503s of one kind at most once a minute, with how many were left out since: the stores log
 * the start and end of an outage (platform/outages.ts); this says what requests saw meanwhile.
 */
export class UnavailableLog {
  private readonly last = new Map<string, { at: number; suppressed: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  record(log: FastifyBaseLogger, found: UnavailableAnswer, err: unknown): void {
    const key = `${found.dependency}:${found.fault}`;
    const seen = this.last.get(key);
    const now = this.now();
    if (seen !== undefined && now - seen.at < LOG_WINDOW_MS) {
      seen.suppressed++;
      return;
    }
    this.last.set(key, { at: now, suppressed: 0 });
    log.warn(
      { dependency: found.dependency, fault: found.fault, cause: describeFault(err), alike: seen?.suppressed ?? 0 },
      'answered 503: dependency unavailable',
    );
  }
}
