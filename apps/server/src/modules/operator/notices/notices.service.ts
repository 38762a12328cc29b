import { NOTICE_TYPES, type noticeListQuery } from '@lantian/contracts';
import { formatChinaDateTime, parseChinaDateTime } from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { notFound } from '../../../platform/errors';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import type { OperatorPrincipal } from '../../../platform/http/principal';
import type { NoticeRecord, NoticesRepository } from './notices.repository';

export interface NewNotice {
  type: keyof typeof NOTICE_TYPES;
  title: string;
  content: string;
  level?: number | null;
  link?: string | null;
  areaCode: string;
}

function present(row: NoticeRecord) {
  const type = row.type as keyof typeof NOTICE_TYPES;
  return {
    noticeId: String(row.id),
    type,
    typeName: NOTICE_TYPES[type],
    title: row.title,
    content: row.content,
    level: row.level,
    link: row.link,
    areaCode: row.area_code,
    isRead: row.read_at !== null,
    createdAt: formatChinaDateTime(row.created_at),
  };
}

/**
 * The notice centre (spec §7 /adm/notice/bd/*): modules post notices to an area; every operator whose
 * scope holds the area sees them and marks them read for themselves; the unread count feeds the
 * header's badge (todoNum).
 */
export class NoticesService {
  constructor(
    private readonly repository: NoticesRepository,
    private readonly now: Clock,
  ) {}

  async post(notice: NewNotice): Promise<number> {
    return this.repository.insert({
      type: notice.type,
      title: notice.title.slice(0, 120),
      content: notice.content.slice(0, 1000),
      level: notice.level ?? null,
      link: notice.link ?? null,
      area_code: notice.areaCode,
      created_at: this.now(),
    });
  }

  async list(query: z.output<typeof noticeListQuery>, reader: OperatorPrincipal) {
    const page = pageOf(query, 20);
    const result = await this.repository.list(
      reader.id,
      reader.scope,
      {
        type: query.type,
        isRead: query.isRead === undefined ? undefined : query.isRead === '1',
        from: query.startTime === undefined ? undefined : parseChinaDateTime(query.startTime),
        to: query.endTime === undefined ? undefined : parseChinaDateTime(query.endTime),
      },
      page,
    );
    return {
      ...pageAnswer(page, { list: result.list.map(present), total: result.total }),
      unread: await this.repository.unread(reader.id, reader.scope),
    };
  }

  /** A notice, marked read for the reader by reading it. */
  async detail(id: number, reader: OperatorPrincipal) {
    const row = await this.repository.get(id, reader.id, reader.scope);
    if (row === undefined) throw notFound('未找到该消息');
    if (row.read_at === null) {
      const at = this.now();
      await this.repository.markRead([id], reader.id, reader.scope, at);
      return present({ ...row, read_at: at });
    }
    return present(row);
  }

  async markRead(ids: readonly number[] | null, reader: OperatorPrincipal) {
    return { marked: await this.repository.markRead(ids, reader.id, reader.scope, this.now()) };
  }

  unread(reader: OperatorPrincipal) {
    return this.repository.unread(reader.id, reader.scope);
  }
}
