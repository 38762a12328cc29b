import { defineModule, type ModuleContext } from '../../../platform/module';
import { AuditRepository } from './audit.repository';
import { auditRoutes } from './audit.routes';
import { AuditLog } from './audit.service';
import type { AuditTables } from './audit.tables';
import * as m0005 from './migrations/0005_audit_log';

export { AuditRepository } from './audit.repository';
export { type AuditActor, type AuditEntry, AuditLog, SYSTEM_ACTOR } from './audit.service';
export type { AuditTables } from './audit.tables';

/**
 * The operator platform's audit log: every sign-in, permission and operator change, open-API
 * application change and every later module's write (`use(audit).log.record(…)`), viewable by
 * administrators within their area. Append-only.
 */
export const audit = defineModule({
  name: 'audit',
  tags: [{ name: 'audit', description: '审计日志（只追加）' }],
  migrations: { '0005_audit_log': m0005 },
  create(context: ModuleContext<AuditTables, undefined>) {
    const log = new AuditLog(new AuditRepository(context.database), context.now);
    return { api: { log }, routes: auditRoutes(log) };
  },
});
