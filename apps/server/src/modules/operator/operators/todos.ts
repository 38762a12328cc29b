import type { OperatorPrincipal } from '../../../platform/http/principal';

/** What one module has waiting for an operator: items to handle, and unread notices. */
export interface TodoCount {
  todo: number;
  notices?: number;
}

/** Counts one module's waiting items for an operator, within their area and permissions. */
export type TodoSource = (principal: OperatorPrincipal) => Promise<TodoCount>;

/**
 * The header badge (`/zhhb/center/todoNum`): later modules (alarms, grid events, approvals) register
 * a source with `use(operators).todos.register(…)`; the badge is their sum. A failing source counts
 * nothing rather than breaking every page's header.
 */
export class TodoCounter {
  private readonly sources = new Map<string, TodoSource>();

  register(name: string, source: TodoSource): void {
    if (this.sources.has(name)) throw new Error(`todo source ${name} is registered twice`);
    this.sources.set(name, source);
  }

  async count(principal: OperatorPrincipal, onError: (name: string, err: unknown) => void) {
    const counts = await Promise.all(
      [...this.sources].map(async ([name, source]) => {
        try {
          return await source(principal);
        } catch (err) {
          onError(name, err);
          return { todo: 0, notices: 0 };
        }
      }),
    );
    const todo = counts.reduce((sum, c) => sum + c.todo, 0);
    const notices = counts.reduce((sum, c) => sum + (c.notices ?? 0), 0);
    return { todo, notices, total: todo + notices };
  }
}
