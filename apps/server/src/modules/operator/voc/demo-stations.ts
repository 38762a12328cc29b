import net from 'node:net';
import {
  buildDataPacket,
  encodeFrame,
  formatQn,
  SECONDS_PER_HOUR,
  SIMULATED_VOC_FACTORS,
  simulatedVocHour,
  type VocStationProfile,
} from '@lantian/domain';
import type { FastifyBaseLogger } from 'fastify';
import { NATIONWIDE } from '../../../platform/db/area-scope';
import { SYSTEM_ACTOR } from '../audit';
import type { RegistryService } from '../devices';

const DEMO_PASSWORD = 'demo2026';
/** Hours of history sent at start (a week: the diurnal profile's default range). */
export const DEMO_HISTORY_HOURS = 7 * 24;
/** Factors per packet: keeps a data segment well under HJ 212's 1,024 characters. */
const FACTORS_PER_PACKET = 12;
const ANSWER_TIMEOUT_MS = 20_000;

// biome-ignore format: one line per station
export const DEMO_VOC_STATIONS: ReadonlyArray<VocStationProfile & { mn: string; siteCode: string; site: string; areaCode: string; lon: number; lat: number }> = [
  { key: 'cy', mn: 'DEMO110105VOC01', siteCode: 'DEMO-BJ-CY-VOC', site: '【演示】朝阳农展馆 VOCs 组分站', areaCode: '110105', lon: 116.468, lat: 39.937, traffic: 1.25, solvent: 0.6 },
  { key: 'ft', mn: 'DEMO110106VOC01', siteCode: 'DEMO-BJ-FT-VOC', site: '【演示】丰台科技园 VOCs 组分站', areaCode: '110106', lon: 116.287, lat: 39.826, traffic: 0.7, solvent: 1.6 },
];

/**
 * The demo VOC stations (DEMO_DATA=on): two 【演示】 V01 stations registered with the device core,
 * sending hourly HJ 212 data (CN 2061, stamped with the hour's start) of the catalogue's species,
 * NO, NO2 and O3 to this server's own gateway over TCP — the same path as a real GC analyser's data
 * logger. At start they send the last week (the upserts make a resend harmless), then each hour as
 * it ends.
 */
export class DemoVocStations {
  private lastSent = 0;
  private stopped = false;

  constructor(
    private readonly registry: RegistryService,
    private readonly port: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async ensureDevices(): Promise<void> {
    const editor = { actor: SYSTEM_ACTOR, ip: null, scope: NATIONWIDE };
    const existing = new Set((await this.registry.all({ type: 'V01' }, NATIONWIDE)).map((d) => d.mn));
    for (const station of DEMO_VOC_STATIONS) {
      if (existing.has(station.mn)) continue;
      const sites = await this.registry.listSites({ keyword: station.siteCode, pageNum: 1, pageSize: 20 }, NATIONWIDE);
      const siteId =
        sites.list.find((s) => s.siteCode === station.siteCode)?.siteId ??
        (
          await this.registry.createSite(
            {
              siteCode: station.siteCode,
              name: station.site,
              areaCode: station.areaCode,
              lon: station.lon,
              lat: station.lat,
              address: '',
            },
            editor,
          )
        ).siteId;
      await this.registry.create(
        {
          mn: station.mn,
          name: `${station.site} V01`,
          type: 'V01',
          siteId,
          password: DEMO_PASSWORD,
          installDate: null,
          status: 'active',
          factors: SIMULATED_VOC_FACTORS.map((code) => ({ code, upper: null, lower: null })),
          // Hourly data: online while an hour's packet is at most two hours old.
          config: { intervalSeconds: 3600, noiseZone: null },
        },
        editor,
      );
    }
  }

  /** Sends every ended hour after the last one sent (at first, the last week). */
  async tick(now: number): Promise<number> {
    const lastEnded = Math.floor(now / SECONDS_PER_HOUR) * SECONDS_PER_HOUR;
    const first =
      this.lastSent === 0 ? lastEnded - (DEMO_HISTORY_HOURS - 1) * SECONDS_PER_HOUR : this.lastSent + SECONDS_PER_HOUR;
    if (first > lastEnded || this.stopped) return 0;
    const frames: string[] = [];
    for (const station of DEMO_VOC_STATIONS) {
      for (let end = first; end <= lastEnded; end += SECONDS_PER_HOUR) frames.push(...framesOf(station, end));
    }
    const answered = await send(this.port, frames);
    if (answered < frames.length) {
      this.log.warn(
        { sent: frames.length, answered },
        'demo VOC stations: some packets were not answered; retrying next tick',
      );
      return answered;
    }
    this.lastSent = lastEnded;
    return answered;
  }

  stop(): void {
    this.stopped = true;
  }
}

function framesOf(station: (typeof DEMO_VOC_STATIONS)[number], hourEnd: number): string[] {
  const values = SIMULATED_VOC_FACTORS.flatMap((factor) => {
    const avg = simulatedVocHour(station, factor, hourEnd);
    return avg === null ? [] : [{ factor, avg, flag: 'N' as const }];
  });
  const frames: string[] = [];
  for (let i = 0; i < values.length; i += FACTORS_PER_PACKET) {
    const part = values.slice(i, i + FACTORS_PER_PACKET);
    // One QN per packet: the hour's start in milliseconds plus the part number keeps them distinct.
    const qn = formatQn((hourEnd - SECONDS_PER_HOUR) * 1000 + i);
    frames.push(
      encodeFrame(
        buildDataPacket({
          st: '22',
          cn: '2061',
          pw: DEMO_PASSWORD,
          mn: station.mn,
          dataTime: hourEnd - SECONDS_PER_HOUR,
          qn,
          values: part,
        }),
      ),
    );
  }
  return frames;
}

/** Writes the frames on one connection and resolves with how many were answered (9014). */
function send(port: number, frames: readonly string[]): Promise<number> {
  return new Promise((resolve) => {
    if (frames.length === 0) {
      resolve(0);
      return;
    }
    const waiting = new Set(frames.map((f) => /QN=(\d+);.*MN=(\w+)/.exec(f)?.slice(1, 3).join(':') ?? ''));
    let answered = 0;
    let buffer = '';
    const socket = net.connect(port, '127.0.0.1');
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answered);
    };
    const timer = setTimeout(finish, ANSWER_TIMEOUT_MS + frames.length * 20);
    socket.setEncoding('latin1');
    socket.on('connect', () => {
      for (const frame of frames) socket.write(frame);
    });
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const key = /QN=(\d+);.*MN=(\w+)/.exec(frame)?.slice(1, 3).join(':');
        if (frame.includes('CN=9014') && key !== undefined && waiting.delete(key)) answered += 1;
        end = buffer.indexOf('\r\n');
      }
      if (waiting.size === 0) finish();
    });
    socket.on('error', finish);
  });
}
