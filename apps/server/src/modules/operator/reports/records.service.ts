import { createHash } from 'node:crypto';
import { type Area, areaByCode } from '@lantian/areas';
import {
  type aqiImageQuery,
  ErrorCode,
  REPORT_IMAGE_LIMITS,
  REPORT_TYPES,
  type RecordDetail,
  type RecordRow,
  type RenderedElement,
  type ReportNumbers,
  type ReportType,
  type recordListQuery,
  type recordSaveBody,
  type recordUpdateBody,
  renderedElement,
  reportNumbers,
} from '@lantian/contracts';
import {
  chinaDay,
  chinaDayStart,
  civilFromDays,
  formatChinaDateTime,
  isoWeekday,
  monthPeriod,
  PERIOD_TITLES,
  type ReportPeriod,
} from '@lantian/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { type AreaScope, inScope } from '../../../platform/db/area-scope';
import { AppError, invalidField, notFound } from '../../../platform/errors';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import { prepareImage } from '../../../platform/uploads/photos';
import type { AuditActor, AuditLog } from '../audit';
import { aqiCalendarPng } from './aqi-image';
import { chartPng, type Png } from './charts';
import { fileNameOf, type ReportBlock, type ReportDocument } from './document';
import { reportDocx } from './export-docx';
import { reportPdf } from './export-pdf';
import type { ReportHandler } from './handler';
import type { ReportNumbersService } from './numbers.service';
import type { RecordRecord, RecordsRepository } from './records.repository';
import { placeholderValues, renderText } from './render';
import type { ReportsTables } from './reports.tables';
import type { TemplateRecord } from './templates.repository';
import { elementsOf, type TemplatesService } from './templates.service';

const recordNotFound = () => notFound('未找到该报告');
const outOfScope = () => new AppError(ErrorCode.AREA_OUT_OF_SCOPE, '该地区不在您的管辖范围内');
/** Days of a custom (episode) period, at most. */
const MAX_EPISODE_DAYS = 31;

const storedContent = z.array(renderedElement);

/** Who generates: an operator through the console, or a schedule in the background. */
export interface Generator {
  scope: AreaScope;
  actor: AuditActor;
  ip: string | null;
  createdBy: string | null;
  createdByName: string;
  origin: 'manual' | 'schedule';
  scheduleId: number | null;
}

export const imageUrl = (id: number) => `/cmsReport/image?id=${id}`;

/** The report base attributes printed under the title (dictionary report_base_attribute). */
export type BaseAttributes = () => Promise<Array<[string, string]>>;

/**
 * Generated reports: a template filled for one area and one period. Generation computes the
 * numbers once (ReportNumbersService), renders the text, tables, charts and images, and keeps them
 * with the record, so that a report reads the same tomorrow even when data are revised; exports
 * print that record.
 */
export class RecordsService {
  constructor(
    private readonly repository: RecordsRepository,
    private readonly templates: TemplatesService,
    private readonly numbers: ReportNumbersService,
    private readonly baseAttributes: BaseAttributes,
    private readonly audit: AuditLog,
    private readonly now: Clock,
  ) {}

  /** The period a generation asks for, checked against the template's type. */
  periodOf(type: ReportType, timepoint: string, endDate: string | undefined): ReportPeriod {
    const monthly = /^\d{4}-\d{2}$/.test(timepoint);
    if (type === 'month') {
      if (!monthly) throw invalidField('timepoint', '月报的报告期应为 YYYY-MM');
      const [year, month] = timepoint.split('-').map(Number) as [number, number];
      if (month < 1 || month > 12) throw invalidField('timepoint', '月份无效');
      return monthPeriod(year, month);
    }
    if (monthly) throw invalidField('timepoint', `${REPORT_TYPES[type]}的报告期应为 YYYY-MM-DD`);
    const first = dayOf(timepoint, 'timepoint');
    if (type === 'day') return { kind: 'day', fromDay: first, toDay: first };
    if (type === 'week') {
      if (isoWeekday(first) !== 1) throw invalidField('timepoint', '周报的报告期应为该周的周一');
      return { kind: 'week', fromDay: first, toDay: first + 6 };
    }
    if (endDate === undefined) throw invalidField('endDate', '重污染过程报告须给出最后一天');
    const last = dayOf(endDate, 'endDate');
    if (last < first) throw invalidField('endDate', '最后一天不能早于第一天');
    if (last - first + 1 > MAX_EPISODE_DAYS) throw invalidField('endDate', `过程不能超过 ${MAX_EPISODE_DAYS} 天`);
    return { kind: 'episode', fromDay: first, toDay: last };
  }

  /** An operator generates a report in the console. */
  async generateFor(body: z.output<typeof recordSaveBody>, handler: ReportHandler): Promise<RecordDetail> {
    const template = await this.templates.inUse(Number(body.templateId), handler.principal.scope);
    const area = areaByCode(body.areaCode);
    if (area === undefined) throw invalidField('areaCode', '未知的行政区划代码');
    if (!inScope(area.code, handler.principal.scope)) throw outOfScope();
    const period = this.periodOf(template.type as ReportType, body.timepoint, body.endDate);
    if (period.toDay >= chinaDay(this.now())) throw invalidField('timepoint', '报告期尚未结束，请选择已经过去的日期');
    const facts = await this.templates.facts(handler);
    const id = await this.generate(template, area, period, body.title, {
      scope: handler.principal.scope,
      actor: handler.actor,
      ip: handler.ip,
      createdBy: handler.principal.id,
      createdByName: facts.name,
      origin: 'manual',
      scheduleId: null,
    });
    return this.detail(id, handler.principal.scope);
  }

  /** Generates and stores a record; returns its id. */
  async generate(
    template: TemplateRecord,
    area: Area,
    period: ReportPeriod,
    title: string | undefined,
    by: Generator,
  ): Promise<number> {
    const type = template.type as ReportType;
    const numbers = await this.numbers.compute(area, type, period);
    const reportTitle = title ?? `${area.name}空气质量${PERIOD_TITLES[period.kind]}（${numbers.period.label}）`;
    const at = this.now();
    const values = placeholderValues(numbers, reportTitle, formatChinaDateTime(at));
    const elements = elementsOf(template);
    // Images are drawn before the transaction: rendering takes time a write lock should not wait for.
    const images = new Map<string, Png & { kind: 'chart' | 'aqiImage' }>();
    for (const element of elements) {
      if (element.kind === 'chart') {
        images.set(element.id, {
          kind: 'chart',
          ...(await chartPng(element.query, element.chart, numbers)),
        });
      } else if (element.kind === 'image' && element.source === 'aqiImage') {
        images.set(element.id, { kind: 'aqiImage', ...(await aqiCalendarPng(numbers)) });
      }
    }
    const uploads = new Map<string, number>();
    for (const element of elements) {
      if (element.kind !== 'image' || element.source !== 'upload' || element.imageId === undefined) continue;
      const image = await this.repository.image(Number(element.imageId), by.scope);
      if (image === undefined)
        throw invalidField('templateId', `模板中的图片「${element.title || element.id}」已不存在，请重新上传`);
      uploads.set(element.id, image.id);
    }
    const id = await this.repository.transaction(async (trx) => {
      const recordId = await this.repository.insert(trx, {
        title: reportTitle,
        type,
        template_id: template.id,
        template_name: template.name,
        area_code: area.code,
        from_day: period.fromDay,
        to_day: period.toDay,
        period_label: numbers.period.label,
        content_json: '[]',
        numbers_json: JSON.stringify(numbers),
        substance: '',
        origin: by.origin,
        schedule_id: by.scheduleId,
        created_by: by.createdBy,
        created_by_name: by.createdByName,
        created_at: at,
        updated_at: at,
      });
      const content: RenderedElement[] = [];
      for (const element of elements) {
        const text = renderText(element, numbers, values);
        if (text !== undefined) {
          content.push(text);
          continue;
        }
        const drawn = images.get(element.id);
        const imageId =
          drawn === undefined ? uploads.get(element.id) : await this.storeImage(trx, drawn, area.code, recordId, by);
        if (imageId === undefined) continue;
        content.push({
          kind: element.kind === 'chart' ? 'chart' : 'image',
          id: element.id,
          title: element.title,
          image: imageUrl(imageId),
        });
      }
      await this.repository.setContent(trx, recordId, JSON.stringify(content));
      return recordId;
    });
    await this.audit.record({
      actor: by.actor,
      ip: by.ip,
      action: 'report_record.generate',
      target: { type: 'report_record', id: String(id), name: reportTitle },
      after: { template: template.name, area: area.name, period: numbers.period.label, origin: by.origin },
    });
    return id;
  }

  private storeImage(
    trx: Kysely<ReportsTables>,
    png: Png & { kind: string },
    areaCode: string,
    recordId: number,
    by: Generator,
  ) {
    return this.repository.insertImage(trx, {
      kind: png.kind,
      record_id: recordId,
      template_id: null,
      area_code: areaCode,
      mime: 'image/png',
      width: png.width,
      height: png.height,
      bytes: png.data.length,
      sha256: createHash('sha256').update(png.data).digest('hex'),
      data: png.data,
      created_by: by.createdBy,
      created_at: this.now(),
    });
  }

  async list(query: z.output<typeof recordListQuery>, scope: AreaScope) {
    if (query.areaCode !== undefined && !inScope(query.areaCode, scope)) throw outOfScope();
    const page = pageOf(query, 20);
    const result = await this.repository.list(
      {
        templateId: query.templateId === undefined ? undefined : Number(query.templateId),
        type: query.type,
        areaCode: query.areaCode,
        fromDay: query.startDate === undefined ? undefined : dayOf(query.startDate, 'startDate'),
        toDay: query.endDate === undefined ? undefined : dayOf(query.endDate, 'endDate'),
      },
      scope,
      page,
    );
    return pageAnswer(page, { list: result.list.map(presentRecord), total: result.total });
  }

  /** Records of the schedules, by generation time (/report/reportList/autoMonitor). */
  async generatedBySchedules(
    range: { pageNo: number; pageSize: number; beginDate?: string | undefined; endDate?: string | undefined },
    scope: AreaScope,
  ) {
    const page = pageOf({ pageNum: range.pageNo, pageSize: range.pageSize }, 20);
    const result = await this.repository.list(
      {
        origin: 'schedule',
        createdFrom: range.beginDate === undefined ? undefined : chinaDayStart(dayOf(range.beginDate, 'beginDate')),
        createdTo: range.endDate === undefined ? undefined : chinaDayStart(dayOf(range.endDate, 'endDate') + 1) - 1,
      },
      scope,
      page,
    );
    return pageAnswer(page, { list: result.list.map(presentRecord), total: result.total });
  }

  async detail(id: number, scope: AreaScope): Promise<RecordDetail> {
    const row = await this.found(id, scope);
    const content = storedContent.parse(JSON.parse(row.content_json));
    return {
      ...presentRecord(row),
      content,
      substance: row.substance,
      imageInfo: content.flatMap((e) =>
        e.kind === 'chart' || e.kind === 'image' ? [{ elementId: e.id, url: e.image }] : [],
      ),
      numbers: numbersOf(row),
    };
  }

  async info(id: number, scope: AreaScope) {
    const row = await this.found(id, scope);
    return {
      ...presentRecord(row),
      elementCount: storedContent.parse(JSON.parse(row.content_json)).length,
      exports: (['docx', 'pdf'] as const).map((format) => ({
        format,
        url: `/cmsReport/export?id=${row.id}&format=${format}`,
      })),
    };
  }

  async numbersOf(id: number, scope: AreaScope): Promise<ReportNumbers> {
    return numbersOf(await this.found(id, scope));
  }

  async update(body: z.output<typeof recordUpdateBody>, handler: ReportHandler): Promise<RecordDetail> {
    const before = await this.found(Number(body.id), handler.principal.scope);
    await this.repository.update(
      before.id,
      {
        ...(body.title === undefined ? {} : { title: body.title }),
        ...(body.substance === undefined ? {} : { substance: body.substance }),
        updated_at: this.now(),
      },
      handler.principal.scope,
    );
    const after = await this.detail(before.id, handler.principal.scope);
    await this.audit.record({
      actor: handler.actor,
      ip: handler.ip,
      action: 'report_record.update',
      target: { type: 'report_record', id: String(before.id), name: after.title },
      before: { title: before.title, substance: before.substance },
      after: { title: after.title, substance: after.substance },
    });
    return after;
  }

  async remove(id: number, handler: ReportHandler): Promise<void> {
    const before = await this.found(id, handler.principal.scope);
    if (!(await this.repository.delete(id, handler.principal.scope))) throw recordNotFound();
    await this.audit.record({
      actor: handler.actor,
      ip: handler.ip,
      action: 'report_record.delete',
      target: { type: 'report_record', id: String(id), name: before.title },
      before: { title: before.title, area: before.area_code, period: before.period_label },
    });
  }

  async image(id: number, scope: AreaScope) {
    const image = await this.repository.image(id, scope);
    if (image === undefined) throw notFound('未找到该图片');
    return image;
  }

  /** The AQI calendar of an area's days, drawn now (the aqiImage call). */
  async aqiImage(query: z.output<typeof aqiImageQuery>, scope: AreaScope): Promise<Png> {
    const area = areaByCode(query.areaCode);
    if (area === undefined) throw invalidField('areaCode', '未知的行政区划代码');
    if (!inScope(area.code, scope)) throw outOfScope();
    const first = dayOf(query.startDate, 'startDate');
    const last = dayOf(query.endDate, 'endDate');
    if (last < first) throw invalidField('endDate', '结束日期不能早于开始日期');
    if (last - first + 1 > 62) throw invalidField('endDate', '日历最多 62 天');
    const numbers = await this.numbers.compute(area, 'episode', { kind: 'episode', fromDay: first, toDay: last });
    return aqiCalendarPng(numbers);
  }

  /** An uploaded picture for a template's image element: checked by its bytes, re-encoded. */
  async upload(bytes: Buffer, name: string, templateId: number | null, handler: ReportHandler) {
    if (templateId !== null) await this.templates.inUse(templateId, handler.principal.scope);
    const image = await prepareImage(bytes, {
      maxBytes: REPORT_IMAGE_LIMITS.maxBytes,
      maxPixels: REPORT_IMAGE_LIMITS.maxPixels,
      longSide: REPORT_IMAGE_LIMITS.longSide,
      format: 'png',
      label: name === '' ? '图片' : name,
    });
    const id = await this.repository.transaction((trx) =>
      this.repository.insertImage(trx, {
        kind: 'upload',
        record_id: null,
        template_id: templateId,
        area_code: handler.principal.scope.areaCode,
        mime: image.mime,
        width: image.width,
        height: image.height,
        bytes: image.data.length,
        sha256: image.sha256,
        data: image.data,
        created_by: handler.principal.id,
        created_at: this.now(),
      }),
    );
    await this.audit.record({
      actor: handler.actor,
      ip: handler.ip,
      action: 'report_image.upload',
      target: { type: 'report_image', id: String(id), name },
      after: { width: image.width, height: image.height, bytes: image.data.length },
    });
    return { imageId: String(id), url: imageUrl(id), width: image.width, height: image.height };
  }

  async export(
    id: number,
    format: 'docx' | 'pdf',
    scope: AreaScope,
  ): Promise<{ data: Buffer; fileName: string; mime: string }> {
    const row = await this.found(id, scope);
    const detail = await this.detail(id, scope);
    const images = new Map((await this.repository.imagesOf(row.id)).map((i) => [imageUrl(i.id), i]));
    const blocks: ReportBlock[] = [];
    for (const element of detail.content) {
      if (element.kind === 'text') {
        blocks.push({ kind: element.style === 'heading' ? 'heading' : 'paragraph', text: element.text });
      } else if (element.kind === 'table') {
        blocks.push({ kind: 'table', title: element.title, columns: element.columns, rows: element.rows });
      } else {
        const image = images.get(element.image) ?? (await this.repository.image(imageIdOf(element.image), scope));
        if (image === undefined) continue;
        blocks.push({
          kind: 'image',
          title: element.title,
          png: image.data,
          width: image.width / 2,
          height: image.height / 2,
        });
      }
    }
    const document: ReportDocument = {
      title: detail.title,
      subtitle: `${detail.areaName} · ${detail.periodLabel}`,
      attributes: [...(await this.baseAttributes()), ['生成时间', detail.createdAt]],
      blocks,
      substance: detail.substance,
    };
    if (format === 'docx') {
      return {
        data: await reportDocx(document),
        fileName: fileNameOf(detail.title, 'docx'),
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      };
    }
    return { data: await reportPdf(document), fileName: fileNameOf(detail.title, 'pdf'), mime: 'application/pdf' };
  }

  private async found(id: number, scope: AreaScope): Promise<RecordRecord> {
    const row = await this.repository.byId(id, scope);
    if (row === undefined) throw recordNotFound();
    return row;
  }
}

function imageIdOf(url: string): number {
  return Number(new URL(url, 'http://x').searchParams.get('id'));
}

function dayOf(date: string, field: string): number {
  const t = Date.parse(`${date}T00:00:00+08:00`);
  if (Number.isNaN(t)) throw invalidField(field, '不是有效的日期');
  const day = chinaDay(t / 1000);
  const { year, month, day: dom } = civilFromDays(day);
  if (`${year}-${String(month).padStart(2, '0')}-${String(dom).padStart(2, '0')}` !== date) {
    throw invalidField(field, '不是有效的日期');
  }
  return day;
}

function numbersOf(row: RecordRecord): ReportNumbers {
  return reportNumbers.parse(JSON.parse(row.numbers_json));
}

export function presentRecord(row: RecordRecord): RecordRow {
  const type = row.type as ReportType;
  const numbers = numbersOf(row);
  return {
    id: String(row.id),
    title: row.title,
    type,
    typeName: REPORT_TYPES[type],
    templateId: String(row.template_id),
    templateName: row.template_name,
    areaCode: row.area_code,
    areaName: numbers.areaName,
    timepoint: numbers.period.startDate,
    endDate: numbers.period.endDate,
    periodLabel: row.period_label,
    origin: row.origin === 'schedule' ? 'schedule' : 'manual',
    createdBy: row.created_by_name,
    createdAt: formatChinaDateTime(row.created_at),
  };
}
