import {
  operatorOptionsResponse,
  taskCompleteBody,
  taskListResponse,
  taskResponse,
  taskSaveBody,
} from '@lantian/contracts';
import { apiGet, apiPostJson, type BodyOf, type Params } from '../../shared/api';

/** The calls of the 任务中心 screen (`/adm/task/*`) and the operator picker of 下达任务. */

export const taskKeys = {
  all: ['tasks'] as const,
  list: (params: Params) => ['tasks', 'list', params] as const,
  operators: (keyword: string) => ['tasks', 'operators', keyword] as const,
};

export type TaskSave = BodyOf<typeof taskSaveBody>;

export const listTasks = (params: Params, signal?: AbortSignal) =>
  apiGet('/adm/task/list', params, taskListResponse, { signal });
export const saveTask = (body: TaskSave) => apiPostJson('/adm/task/save', body, taskResponse);
export const completeTask = (body: BodyOf<typeof taskCompleteBody>) =>
  apiPostJson('/adm/task/complete', body, taskResponse);

/** Operators of the area to assign to (grid:dispatch suffices), first 20 matches. */
export const searchOperators = (keyword: string, signal?: AbortSignal) =>
  apiGet('/sys/user/options', { keyword, pageSize: 20 }, operatorOptionsResponse, { signal });

export { taskCompleteBody, taskSaveBody };
