import { MINUTE_MS } from '../../../platform/security/rate-limits';
import type { SharedState } from '../../../platform/state';
import type { AuditEntry, AuditLog } from '../audit';

/**
 * Refusals a client repeats in a loop (an application calling an API it lacks, or past its rate)
 * are audited once a minute per key, not once per call: the log shows that it happens without
 * drowning in it. The shared state makes the minute the same on every instance.
 */
export class QuietAudit {
  constructor(
    private readonly state: SharedState,
    private readonly audit: AuditLog,
  ) {}

  async recordOncePerMinute(key: string, entry: AuditEntry): Promise<void> {
    if (await this.state.setIfAbsent(`openapi:audited:${key}`, '1', MINUTE_MS)) await this.audit.record(entry);
  }
}
