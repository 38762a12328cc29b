import { z } from 'zod';
import { chinaDateTime } from '../air';
import { envelope } from '../envelope';
import { pageOf, pageQuery } from './paging';

/**
 * The task centre and the approval centre (spec §2's centre pages "task" and "approve"; issue 15).
 * A task is work assigned to one operator with a due time (dispatching a grid event creates one for
 * the grid member; an operator with grid:dispatch can assign others by hand). An approval is a request
 * a reviewer decides (a handled grid event waiting for review); the module that asked registers what
 * approving and rejecting do.
 */

const recordId = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,11}$/, '编号应为正整数');

const note = z.string().trim().max(500, '说明不能超过 500 字');

export const TASK_STATUSES = { open: '待办', done: '已完成', cancelled: '已取消' } as const;
export const taskStatus = z.enum(['open', 'done', 'cancelled']);

export const TASK_KINDS = { event: '网格事件', manual: '指派任务', complaint: '投诉办理' } as const;
export const taskKind = z.enum(['event', 'manual', 'complaint']);

export const taskRow = z.object({
  taskId: z.string(),
  kind: taskKind,
  kindName: z.string(),
  title: z.string(),
  content: z.string(),
  link: z.string().nullable().describe('控制台内的地址（/platform/…）'),
  subjectId: z.string().nullable().describe('关联对象编号（如事件编号）'),
  assigneeId: z.string(),
  assigneeName: z.string(),
  assignerName: z.string().nullable(),
  areaCode: z.string(),
  status: taskStatus,
  statusName: z.string(),
  dueAt: chinaDateTime.nullable(),
  overdue: z.boolean(),
  createdAt: chinaDateTime,
  doneAt: chinaDateTime.nullable(),
  doneNote: z.string().nullable(),
});
export type TaskRow = z.infer<typeof taskRow>;

export const taskListQuery = pageQuery.extend({
  box: z
    .enum(['mine', 'assigned', 'area'])
    .default('mine')
    .describe('mine 我的待办（默认）；assigned 我下达的；area 本辖区全部（需 grid:dispatch）'),
  status: taskStatus.optional(),
  kind: taskKind.optional(),
  keyword: z.string().trim().max(40, '关键字过长').optional(),
});
export const taskIdQuery = z.object({ taskId: recordId });
export const taskSaveBody = z.object({
  title: z.string().trim().min(1, '请填写任务标题').max(80, '标题不能超过 80 字'),
  content: z.string().trim().max(1000, '内容不能超过 1000 字').default(''),
  assigneeId: z.string().trim().min(1, '请选择执行人').max(40),
  dueAt: chinaDateTime.optional().describe('截止时间（北京时间）'),
});
export const taskCompleteBody = z.object({ taskId: recordId, note: note.default('') });
export const taskListResponse = envelope(pageOf(taskRow));
export const taskResponse = envelope(taskRow);

export const APPROVAL_STATUSES = {
  pending: '待审批',
  approved: '已通过',
  rejected: '已驳回',
  withdrawn: '已撤回',
} as const;
export const approvalStatus = z.enum(['pending', 'approved', 'rejected', 'withdrawn']);
export const APPROVAL_KINDS = { 'event-review': '事件结案审核' } as const;
export const approvalKind = z.enum(['event-review']);

export const approvalRow = z.object({
  approvalId: z.string(),
  kind: approvalKind,
  kindName: z.string(),
  title: z.string(),
  summary: z.string(),
  link: z.string().nullable(),
  subjectId: z.string(),
  areaCode: z.string(),
  status: approvalStatus,
  statusName: z.string(),
  requestedBy: z.string().nullable(),
  requestedAt: chinaDateTime,
  decidedBy: z.string().nullable(),
  decidedAt: chinaDateTime.nullable(),
  note: z.string().nullable(),
});
export type ApprovalRow = z.infer<typeof approvalRow>;

export const approvalListQuery = pageQuery.extend({
  status: approvalStatus.optional(),
  kind: approvalKind.optional(),
});
export const approvalIdQuery = z.object({ approvalId: recordId });
export const approvalDecideBody = z.object({
  approvalId: recordId,
  decision: z.enum(['approve', 'reject']).describe('approve 通过；reject 驳回（须填写说明）'),
  note: note.default(''),
});
export const approvalListResponse = envelope(pageOf(approvalRow));
export const approvalResponse = envelope(approvalRow);
