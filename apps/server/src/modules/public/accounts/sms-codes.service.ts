import { SMS_RESEND_SECONDS } from '@lantian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError, unavailable } from '../../../platform/errors';
import { clientKey } from '../../../platform/http/client-address';
import { DAY_MS, HOUR_MS, humanWait, type Limit, type RateLimiter } from '../../../platform/security/rate-limits';
import { randomDigits, randomId } from '../../../platform/security/secrets';
import type { SharedState } from '../../../platform/state';
import { hashSecret, verifySecret } from './passwords';
import type { SmsProvider, SmsPurpose } from './sms';

/** GUIDE.md §7: 6 digits, 5 minutes, 5 wrong tries kill the code, single use, stored hashed. */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_MAX_TRIES = 5;

/** Sending limits (GUIDE.md §7); the global hourly budget comes from SMS_HOURLY_BUDGET. */
export const SMS_LIMITS = {
  resendMs: SMS_RESEND_SECONDS * 1000,
  perPhonePerHour: 5,
  perPhonePerDay: 10,
  perIpPerHour: 10,
  perIpPerDay: 20,
} as const;

const codeKey = (purpose: SmsPurpose, phone: string) => `sms:code:${purpose}:${phone}`;
const triesKey = (uuid: string) => `sms:tries:${uuid}`;
const coolDownKey = (phone: string) => `sms:cooldown:${phone}`;

const storedCode = z.object({ hash: z.string(), uuid: z.string() });

const tooOften = (seconds: number) => `验证码发送过于频繁，请 ${humanWait(seconds)}后再试`;

/**
 * SMS codes: issuing (with every sending limit, counted in the shared state so all instances agree)
 * and verifying. A code is bound to its phone and purpose; only its argon2id hash is kept.
 */
export class SmsCodeService {
  /** Deliveries still running in the background (password-reset sends; see issue()). */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly state: SharedState,
    private readonly provider: SmsProvider,
    private readonly limiter: RateLimiter,
    private readonly options: { hourlyBudget: number; log: FastifyBaseLogger },
  ) {}

  private counters(phone: string, ip: string): Limit[] {
    return [
      { key: `sms:phone:h:${phone}`, max: SMS_LIMITS.perPhonePerHour, windowMs: HOUR_MS, message: tooOften },
      { key: `sms:phone:d:${phone}`, max: SMS_LIMITS.perPhonePerDay, windowMs: DAY_MS, message: tooOften },
      { key: `sms:ip:h:${clientKey(ip)}`, max: SMS_LIMITS.perIpPerHour, windowMs: HOUR_MS, message: tooOften },
      { key: `sms:ip:d:${clientKey(ip)}`, max: SMS_LIMITS.perIpPerDay, windowMs: DAY_MS, message: tooOften },
      {
        key: 'sms:global:h',
        max: this.options.hourlyBudget,
        windowMs: HOUR_MS,
        message: (s) => `短信发送繁忙，请 ${humanWait(s)}后再试`,
      },
    ];
  }

  /** Refuses (429 + Retry-After) a send that a limit forbids, counting nothing. */
  async checkLimits(phone: string, ip: string): Promise<void> {
    if (this.provider.name === 'off') throw unavailable('短信服务尚未配置，暂时无法发送验证码', 3600);
    await this.limiter.checkCoolDown(coolDownKey(phone), tooOften);
    await this.limiter.check(this.counters(phone, ip));
  }

  /** Starts the resend cool-down and counts the send against every limit (refusing when over). */
  async countSend(phone: string, ip: string): Promise<void> {
    await this.limiter.coolDown(coolDownKey(phone), SMS_LIMITS.resendMs, tooOften);
    await this.limiter.hit(this.counters(phone, ip));
  }

  /**
   * Makes a code and, when `deliver`, stores its hash and sends it. `deliver: false` (a reset for a
   * phone with no account) does the same work and sends nothing, so neither the answer nor its
   * timing tells whether the phone is registered. Reset codes are handed to the provider in the
   * background for the same reason; registration codes are sent before answering, so a provider
   * failure reaches the visitor.
   */
  async issue(phone: string, purpose: SmsPurpose, deliver: boolean): Promise<{ uuid: string }> {
    const code = randomDigits(SMS_CODE_LENGTH);
    const uuid = randomId();
    const hash = await hashSecret(code);
    if (!deliver) return { uuid };
    await this.state.set(codeKey(purpose, phone), JSON.stringify({ hash, uuid }), SMS_CODE_TTL_MS);
    const delivery = this.provider.send({ phone, purpose, code, validMinutes: SMS_CODE_TTL_MS / 60_000 });
    if (purpose === 'reset') {
      const tracked = delivery.catch((err: unknown) => {
        this.options.log.error({ err, provider: this.provider.name }, 'SMS delivery failed (password reset)');
      });
      this.pending.add(tracked);
      void tracked.finally(() => this.pending.delete(tracked));
      return { uuid };
    }
    try {
      await delivery;
    } catch (err) {
      await this.state.delete(codeKey(purpose, phone));
      // The visitor may try again at once: the failed send should not hold the 120 s cool-down.
      await this.state.delete(coolDownKey(phone));
      if (err instanceof AppError) throw err;
      this.options.log.error({ err, provider: this.provider.name }, 'SMS delivery failed');
      throw unavailable('验证码发送失败，请稍后重试', 30);
    }
    return { uuid };
  }

  /**
   * True once for the right code of this phone and purpose (and, when given, this send's uuid).
   * Every wrong try counts; the fifth kills the code.
   */
  async verify(phone: string, purpose: SmsPurpose, code: string, uuid?: string): Promise<boolean> {
    const key = codeKey(purpose, phone);
    const raw = await this.state.get(key);
    if (raw === null) return false;
    const stored = storedCode.parse(JSON.parse(raw));
    const { count } = await this.state.increment(triesKey(stored.uuid), SMS_CODE_TTL_MS);
    if (count > SMS_MAX_TRIES) {
      await this.state.delete(key);
      return false;
    }
    const right = (uuid === undefined || uuid === stored.uuid) && (await verifySecret(stored.hash, code));
    if (!right) {
      if (count >= SMS_MAX_TRIES) await this.state.delete(key);
      return false;
    }
    // Single use, even against a racing request with the same right code: only one take() wins.
    const taken = await this.state.take(key);
    return taken !== null && storedCode.parse(JSON.parse(taken)).uuid === stored.uuid;
  }

  /** Waits for background deliveries (shutdown, tests). */
  async settle(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
