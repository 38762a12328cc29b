import { EVENT_ACTION_CODES, EVENT_STATE_CODES, type EventAction, type EventState } from '@lantian/domain';
import { z } from 'zod';
import { chinaDateTime } from '../air';
import { envelope } from '../envelope';
import { platformId } from './operators';
import { pageOf, pageQuery } from './paging';

/**
 * Grid events (issue 15; spec §3 Event: eventId, eventClassification, eventState, bindGridCode,
 * orgCode; §7 "Platform: events, patrol, org, grid, hot map"). The flow's rules are
 * packages/domain/src/grid/event-workflow.ts; these are the calls' shapes.
 */

export const eventId = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,11}$/, '不是有效的事件编号')
  .describe('事件编号（eventId）');

export const gridCodeParam = z
  .string()
  .trim()
  .regex(/^\d{6}(\d{3}){0,8}$/, '网格编码应为 6 位区县代码加若干组 3 位数字')
  .describe('网格编码（gridCode）');

export const eventState = z.enum(EVENT_STATE_CODES as [EventState, ...EventState[]]);
export const eventAction = z.enum(EVENT_ACTION_CODES as [EventAction, ...EventAction[]]);

export const EVENT_SOURCES = {
  patrol: '巡查上报',
  complaint: '群众投诉',
  alarm: '设备告警',
  manual: '人工登记',
  openApi: '开放接口',
} as const;
export const eventSource = z.enum(['patrol', 'complaint', 'alarm', 'manual', 'openApi']);
export type EventSourceCode = z.infer<typeof eventSource>;

export const eventPriority = z.coerce
  .number()
  .int('优先级应为 1、2、3')
  .min(1, '优先级应为 1、2、3')
  .max(3, '优先级应为 1、2、3')
  .describe('优先级：1 紧急，2 重要，3 一般');

const catalogCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, '不是有效的事件类别')
  .describe('事件类别（eventClassification，数据字典 eventCatalog 的值）');

const longitude = z.coerce.number().min(73, '经度超出中国范围').max(136, '经度超出中国范围');
const latitude = z.coerce.number().min(3, '纬度超出中国范围').max(54, '纬度超出中国范围');

const timeRange = {
  startTime: chinaDateTime.optional().describe('开始时间（北京时间，含）'),
  endTime: chinaDateTime.optional().describe('结束时间（北京时间，含）'),
};

export const eventRow = z.object({
  eventId: z.string(),
  eventNo: z.string().describe('事件单号 SJ + 上报日期 + 序号'),
  title: z.string(),
  eventClassification: z.string(),
  catalogName: z.string(),
  source: eventSource,
  sourceName: z.string(),
  eventState: eventState,
  stateName: z.string(),
  priority: z.number().int(),
  priorityName: z.string(),
  address: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  bindGridCode: z.string().nullable(),
  gridName: z.string().nullable(),
  areaCode: z.string(),
  orgCode: z.string().nullable().describe('派遣到的组织编号'),
  orgName: z.string().nullable(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  reporterName: z.string(),
  reportedAt: chinaDateTime,
  deadline: chinaDateTime.nullable(),
  overdue: z.boolean(),
  closedAt: chinaDateTime.nullable(),
  photoCount: z.number().int(),
});
export type EventRow = z.infer<typeof eventRow>;

export const eventAttachment = z.object({
  attachmentId: z.string(),
  name: z.string(),
  url: z.string().describe('图片地址（需登录）'),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  longitude: z.number().nullable().describe('照片 EXIF 中的拍摄位置（已从图片中去除）'),
  latitude: z.number().nullable(),
  takenAt: chinaDateTime.nullable(),
  step: z.string().describe('上传于哪一步：上报、处置…'),
  uploadedBy: z.string(),
  uploadedAt: chinaDateTime,
});

export const eventLogRow = z.object({
  logId: z.string(),
  action: z.string(),
  actionName: z.string(),
  fromState: eventState.nullable(),
  toState: eventState.nullable(),
  actorName: z.string(),
  note: z.string().nullable(),
  target: z.string().nullable().describe('派遣对象'),
  at: chinaDateTime,
});

export const eventDetail = eventRow.extend({
  description: z.string(),
  alarmId: z.string().nullable(),
  complaintId: z.string().nullable(),
  patrolId: z.string().nullable(),
  actions: z.array(
    z.object({ action: eventAction, name: z.string(), noteRequired: z.boolean(), needsAssignee: z.boolean() }),
  ),
  attachments: z.array(eventAttachment),
  logs: z.array(eventLogRow),
});
export type EventDetail = z.infer<typeof eventDetail>;

export const eventListQuery = pageQuery.extend({
  eventState: eventState.optional(),
  eventClassification: catalogCode.optional(),
  source: eventSource.optional(),
  bindGridCode: gridCodeParam.optional().describe('网格（含其下级网格）'),
  orgCode: platformId.optional(),
  priority: eventPriority.optional(),
  overdue: z.enum(['0', '1']).optional().describe('1 仅逾期'),
  mine: z.enum(['0', '1']).optional().describe('1 仅派给我或我上报的'),
  keyword: z.string().trim().max(40, '关键字过长').optional(),
  ...timeRange,
});

export const eventIdQuery = z.object({ eventId });

/** The fields of a report (multipart form fields, photos as files named `photos`). */
export const eventReportFields = z.object({
  title: z.string().trim().min(1, '请填写事件标题').max(80, '标题不能超过 80 字'),
  eventClassification: catalogCode,
  description: z.string().trim().max(2000, '描述不能超过 2000 字').default(''),
  priority: eventPriority.default(3),
  longitude,
  latitude,
  address: z.string().trim().max(200, '地址不能超过 200 字').default(''),
  patrolId: z
    .string()
    .regex(/^[1-9]\d{0,11}$/, '不是有效的巡查编号')
    .optional(),
  source: z.enum(['patrol', 'manual']).optional().describe('默认：带 patrolId 为巡查上报，否则人工登记'),
});

export const eventTransitionBody = z.object({
  eventId,
  action: eventAction,
  note: z.string().trim().max(500, '说明不能超过 500 字').default(''),
  assigneeId: z.string().trim().max(40).optional().describe('派遣给网格员（运营人员编号）'),
  orgCode: platformId.optional().describe('派遣给组织'),
});

export const eventAttachFields = z.object({ eventId, note: z.string().trim().max(200).default('') });

export const eventAssigneeOptions = z.object({
  members: z.array(
    z.object({
      operatorId: z.string(),
      name: z.string(),
      gridCode: z.string(),
      gridName: z.string(),
      role: z.string(),
    }),
  ),
  orgs: z.array(z.object({ orgCode: z.string(), name: z.string(), areaName: z.string() })),
});

export const eventListResponse = envelope(pageOf(eventRow));
export const eventDetailResponse = envelope(eventDetail);
export const eventLogResponse = envelope(z.array(eventLogRow));
export const eventAttachmentsResponse = envelope(z.array(eventAttachment));
export const eventAssigneesResponse = envelope(eventAssigneeOptions);
export const attachmentIdQuery = z.object({
  attachmentId: z.string().regex(/^[1-9]\d{0,11}$/, '不是有效的附件编号'),
});

/** getEventProcessHis: the flow as steps (one per state reached), with who, when and how long it took. */
export const eventProcessStep = z.object({
  state: eventState,
  stateName: z.string(),
  reached: z.boolean(),
  at: chinaDateTime.nullable(),
  actorName: z.string().nullable(),
  note: z.string().nullable(),
  /** Seconds from the previous step. */
  durationSeconds: z.number().int().nullable(),
});
export const eventProcessResponse = envelope(
  z.object({ eventId: z.string(), eventState: eventState, overdue: z.boolean(), steps: z.array(eventProcessStep) }),
);

// --- Catalogue ---------------------------------------------------------------------------------

export interface CatalogNode {
  code: string;
  name: string;
  deadlineHours: number | null;
  children: CatalogNode[];
}
export const catalogNode: z.ZodType<CatalogNode> = z
  .lazy(() =>
    z.object({
      code: z.string(),
      name: z.string(),
      deadlineHours: z.number().nullable().describe('处置时限（小时，一般优先级）'),
      children: z.array(catalogNode),
    }),
  )
  .meta({ id: 'EventCatalogNode' });
export const catalogTreeResponse = envelope(z.array(catalogNode));

// --- Counts (index page, grid, charts) ------------------------------------------------------------

export const eventCountsQuery = z.object({
  ...timeRange,
  timeType: z.enum(['day', 'month']).default('day').describe('按日或按月'),
});

/** One series per state or catalogue over dates. */
export const dateCountsResponse = envelope(
  z.object({
    dates: z.array(z.string()),
    series: z.array(z.object({ key: z.string(), name: z.string(), counts: z.array(z.number().int()) })),
  }),
);

export const stateCounts = z.object({
  total: z.number().int(),
  overdue: z.number().int(),
  byState: z.array(z.object({ eventState: eventState, stateName: z.string(), count: z.number().int() })),
});
export const stateCountsResponse = envelope(stateCounts);

export const indexEventPageQuery = z.object({
  pageNo: z.coerce.number().int().min(1, '页码从 1 开始').max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, '每页最多 100 行').default(10),
  eventState: eventState.optional(),
});
