import net from 'node:net';
import {
  buildDataPacket,
  encodeFrame,
  formatQn,
  SIMULATED_FACTORS,
  type SimulationQuirk,
  simulatedReading,
} from '@lantian/domain';

export interface SimulatedDevice {
  mn: string;
  pw: string;
  type: string;
  /** Index in the network: spreads the devices' values apart. */
  index: number;
  /** A demo device's behaviour (a kitchen that runs its fan with the purifier off). */
  quirks?: readonly SimulationQuirk[];
}

export interface SimulatorOptions {
  host: string;
  port: number;
  devices: SimulatedDevice[];
  /** Seconds between two real-time packets of a device. */
  rateSeconds: number;
  /** Chance per packet that a value is flagged faulty (D) or a device goes silent for a while. */
  faults: boolean;
  seed?: number;
  clock?: () => number;
  onStats?: (stats: SimulatorStats) => void;
}

export interface SimulatorStats {
  sent: number;
  answered: number;
  resent: number;
  connected: number;
}

/** Unanswered packets are sent again after this long (HJ 212 loggers retry, typically 3 times). */
const RESEND_AFTER_MS = 10_000;
const MAX_RESENDS = 3;

/**
 * A network of data loggers speaking real HJ 212-2017 over TCP: one connection per device, a
 * real-time packet (2011) every `rateSeconds` with plausible diurnal values (packages/domain
 * simulated-values), answers awaited and unanswered packets resent, occasional faulty flags and
 * offline spells when `faults` is on. Used by `lantian simulate` and by the demo network (DEMO_DATA=on).
 */
export class Hj212Simulator {
  readonly stats: SimulatorStats = { sent: 0, answered: 0, resent: 0, connected: 0 };
  private readonly sockets = new Map<string, net.Socket>();
  private readonly waiting = new Map<string, { frame: string; at: number; tries: number; mn: string }>();
  private readonly silentUntil = new Map<string, number>();
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;

  constructor(private readonly options: SimulatorOptions) {}

  private now(): number {
    return this.options.clock?.() ?? Date.now();
  }

  start(): void {
    this.options.devices.forEach((device, i) => {
      // Spread the devices over the interval so the gateway sees a steady stream, not bursts.
      const offset = Math.floor((i / Math.max(1, this.options.devices.length)) * this.options.rateSeconds * 1000);
      const first = setTimeout(() => {
        this.tick(device);
        const timer = setInterval(() => this.tick(device), this.options.rateSeconds * 1000);
        timer.unref();
        this.timers.push(timer);
      }, offset);
      first.unref();
      this.timers.push(first);
    });
    const resend = setInterval(() => this.resend(), 1000);
    resend.unref();
    this.timers.push(resend);
  }

  private socketOf(device: SimulatedDevice): net.Socket {
    const existing = this.sockets.get(device.mn);
    if (existing !== undefined && !existing.destroyed) return existing;
    const socket = net.connect(this.options.port, this.options.host);
    socket.setEncoding('latin1');
    let buffer = '';
    socket.on('connect', () => {
      this.stats.connected += 1;
    });
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const qn = /QN=(\d+)/.exec(frame)?.[1];
        if (frame.includes('CN=9014') && qn !== undefined && this.waiting.delete(`${device.mn}:${qn}`))
          this.stats.answered += 1;
        end = buffer.indexOf('\r\n');
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      if (this.sockets.get(device.mn) === socket) {
        this.sockets.delete(device.mn);
        this.stats.connected = Math.max(0, this.stats.connected - 1);
      }
    });
    this.sockets.set(device.mn, socket);
    return socket;
  }

  private tick(device: SimulatedDevice): void {
    if (this.stopped) return;
    const nowMs = this.now();
    if ((this.silentUntil.get(device.mn) ?? 0) > nowMs) return;
    const seed = this.options.seed ?? 2026;
    if (this.options.faults && pseudo(seed, device.index, nowMs) < 0.002) {
      // An offline spell of 10–30 minutes: the console should see the device go offline and come back.
      this.silentUntil.set(device.mn, nowMs + (10 + Math.floor(pseudo(seed + 1, device.index, nowMs) * 20)) * 60_000);
      this.sockets.get(device.mn)?.destroy();
      return;
    }
    const t = Math.floor(nowMs / 1000);
    const factors = SIMULATED_FACTORS[device.type as keyof typeof SIMULATED_FACTORS] ?? [];
    if (factors.length === 0) return;
    const faulty = this.options.faults && pseudo(seed + 2, device.index, nowMs) < 0.01;
    const values = factors.map((factor, k) => ({
      factor,
      rtd: simulatedReading({
        deviceType: device.type,
        factor,
        t,
        seed,
        deviceIndex: device.index,
        quirks: device.quirks,
      }),
      flag: faulty && k === 0 ? ('D' as const) : ('N' as const),
    }));
    const qn = formatQn(nowMs);
    const frame = encodeFrame(
      buildDataPacket({ st: '22', cn: '2011', pw: device.pw, mn: device.mn, dataTime: t, qn, values }),
    );
    this.waiting.set(`${device.mn}:${qn}`, { frame, at: nowMs, tries: 0, mn: device.mn });
    this.socketOf(device).write(frame);
    this.stats.sent += 1;
  }

  private resend(): void {
    const nowMs = this.now();
    for (const [key, entry] of this.waiting) {
      if (nowMs - entry.at < RESEND_AFTER_MS) continue;
      if (entry.tries >= MAX_RESENDS) {
        this.waiting.delete(key);
        continue;
      }
      entry.tries += 1;
      entry.at = nowMs;
      const device = this.options.devices.find((d) => d.mn === entry.mn);
      if (device === undefined) continue;
      this.socketOf(device).write(entry.frame);
      this.stats.resent += 1;
    }
    this.options.onStats?.(this.stats);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    for (const socket of this.sockets.values()) socket.destroy();
    this.sockets.clear();
  }
}

/** A deterministic number in [0, 1) per seed, device and minute. */
function pseudo(seed: number, index: number, ms: number): number {
  let x = (seed * 2654435761 + index * 40503 + Math.floor(ms / 60_000) * 97) >>> 0;
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  return (x >>> 0) / 4294967296;
}

/** The device types of the simulator's --types names. */
export const SIMULATOR_TYPES: Record<string, string> = {
  air: 'A01',
  station: 'A02',
  dust: 'D01',
  noise: 'N01',
  smoke: 'S01',
  voc: 'V01',
  weather: 'W01',
};
