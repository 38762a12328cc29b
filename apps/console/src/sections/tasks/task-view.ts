import { CONSOLE_BASE, TASK_KINDS, TASK_STATUSES } from '@lantian/contracts';

/**
 * The 任务中心 screen's pure rules: which box (tab) and filters the address holds, which boxes an
 * operator sees, how a status looks, what a task links to inside the console, and when it can be
 * completed here.
 */

export type TaskBox = 'mine' | 'assigned' | 'area';

export const TASK_FILTERS = ['box', 'status', 'kind', 'keyword'] as const;

export const BOX_LABELS: Readonly<Record<TaskBox, string>> = { mine: '我的待办', assigned: '我下达的', area: '本辖区' };

/** The tabs an operator has: 本辖区 only with grid:dispatch (the server refuses it otherwise). */
export function boxesFor(permissions: readonly string[]): TaskBox[] {
  return permissions.includes('grid:dispatch') ? ['mine', 'assigned', 'area'] : ['mine', 'assigned'];
}

/** The box in the address, or 我的待办 when it names none or one the operator does not have. */
export function boxOf(text: string | undefined, boxes: readonly TaskBox[]): TaskBox {
  return boxes.find((b) => b === text) ?? 'mine';
}

/** The list call's parameters: the box always, known filters only, no sort (the server's order: open first, by due time). */
export function taskParams(
  params: Readonly<Record<string, string | number>>,
  box: TaskBox,
): Record<string, string | number> {
  const out: Record<string, string | number> = { box };
  for (const [name, value] of Object.entries(params)) {
    if (name === 'sortBy' || name === 'sortOrder' || name === 'box') continue;
    if (name === 'status' && !Object.hasOwn(TASK_STATUSES, String(value))) continue;
    if (name === 'kind' && !Object.hasOwn(TASK_KINDS, String(value))) continue;
    if (name === 'keyword' && String(value).length > 40) continue;
    out[name] = value;
  }
  return out;
}

export const TASK_STATUS_COLORS = { open: 'processing', done: 'success', cancelled: 'default' } as const;
export const TASK_STATUS_OPTIONS = Object.entries(TASK_STATUSES).map(([value, label]) => ({ value, label }));
export const TASK_KIND_OPTIONS = Object.entries(TASK_KINDS).map(([value, label]) => ({ value, label }));

/** A server link (`/platform/grid-events?eventId=3`) as a route inside the console, or undefined for any other address. */
export function consolePath(link: string | null): string | undefined {
  if (link === null || !link.startsWith(CONSOLE_BASE)) return undefined;
  return `/${link.slice(CONSOLE_BASE.length)}`;
}

/**
 * Whether the operator completes this task here: an open 指派任务 of their own. Event and complaint
 * tasks complete themselves when the event or complaint is handled, so they link there instead.
 */
export function canComplete(task: { kind: string; status: string; assigneeId: string }, operatorId: string): boolean {
  return task.kind === 'manual' && task.status === 'open' && task.assigneeId === operatorId;
}
