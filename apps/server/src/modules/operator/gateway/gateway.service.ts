import { type devicePushBody, ErrorCode, GATEWAY_REFUSALS, type rawPacketQuery } from '@lantian/contracts';
import { formatChinaDateTime, parseChinaDateTime } from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { type AreaScope, COUNTRY_AREA } from '../../../platform/db/area-scope';
import { AppError, forbidden, unavailable } from '../../../platform/errors';
import { clientKey } from '../../../platform/http/client-address';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import { humanWait, type Limit, MINUTE_MS, type RateLimiter } from '../../../platform/security/rate-limits';
import { type DeviceView, passwordMatches } from '../devices';
import type { GatewayStats, KnownDevice } from './packet-handler';
import type { PacketsRepository } from './packets.repository';
import type { IngestPipeline } from './pipeline';
import type { UnregisteredLog } from './unregistered-log';

export interface GatewayParts {
  packets: PacketsRepository;
  pipeline: IngestPipeline;
  stats: GatewayStats;
  lookup: (mn: string) => KnownDevice | undefined;
  unregistered: UnregisteredLog;
  devicesInScope: (scope: AreaScope) => Promise<DeviceView[]>;
  tcp: () => { enabled: boolean; port: number | null; connections: number };
  keepRaw: boolean;
  now: Clock;
  limiter: RateLimiter;
}

/**
 * Pushes per address: a third-party platform may push for thousands of devices from one address, so
 * the overall cap is generous; failed authentications are capped hard, so that a device password
 * cannot be guessed through HTTP (TCP guesses cost a connection each and are counted per reason).
 */
export const PUSH_LIMITS = {
  perAddressPerMinute: 6_000,
  failuresPerAddress: 20,
  failureWindowMs: 15 * MINUTE_MS,
} as const;

/** The gateway as operators and pushing clients see it: stats, the unregistered list, raw packets, JSON push. */
export class GatewayService {
  constructor(private readonly parts: GatewayParts) {}

  stats() {
    const { stats } = this.parts;
    return {
      tcp: this.parts.tcp(),
      since: formatChinaDateTime(stats.since),
      packets: stats.packets,
      values: stats.values,
      refused: Object.fromEntries(stats.refused),
    };
  }

  async unregistered(page: { pageNum: number; pageSize: number }) {
    const p = pageOf(page, 20);
    const result = await this.parts.packets.listUnregistered(p);
    return pageAnswer(p, {
      list: result.list.map((r) => ({
        mn: r.mn,
        firstSeen: formatChinaDateTime(r.first_seen),
        lastSeen: formatChinaDateTime(r.last_seen),
        packets: r.packets,
        lastIp: r.last_ip,
        lastCn: r.last_cn,
        st: r.st,
        factors: JSON.parse(r.factors_json) as string[],
      })),
      total: result.total,
    });
  }

  /** Raw packets of the devices in the scope (a nationwide operator sees all of them). */
  async packetLog(query: z.output<typeof rawPacketQuery>, scope: AreaScope) {
    const page = pageOf(query, 20);
    // Only accepted packets are kept: asking for a refusal reason finds none.
    if (query.outcome !== undefined && query.outcome !== 'accepted') return pageAnswer(page, { list: [], total: 0 });
    const mns = scope.areaCode === COUNTRY_AREA ? null : (await this.parts.devicesInScope(scope)).map((d) => d.mn);
    const result = await this.parts.packets.listPackets({ mns, mn: query.mn }, page);
    return pageAnswer(page, {
      list: result.list.map((r) => ({
        id: String(r.id),
        receivedAt: formatChinaDateTime(r.received_at),
        mn: r.mn,
        cn: r.cn,
        qn: r.qn,
        outcome: 'accepted',
        peer: r.peer,
        raw: r.raw,
      })),
      total: result.total,
    });
  }

  /**
   * JSON push: authenticated by MN and access password like a TCP packet, committed through the same
   * pipeline, answered only once the values are durable.
   */
  async push(body: z.output<typeof devicePushBody>, ip: string): Promise<{ stored: number }> {
    const failures: Limit = {
      key: `push:fail:${clientKey(ip)}`,
      max: PUSH_LIMITS.failuresPerAddress,
      windowMs: PUSH_LIMITS.failureWindowMs,
      message: (s) => `认证失败次数过多，请 ${humanWait(s)}后再试`,
    };
    await this.parts.limiter.check([failures]);
    await this.parts.limiter.hit([
      {
        key: `push:ip:${clientKey(ip)}`,
        max: PUSH_LIMITS.perAddressPerMinute,
        windowMs: MINUTE_MS,
        message: (s) => `推送过于频繁，请 ${humanWait(s)}后再试`,
      },
    ]);
    const device = this.parts.lookup(body.mn);
    const passwordOk = device !== undefined && passwordMatches(body.pw, device.password_hash);
    if (device === undefined || !passwordOk) {
      await this.parts.limiter.hit([failures]).catch(() => undefined);
      this.parts.stats.refuse(device === undefined ? 'unknown_mn' : 'wrong_password');
      if (device === undefined) {
        const factors = body.values.map((v) => v.factor);
        this.parts.unregistered.seenPush({ mn: body.mn, cn: body.cn, factors }, ip, this.parts.now());
      }
      throw new AppError(ErrorCode.UNAUTHENTICATED, '设备 MN 或访问密码错误');
    }
    if (device.status === 'retired') {
      this.parts.stats.refuse('retired');
      throw forbidden(GATEWAY_REFUSALS.retired);
    }
    const receivedAt = this.parts.now();
    const values = body.values.map((v) => ({
      factor: v.factor,
      value: v.value,
      min: v.min ?? null,
      max: v.max ?? null,
      flag: v.flag,
    }));
    return new Promise((resolve, reject) => {
      const accepted = this.parts.pipeline.submit({
        packet: { deviceId: device.id, cn: body.cn, dataTime: parseChinaDateTime(body.dataTime), receivedAt, values },
        raw: this.parts.keepRaw
          ? {
              received_at: receivedAt,
              mn: body.mn,
              cn: body.cn,
              qn: null,
              peer: `http:${ip}`,
              raw: JSON.stringify({ ...body, pw: '***' }),
            }
          : null,
        committed: () => {
          this.parts.stats.packets += 1;
          this.parts.stats.values += values.length;
          resolve({ stored: values.length });
        },
        failed: () => reject(unavailable('数据暂未能保存，请稍后重发')),
      });
      if (!accepted) reject(unavailable('接收队列已满，请稍后重发'));
    });
  }

  /** Packets of a period, for replay (the CLI): what was received, in order. */
  packetsBetween(from: string, to: string, mn: string | null) {
    return this.parts.packets.packetsBetween(parseChinaDateTime(from), parseChinaDateTime(to), mn);
  }
}
