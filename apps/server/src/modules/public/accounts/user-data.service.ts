import { ErrorCode, USER_CONFIG_KEY_PATTERN, USER_CONFIG_LIMITS, type UserConfig } from '@lantian/contracts';
import { AppError, invalidField } from '../../../platform/errors';
import { clientKey } from '../../../platform/http/client-address';
import { humanWait, MINUTE_MS, type RateLimiter } from '../../../platform/security/rate-limits';
import { randomId } from '../../../platform/security/secrets';
import { UNIQUE_ID_PATTERN } from './accounts.service';
import type { UserDataRepository } from './user-data.repository';

/** Visit records per client address per minute (the page records one per view). */
export const VISITS_PER_MINUTE = 120;
const MAX_URL_LENGTH = 2000;

/** Per-user settings (saveUserConfig / getUserConfig / deleteUserConfig) and visit records. */
export class UserDataService {
  constructor(
    private readonly repository: UserDataRepository,
    private readonly limiter: RateLimiter,
    private readonly nowMs: () => number = Date.now,
  ) {}

  private now() {
    return Math.floor(this.nowMs() / 1000);
  }

  async config(userId: string): Promise<UserConfig> {
    const rows = await this.repository.configOf(userId);
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  /** Spec §7: any non-empty fields are saved (empty ones skipped); answers the whole set after saving. */
  async saveConfig(userId: string, fields: Record<string, string>): Promise<UserConfig> {
    const entries = Object.entries(fields).filter(([, value]) => value !== '');
    if (entries.length === 0) throw new AppError(ErrorCode.VALIDATION, '没有要保存的设置（所有字段都为空）');
    for (const [key, value] of entries) {
      if (!USER_CONFIG_KEY_PATTERN.test(key)) {
        throw invalidField(key.slice(0, 64), '设置项名称应以字母开头，只含字母、数字、_ - .，不超过 64 个字符');
      }
      if (value.length > USER_CONFIG_LIMITS.maxValueLength) {
        throw invalidField(key, `设置值不能超过 ${USER_CONFIG_LIMITS.maxValueLength} 个字符`);
      }
    }
    const existing = await this.config(userId);
    const keys = new Set([...Object.keys(existing), ...entries.map(([key]) => key)]);
    if (keys.size > USER_CONFIG_LIMITS.maxKeys) {
      throw new AppError(ErrorCode.VALIDATION, `设置项最多 ${USER_CONFIG_LIMITS.maxKeys} 个，请先删除不用的设置`);
    }
    await this.repository.saveConfig(userId, entries, this.now());
    return this.config(userId);
  }

  async deleteConfig(userId: string, key: string | undefined): Promise<number> {
    const target = key?.trim() || undefined;
    if (target !== undefined && !USER_CONFIG_KEY_PATTERN.test(target)) {
      throw invalidField('key', '设置项名称格式不正确');
    }
    return this.repository.deleteConfig(userId, target);
  }

  /** Deletes visit records older than `retentionDays` (0: keeps them all); answers how many went. */
  async sweepVisits(retentionDays: number): Promise<number> {
    if (retentionDays === 0) return 0;
    return this.repository.deleteVisitsBefore(this.now() - retentionDays * 86_400);
  }

  /** saveUserVisRecord: the visitor id (required) and, when logged in, the user. */
  async recordVisit(
    ip: string,
    visit: { uniqueId: string | undefined; userId: string | undefined; url: string | undefined },
  ): Promise<void> {
    const url = visit.url?.trim() || undefined;
    if (url !== undefined && (!url.startsWith('/') || url.startsWith('//') || url.length > MAX_URL_LENGTH)) {
      throw invalidField('url', '应为以 / 开头的站内路径');
    }
    if (visit.uniqueId !== undefined && !UNIQUE_ID_PATTERN.test(visit.uniqueId)) {
      throw invalidField('uniqueId', '应为 8–64 位字母、数字、_ 或 -');
    }
    if (visit.uniqueId === undefined && visit.userId === undefined) {
      throw new AppError(ErrorCode.VALIDATION, '缺少访客标识（Authentication-uniqueId）');
    }
    await this.limiter.hit([
      {
        key: `visit:ip:${clientKey(ip)}`,
        max: VISITS_PER_MINUTE,
        windowMs: MINUTE_MS,
        message: (s) => `请求过于频繁，请 ${humanWait(s)}后再试`,
      },
    ]);
    await this.repository.insertVisit({
      id: randomId(),
      unique_id: visit.uniqueId ?? null,
      user_id: visit.userId ?? null,
      url: url ?? null,
      created_at: this.now(),
    });
  }
}
