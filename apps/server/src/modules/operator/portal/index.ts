import { defineModule, type ModuleContext } from '../../../platform/module';
import { audit } from '../audit';
import { dictionary, isHttpUrl } from '../dictionary';
import { goverSitesOf } from './gover-sites';
import * as m0008 from './migrations/0008_portal_shortcuts';
import { portalRoutes } from './portal.routes';
import type { PortalTables } from './portal.tables';
import { ShortcutsRepository } from './shortcuts.repository';
import { ShortcutsService } from './shortcuts.service';

export type { PortalTables } from './portal.tables';

/**
 * The portal (spec §7 "Platform: … shortcuts"): each operator's home-page shortcuts (their own
 * only), the government sites from the dictionary, and the menu built from their permissions.
 */
export const portal = defineModule({
  name: 'portal',
  tags: [{ name: 'portal', description: '运营平台：门户首页（本人的快捷方式、政府网站、菜单）' }],
  migrations: { '0008_portal_shortcuts': m0008 },
  create(context: ModuleContext<PortalTables, undefined>) {
    const shortcuts = new ShortcutsService(
      new ShortcutsRepository(context.database),
      context.use(audit).log,
      context.now,
    );
    const words = context.use(dictionary);
    const goverSites = async () => goverSitesOf(await words.items('goverSite'), isHttpUrl);
    return { api: {}, routes: portalRoutes({ shortcuts, goverSites }) };
  },
});
