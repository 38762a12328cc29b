import { ErrorCode, importResponse, lidarDataType } from '@lantian/contracts';
import { chinaDay, chinaDayStart } from '@lantian/domain';
import { z } from 'zod';
import { NATIONWIDE } from '../../../platform/db/area-scope';
import { AppError } from '../../../platform/errors';
import { operatorOf } from '../../../platform/http/principal';
import { ok, routesOf } from '../../../platform/http/routes';
import { defineModule, type ModuleContext } from '../../../platform/module';
import { PeriodicJobs } from '../../../platform/periodic';
import { readMultipart } from '../../../platform/uploads/multipart';
import { demo as demoData } from '../../data/demo';
import { audit, SYSTEM_ACTOR } from '../audit';
import { deviceAlarms } from '../device-alarms';
import { devices } from '../devices';
import { FluxService } from './flux.service';
import { HotspotsRepository } from './hotspots.repository';
import { HotspotsService } from './hotspots.service';
import { LidarImport } from './import.service';
import { LidarIngest } from './ingest.service';
import { editorOf, lidarRoutes, png, publicLidarRoutes } from './lidar.routes';
import { LidarService } from './lidar.service';
import { type LidarSettings, readLidarSettings } from './lidar.settings';
import type { LidarTables } from './lidar.tables';
import * as m0023 from './migrations/0023_lidar';
import { LidarOverview } from './overview.service';
import { RecordsRepository } from './records.repository';
import { RecordsService } from './records.service';
import { ScansRepository } from './scans.repository';
import { DemoLidarNetwork } from './simulator/demo-lidar';
import { VisibilityRepository } from './visibility.repository';
import { visibilityRoutes } from './visibility.routes';
import { VisibilityService } from './visibility.service';

export type { LidarSettings } from './lidar.settings';
export type { LidarTables } from './lidar.tables';
export { renderCurtain, renderPolarImage } from './lidar-images';
export { DEMO_LIDARS, DEMO_SOURCES, demoScene } from './simulator/demo-world';

/** How often the demo network checks for a new half-hour slot to simulate. */
const DEMO_TICK_MS = 60_000;

/**
 * Lidar and stereoscopic monitoring (issue 19; docs/LIDAR.md): products of fixed, vehicle and
 * visibility lidars (registered in the device core as L01, L02, Y01), hot spots detected in the
 * scans and reviewed, polluters, mobile records, transport flux, road visibility and fog warnings
 * (into the device core's alarms), images and videos, the public `GET /api/lidar/*` with the lidar
 * token, and the demo network simulated from physical scenes when DEMO_DATA=on.
 */
export const lidar = defineModule({
  name: 'lidar',
  tags: [
    { name: 'lidar', description: '运营平台：激光雷达与立体组网（扫描、廓线、热点、污染源、走航、通量）' },
    { name: 'visibility', description: '运营平台：能见度（道路能见度、雾预警、交警单位）' },
    {
      name: 'lidar-public',
      description: '激光雷达公开接口（Authentication-Token：GET /api/open/lidar/getToken/auto 换取的令牌）',
    },
  ],
  migrations: { '0023_lidar': m0023 },
  settings: readLidarSettings,
  create(context: ModuleContext<LidarTables, LidarSettings>) {
    const { database, now, log, settings } = context;
    const core = context.use(devices);
    const auditLog = context.use(audit).log;
    const scans = new ScansRepository(database);
    const hotspotsRepo = new HotspotsRepository(database);
    const recordsRepo = new RecordsRepository(database);
    const visibilityRepo = new VisibilityRepository(database);
    const service = new LidarService(core.registry, scans, settings.slots, now);
    const ingest = new LidarIngest(scans, hotspotsRepo, recordsRepo, visibilityRepo, core.telemetry, now);
    const hotspots = new HotspotsService(hotspotsRepo, recordsRepo, service, auditLog, now);
    const records = new RecordsService(recordsRepo, service, auditLog, now);
    const flux = new FluxService(service, core.registry, {
      async hourly(deviceId, factors, from, to, scope) {
        const series = await core.reads.series(
          { deviceId: String(deviceId), resolution: 'hour', startTime: fmt(from), endTime: fmt(to) },
          scope,
        );
        const first = series.factors.find((f) => factors.includes(f.code) && f.points.length > 0);
        return (first?.points ?? []).flatMap(([time, value]) =>
          value === null ? [] : [[parse(time), value] as [number, number]],
        );
      },
    });
    const overview = new LidarOverview(
      service,
      core.registry,
      scans,
      hotspotsRepo,
      hotspots,
      recordsRepo,
      visibilityRepo,
      now,
    );
    const visibility = new VisibilityService(service, scans, visibilityRepo, ingest);
    const importer = new LidarImport(service, ingest, auditLog);
    const demo = new DemoLidarNetwork(core.registry, ingest, scans, hotspotsRepo, visibilityRepo, log);
    const alarms = context.use(deviceAlarms).service;
    /**
     * Fog warnings reach the alarm centre through the device core: a visibility lidar's road
     * visibility is its `visibility` value, and this rule (installed once, then the administrators')
     * raises, escalates and clears alarms on it like any other.
     */
    const ensureVisibilityRule = async () => {
      const rules = await alarms.rules({ pageNum: 1, pageSize: 100, deviceType: 'Y01' });
      if (rules.list.some((r) => r.factor === 'visibility')) return;
      await alarms.createRule(
        {
          name: '道路能见度低于500米',
          kind: 'out_of_range',
          deviceType: 'Y01',
          deviceId: null,
          factor: 'visibility',
          level: 2,
          threshold: null,
          low: 500,
          high: null,
          durationSeconds: null,
          windowSeconds: null,
          count: null,
          enabled: true,
        },
        { actor: SYSTEM_ACTOR, ip: null, scope: NATIONWIDE },
      );
    };
    const airDemo = context.use(demoData);
    const jobs = new PeriodicJobs(log);
    let stopping = false;
    let stop = () => {};
    // Settles when close() begins: a wait for the air seed must not outlive the server's shutdown.
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    let filling: Promise<void> = Promise.resolve();
    const deps = { lidar: service, hotspots, records, flux, overview };

    return {
      api: { service, ingest, importer, demo, ensureVisibilityRule },
      routes: async (app) => {
        await app.register(async (scope) => lidarRoutes(deps)(scope));
        await app.register(async (scope) => publicLidarRoutes(deps)(scope));
        await app.register(async (scope) => visibilityRoutes(visibility, service)(scope));
        await app.register(async (scope) => {
          const route = routesOf(scope, { tags: ['lidar'], access: 'operator:lidar:view', signed: false });
          // The resource paths of the images (spec §4 time slots): the default front path and each slot's.
          const fronts = new Set(['resource', ...settings.slots.splitDetail.map((s) => s.frontPath)]);
          for (const front of fronts) {
            route.get(
              `/${front}/lidar/:kind/:stamp/:file`,
              {
                summary: `扫描图资源（${front}；HS、IF、VF，时间戳 14 位）`,
                params: z.object({
                  kind: z.enum(['HS', 'IF', 'VF']),
                  stamp: z.string().regex(/^\d{14}$/, '时间戳应为 14 位数字'),
                  file: z.string().regex(/^\d{1,10}\.png$/, '文件名应为 设备编号.png'),
                }),
                query: z.object({ dataType: lidarDataType }),
              },
              async (request, reply) =>
                png(
                  reply,
                  await service.resource(
                    request.params.kind,
                    request.params.stamp,
                    request.params.file,
                    operatorOf(request).scope,
                    request.query.dataType,
                  ),
                ),
            );
          }
          route.post(
            '/lidar/import',
            {
              summary: '导入扫描数据文件（LTLIDAR-CSV 1，见 docs/LIDAR.md）',
              description:
                'multipart/form-data，文件字段 file（≤ 20 MB）。文件有误时回答 400 并指出行号与原因，不保存任何内容。',
              access: 'operator:lidar:edit',
              consumes: ['multipart/form-data'],
              response: importResponse,
            },
            async (request) => {
              const body = await readMultipart(request, {
                limits: { files: 1, fileBytes: 20 * 1024 * 1024, fields: 2, fieldBytes: 1024 },
                fileFields: ['file'],
                fields: z.object({}),
              });
              const file = body.files[0];
              if (file === undefined) throw new AppError(ErrorCode.VALIDATION, '参数错误：file 请选择要导入的文件');
              return ok(
                await importer.importText(file.bytes.toString('utf8'), file.filename, editorOf(request)),
                '已导入',
              );
            },
          );
        });
      },
      async start() {
        await ensureVisibilityRule().catch((err: unknown) =>
          log.error({ err }, 'the visibility alarm rule could not be installed'),
        );
        if (!settings.demo) return;
        await demo.ensureDevices();
        const fill = async () => {
          const to = now();
          const written = await demo.fill(to - settings.demoHours * 3600, to, () => stopping);
          // The vehicle drives each morning: yesterday's and today's loops once nine has passed.
          for (const day of [chinaDay(to) - 1, chinaDay(to)]) {
            const start = chinaDayStart(day);
            if (start + 9 * 3600 + 2400 > to) continue;
            const existing = await recordsRepo.list({ areaCode: '100000' }, { from: start, to: start + 86_399 }, null);
            if (existing.total === 0 && !stopping) await demo.record(start);
          }
          demo.logWritten(written);
        };
        // The air demo's seed first: on two cores the scans' simulation would slow it down.
        // Modules close before the demo seed they wait for is told to stop, so the wait ends on
        // close too — or shutdown would sit out the whole seed and time out.
        filling = Promise.race([airDemo.ready(), stopped])
          .then(() => (stopping ? undefined : fill()))
          .catch((err: unknown) => log.error({ err }, 'demo lidar products could not be written'));
        jobs.every(DEMO_TICK_MS, 'demo lidar tick failed', async () => {
          await filling;
          filling = fill();
          await filling;
        });
      },
      async close() {
        stopping = true;
        stop();
        jobs.stop();
        await filling.catch(() => undefined);
      },
    };
  },
});

const fmt = (t: number) => {
  const d = new Date((t + 8 * 3600) * 1000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
};
const parse = (text: string) => Math.floor(Date.parse(`${text.replace(' ', 'T')}+08:00`) / 1000);
