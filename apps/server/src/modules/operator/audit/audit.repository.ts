import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import type { Page } from '../../../platform/http/params';
import type { AuditLogTable, AuditTables } from './audit.tables';

export interface AuditFilter {
  actor?: string | undefined;
  /** An action ('operator.create'), or a family of them ('operator.'). */
  action?: string | undefined;
  targetType?: string | undefined;
  outcome?: 'success' | 'failure' | undefined;
  /** Epoch seconds, inclusive. */
  from?: number | undefined;
  to?: number | undefined;
}

/**
 * audit_log: written once per entry, never updated or deleted by the application. Read newest first
 * (audit_log_at), optionally by actor or action (their indexes), within the reader's area scope.
 */
export class AuditRepository {
  constructor(private readonly database: Database<AuditTables>) {}

  async insert(row: AuditLogTable): Promise<void> {
    await this.database.db.insertInto('audit_log').values(row).execute();
  }

  async list(
    filter: AuditFilter,
    scope: AreaScope,
    page: Page,
    order: 'asc' | 'desc',
  ): Promise<{ rows: AuditLogTable[]; total: number }> {
    let query = this.database.db.selectFrom('audit_log');
    query = query.where(inAreaScope('actor_area', scope));
    if (filter.actor !== undefined) query = query.where('actor', '=', filter.actor);
    if (filter.action !== undefined) {
      query = filter.action.endsWith('.')
        ? query.where('action', 'like', `${filter.action}%`)
        : query.where('action', '=', filter.action);
    }
    if (filter.targetType !== undefined) query = query.where('target_type', '=', filter.targetType);
    if (filter.outcome !== undefined) query = query.where('outcome', '=', filter.outcome);
    if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('at', '<=', filter.to);
    const [count, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      query.selectAll().orderBy('at', order).orderBy('id', order).limit(page.limit).offset(page.offset).execute(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
