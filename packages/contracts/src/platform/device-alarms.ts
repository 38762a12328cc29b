import { z } from 'zod';
import { chinaDateTime } from '../air';
import { envelope } from '../envelope';
import { deviceId, factorCode } from './devices';
import { pageOf, pageQuery } from './paging';

/**
 * Device alarms (issue 14): rules per device type, device and factor; the lifecycle active →
 * acknowledged → cleared (one active alarm per device and rule, repeats counted); the alarm centre
 * (spec §7 `/adm/alarm/center/bd/list` and `/detail`) and the notice centre (`/adm/notice/bd/*`).
 */

export const ALARM_KINDS = {
  over_limit: '超限',
  rate_of_change: '突变',
  constant: '恒值',
  out_of_range: '超出量程/负值',
  offline: '离线',
  fume_over: '油烟超标',
  purifier_off: '净化器未开启',
} as const;
export const alarmKind = z.enum([
  'over_limit',
  'rate_of_change',
  'constant',
  'out_of_range',
  'offline',
  'fume_over',
  'purifier_off',
]);
export type AlarmKindCode = z.infer<typeof alarmKind>;

export const ALARM_STATUS_NAMES = { active: '待处理', acknowledged: '已确认', cleared: '已解除' } as const;
export const alarmStatus = z.enum(['active', 'acknowledged', 'cleared']);

export const alarmLevel = z.number().int().min(1, '级别为 1–4').max(4, '级别为 1–4');

export const alarmRuleRow = z.object({
  ruleId: z.string(),
  name: z.string(),
  kind: alarmKind,
  kindName: z.string(),
  deviceType: z.string().nullable().describe('适用的设备类型；空为全部类型'),
  deviceId: z.string().nullable().describe('只适用于该设备；空为该类型全部设备'),
  factor: z.string().nullable(),
  level: z.number().int(),
  threshold: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  durationSeconds: z.number().int().nullable(),
  windowSeconds: z.number().int().nullable(),
  count: z.number().int().nullable(),
  enabled: z.boolean(),
  updatedAt: chinaDateTime,
});

const ruleFields = z.object({
  name: z.string().trim().min(1, '规则名称不能为空').max(40, '规则名称不能超过 40 个字符'),
  kind: alarmKind,
  deviceType: z
    .string()
    .regex(/^[A-Z][A-Z0-9]{1,7}$/, '不是有效的设备类型')
    .nullable()
    .default(null),
  deviceId: deviceId.nullable().default(null),
  factor: factorCode.nullable().default(null),
  level: alarmLevel,
  threshold: z.number().finite().nullable().default(null),
  low: z.number().finite().nullable().default(null),
  high: z.number().finite().nullable().default(null),
  durationSeconds: z.number().int().min(0).max(86_400, '持续时间至多 1 天').nullable().default(null),
  windowSeconds: z.number().int().min(1).max(86_400, '时间窗至多 1 天').nullable().default(null),
  count: z.number().int().min(2, '至少 2 个连续值').max(1440).nullable().default(null),
  enabled: z.boolean().default(true),
});

/** What each kind needs: checked on both sides so that a rule that can never fire is refused. */
function checkRule(rule: z.infer<typeof ruleFields>, ctx: z.RefinementCtx): void {
  const need = (field: 'factor' | 'threshold' | 'count' | 'windowSeconds', message: string) => {
    if (rule[field] === null) ctx.addIssue({ code: 'custom', path: [field], message });
  };
  if (rule.kind !== 'offline') need('factor', '请选择监测因子');
  if (rule.kind === 'over_limit') need('threshold', '请填写限值');
  if (rule.kind === 'fume_over') need('threshold', '请填写排放限值');
  if (rule.kind === 'purifier_off') need('threshold', '请填写净化器运行电流阈值');
  if (rule.kind === 'rate_of_change') {
    need('threshold', '请填写变化幅度');
    need('windowSeconds', '请填写时间窗');
  }
  if (rule.kind === 'constant') need('count', '请填写连续个数');
  if (rule.kind === 'out_of_range') {
    if (rule.low === null && rule.high === null) {
      ctx.addIssue({ code: 'custom', path: ['low'], message: '下限与上限至少填一个' });
    }
    if (rule.low !== null && rule.high !== null && rule.low >= rule.high) {
      ctx.addIssue({ code: 'custom', path: ['high'], message: '上限应大于下限' });
    }
  }
}

export const alarmRuleSaveBody = ruleFields.superRefine(checkRule);
export const alarmRuleUpdateBody = ruleFields.extend({ ruleId: deviceId }).superRefine(checkRule);
export const alarmRuleIdBody = z.object({ ruleId: deviceId });
export const alarmRuleListQuery = pageQuery.extend({
  kind: alarmKind.optional(),
  deviceType: z.string().max(8).optional(),
});
export const alarmRuleResponse = envelope(alarmRuleRow);
export const alarmRuleListResponse = envelope(pageOf(alarmRuleRow));

export const alarmRow = z.object({
  alarmId: z.string(),
  type: alarmKind.describe('告警类型（规则种类）'),
  typeName: z.string(),
  level: z.number().int(),
  levelName: z.string(),
  status: alarmStatus,
  statusName: z.string(),
  ruleId: z.string(),
  ruleName: z.string(),
  deviceId: z.string(),
  mn: z.string(),
  deviceName: z.string(),
  deviceType: z.string(),
  siteName: z.string(),
  areaCode: z.string(),
  areaName: z.string(),
  itemName: z.string().describe('告警项：因子名称，或「设备离线」'),
  factor: z.string().nullable(),
  message: z.string(),
  value: z.number().nullable().describe('最近一次触发时的值'),
  firstAt: chinaDateTime,
  lastAt: chinaDateTime,
  count: z.number().int().describe('持续期间触发的次数（重复不另生成告警）'),
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: chinaDateTime.nullable(),
  clearedBy: z.string().nullable().describe('解除人；自动解除为 system'),
  clearedAt: chinaDateTime.nullable(),
  clearMode: z.enum(['auto', 'manual']).nullable(),
  clearNote: z.string().nullable(),
});
export type AlarmRow = z.infer<typeof alarmRow>;

/**
 * One message of the live stream (`GET /adm/alarm/center/stream`, Server-Sent Events `event: alarm`):
 * what happened to which alarm, the alarm as the list shows it after the change.
 */
export const alarmLiveAction = z.enum(['raise', 'repeat', 'acknowledge', 'clear']);
export type AlarmLiveAction = z.infer<typeof alarmLiveAction>;
export const alarmStreamEvent = z.object({
  action: alarmLiveAction.describe('raise 新告警，repeat 持续中再次触发，acknowledge 已确认，clear 已解除'),
  alarm: alarmRow,
});
export type AlarmStreamEvent = z.infer<typeof alarmStreamEvent>;

export const alarmHistoryEntry = z.object({
  at: chinaDateTime,
  action: z.enum(['raise', 'repeat', 'acknowledge', 'clear']),
  actionName: z.string(),
  actor: z.string(),
  note: z.string().nullable(),
});
export const alarmDetail = alarmRow.extend({ history: z.array(alarmHistoryEntry) });

export const alarmListQuery = pageQuery.extend({
  status: alarmStatus.optional(),
  type: alarmKind.optional(),
  level: z.coerce.number().int().min(1).max(4).optional(),
  deviceId: deviceId.optional(),
  keyword: z.string().trim().max(40, '过长').optional().describe('MN、设备名称或站点名称'),
  startTime: chinaDateTime.optional(),
  endTime: chinaDateTime.optional(),
});
export const alarmIdQuery = z.object({ alarmId: deviceId });
export const alarmAcknowledgeBody = z.object({
  alarmId: deviceId,
  note: z.string().trim().max(200, '说明不能超过 200 个字符').default(''),
});
export const alarmClearBody = z.object({
  alarmId: deviceId,
  note: z.string({ error: '请填写解除说明' }).trim().min(1, '请填写解除说明').max(200, '说明不能超过 200 个字符'),
});
export const alarmResponse = envelope(alarmRow);
export const alarmDetailResponse = envelope(alarmDetail);
export const alarmListResponse = envelope(pageOf(alarmRow));

/** GET /alarm/info/voAirAlarmInformation: the latest air-device alarms (startTime/endTime, or limit, default 20). */
export const airAlarmInfoQuery = z.object({
  startTime: chinaDateTime.optional(),
  endTime: chinaDateTime.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
export const airAlarmInfoResponse = envelope(z.array(alarmRow));

/** /alarm/analysis/*: counts over a period. */
export const alarmAnalysisQuery = z.object({
  startTime: chinaDateTime.optional(),
  endTime: chinaDateTime.optional(),
  deviceType: z.string().max(8).optional(),
});
export const alarmCountRow = z.object({ key: z.string(), name: z.string(), count: z.number().int() });
export const alarmCountsResponse = envelope(z.array(alarmCountRow));
export const deviceAlarmTrendResponse = envelope(z.array(z.object({ day: z.string(), count: z.number().int() })));

// --- Notices -----------------------------------------------------------------------------------

export const NOTICE_TYPES = {
  alarm: '告警',
  device: '设备',
  system: '系统',
  event: '事件',
  task: '任务',
  complaint: '投诉',
  report: '报告',
} as const;
export const noticeType = z.enum(['alarm', 'device', 'system', 'event', 'task', 'complaint', 'report']);

export const noticeRow = z.object({
  noticeId: z.string(),
  type: noticeType,
  typeName: z.string(),
  title: z.string(),
  content: z.string(),
  level: z.number().int().nullable(),
  link: z.string().nullable().describe('控制台内的地址（/platform/…），可空'),
  areaCode: z.string(),
  isRead: z.boolean(),
  createdAt: chinaDateTime,
});

export const noticeListQuery = pageQuery.extend({
  type: noticeType.optional(),
  isRead: z.enum(['0', '1']).optional().describe('0 未读，1 已读'),
  startTime: chinaDateTime.optional(),
  endTime: chinaDateTime.optional(),
});
export const noticeIdQuery = z.object({ noticeId: deviceId });
export const noticeReadBody = z.object({
  noticeIds: z.array(deviceId).max(100).optional().describe('不填为全部标记已读'),
});
export const noticeListResponse = envelope(pageOf(noticeRow).extend({ unread: z.number().int() }));
export const noticeResponse = envelope(noticeRow);
export const noticeReadResponse = envelope(z.object({ marked: z.number().int() }));
