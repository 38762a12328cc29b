import type { Env, SettingsContext } from '../../../platform/config';
import { defineModule, type ModuleContext } from '../../../platform/module';
import { CaptchaService, readTestCaptchaText } from '../../../platform/security/captcha.service';
import { RateLimiter } from '../../../platform/security/rate-limits';
import { system } from '../../data/system';
import { audit } from '../audit';
import { dictionary } from '../dictionary';
import { events } from '../events';
import { grids } from '../grids';
import { notices } from '../notices';
import { operators } from '../operators';
import { ComplaintsRepository, type ComplaintsView } from './complaints.repository';
import { complaintRoutes, publicComplaintRoutes } from './complaints.routes';
import { ComplaintsService } from './complaints.service';
import * as m0019 from './migrations/0019_complaints';

export { complaintNo } from './complaints.service';
export type { ComplaintsTables } from './complaints.tables';

interface ComplaintsSettings {
  /** TEST_CAPTCHA_TEXT (refused in production): the public captcha's fixed text, as the accounts module reads it. */
  testCaptchaText: string | undefined;
}

const readComplaintsSettings = (env: Env, context: SettingsContext): ComplaintsSettings => ({
  testCaptchaText: readTestCaptchaText(env, context),
});

/**
 * Complaints (issue 15, docs/GRID.md): the public form and progress query (`/api/complaint/*`, the
 * public site's image captcha — the same captchas as `/api/user/getCaptchaImage`, held in the shared
 * state), operators' registration, conversion into a grid event and answer (`/adm/complaint/bd/*`).
 * Every public complaint posts a notice to its area; complaints waiting in an operator's area count in
 * the header badge of complaint:view holders.
 */
export const complaints = defineModule({
  name: 'complaints',
  tags: [
    { name: 'complaints', description: '运营平台：投诉中心（登记、转事件、答复）' },
    { name: 'complaints-public', description: '公众投诉：提交投诉与查询进度' },
  ],
  migrations: { '0019_complaints': m0019 },
  settings: readComplaintsSettings,
  create(context: ModuleContext<ComplaintsView, ComplaintsSettings>) {
    const { state, settings, now } = context;
    const gridApi = context.use(grids);
    const dict = context.use(dictionary);
    const directory = context.use(operators).directory;
    const noticeCentre = context.use(notices);
    const meta = context.use(system).meta;
    let secret: string | undefined;
    const service = new ComplaintsService(
      new ComplaintsRepository(context.database),
      {
        locate: gridApi.locate,
        catalogue: {
          items: () => dict.items('eventCatalog'),
          label: (value) => dict.label('eventCatalog', value),
        },
        events: context.use(events),
        notify: (notice) => noticeCentre.post(notice),
        nameOf: async (id) => (await directory.profileById(id))?.operator.name,
        // The public site's captchas: same store and keys as the accounts module's (scope 'public').
        captcha: new CaptchaService(state, settings.testCaptchaText),
        limiter: new RateLimiter(state),
        async ipSecret() {
          secret ??= await meta.getMeta(m0019.COMPLAINT_IP_SALT_META);
          if (secret === undefined) throw new Error('the complaint address secret is missing (migration 0019)');
          return secret;
        },
      },
      context.use(audit).log,
      now,
    );
    context.use(operators).todos.register('complaints', async (principal) => ({
      todo: await service.waiting(principal),
    }));
    return {
      api: {},
      routes: async (app) => {
        await app.register(async (scope) => publicComplaintRoutes(service)(scope));
        await app.register(async (scope) => complaintRoutes(service)(scope));
      },
    };
  },
});
