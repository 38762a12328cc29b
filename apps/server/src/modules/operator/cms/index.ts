import { defineModule, type ModuleContext } from '../../../platform/module';
import { type CmsTables, cms } from '../../data/cms';
import { audit } from '../audit';
import { cmsRoutes } from './cms.routes';
import { CmsAdminService } from './cms-admin.service';

/**
 * 新闻资讯 in the console (issue 18, docs/NEWS.md): articles with the rich-text editor's HTML
 * (sanitised), draft / scheduled / published, categories, tags, albums, banners and image uploads,
 * all under `operator:cms`, every write audited.
 */
export const cmsAdmin = defineModule({
  name: 'cms-admin',
  tags: [{ name: 'cms', description: '运营平台：新闻资讯（文章、栏目、标签、图集、轮播图、图片上传）' }],
  create(context: ModuleContext<CmsTables, undefined>) {
    const service = new CmsAdminService(context.use(cms).store, context.use(audit).log, context.now);
    return { api: { service }, routes: cmsRoutes(service) };
  },
});
