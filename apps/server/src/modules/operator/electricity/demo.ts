import net from 'node:net';
import {
  buildDataPacket,
  chinaDay,
  chinaDayStart,
  type DemoMeterProfile,
  demoMeterReading,
  encodeFrame,
  formatChinaDateTime,
  formatQn,
} from '@lantian/domain';
import type { FastifyBaseLogger } from 'fastify';
import { NATIONWIDE } from '../../../platform/db/area-scope';
import { SYSTEM_ACTOR } from '../audit';
import type { RegistryService } from '../devices';
import type { ElectricityRepository } from './electricity.repository';
import type { RegisterService } from './register.service';
import { METER_FACTORS } from './sources';

const DEMO_PASSWORD = 'demo2026';
const SLOT_SECONDS = 900;

interface DemoSite {
  name: string;
  kind: 'production' | 'treatment';
  process: string;
  ratedKw: number;
  baselineKw: number | null;
  standbyKw: number;
  runningKw: number;
  minLoadPercent: number | null;
  mn: string;
  profile: DemoMeterProfile;
}

// biome-ignore format: one entry per enterprise
const DEMO_ENTERPRISES = [
  {
    name: '【演示】北京华林家具有限公司', creditCode: '91110112MA01DEM00N', tradeType: 'C2110', areaCode: '110112',
    lon: 116.676, lat: 39.893, address: '【演示】通州区台湖镇工业园', contact: '王经理', phone: '13800000001',
    sites: [
      { name: '喷涂线', kind: 'production', process: '水性漆喷涂、晾干', ratedKw: 45, baselineKw: 38, standbyKw: 1.5, runningKw: 10, minLoadPercent: null, mn: 'DEMOELE110112001', profile: 'spray_line' },
      { name: 'VOCs 治理设施', kind: 'treatment', process: '活性炭吸附 + 催化燃烧（CO）', ratedKw: 30, baselineKw: null, standbyKw: 1, runningKw: 8, minLoadPercent: 30, mn: 'DEMOELE110112002', profile: 'voc_treatment' },
    ] as DemoSite[],
  },
  {
    name: '【演示】北京金砖建材有限公司', creditCode: '91110111MA01DEM008', tradeType: 'C3031', areaCode: '110111',
    lon: 116.139, lat: 39.748, address: '【演示】房山区琉璃河镇', contact: '李厂长', phone: '13800000002',
    sites: [
      { name: '隧道窑', kind: 'production', process: '烧结砖焙烧', ratedKw: 200, baselineKw: 180, standbyKw: 20, runningKw: 60, minLoadPercent: null, mn: 'DEMOELE110111001', profile: 'kiln' },
      { name: '脱硫除尘设施', kind: 'treatment', process: '双碱法脱硫 + 布袋除尘', ratedKw: 90, baselineKw: null, standbyKw: 5, runningKw: 12, minLoadPercent: 30, mn: 'DEMOELE110111002', profile: 'kiln_treatment' },
    ] as DemoSite[],
  },
];

const editor = { actor: SYSTEM_ACTOR, ip: null, scope: NATIONWIDE };

/**
 * The 【演示】 enterprises of 分表计电 (DEMO_DATA=on): registered once (enterprise, points, links, P01
 * meters in the device registry, a 限产 order for the 砖厂 while none is in force), then their meters
 * send real HJ 212 packets (CN 2011, every 15 minutes) to this server's own gateway — yesterday's
 * and today's slots first, so that the charts and the detectors have a whole day behind them on the
 * first start.
 */
export class DemoElectricity {
  private timer: NodeJS.Timeout | undefined;
  private readonly sockets = new Map<string, net.Socket>();
  private lastSlot = 0;
  private stopped = false;
  private meters: Array<{ mn: string; profile: DemoMeterProfile; index: number; fromSlot: number }> = [];

  constructor(
    private readonly registry: RegistryService,
    private readonly byMn: (mn: string) => { id: number } | undefined,
    private readonly register: RegisterService,
    private readonly repository: ElectricityRepository,
    private readonly latestOf: (deviceId: number) => Promise<number | null>,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(port: number): Promise<void> {
    const at = this.now();
    const today = chinaDayStart(chinaDay(at));
    let index = 0;
    for (const e of DEMO_ENTERPRISES) {
      const existing = (await this.repository.allEnterprises(NATIONWIDE)).find((r) => r.credit_code === e.creditCode);
      const enterprise =
        existing ??
        (await this.register.saveEnterprise(
          {
            name: e.name,
            creditCode: e.creditCode,
            tradeType: e.tradeType,
            operateStatus: 'operating',
            areaCode: e.areaCode,
            lon: e.lon,
            lat: e.lat,
            address: e.address,
            contact: e.contact,
            phone: e.phone,
          },
          editor,
        ));
      const enterpriseId = 'enterpriseId' in enterprise ? Number(enterprise.enterpriseId) : enterprise.id;
      const siteCode = `DEMO-ELE-${e.areaCode}`;
      const sites = await this.registry.listSites({ keyword: siteCode, pageNum: 1, pageSize: 20 }, NATIONWIDE);
      const deviceSiteId =
        sites.list.find((s) => s.siteCode === siteCode)?.siteId ??
        (
          await this.registry.createSite(
            { siteCode, name: e.name, areaCode: e.areaCode, lon: e.lon, lat: e.lat, address: e.address },
            editor,
          )
        ).siteId;
      const points = await this.repository.allSites({ enterpriseId }, NATIONWIDE);
      const ids = new Map<string, number>();
      for (const s of e.sites) {
        index += 1;
        if (this.byMn(s.mn) === undefined) {
          await this.registry.create(
            {
              mn: s.mn,
              name: `【演示】${e.name.replace('【演示】', '')} ${s.name}电表`,
              type: 'P01',
              siteId: deviceSiteId,
              password: DEMO_PASSWORD,
              installDate: null,
              status: 'active',
              factors: Object.values(METER_FACTORS).map((code) => ({ code, upper: null, lower: null })),
              config: { intervalSeconds: SLOT_SECONDS, noiseZone: null },
            },
            editor,
          );
        }
        let point = points.find((p) => p.name === s.name);
        if (point === undefined) {
          const linked = s.kind === 'treatment' ? [...ids.values()].map(String) : [];
          const saved = await this.register.saveSite(
            {
              enterpriseId: String(enterpriseId),
              name: s.name,
              kind: s.kind,
              process: s.process,
              ratedKw: s.ratedKw,
              baselineKw: s.baselineKw,
              standbyKw: s.standbyKw,
              runningKw: s.runningKw,
              minLoadPercent: s.minLoadPercent,
              linkedSiteIds: linked,
            },
            editor,
          );
          await this.register.bind(Number(saved.siteId), s.mn, editor);
          point = await this.repository.site(Number(saved.siteId), NATIONWIDE);
        }
        if (point !== undefined && s.kind === 'production') ids.set(s.name, point.id);
        const device = this.byMn(s.mn);
        const last = device === undefined ? null : await this.latestOf(device.id);
        // Yesterday's and today's slots first (from the last one the meter sent, when it sent since):
        // a whole day behind the charts and detectors whatever the hour of the first start.
        const fromSlot = Math.max(today - 86_400, last === null ? today - 86_400 : last + SLOT_SECONDS);
        this.meters.push({ mn: s.mn, profile: s.profile, index, fromSlot });
      }
      if (e.tradeType === 'C3031') {
        const active = (await this.repository.activeOrdersFrom(at, NATIONWIDE)).some(
          (o) => o.enterprise_id === enterpriseId,
        );
        const kiln = ids.get('隧道窑');
        if (!active && kiln !== undefined) {
          await this.register.saveOrder(
            {
              enterpriseId: String(enterpriseId),
              title: '【演示】重污染天气橙色预警应急减排',
              measure: 'limit',
              ratio: 30,
              siteIds: [String(kiln)],
              startTime: formatChinaDateTime(today - 86_400),
              endTime: formatChinaDateTime(today + 3 * 86_400),
            },
            editor,
          );
        }
      }
    }
    await this.catchUp(port);
    // Stopped while catching up (the server closed during its start): no timer to leak.
    if (this.stopped) return;
    this.timer = setInterval(() => {
      this.catchUp(port).catch((err: unknown) => this.log.warn({ err }, 'demo electricity meters failed to send'));
    }, 30_000);
    this.timer.unref();
    this.log.info(
      { meters: this.meters.length, port },
      'demo electricity meters sending HJ 212 packets to the gateway',
    );
  }

  /** Sends every slot not yet sent up to now, in time order, lines before facilities within a slot. */
  private async catchUp(port: number): Promise<void> {
    const current = Math.floor(this.now() / SLOT_SECONDS) * SLOT_SECONDS;
    if (current <= this.lastSlot) return;
    const first = Math.min(...this.meters.map((m) => m.fromSlot));
    for (let slot = Math.max(first, this.lastSlot + SLOT_SECONDS); slot <= current; slot += SLOT_SECONDS) {
      if (this.stopped) return;
      for (const meter of this.meters) {
        if (slot < meter.fromSlot) continue;
        const r = demoMeterReading(meter.profile, meter.index, slot);
        const frame = encodeFrame(
          buildDataPacket({
            st: '31',
            cn: '2011',
            pw: DEMO_PASSWORD,
            mn: meter.mn,
            dataTime: slot,
            qn: formatQn(slot * 1000),
            values: [
              { factor: METER_FACTORS.power, rtd: r.powerKw, flag: 'N' },
              { factor: METER_FACTORS.ia, rtd: r.currentA, flag: 'N' },
              { factor: METER_FACTORS.ib, rtd: r.currentB, flag: 'N' },
              { factor: METER_FACTORS.ic, rtd: r.currentC, flag: 'N' },
              { factor: METER_FACTORS.energy, rtd: r.energyKwh, flag: 'N' },
            ],
          }),
        );
        this.socketOf(meter.mn, port).write(frame);
      }
      // Paced: a day of catch-up (96 slots) must not look like a flood to the gateway.
      await new Promise((resolve) => setTimeout(resolve, 50));
      this.lastSlot = slot;
    }
  }

  private socketOf(mn: string, port: number): net.Socket {
    const existing = this.sockets.get(mn);
    if (existing !== undefined && !existing.destroyed) return existing;
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => socket.destroy());
    socket.on('data', () => undefined);
    this.sockets.set(mn, socket);
    return socket;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    for (const socket of this.sockets.values()) socket.destroy();
    this.sockets.clear();
  }
}
