import { randomBytes } from 'node:crypto';
import { PassThrough, Readable, type Writable } from 'node:stream';
import {
  ErrorCode,
  type ExportFormat,
  type ExportTicket,
  exportFormat,
  HISTORY_POLLUTANTS,
  type HistoryTarget,
  historyGranularity,
} from '@lantian/contracts';
import { formatChinaDateTime } from '@lantian/domain';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { AppError } from '../../../platform/errors';
import type { SharedState } from '../../../platform/state';
import type { ExportBody } from './data-analysis.schemas';
import { granularityName, type HistoryService, type ResolvedQuery, rowsOf } from './history.service';
import { periodLabel, rangeBounds } from './history-periods';

/**
 * Exports of the history query as CSV or XLSX. A browser cannot sign a plain download, so the signed
 * POST /api/createDataExport checks the query and leaves a ticket in the shared state (any instance
 * may serve the download); GET /api/dataExport/<ticket>.<format> takes it (single use, a few minutes)
 * and streams the file target by target: at most one target's rows (a station-year of hours) are
 * in memory, whatever the size of the file.
 */

export const EXPORT_TICKET_SECONDS = 300;
const KEY = (ticket: string) => `data-export:${ticket}`;

const ticketPayload = z.object({
  kind: z.enum(['city', 'station']),
  codes: z.array(z.string()).min(1),
  pollutants: z.array(z.enum(HISTORY_POLLUTANTS)).min(1),
  granularity: historyGranularity,
  first: z.number().int(),
  last: z.number().int(),
  format: exportFormat,
  fileName: z.string(),
  expiresAt: z.number().int(),
});
type TicketPayload = z.infer<typeof ticketPayload>;

const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const KIND_NAMES = { city: '城市', station: '站点' } as const;

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Readable;
}

const ticketGone = () =>
  new AppError(ErrorCode.EXPORT_TICKET_NOT_FOUND, '导出链接已失效（仅可下载一次，有效期 5 分钟），请重新导出');

/** A file name a person recognises: 蓝天空气质量_北京市等3个城市_2024-05-01至2024-05-31_逐日.csv. */
function fileNameOf(q: ResolvedQuery, format: ExportFormat): string {
  const first = q.targets[0];
  const who =
    q.targets.length === 1
      ? (first?.name ?? '')
      : `${first?.name ?? ''}等${q.targets.length}个${KIND_NAMES[first?.kind ?? 'city']}`;
  const from = periodLabel(q.range.granularity, q.range.first).slice(0, 10);
  const to = periodLabel(q.range.granularity, q.range.last).slice(0, 10);
  const raw = `蓝天空气质量_${who}_${from}至${to}_${granularityName(q.range.granularity)}.${format}`;
  return raw.replace(/[\\/:*?"<>|\s]/g, '_');
}

/** A CSV field: quoted when it holds a separator, a quote or a line break (RFC 4180). */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export class ExportService {
  constructor(
    private readonly history: HistoryService,
    private readonly state: SharedState,
    private readonly now: Clock,
  ) {}

  /** Checks the query (the same checks as the query, and the export's size limit) and issues a ticket. */
  async create(body: ExportBody): Promise<ExportTicket> {
    const q = await this.history.resolve(body);
    const ticket = randomBytes(18).toString('base64url');
    const expiresAt = this.now() + EXPORT_TICKET_SECONDS;
    const fileName = fileNameOf(q, body.format);
    const payload: TicketPayload = {
      kind: q.targets[0]?.kind ?? 'city',
      codes: q.targets.map((t) => t.code),
      pollutants: q.pollutants,
      granularity: q.range.granularity,
      first: q.range.first,
      last: q.range.last,
      format: body.format,
      fileName,
      expiresAt,
    };
    await this.state.set(KEY(ticket), JSON.stringify(payload), EXPORT_TICKET_SECONDS * 1000);
    return {
      ticket,
      url: `/api/dataExport/${ticket}.${body.format}`,
      fileName,
      expiresAt: formatChinaDateTime(expiresAt),
      rows: rowsOf(q),
    };
  }

  /**
   * Takes a ticket (once) and opens its file. Everything that can fail with a clear answer fails
   * here, before the first byte; a read failing half-way can only cut the download short.
   */
  async open(file: string): Promise<ExportFile> {
    const [ticket = '', extension] = file.split('.');
    const raw = await this.state.take(KEY(ticket));
    if (raw === null) throw ticketGone();
    const parsed = ticketPayload.safeParse(JSON.parse(raw));
    if (!parsed.success || parsed.data.format !== extension || parsed.data.expiresAt < this.now()) throw ticketGone();
    const payload = parsed.data;
    const targets: HistoryTarget[] =
      payload.kind === 'city'
        ? payload.codes.flatMap((code) => {
            const target = this.history.cityTarget(code);
            return target === undefined ? [] : [target];
          })
        : await this.history.stationTargets(payload.codes);
    const q: ResolvedQuery = {
      targets,
      pollutants: payload.pollutants,
      range: { granularity: payload.granularity, first: payload.first, last: payload.last },
    };
    const body = payload.format === 'csv' ? Readable.from(this.csv(q)) : this.xlsx(q);
    return { fileName: payload.fileName, contentType: MIME[payload.format], body };
  }

  private header(q: ResolvedQuery): string[] {
    return ['时间', '类型', '编码', '名称', '所属城市', ...this.history.columnsOf(q).map((c) => c.title)];
  }

  /** Rows of each target in turn, as the query's table orders them. */
  private async *rows(q: ResolvedQuery): AsyncGenerator<(string | number | null)[][]> {
    for (const target of q.targets) {
      const rows = await this.history.rowsOfTarget(target, q);
      yield rows.map((r) => [
        periodLabel(q.range.granularity, r.period),
        KIND_NAMES[target.kind],
        target.code,
        target.name,
        target.cityName,
        ...r.values,
      ]);
    }
  }

  /** UTF-8 with a BOM, so that Excel opens the Chinese right; pulled by the reply (backpressure). */
  private async *csv(q: ResolvedQuery): AsyncGenerator<string> {
    yield `\uFEFF${this.header(q).map(csvField).join(',')}\r\n`;
    for await (const batch of this.rows(q)) {
      // Chunks of a few thousand lines: large enough to be cheap, small enough to stay streaming.
      for (let i = 0; i < batch.length; i += 2000) {
        yield batch
          .slice(i, i + 2000)
          .map((row) => `${row.map(csvField).join(',')}\r\n`)
          .join('');
      }
    }
  }

  private xlsx(q: ResolvedQuery): Readable {
    const out = new PassThrough();
    writeWorkbook(out, q, this.header(q), this.rows(q)).catch((err: unknown) =>
      out.destroy(err instanceof Error ? err : new Error(String(err))),
    );
    return out;
  }
}

/** Waits until the reply has taken what was written, so the workbook never runs ahead of a slow client. */
function drained(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      stream.off('error', fail);
      resolve();
    };
    const fail = (err: Error) => {
      stream.off('drain', done);
      reject(err);
    };
    stream.once('drain', done);
    stream.once('error', fail);
  });
}

/** The sheet 数据 (header + rows committed as they come) and the sheet 说明 (the query and its notes). */
async function writeWorkbook(
  out: Writable,
  q: ResolvedQuery,
  header: string[],
  batches: AsyncIterable<(string | number | null)[][]>,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = '蓝天空气质量';
  const sheet = workbook.addWorksheet('数据', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = header.map((title, i) => ({ header: title, width: i === 0 ? 18 : i < 5 ? 12 : 16 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const batch of batches) {
    for (let i = 0; i < batch.length; i++) {
      sheet.addRow(batch[i] ?? []).commit();
      if (i % 1000 === 999) await drained(out);
    }
    await drained(out);
  }
  sheet.commit();
  const about = workbook.addWorksheet('说明');
  const bounds = rangeBounds(q.range);
  about
    .addRow([
      '时段',
      `${formatChinaDateTime(bounds.from)} 至 ${formatChinaDateTime(bounds.to)}（${granularityName(q.range.granularity)}）`,
    ])
    .commit();
  about.addRow(['对象', q.targets.map((t) => `${t.name}（${t.code}）`).join('、')]).commit();
  about.addRow(['来源', '蓝天空气质量平台 数据分析']).commit();
  about.commit();
  await workbook.commit();
}
