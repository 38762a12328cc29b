import { NATIONWIDE } from '../../../platform/db/area-scope';
import { defineModule, type ModuleContext } from '../../../platform/module';
import { PeriodicJobs } from '../../../platform/periodic';
import { audit } from '../audit';
import { deviceAlarms } from '../device-alarms';
import { devices } from '../devices';
import { dictionary } from '../dictionary';
import { grids } from '../grids';
import { notices } from '../notices';
import { areaName, operators } from '../operators';
import { tasks } from '../tasks';
import { openEventFromAlarm } from './alarm-events';
import { DictionaryCatalogue } from './catalogue';
import { EventsRepository, type EventsView } from './events.repository';
import { eventsRoutes } from './events.routes';
import { EventsService, type GridLookup } from './events.service';
import { type EventsSettings, readEventsSettings } from './events.settings';
import { IncidentsRepository } from './incidents.repository';
import { incidentsRoutes } from './incidents.routes';
import { IncidentsService } from './incidents.service';
import * as m0017 from './migrations/0017_events';
import * as m0020 from './migrations/0020_event_stats_indexes';

export type { EventScope } from './events.repository';
export type { EventsService, StoredPhoto, SystemReport } from './events.service';
export type { EventsTables } from './events.tables';
/** The statistics' repository: its bulk insert loads volume for tests and benches. */
export { IncidentsRepository } from './incidents.repository';

/**
 * Grid events (issue 15): report (with photos) → accept → dispatch → handle → review → close, with
 * returns, rejections and overdue marks; tasks for assignees and approvals for reviewers; a severe
 * device alarm opens one event. See docs/GRID.md.
 */
export const events = defineModule({
  name: 'events',
  tags: [{ name: 'grid-events', description: '运营平台：网格事件（上报、受理、派遣、处置、审核、结案）' }],
  migrations: { '0017_events': m0017, '0020_event_stats_indexes': m0020 },
  settings: readEventsSettings,
  create(context: ModuleContext<EventsView, EventsSettings>) {
    const { now, log, settings } = context;
    const gridApi = context.use(grids);
    const people = context.use(operators);
    const dict = context.use(dictionary);
    const taskCentre = context.use(tasks);
    const noticeCentre = context.use(notices);
    const repository = new EventsRepository(context.database);
    const gridLookup: GridLookup = {
      locate: gridApi.locate,
      membership: gridApi.membership,
      names: gridApi.names,
      async membersAround(gridCode) {
        // The grid and every grid above it (codes nest by three digits under the county's six).
        const codes: string[] = [];
        for (let length = gridCode.length; length > 6; length -= 3) codes.push(gridCode.slice(0, length));
        const rows = (await Promise.all(codes.map((code) => gridApi.members(code, NATIONWIDE)))).flat();
        return rows.map((m) => ({
          operatorId: m.operatorId,
          name: m.name,
          gridCode: m.gridCode,
          gridName: m.gridName,
          role: m.roleName,
        }));
      },
    };
    const service = new EventsService(
      repository,
      gridLookup,
      {
        async facts(id) {
          const facts = await people.directory.profileById(id);
          return facts === undefined ? undefined : { name: facts.operator.name, orgId: facts.operator.org_id };
        },
        async operatorInScope(id, scope) {
          const found = await people.inScope(id, scope);
          if (found === undefined || found.status !== 'active') return undefined;
          const facts = await people.directory.profileById(found.id);
          const handles = facts?.permissions.has('grid:edit') ?? false;
          return { id: found.id, name: found.name, orgId: found.org_id, handles };
        },
        async orgInScope(id, scope) {
          const org = await people.orgs.inScope(id, scope).catch(() => undefined);
          if (org === undefined) return undefined;
          const handles = (await people.countHolding(org.id, 'grid:edit')) > 0;
          return { id: org.id, name: org.name, areaCode: org.area_code, handles };
        },
        async orgsInScope(scope) {
          return (await people.orgs.list(scope)).map((o) => ({
            id: o.id,
            name: o.name,
            areaCode: o.area_code,
            areaName: areaName(o.area_code),
          }));
        },
      },
      new DictionaryCatalogue(
        async () => dict.items('eventCatalog'),
        (value) => dict.label('eventCatalog', value),
      ),
      {
        createTask: (task, trx) => taskCentre.create(task, trx),
        endTasks: (subjectId, status, trx) => taskCentre.endBySubject('event', subjectId, status, trx),
        requestApproval: (approval, trx) => taskCentre.request(approval, trx),
        settleApprovals: (subjectId, outcome, trx) => taskCentre.settle('event-review', subjectId, outcome, trx),
        notify: (notice) => noticeCentre.post(notice),
      },
      context.use(audit).log,
      now,
    );
    taskCentre.registerDecider('event-review', (approval, decision, note, handler) =>
      service.decideReview(Number(approval.subjectId), decision, note, handler),
    );
    const core = context.use(devices);
    context.use(deviceAlarms).onRaised(async (alarm) => {
      if (settings.fromAlarmLevel === 0 || alarm.level > settings.fromAlarmLevel) return;
      const [device] = await core.registry.byIds([Number(alarm.deviceId)], NATIONWIDE);
      if (device === undefined) return;
      await openEventFromAlarm(service, alarm, device, log);
    });
    people.todos.register('events', async (principal) => {
      if (!principal.permissions.has('grid:view')) return { todo: 0 };
      return { todo: await service.waitingFor(principal) };
    });
    const incidents = new IncidentsService(
      new IncidentsRepository(context.database),
      {
        events: service,
        label: (value) => dict.label('eventCatalog', value),
        gridNames: gridApi.names,
        orgTree: (scope) => people.orgs.tree(scope),
      },
      now,
    );
    const jobs = new PeriodicJobs(log);
    return {
      api: service,
      routes: async (app) => {
        await eventsRoutes(service)(app);
        await incidentsRoutes(incidents)(app);
      },
      async start() {
        jobs.every(settings.overdueSweepSeconds * 1000, 'overdue sweep failed', () => service.sweepOverdue());
      },
      async close() {
        jobs.stop();
      },
    };
  },
});
