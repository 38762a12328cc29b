import { createHmac } from 'node:crypto';
import { areaByCode, childrenOf } from '@lantian/areas';
import {
  ACCOUNT_MESSAGES,
  COMPLAINT_NO,
  COMPLAINT_SOURCES,
  COMPLAINT_STATUSES,
  type ComplaintRow,
  type ComplaintStatus,
  type complaintListQuery,
  type complaintReplyBody,
  type complaintSaveBody,
  type complaintStatusQuery,
  type complaintSubmitBody,
  type complaintToEventBody,
  ErrorCode,
  type EventSourceCode,
} from '@lantian/contracts';
import {
  type EventPriority,
  formatChinaDate,
  formatChinaDateTime,
  isEventState,
  parseChinaDateTime,
} from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { type AreaScope, inScope } from '../../../platform/db/area-scope';
import { AppError, conflict, invalidField, notFound } from '../../../platform/errors';
import { clientKey } from '../../../platform/http/client-address';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import type { OperatorPrincipal } from '../../../platform/http/principal';
import { HOUR_MS, humanWait, type Limit, MINUTE_MS, type RateLimiter } from '../../../platform/security/rate-limits';
import type { AuditActor, AuditLog } from '../audit';
import type { EventsService } from '../events';
import type { NewNotice } from '../notices';
import type { ComplaintFilter, ComplaintRecord, ComplaintsRepository } from './complaints.repository';

/** The catalogue complaints are classified by: the dictionary's `eventCatalog` (shared with events). */
export interface ComplaintCatalogue {
  /** The enabled items; a sub-catalogue names its parent in `extra.parent`. */
  items(): Promise<Array<{ value: string; label: string; extra: Record<string, string> }>>;
  /** A value's label, disabled items too. */
  label(value: string): Promise<string | undefined>;
}

export interface ComplaintDeps {
  /** The grid holding a point (the grids module). */
  locate(lon: number, lat: number): Promise<{ code: string; name: string; areaCode: string } | null>;
  catalogue: ComplaintCatalogue;
  /** Opens the grid event of a converted complaint (the events module). */
  events: Pick<EventsService, 'reportBySystem'>;
  notify(notice: NewNotice): Promise<number>;
  nameOf(operatorId: string): Promise<string | undefined>;
  /** The image captcha of the public site (/api/user/getCaptchaImage). */
  captcha: { check(uuid: string, text: string): Promise<boolean> };
  limiter: RateLimiter;
  /** The installation's secret for hashing client addresses. */
  ipSecret(): Promise<string>;
}

export interface ComplaintHandler {
  principal: OperatorPrincipal;
  actor: AuditActor;
  ip: string;
}

/** Public submissions: 5 an hour from one address, and a ceiling for the whole installation. */
export const COMPLAINTS_PER_IP_HOUR = 5;
export const COMPLAINTS_PER_HOUR = 300;
/** Progress queries from one address in 10 minutes (tracking numbers are short: no guessing in bulk). */
export const STATUS_QUERIES_PER_IP = 30;

const COMPLAINT_LINK = (id: number) => `/platform/complaints?id=${id}`;

/** The tracking number: TS + the China date it was received + the id, 5 digits at least. */
export function complaintNo(id: number, createdAt: number): string {
  return `TS${formatChinaDate(createdAt).replaceAll('-', '')}${String(id).padStart(5, '0')}`;
}

/** 138****1234: what lists show of a phone number. */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '****';
}

function statusOf(value: string): ComplaintStatus {
  if (value in COMPLAINT_STATUSES) return value as ComplaintStatus;
  throw new Error(`unknown complaint status ${value} in the database`);
}

/** What the citizen reads of each state: a converted complaint is being handled until its event closes. */
const CITIZEN_STATUS: Record<ComplaintStatus, string> = {
  received: '已提交，待受理',
  accepted: '已受理',
  converted: '办理中',
  closed: '已办结',
  rejected: '不予受理',
};

/**
 * Complaints (issue 15): citizens submit them on the public site (image captcha, per-address and
 * overall limits), operators register calls; an operator converts one into a grid event (once) or
 * answers it, and the citizen follows it by its tracking number and the last four digits of the phone.
 * A converted complaint reads 已办结 to the citizen once its event is closed (read from the event,
 * nothing copied).
 */
export class ComplaintsService {
  constructor(
    private readonly repository: ComplaintsRepository,
    private readonly deps: ComplaintDeps,
    private readonly audit: AuditLog,
    private readonly now: Clock,
  ) {}

  // --- Shared -----------------------------------------------------------------------------------

  private async checkType(type: string): Promise<string> {
    const item = (await this.deps.catalogue.items()).find((i) => i.value === type);
    if (item === undefined) throw invalidField('type', '投诉类别不存在或已停用');
    return item.label;
  }

  /** A catalogue value and every sub-catalogue below it (any depth). */
  private async withChildren(type: string): Promise<string[]> {
    const items = await this.deps.catalogue.items();
    const found = new Set([type]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const item of items) {
        const parent = item.extra.parent;
        if (parent !== undefined && found.has(parent) && !found.has(item.value)) {
          found.add(item.value);
          grew = true;
        }
      }
    }
    return [...found];
  }

  /**
   * The area a complaint belongs to: the county of the grid holding its position, else the area chosen
   * (a county, or a city without counties).
   */
  private async areaOf(fields: {
    longitude?: number | undefined;
    latitude?: number | undefined;
    areaCode?: string | undefined;
  }): Promise<string | undefined> {
    if (fields.longitude !== undefined && fields.latitude !== undefined) {
      const grid = await this.deps.locate(fields.longitude, fields.latitude);
      if (grid !== null) return grid.areaCode;
    }
    if (fields.areaCode === undefined) return undefined;
    const area = areaByCode(fields.areaCode);
    if (area === undefined || (area.level !== 'county' && childrenOf(area.code).length > 0)) {
      throw invalidField('areaCode', '请选择所在区县');
    }
    return area.code;
  }

  private async present(row: ComplaintRecord, fullPhone: boolean): Promise<ComplaintRow> {
    const status = statusOf(row.status);
    const source = row.source as keyof typeof COMPLAINT_SOURCES;
    const eventState = row.event_state !== null && isEventState(row.event_state) ? row.event_state : null;
    return {
      id: String(row.id),
      no: complaintNo(Number(row.id), Number(row.created_at)),
      type: row.type,
      typeName: (await this.deps.catalogue.label(row.type)) ?? row.type,
      status,
      statusName: COMPLAINT_STATUSES[status],
      title: row.title,
      content: row.content,
      contactName: row.contact_name,
      phone: row.phone === null ? null : fullPhone ? row.phone : maskPhone(row.phone),
      longitude: row.lon === null ? null : Number(row.lon),
      latitude: row.lat === null ? null : Number(row.lat),
      address: row.address,
      areaCode: row.area_code,
      source,
      sourceName: COMPLAINT_SOURCES[source] ?? row.source,
      eventId: row.event_id === null ? null : String(row.event_id),
      eventState,
      reply: row.reply,
      createdAt: formatChinaDateTime(Number(row.created_at)),
      handledAt: row.handled_at === null ? null : formatChinaDateTime(Number(row.handled_at)),
      handledByName: row.handled_by_name ?? (row.handled_by === null ? null : row.handled_by),
    };
  }

  // --- The public form --------------------------------------------------------------------------

  private submitLimits(ip: string): Limit[] {
    return [
      {
        key: `complaint:ip:${clientKey(ip)}`,
        max: COMPLAINTS_PER_IP_HOUR,
        windowMs: HOUR_MS,
        message: (s) => `投诉提交过于频繁，请 ${humanWait(s)}后再试`,
      },
      {
        key: 'complaint:all',
        max: COMPLAINTS_PER_HOUR,
        windowMs: HOUR_MS,
        message: (s) => `投诉提交繁忙，请 ${humanWait(s)}后再试或拨打热线`,
      },
    ];
  }

  /**
   * A citizen's complaint: the limits are checked first (nothing counted), then the captcha (used up,
   * right or wrong), then the submission counts against the limits and is stored; the area's operators
   * get a notice.
   */
  async submit(body: z.output<typeof complaintSubmitBody>, ip: string) {
    const limits = this.submitLimits(ip);
    await this.deps.limiter.check(limits);
    if (body.code === '') throw new AppError(ErrorCode.VALIDATION, ACCOUNT_MESSAGES.captchaEmpty);
    if (!(await this.deps.captcha.check(body.uuid, body.code))) {
      throw new AppError(ErrorCode.CAPTCHA_INVALID, ACCOUNT_MESSAGES.captchaWrong);
    }
    const typeName = await this.checkType(body.type);
    const areaCode = await this.areaOf(body);
    if (areaCode === undefined) throw invalidField('areaCode', '请选择所在区县或在地图上标注位置');
    await this.deps.limiter.hit(limits);
    const now = this.now();
    const id = await this.repository.insert({
      type: body.type,
      status: 'received',
      title: body.title,
      content: body.content,
      contact_name: body.contactName ?? null,
      phone: body.phone ?? null,
      lon: body.longitude ?? null,
      lat: body.latitude ?? null,
      address: body.address,
      area_code: areaCode,
      source: 'public',
      event_id: null,
      reply: null,
      created_at: now,
      handled_at: null,
      handled_by: null,
      ip_hash: createHmac('sha256', await this.deps.ipSecret())
        .update(ip)
        .digest('hex'),
    });
    const no = complaintNo(id, now);
    await this.audit.record({
      actor: { id: null, name: '公众（网站投诉）', areaCode },
      ip,
      action: 'complaint.receive',
      target: { type: 'complaint', id: String(id), name: body.title },
      after: { no, type: body.type, source: 'public', areaCode },
    });
    await this.deps.notify({
      type: 'complaint',
      title: `新投诉：${body.title}`,
      content: `${typeName}${body.address === '' ? '' : `，${body.address}`}（投诉编号 ${no}）`,
      link: COMPLAINT_LINK(id),
      areaCode,
    });
    return { no, createdAt: formatChinaDateTime(now) };
  }

  /**
   * The citizen's progress query: the number's date and id must match, and the phone's last four
   * digits when one was given; every mismatch answers the same 404, and an address may ask only so
   * often. Nothing personal is answered.
   */
  async progress(query: z.output<typeof complaintStatusQuery>, ip: string) {
    await this.deps.limiter.hit([
      {
        key: `complaint:status:${clientKey(ip)}`,
        max: STATUS_QUERIES_PER_IP,
        windowMs: 10 * MINUTE_MS,
        message: (s) => `查询过于频繁，请 ${humanWait(s)}后再试`,
      },
    ]);
    const missing = () => notFound('未找到该投诉，请核对投诉编号和手机号后 4 位');
    const match = COMPLAINT_NO.exec(query.no);
    const id = Number(match?.[2]);
    if (match === null || !Number.isSafeInteger(id) || id <= 0) throw missing();
    const row = await this.repository.progress(id);
    if (row === undefined || complaintNo(id, Number(row.created_at)) !== query.no) throw missing();
    if (row.phone !== null && query.phoneTail !== row.phone.slice(-4)) throw missing();
    const status = statusOf(row.status);
    const closedByEvent = status === 'converted' && row.event_state === 'closed';
    const shown: ComplaintStatus = closedByEvent ? 'closed' : status;
    const handledAt = closedByEvent ? row.event_closed_at : row.handled_at;
    return {
      no: complaintNo(id, Number(row.created_at)),
      type: row.type,
      typeName: (await this.deps.catalogue.label(row.type)) ?? row.type,
      title: row.title,
      status: shown,
      statusName: CITIZEN_STATUS[shown],
      reply: row.reply,
      createdAt: formatChinaDateTime(Number(row.created_at)),
      handledAt: handledAt === null ? null : formatChinaDateTime(Number(handledAt)),
    };
  }

  // --- The operators' side ----------------------------------------------------------------------

  async list(query: z.output<typeof complaintListQuery>, principal: OperatorPrincipal) {
    const from = query.startTime === undefined ? undefined : parseChinaDateTime(query.startTime);
    const to = query.endTime === undefined ? undefined : parseChinaDateTime(query.endTime);
    if (from !== undefined && to !== undefined && from > to)
      throw invalidField('startTime', '开始时间不能晚于结束时间');
    const numbered = query.keyword === undefined ? null : COMPLAINT_NO.exec(query.keyword.toUpperCase());
    const filter: ComplaintFilter = {
      types: query.type === undefined ? undefined : await this.withChildren(query.type),
      status: query.status,
      source: query.source,
      keyword: query.keyword,
      id: numbered === null ? undefined : Number(numbered[2]),
      from,
      to,
    };
    const page = pageOf(query, 20);
    const result = await this.repository.list(principal.scope, filter, page);
    const list = await Promise.all(result.list.map((row) => this.present(row, false)));
    return pageAnswer(page, { list, total: result.total });
  }

  private async record(id: number, scope: AreaScope): Promise<ComplaintRecord> {
    const row = await this.repository.get(id, scope);
    if (row === undefined) throw notFound('投诉不存在或不在您的管辖范围');
    return row;
  }

  /** A complaint in full, the phone unmasked (complaint:view holders handle it). */
  async detail(id: number, principal: OperatorPrincipal): Promise<ComplaintRow> {
    return this.present(await this.record(id, principal.scope), true);
  }

  /** An operator registers a complaint taken by phone or at the desk: accepted at once (a person took it). */
  async save(body: z.output<typeof complaintSaveBody>, handler: ComplaintHandler): Promise<ComplaintRow> {
    const principal = handler.principal;
    await this.checkType(body.type);
    const areaCode = (await this.areaOf(body)) ?? principal.scope.areaCode;
    if (!inScope(areaCode, principal.scope)) {
      throw new AppError(ErrorCode.AREA_OUT_OF_SCOPE, '投诉所在区域不在您的辖区内');
    }
    const id = await this.repository.insert({
      type: body.type,
      status: 'accepted',
      title: body.title,
      content: body.content,
      contact_name: body.contactName ?? null,
      phone: body.phone ?? null,
      lon: body.longitude ?? null,
      lat: body.latitude ?? null,
      address: body.address,
      area_code: areaCode,
      source: body.source,
      event_id: null,
      reply: null,
      created_at: this.now(),
      handled_at: null,
      handled_by: null,
      ip_hash: null,
    });
    await this.audit.record({
      actor: handler.actor,
      ip: handler.ip,
      action: 'complaint.receive',
      target: { type: 'complaint', id: String(id), name: body.title },
      after: { type: body.type, source: body.source, areaCode, contactName: body.contactName ?? null },
    });
    return this.detail(id, principal);
  }

  /**
   * A complaint becomes a grid event (source `complaint`), once: the event and the complaint's mark are
   * one transaction, and the mark only moves a complaint not converted yet, so a second conversion —
   * even at the same moment — is 409 and leaves no second event.
   */
  async toEvent(body: z.output<typeof complaintToEventBody>, handler: ComplaintHandler): Promise<ComplaintRow> {
    const principal = handler.principal;
    const id = Number(body.id);
    const row = await this.record(id, principal.scope);
    const status = statusOf(row.status);
    if (status === 'converted') throw conflict('该投诉已转为事件');
    if (status === 'closed' || status === 'rejected') {
      throw conflict(`该投诉已${COMPLAINT_STATUSES[status]}，不能再转为事件`);
    }
    const lon = body.longitude ?? (row.lon === null ? undefined : Number(row.lon));
    const lat = body.latitude ?? (row.lat === null ? undefined : Number(row.lat));
    if (lon === undefined || lat === undefined) {
      throw invalidField('longitude', '投诉没有位置，请在地图上标注事件位置');
    }
    if (body.longitude !== undefined) {
      // A position moved by the operator must stay in their area: the event goes to the grid holding it.
      const grid = await this.deps.locate(lon, lat);
      if (grid !== null && !inScope(grid.areaCode, principal.scope)) {
        throw new AppError(ErrorCode.AREA_OUT_OF_SCOPE, '事件位置不在您的辖区内');
      }
    }
    const catalog = body.eventClassification ?? row.type;
    if (body.eventClassification !== undefined) await this.checkType(body.eventClassification);
    const name = (await this.deps.nameOf(principal.id)) ?? principal.username;
    const now = this.now();
    const source: EventSourceCode = 'complaint';
    let eventId: number;
    try {
      eventId = await this.deps.events.reportBySystem(
        {
          source,
          title: body.title ?? row.title,
          catalog,
          description: row.content,
          priority: body.priority as EventPriority,
          lon,
          lat,
          address: row.address,
          areaCode: row.area_code,
          reporterName: name,
          reporterId: principal.id,
          complaintId: id,
        },
        async (trx, newEventId) => {
          const marked = await this.repository.markConverted(trx, id, {
            event_id: newEventId,
            handled_at: now,
            handled_by: principal.id,
          });
          if (!marked) throw conflict('该投诉已被他人处理，请刷新后重试');
        },
      );
    } catch (err) {
      // Two conversions at once on PostgreSQL: the second trips over events.complaint_id (unique).
      if (!(err instanceof AppError) && (await this.repository.get(id, principal.scope))?.status === 'converted') {
        throw conflict('该投诉已转为事件');
      }
      throw err;
    }
    await this.audit.record({
      actor: handler.actor,
      ip: handler.ip,
      action: 'complaint.convert',
      target: { type: 'complaint', id: String(id), name: row.title },
      before: { status },
      after: { status: 'converted', eventId: String(eventId), priority: body.priority, catalog },
    });
    return this.detail(id, principal);
  }

  /**
   * The answer the citizen reads: closed (办结) or rejected (不予受理). A converted complaint can be
   * closed with an answer, not rejected (its event is under way); an answered one is final.
   */
  async reply(body: z.output<typeof complaintReplyBody>, handler: ComplaintHandler): Promise<ComplaintRow> {
    const principal = handler.principal;
    const id = Number(body.id);
    const row = await this.record(id, principal.scope);
    const from = statusOf(row.status);
    if (from === 'closed' || from === 'rejected') throw conflict(`该投诉已${COMPLAINT_STATUSES[from]}`);
    if (from === 'converted' && body.status === 'rejected') {
      throw conflict('该投诉已转为事件，不能再不予受理');
    }
    const now = this.now();
    const moved = await this.repository.answer(id, from, {
      status: body.status,
      reply: body.reply,
      handled_at: now,
      handled_by: principal.id,
    });
    if (!moved) throw new AppError(ErrorCode.STALE_STATE, '投诉状态已被他人更新，请刷新后重试');
    await this.audit.record({
      actor: handler.actor,
      ip: handler.ip,
      action: 'complaint.close',
      target: { type: 'complaint', id: String(id), name: row.title },
      detail: `${COMPLAINT_STATUSES[body.status]}：${body.reply}`.slice(0, 500),
      before: { status: from, reply: row.reply },
      after: { status: body.status, reply: body.reply },
    });
    return this.detail(id, principal);
  }

  /** The header badge: complaints of the area nobody has looked at yet. */
  async waiting(principal: OperatorPrincipal): Promise<number> {
    if (!principal.permissions.has('complaint:view')) return 0;
    return this.repository.countReceived(principal.scope);
  }
}
