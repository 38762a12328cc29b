import {
  type Captcha,
  ErrorCode,
  type MessageCodeSent,
  type SlidePuzzle,
  type SlidePuzzleTicket,
  SMS_RESEND_SECONDS,
} from '@lantian/contracts';
import { AppError } from '../../../platform/errors';
import { clientKey } from '../../../platform/http/client-address';
import type { CaptchaService } from '../../../platform/security/captcha.service';
import { humanWait, MINUTE_MS, type RateLimiter } from '../../../platform/security/rate-limits';
import { requirePhone } from './phone';
import { parseRelease, type SlidePuzzleService } from './slide-puzzle.service';
import { SMS_CODE_TTL_MS, type SmsCodeService } from './sms-codes.service';
import type { UsersRepository } from './users.repository';

/** Pictures cost CPU: per client address, this many per minute of each kind. */
export const PICTURES_PER_MINUTE = 30;

const busy = (seconds: number) => `请求过于频繁，请 ${humanWait(seconds)}后再试`;

/** The anti-abuse steps before an account call: image captcha, slide puzzle, SMS code. */
export class VerificationService {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly captchas: CaptchaService,
    private readonly puzzles: SlidePuzzleService,
    private readonly smsCodes: SmsCodeService,
    private readonly users: UsersRepository,
  ) {}

  private perMinute(kind: string, ip: string) {
    return [{ key: `${kind}:ip:${clientKey(ip)}`, max: PICTURES_PER_MINUTE, windowMs: MINUTE_MS, message: busy }];
  }

  async captcha(ip: string): Promise<Captcha> {
    await this.limiter.hit(this.perMinute('captcha', ip));
    return this.captchas.create();
  }

  async puzzle(
    ip: string,
    options: { height?: number | undefined; accuracy?: number | undefined },
  ): Promise<SlidePuzzle> {
    await this.limiter.hit(this.perMinute('puzzle', ip));
    return this.puzzles.create(options);
  }

  async checkPuzzle(
    ip: string,
    input: { uuid: string; phone: string; x: string; trail: string; track?: string | undefined },
  ): Promise<SlidePuzzleTicket> {
    const phone = requirePhone(input.phone);
    const release = parseRelease(input.x, input.trail, input.track);
    await this.limiter.hit(this.perMinute('puzzle-check', ip));
    return this.puzzles.check({ uuid: input.uuid, phone, ...release });
  }

  /**
   * getMessageCodeData: a live puzzle ticket for this phone, then every sending limit, charged
   * before the phone is looked at. The answer never tells whether the phone has an account: a reset
   * code goes only to a registered phone (the same work and answer otherwise), a registration code
   * to any phone (register() tells the owner, who holds the code, that the phone is taken).
   */
  async sendCode(
    ip: string,
    input: { phone?: string | undefined; isValidUser?: '0' | '1' | undefined; ticket?: string | undefined },
  ): Promise<MessageCodeSent> {
    const phone = requirePhone(input.phone);
    const purpose = input.isValidUser === '0' ? 'reset' : 'register';
    const ticket = input.ticket?.trim() ?? '';
    if (ticket === '') throw new AppError(ErrorCode.PUZZLE_TICKET_REQUIRED, '请先完成滑动验证');
    await this.smsCodes.checkLimits(phone, ip);
    if (!(await this.puzzles.spendTicket(ticket, phone))) {
      throw new AppError(ErrorCode.PUZZLE_TICKET_REQUIRED, '滑动验证已失效，请重新验证');
    }
    // Charged before anything about the phone is looked up: every request costs the same.
    await this.smsCodes.countSend(phone, ip);
    const user = purpose === 'reset' ? await this.users.byPhone(phone) : undefined;
    // A registration code goes to a taken phone too: the answer here is the same either way, and
    // only the phone's owner, holding the code, learns at register that it is taken (issue 16 item 10).
    const { uuid } = await this.smsCodes.issue(phone, purpose, purpose === 'register' || user !== undefined);
    return { uuid, resendAfterSeconds: SMS_RESEND_SECONDS, expiresInSeconds: SMS_CODE_TTL_MS / 1000 };
  }
}
