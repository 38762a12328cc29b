import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '../phone';
import type { SmsMessage, SmsProvider } from './provider';

/** Development: the code appears in the server log instead of on a phone. */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';

  constructor(private readonly log: FastifyBaseLogger) {}

  async send(message: SmsMessage): Promise<void> {
    this.log.info(
      { sms: { phone: maskPhone(message.phone), purpose: message.purpose, code: message.code } },
      `短信验证码（SMS_PROVIDER=console，未真正发送）：${message.code}`,
    );
  }
}
