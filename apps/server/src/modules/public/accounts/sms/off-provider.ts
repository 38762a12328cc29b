import { unavailable } from '../../../../platform/errors';
import type { SmsProvider } from './provider';

/** No provider configured (the production default): sending answers 503 instead of pretending. */
export class OffSmsProvider implements SmsProvider {
  readonly name = 'off';

  async send(): Promise<void> {
    throw unavailable('短信服务尚未配置，暂时无法发送验证码', 3600);
  }
}
