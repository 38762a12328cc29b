import { randomBytes } from 'node:crypto';
import { AUDIT_ACTIONS, type AuditAction, type AuditRow, isAuditAction } from '@lantian/contracts';
import { formatChinaDateTime, tryParseChinaDateTime } from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import type { AreaScope } from '../../../platform/db/area-scope';
import { invalidField } from '../../../platform/errors';
import type { Page } from '../../../platform/http/params';
import type { AuditFilter, AuditRepository } from './audit.repository';
import type { AuditLogTable } from './audit.tables';

/** Who did something: an operator, an open-API application, or the system (command line, start-up). */
export interface AuditActor {
  id: string | null;
  name: string;
  /** The actor's area, so that administrators see the entries of their own area. */
  areaCode: string | null;
}

export const SYSTEM_ACTOR: AuditActor = { id: null, name: 'system', areaCode: null };

export interface AuditEntry {
  actor: AuditActor;
  ip?: string | null;
  action: AuditAction;
  target?: { type: string; id: string; name?: string | null };
  outcome?: 'success' | 'failure';
  detail?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Fields never written to the log, whatever a caller hands in. */
const SECRET_FIELDS = new Set([
  'password',
  'password_hash',
  'passwordHash',
  'secret',
  'secret_hash',
  'appSecret',
  'token',
]);

function json(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (key, v: unknown) => (SECRET_FIELDS.has(key) ? '[已隐藏]' : v));
}

function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Ids that sort by time: milliseconds in base 36 (fixed width), then 48 random bits. */
function auditId(nowMs: number): string {
  return `${nowMs.toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`;
}

/**
 * The audit log every platform write goes through: who, when, from where, what, before → after.
 * Secrets in before/after are masked. Append-only: there is no update or delete.
 */
export class AuditLog {
  constructor(
    private readonly repository: AuditRepository,
    private readonly now: Clock,
  ) {}

  async record(entry: AuditEntry): Promise<void> {
    const at = this.now();
    await this.repository.insert({
      id: auditId(Date.now()),
      at,
      actor_id: entry.actor.id,
      actor: entry.actor.name.slice(0, 80),
      actor_area: entry.actor.areaCode,
      ip: entry.ip ?? null,
      action: entry.action,
      target_type: entry.target?.type ?? null,
      target_id: entry.target?.id ?? null,
      target_name: entry.target?.name?.slice(0, 128) ?? null,
      outcome: entry.outcome ?? 'success',
      detail: entry.detail ?? null,
      before_json: json(entry.before),
      after_json: json(entry.after),
    });
  }

  async list(
    query: {
      actor?: string | undefined;
      action?: string | undefined;
      targetType?: string | undefined;
      outcome?: 'success' | 'failure' | undefined;
      startTime?: string | undefined;
      endTime?: string | undefined;
      sortOrder?: 'ascend' | 'descend' | undefined;
    },
    scope: AreaScope,
    page: Page,
  ): Promise<{ list: AuditRow[]; total: number }> {
    const filter: AuditFilter = {
      actor: query.actor,
      action: query.action,
      targetType: query.targetType,
      outcome: query.outcome,
      from: timeOf('startTime', query.startTime),
      to: timeOf('endTime', query.endTime),
    };
    const { rows, total } = await this.repository.list(
      filter,
      scope,
      page,
      query.sortOrder === 'ascend' ? 'asc' : 'desc',
    );
    return { list: rows.map(present), total };
  }
}

function timeOf(field: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const t = tryParseChinaDateTime(text);
  if (t === null) throw invalidField(field, '不是有效的时间');
  return t;
}

function present(row: AuditLogTable): AuditRow {
  return {
    id: row.id,
    at: formatChinaDateTime(row.at),
    actorId: row.actor_id,
    actor: row.actor,
    ip: row.ip,
    action: row.action,
    actionName: isAuditAction(row.action) ? AUDIT_ACTIONS[row.action] : row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetName: row.target_name,
    outcome: row.outcome === 'failure' ? 'failure' : 'success',
    detail: row.detail,
    before: parsed(row.before_json),
    after: parsed(row.after_json),
  };
}
