import { defineModule, type ModuleContext } from '../../../platform/module';
import { audit } from '../audit';
import { operators } from '../operators';
import * as m0016 from './migrations/0016_tasks';
import { TasksRepository } from './tasks.repository';
import { tasksRoutes } from './tasks.routes';
import { TasksService } from './tasks.service';
import type { TasksTables } from './tasks.tables';

export type { ApprovalDecider, Handler as TaskHandler, NewApproval, NewTask } from './tasks.service';
export type { TasksTables } from './tasks.tables';

/**
 * The task centre and the approval centre (issue 15): tasks assigned to operators with due times,
 * approvals decided by reviewers. Grid events create both; the header badge counts open tasks and
 * pending approvals.
 */
export const tasks = defineModule({
  name: 'tasks',
  tags: [{ name: 'tasks', description: '运营平台：任务中心与审批中心' }],
  migrations: { '0016_tasks': m0016 },
  create(context: ModuleContext<TasksTables, undefined>) {
    const people = context.use(operators);
    const service = new TasksService(
      new TasksRepository(context.database),
      context.use(audit).log,
      async (id, scope) => {
        const operator = await people.inScope(id, scope);
        return operator === undefined
          ? undefined
          : { id: operator.id, name: operator.name, areaCode: operator.org_area };
      },
      context.now,
    );
    people.todos.register('tasks', async (principal) => ({ todo: await service.openCount(principal.id) }));
    people.todos.register('approvals', async (principal) =>
      principal.permissions.has('grid:review') ? { todo: await service.pendingCount(principal.scope) } : { todo: 0 },
    );
    return { api: service, routes: tasksRoutes(service) };
  },
});
