import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../platform/security/rate-limits';
import { MemoryState, RedisState, type SharedState } from '../../../platform/state';
import { SlidePuzzleService } from './slide-puzzle.service';
import type { SmsMessage, SmsProvider } from './sms';
import { SmsCodeService } from './sms-codes.service';

/**
 * The anti-abuse state works across instances: two services over one shared state (in-process, and
 * Redis when TEST_REDIS_URL is set) agree on codes, tries, tickets and limits.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const kinds: Array<'memory' | 'redis'> = redisUrl === undefined ? ['memory'] : ['memory', 'redis'];

class Recorder implements SmsProvider {
  readonly name = 'recorder';
  readonly sent: SmsMessage[] = [];
  async send(message: SmsMessage) {
    this.sent.push(message);
  }
}

describe.each(kinds)('account state on %s', (kind) => {
  const opened: SharedState[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });

  function pair(): [SharedState, SharedState] {
    if (kind === 'memory') {
      const state = new MemoryState();
      opened.push(state);
      return [state, state];
    }
    const prefix = `lantian-test:${randomBytes(4).toString('hex')}:`;
    const a = new RedisState(redisUrl ?? '', { prefix });
    const b = new RedisState(redisUrl ?? '', { prefix });
    opened.push(a, b);
    return [a, b];
  }

  function codes(state: SharedState, provider: SmsProvider) {
    return new SmsCodeService(state, provider, new RateLimiter(state), {
      hourlyBudget: 1000,
      log: pino({ level: 'silent' }),
    });
  }

  it('a code sent by one instance is verified once by another, only for its phone and purpose', async () => {
    const [a, b] = pair();
    const recorder = new Recorder();
    await codes(a, recorder).issue('13800138000', 'register', true);
    const code = recorder.sent[0]?.code ?? '';
    const other = codes(b, recorder);
    expect(await other.verify('13800138000', 'reset', code)).toBe(false);
    expect(await other.verify('13900139000', 'register', code)).toBe(false);
    const results = await Promise.all([
      other.verify('13800138000', 'register', code),
      other.verify('13800138000', 'register', code),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await codes(a, recorder).verify('13800138000', 'register', code)).toBe(false);
  });

  it('wrong tries on either instance add up to the five that kill a code', async () => {
    const [a, b] = pair();
    const recorder = new Recorder();
    await codes(a, recorder).issue('13800138000', 'register', true);
    const code = recorder.sent[0]?.code ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await codes(i % 2 === 0 ? a : b, recorder).verify('13800138000', 'register', wrong);
    expect(await codes(a, recorder).verify('13800138000', 'register', code)).toBe(false);
  });

  it('the resend wait set on one instance holds on the other', async () => {
    const [a, b] = pair();
    await codes(a, new Recorder()).countSend('13800138000', '10.0.0.1');
    await expect(codes(b, new Recorder()).checkLimits('13800138000', '10.0.0.2')).rejects.toMatchObject({
      status: 429,
    });
  });

  it('a puzzle ticket is spent once across instances', async () => {
    const [a, b] = pair();
    const first = new SlidePuzzleService(a, 150);
    const puzzle = await first.create({});
    const { ticket } = await new SlidePuzzleService(b, 150).check({
      uuid: puzzle.uuid,
      phone: '13800138000',
      x: 150,
      trail: [0, 1, 0],
      track: [
        { t: 150, x: 10, y: 0 },
        { t: 260, x: 45, y: 1 },
        { t: 380, x: 100, y: 2 },
        { t: 520, x: 138, y: 1 },
        { t: 700, x: 150, y: 1 },
      ],
    });
    expect(await first.spendTicket(ticket, '13800138000')).toBe(true);
    expect(await new SlidePuzzleService(b).spendTicket(ticket, '13800138000')).toBe(false);
  });
});
