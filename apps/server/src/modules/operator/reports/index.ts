import { operatorOf } from '../../../platform/http/principal';
import { defineModule, type ModuleContext } from '../../../platform/module';
import { PeriodicJobs } from '../../../platform/periodic';
import { air } from '../../data/air';
import { audit } from '../audit';
import { deviceAlarms } from '../device-alarms';
import { dictionary } from '../dictionary';
import { notices } from '../notices';
import { areaName, operators } from '../operators';
import * as m0030 from './migrations/0030_reports';
import { ReportNumbersService } from './numbers.service';
import { RecordsRepository } from './records.repository';
import { RecordsService } from './records.service';
import { reportsRoutes } from './reports.routes';
import type { ReportsTables } from './reports.tables';
import { SchedulesRepository } from './schedules.repository';
import { schedulesRoutes } from './schedules.routes';
import { SchedulesService } from './schedules.service';
import { TemplatesRepository } from './templates.repository';
import { TemplatesService } from './templates.service';

export type { ReportsTables } from './reports.tables';

/** How often due schedules are looked for: they run at whole hours, so a minute late at most. */
const SCHEDULE_CHECK_MS = 60_000;

/**
 * The report centre (issue 21, docs/REPORTS.md): templates of elements, reports generated from them
 * for an area and a period with the numbers of the public API, exported to Word and PDF, and
 * schedules that generate them by themselves and post the result to the notice centre.
 */
export const reports = defineModule({
  name: 'reports',
  tags: [{ name: 'reports', description: '运营平台：报表中心（报告模板、生成报告、导出 Word 与 PDF、定时报告）' }],
  migrations: { '0030_reports': m0030 },
  create(context: ModuleContext<ReportsTables, undefined>) {
    const { database, now, log } = context;
    const auditLog = context.use(audit).log;
    const people = context.use(operators);
    const alarms = context.use(deviceAlarms).service;
    const dict = context.use(dictionary);
    const airApi = context.use(air);
    const templatesRepo = new TemplatesRepository(database);
    const recordsRepo = new RecordsRepository(database);
    const schedulesRepo = new SchedulesRepository(database);
    const templates = new TemplatesService(
      templatesRepo,
      async (id) => {
        const facts = await people.directory.profileById(id);
        if (facts === undefined) return undefined;
        return { name: facts.operator.name, orgId: facts.operator.org_id, orgName: facts.operator.org_name };
      },
      auditLog,
      now,
    );
    const numbers = new ReportNumbersService(airApi.store, (range, scope) => alarms.countByLevel(range, scope));
    const records = new RecordsService(
      recordsRepo,
      templates,
      numbers,
      async () => (await dict.items('report_base_attribute')).map((i) => [i.value, i.label] as [string, string]),
      auditLog,
      now,
    );
    const schedules = new SchedulesService(
      schedulesRepo,
      templates,
      records,
      airApi.store,
      async (notice) => {
        await context.use(notices).post(notice);
      },
      auditLog,
      now,
      log,
    );
    const jobs = new PeriodicJobs(log);
    return {
      api: { schedules, records },
      routes: async (app) => {
        await reportsRoutes(templates, records, async (request) => {
          const principal = operatorOf(request);
          const facts = await templates.facts({
            principal,
            actor: { id: null, name: '', areaCode: null },
            ip: request.ip,
          });
          const scope = principal.scope;
          const [t, r, s] = await Promise.all([
            templatesRepo.countIn(scope),
            recordsRepo.countIn(scope),
            schedulesRepo.countIn(scope),
          ]);
          return {
            projectId: facts.orgId,
            name: facts.orgName,
            areaCode: scope.areaCode,
            areaName: areaName(scope.areaCode),
            templates: t,
            records: r,
            schedules: s,
          };
        })(app);
        await schedulesRoutes(schedules)(app);
      },
      async start() {
        jobs.every(SCHEDULE_CHECK_MS, 'scheduled reports failed', () => schedules.runDue());
      },
      async close() {
        jobs.stop();
      },
    };
  },
});
