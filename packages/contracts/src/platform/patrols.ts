import { z } from 'zod';
import { chinaDateTime } from '../air';
import { envelope } from '../envelope';
import { eventState, gridCodeParam } from './events';
import { pageOf, pageQuery } from './paging';

/**
 * Patrols (issue 15; spec §3 Patrol: patrolId, patrolTools; §7 "Platform: events, patrol, …"): a grid
 * member starts a patrol on their phone, sends its GPS track in batches, reports events on the way
 * (`/adm/event/report` with `patrolId`) and finishes it. The console lists and replays them.
 *
 * Track points travel as epoch milliseconds (what a phone's GPS gives); the server keeps whole seconds,
 * one point per second, so a batch sent twice after a dropped connection stores nothing twice.
 */

export const MAX_PATROL_POINTS_PER_BATCH = 500;
/** Tracks longer than this are simplified (Douglas–Peucker) for display. */
export const MAX_DISPLAY_TRACK_POINTS = 5000;
/** How far ahead of the server's clock a point may be (a phone's clock runs a little fast). */
export const PATROL_FUTURE_TOLERANCE_SECONDS = 300;

export const PATROL_STATUSES = { active: '巡查中', finished: '已结束' } as const;
export const patrolStatus = z.enum(['active', 'finished']);

export const patrolId = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,11}$/, '不是有效的巡查编号')
  .describe('巡查编号（patrolId）');

const patrolIdValue = z.union([z.number().int().positive().max(999_999_999_999), patrolId]).transform(String);

const toolCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, '不是有效的巡查方式')
  .describe('巡查方式（patrolTools，数据字典 patrolTools 的值：walk、bike、ebike、car、drone）');

const note = z.string().trim().max(500, '备注不能超过 500 字');

export const patrolListQuery = pageQuery.extend({
  keyword: z.string().trim().max(40, '关键字过长').optional().describe('巡查人姓名或备注关键字'),
  gridCode: gridCodeParam.optional().describe('网格（含其下级网格）'),
  patrolTools: toolCode.optional(),
  status: patrolStatus.optional(),
  startTime: chinaDateTime.optional().describe('开始于此时间之后（北京时间，含）'),
  endTime: chinaDateTime.optional().describe('开始于此时间之前（北京时间，含）'),
});

export const patrolIdQuery = z.object({ patrolId });

export const patrolStartBody = z.object({
  tool: toolCode,
  note: note.default(''),
});

export const patrolPoint = z.object({
  t: z
    .number('t 应为毫秒时间戳')
    .int('t 应为毫秒时间戳')
    .min(946_684_800_000, 't 应为毫秒时间戳（2000 年以后）')
    .max(4_102_444_800_000, 't 应为毫秒时间戳（2100 年以前）')
    .describe('定位时间，Unix 毫秒（手机 GPS 时间）'),
  lon: z.number('经度应为数字').min(73, '经度超出中国范围').max(136, '经度超出中国范围'),
  lat: z.number('纬度应为数字').min(3, '纬度超出中国范围').max(54, '纬度超出中国范围'),
  accuracy: z.number().min(0, '精度不能为负').max(100_000).nullable().optional().describe('水平精度，米'),
  speed: z.number().min(0, '速度不能为负').max(1_000).nullable().optional().describe('速度，米/秒'),
});
export type PatrolPoint = z.infer<typeof patrolPoint>;

export const patrolPointsBody = z.object({
  patrolId: patrolIdValue,
  points: z
    .array(patrolPoint, '应为轨迹点数组')
    .min(1, '至少一个轨迹点')
    .max(MAX_PATROL_POINTS_PER_BATCH, `每批最多 ${MAX_PATROL_POINTS_PER_BATCH} 个轨迹点`),
});

export const patrolFinishBody = z.object({
  patrolId: patrolIdValue,
  note: note.optional().describe('结束时的备注（不填则保留开始时的备注）'),
});

export const patrolRow = z.object({
  patrolId: z.string(),
  operatorId: z.string(),
  operatorName: z.string(),
  gridCode: z.string().nullable(),
  gridName: z.string().nullable(),
  areaCode: z.string(),
  patrolTools: z.string().describe('巡查方式代码'),
  toolName: z.string(),
  status: patrolStatus,
  statusName: z.string(),
  startedAt: chinaDateTime,
  endedAt: chinaDateTime.nullable(),
  durationSeconds: z.number().int().describe('时长，秒（进行中的巡查算到现在）'),
  distanceM: z.number().int().describe('里程，米'),
  pointCount: z.number().int(),
  eventCount: z.number().int().describe('巡查中上报的事件数'),
  note: z.string(),
});
export type PatrolRow = z.infer<typeof patrolRow>;

export const patrolEvent = z.object({
  eventId: z.string(),
  title: z.string(),
  eventClassification: z.string(),
  eventState,
  stateName: z.string(),
  address: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  reportedAt: chinaDateTime,
});

export const patrolDetail = patrolRow.extend({
  track: z
    .array(z.tuple([z.number(), z.number(), z.number()]))
    .describe('轨迹 [[经度, 纬度, Unix 毫秒], …]，按时间；超过 5000 点时为抽稀后的轨迹'),
  trackSimplified: z.boolean(),
  events: z.array(patrolEvent),
});
export type PatrolDetail = z.infer<typeof patrolDetail>;

export const patrolPointsResult = z.object({
  patrolId: z.string(),
  received: z.number().int(),
  stored: z.number().int().describe('新存入的点'),
  duplicates: z.number().int().describe('已存过的点（重发的批次）'),
  refused: z.number().int().describe('时间早于巡查开始或超前服务器 5 分钟以上的点'),
  noise: z.number().int().describe('隐含速度超过 200 km/h 的跳点（GPS 漂移），已丢弃'),
  pointCount: z.number().int(),
  distanceM: z.number().int(),
});

export const patrolTool = z.object({ value: z.string(), label: z.string() });

export const patrolListResponse = envelope(pageOf(patrolRow));
export const patrolDetailResponse = envelope(patrolDetail);
export const patrolRowResponse = envelope(patrolRow);
export const patrolCurrentResponse = envelope(
  z
    .object({ patrol: patrolRow, lastPointAt: z.number().int().nullable().describe('最后一个已存轨迹点，Unix 毫秒') })
    .nullable(),
);
export const patrolPointsResponse = envelope(patrolPointsResult);
export const patrolToolsResponse = envelope(z.array(patrolTool));
