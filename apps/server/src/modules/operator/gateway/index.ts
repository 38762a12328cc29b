import { defineModule, type ModuleContext } from '../../../platform/module';
import { PeriodicJobs } from '../../../platform/periodic';
import { RateLimiter } from '../../../platform/security/rate-limits';
import { devices } from '../devices';
import { gatewayRoutes } from './gateway.routes';
import { GatewayService } from './gateway.service';
import { type GatewaySettings, readGatewaySettings } from './gateway.settings';
import type { GatewayTables } from './gateway.tables';
import * as m0012 from './migrations/0012_gateway';
import { GatewayStats, PacketHandler } from './packet-handler';
import { PacketsRepository } from './packets.repository';
import { IngestPipeline } from './pipeline';
import { startDemoNetwork } from './simulator/demo-network';
import type { Hj212Simulator } from './simulator/hj212-simulator';
import { TcpGateway } from './tcp-server';
import { UnregisteredLog } from './unregistered-log';

export type { GatewaySettings } from './gateway.settings';
export type { GatewayTables } from './gateway.tables';

const UNREGISTERED_FLUSH_MS = 5000;

/**
 * The HJ 212-2017 gateway (issue 14): a TCP server on HJ212_PORT that data loggers (数采仪) connect
 * to, and a JSON push endpoint, both feeding the device core's telemetry through one batching
 * pipeline that answers (9014) only after the commit. Refused packets are counted and logged with
 * their reason; unknown MNs are listed for adoption; accepted raw packets are kept for a while.
 */
export const gateway = defineModule({
  name: 'gateway',
  tags: [
    {
      name: 'hj212-gateway',
      description: '运营平台：HJ 212-2017 数据网关（运行状态、未登记设备、原始报文、JSON 推送）',
    },
  ],
  migrations: { '0012_gateway': m0012 },
  settings: readGatewaySettings,
  create(context: ModuleContext<GatewayTables, GatewaySettings>) {
    const { database, settings, now, log } = context;
    const core = context.use(devices);
    const packets = new PacketsRepository(database);
    const keepRaw = settings.rawRetentionDays > 0;
    const pipeline = new IngestPipeline(
      { ingest: (batch) => core.telemetry.ingest(batch), insertRaw: (rows) => packets.insertPackets(rows) },
      {
        batchMs: settings.batchMs,
        // Under load a batch fills while the previous one commits; bigger commits cost SQLite half as
        // much per value (npm run bench -- gateway).
        maxBatch: 5000,
        maxQueued: 100_000,
        commitDelayMs: settings.commitDelayMs,
      },
      log,
    );
    const stats = new GatewayStats(now());
    const unregistered = new UnregisteredLog(packets, log);
    const handler = new PacketHandler(core.byMn, pipeline, unregistered, stats, keepRaw, now, log);
    let tcp: TcpGateway | null = null;
    let tcpPort: number | null = null;
    const service = new GatewayService({
      packets,
      pipeline,
      stats,
      lookup: core.byMn,
      unregistered,
      devicesInScope: (scope) => core.registry.all({}, scope),
      tcp: () => ({ enabled: tcp !== null, port: tcpPort, connections: tcp?.connections ?? 0 }),
      keepRaw,
      now,
      limiter: new RateLimiter(context.state),
    });
    // A newly registered MN leaves the unregistered list.
    core.onRegistryChange(() => {
      void (async () => {
        const listed = await packets.listUnregistered({ offset: 0, limit: 10_000 });
        await packets.forgetUnregistered(listed.list.filter((r) => core.byMn(r.mn) !== undefined).map((r) => r.mn));
      })().catch((err: unknown) => log.error({ err }, 'pruning the unregistered list failed'));
    });
    const jobs = new PeriodicJobs(log);
    let demo: Hj212Simulator | null = null;

    /** Opens the TCP port (the server's start, and tests with port 0); resolves with the port. */
    const listen = async (port = settings.port ?? 0): Promise<number> => {
      await core.reload();
      tcp = new TcpGateway(
        handler,
        { host: settings.host, port, maxConnections: settings.maxConnections, idleSeconds: settings.idleSeconds },
        log,
      );
      tcpPort = await tcp.listen();
      log.info({ port: tcpPort }, `HJ 212 gateway listening on ${settings.host}:${tcpPort}`);
      return tcpPort;
    };

    return {
      api: { service, listen, pipeline, stats, flushUnregistered: () => unregistered.flush() },
      routes: gatewayRoutes(service),
      async start() {
        if (settings.port !== null) {
          try {
            await listen(settings.port);
          } catch (err) {
            // The web server keeps serving; the console's gateway page shows the port closed.
            log.error({ err, port: settings.port }, `HJ 212 gateway could not listen on port ${settings.port}`);
            tcp = null;
          }
        }
        if (settings.demoNetwork && tcp !== null && tcpPort !== null) {
          demo = await startDemoNetwork(core, tcpPort, log).catch((err: unknown) => {
            log.error({ err }, 'the demo device network could not start');
            return null;
          });
        }
        jobs.every(UNREGISTERED_FLUSH_MS, 'recording unregistered HJ 212 devices failed', () => unregistered.flush());
        if (keepRaw) {
          jobs.every(3600_000, 'raw packet retention failed', () =>
            packets.deletePacketsBefore(now() - settings.rawRetentionDays * 86_400),
          );
        }
      },
      async close() {
        demo?.stop();
        jobs.stop();
        await tcp?.close();
        await pipeline.close();
        await unregistered.flush();
      },
    };
  },
});
export { Hj212Simulator, SIMULATOR_TYPES, type SimulatedDevice } from './simulator';
