import { allAreas, areaByCode } from '@lantian/areas';
import {
  type autoMonitorQuery,
  ErrorCode,
  REPORT_TYPES,
  type ReportType,
  type ScheduleRow,
  type ScheduleSummary,
  type scheduleAddOrUpdateBody,
  type scheduleListQuery,
  scheduleSummary,
} from '@lantian/contracts';
import {
  chinaDay,
  chinaDayStart,
  episodeEndedBefore,
  formatChinaDateTimeOrNull,
  nextRunAt,
  periodBefore,
  type ReportPeriod,
} from '@lantian/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { type AreaScope, inScope, NATIONWIDE } from '../../../platform/db/area-scope';
import { AppError, invalidField, notFound } from '../../../platform/errors';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import type { AirStore } from '../../data/air';
import type { AuditLog } from '../audit';
import type { NewNotice } from '../notices';
import type { ReportHandler } from './handler';
import type { RecordsService } from './records.service';
import type { ScheduleRecord, SchedulesRepository } from './schedules.repository';
import type { TemplatesService } from './templates.service';

const scheduleNotFound = () => notFound('未找到该定时报告');
/** Due schedules taken per pass; the rest wait for the next minute. */
const BATCH = 20;
/** Days of city values an episode check reads back. */
const EPISODE_LOOKBACK_DAYS = 40;

type ScheduleBody = z.output<typeof scheduleAddOrUpdateBody>;

/**
 * Scheduled reports (`/report/*`): each runs at its hour by the data clock, generates its template
 * for its area over the last complete day, week or month (or a heavy-pollution episode once it has
 * ended), and posts the result to the notice centre of that area. A run is claimed in the database
 * first, so that several instances never generate it twice.
 */
export class SchedulesService {
  constructor(
    private readonly repository: SchedulesRepository,
    private readonly templates: TemplatesService,
    private readonly records: RecordsService,
    private readonly air: AirStore,
    private readonly notify: (notice: NewNotice) => Promise<void>,
    private readonly audit: AuditLog,
    private readonly now: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async save(body: ScheduleBody, handler: ReportHandler): Promise<ScheduleRow> {
    const area = this.areaOf(body.area.name, handler.principal.scope);
    const template = await this.templates.inUse(Number(body.summary.templateId), handler.principal.scope);
    if (template.type !== body.type) {
      throw invalidField(
        'summary',
        `所选模板是${REPORT_TYPES[template.type as ReportType]}模板，与定时频率「${REPORT_TYPES[body.type]}」不一致`,
      );
    }
    const settings: ScheduleSummary = {
      ...body.summary,
      weekday: body.type === 'week' ? (body.summary.weekday ?? 1) : undefined,
      dayOfMonth: body.type === 'month' ? (body.summary.dayOfMonth ?? 1) : undefined,
    };
    const at = this.now();
    const fields = {
      name: body.name,
      type: body.type,
      business_type: body.businessType,
      area_code: area.code,
      settings_json: JSON.stringify(settings),
      template_id: template.id,
      enabled: settings.enabled ? 1 : 0,
      next_run_at: settings.enabled ? nextRunAt(body.type, settings, at) : null,
      updated_at: at,
    };
    if (body.id === undefined) {
      const facts = await this.templates.facts(handler);
      const id = await this.repository.insert({
        ...fields,
        last_run_at: null,
        last_record_id: null,
        last_error: null,
        created_by: handler.principal.id,
        created_by_name: facts.name,
        created_at: at,
      });
      const saved = await this.get(id, handler.principal.scope);
      await this.record(handler, 'report_schedule.create', saved, null, brief(saved));
      return saved;
    }
    const before = await this.get(Number(body.id), handler.principal.scope);
    await this.repository.update(Number(body.id), fields, handler.principal.scope);
    const after = await this.get(Number(body.id), handler.principal.scope);
    await this.record(handler, 'report_schedule.update', after, brief(before), brief(after));
    return after;
  }

  async remove(id: number, handler: ReportHandler): Promise<void> {
    const before = await this.get(id, handler.principal.scope);
    if (!(await this.repository.delete(id, handler.principal.scope))) throw scheduleNotFound();
    await this.record(handler, 'report_schedule.delete', before, brief(before), null);
  }

  async get(id: number, scope: AreaScope): Promise<ScheduleRow> {
    const row = await this.repository.byId(id, scope);
    if (row === undefined) throw scheduleNotFound();
    return this.present(row);
  }

  async list(query: z.output<typeof scheduleListQuery>, scope: AreaScope) {
    const page = pageOf(query, 20);
    const result = await this.repository.list({ type: query.type }, scope, page);
    return pageAnswer(page, { list: await Promise.all(result.list.map((r) => this.present(r))), total: result.total });
  }

  autoMonitor(query: z.output<typeof autoMonitorQuery>, scope: AreaScope) {
    return this.records.generatedBySchedules(query, scope);
  }

  /** Every due schedule, once; what the background job runs each minute. Returns the records made. */
  async runDue(): Promise<number> {
    const now = this.now();
    let made = 0;
    for (const row of await this.repository.due(now, BATCH)) {
      const settings = settingsOf(row);
      const scheduledAt = row.next_run_at ?? now;
      // Runs missed while the server was down are not made up one by one: the next is after now.
      const next = nextRunAt(row.type as ReportType, settings, Math.max(scheduledAt, now));
      if (!(await this.repository.claim(row.id, scheduledAt, next))) continue;
      try {
        const recordId = await this.run(row, settings, scheduledAt);
        await this.repository.recordRun(row.id, now, recordId, null);
        if (recordId !== null) made++;
      } catch (err) {
        this.log.error({ err, scheduleId: row.id }, 'scheduled report failed');
        const message = err instanceof AppError ? err.msg : '生成失败，请查看服务器日志';
        await this.repository.recordRun(row.id, now, null, message.slice(0, 200));
      }
    }
    return made;
  }

  private async run(row: ScheduleRecord, settings: ScheduleSummary, scheduledAt: number): Promise<number | null> {
    const area = areaByCode(row.area_code);
    if (area === undefined) throw new AppError(ErrorCode.NOT_FOUND, '定时报告的区域已不存在');
    const scope = { areaCode: row.area_code };
    // The template was checked against its creator's area when the schedule was saved; it may be a
    // template of a wider area (the province's, the country's) than the schedule's own.
    const template = await this.templates.inUse(row.template_id, NATIONWIDE);
    const period = await this.periodFor(row, settings, scheduledAt);
    if (period === undefined) return null;
    const recordId = await this.records.generate(template, area, period, undefined, {
      scope: NATIONWIDE,
      actor: { id: null, name: `定时报告：${row.name}`, areaCode: row.area_code },
      ip: null,
      createdBy: row.created_by,
      createdByName: `定时报告：${row.name}`,
      origin: 'schedule',
      scheduleId: row.id,
    });
    const record = await this.records.info(recordId, scope);
    await this.notify({
      type: 'report',
      title: `${record.title}已生成`,
      content: `定时报告「${row.name}」已生成《${record.title}》，可在报表中心查看和导出 Word、PDF。`,
      link: `/platform/reports/records/${recordId}`,
      areaCode: row.area_code,
    });
    return recordId;
  }

  private async periodFor(
    row: ScheduleRecord,
    settings: ScheduleSummary,
    at: number,
  ): Promise<ReportPeriod | undefined> {
    const type = row.type as ReportType;
    if (type !== 'episode') return periodBefore(type, at);
    const today = chinaDay(at);
    const days = await this.air.cityDays.ofCity(
      row.area_code,
      chinaDayStart(today - EPISODE_LOOKBACK_DAYS),
      chinaDayStart(today - 1),
    );
    return episodeEndedBefore(
      days.map((d) => ({ day: chinaDay(d.day), level: d.level })),
      today,
      settings.minDays,
    );
  }

  /** `area.name`: an area's name (unique in the country) or its code, inside the operator's area. */
  private areaOf(name: string, scope: AreaScope) {
    const named = /^\d{6}$/.test(name) ? [areaByCode(name)] : allAreas().filter((a) => a.name === name);
    const [area] = named;
    if (area === undefined) throw invalidField('area.name', '未找到该区域，请使用区域全称或 6 位区划代码');
    if (named.length > 1)
      throw invalidField('area.name', `有 ${named.length} 个地区名为「${name}」，请使用 6 位区划代码`);
    if (!inScope(area.code, scope)) throw new AppError(ErrorCode.AREA_OUT_OF_SCOPE, '该地区不在您的管辖范围内');
    return area;
  }

  private async present(row: ScheduleRecord): Promise<ScheduleRow> {
    const type = row.type as ReportType;
    const settings = settingsOf(row);
    const template = await this.templates.inUse(row.template_id, NATIONWIDE).catch(() => undefined);
    return {
      id: String(row.id),
      name: row.name,
      type,
      typeName: REPORT_TYPES[type],
      businessType: row.business_type,
      area: { code: row.area_code, name: areaByCode(row.area_code)?.name ?? row.area_code },
      summary: row.settings_json,
      settings: { ...settings, templateId: String(settings.templateId) },
      templateName: template?.name ?? '（模板已删除）',
      enabled: row.enabled === 1,
      nextRunAt: formatChinaDateTimeOrNull(row.next_run_at),
      lastRunAt: formatChinaDateTimeOrNull(row.last_run_at),
      lastRecordId: row.last_record_id === null ? null : String(row.last_record_id),
      lastError: row.last_error,
      createdBy: row.created_by_name,
    };
  }

  private record(
    handler: ReportHandler,
    action: 'report_schedule.create' | 'report_schedule.update' | 'report_schedule.delete',
    row: ScheduleRow,
    before: unknown,
    after: unknown,
  ) {
    return this.audit.record({
      actor: handler.actor,
      ip: handler.ip,
      action,
      target: { type: 'report_schedule', id: row.id, name: row.name },
      before,
      after,
    });
  }
}

function settingsOf(row: ScheduleRecord): ScheduleSummary {
  return scheduleSummary.parse(JSON.parse(row.settings_json));
}

function brief(row: ScheduleRow) {
  return { name: row.name, type: row.type, area: row.area.name, summary: row.summary, nextRunAt: row.nextRunAt };
}
