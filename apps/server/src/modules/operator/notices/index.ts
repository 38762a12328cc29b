import { defineModule, type ModuleContext } from '../../../platform/module';
import { operators } from '../operators';
import * as m0013 from './migrations/0013_notices';
import { NoticesRepository } from './notices.repository';
import { noticesRoutes } from './notices.routes';
import { NoticesService } from './notices.service';
import type { NoticesTables } from './notices.tables';

export type { NewNotice } from './notices.service';
export type { NoticesTables } from './notices.tables';

/**
 * The notice centre: other modules post notices to an area (`use(notices).post(…)`), operators of
 * that area read them; unread notices count in the header badge.
 */
export const notices = defineModule({
  name: 'notices',
  tags: [{ name: 'notices', description: '运营平台：消息通知中心' }],
  migrations: { '0013_notices': m0013 },
  create(context: ModuleContext<NoticesTables, undefined>) {
    const service = new NoticesService(new NoticesRepository(context.database), context.now);
    context
      .use(operators)
      .todos.register('notices', async (principal) => ({ todo: 0, notices: await service.unread(principal) }));
    return {
      api: { post: (notice: Parameters<NoticesService['post']>[0]) => service.post(notice) },
      routes: noticesRoutes(service),
    };
  },
});
