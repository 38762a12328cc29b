import type { FastifyBaseLogger } from 'fastify';
import type { SmsProviderConfig } from '../accounts.settings';
import { ConsoleSmsProvider } from './console-provider';
import { FileSmsProvider } from './file-provider';
import { OffSmsProvider } from './off-provider';
import type { SmsProvider } from './provider';
import { TencentSmsProvider } from './tencent-provider';

export type { SmsMessage, SmsProvider, SmsPurpose } from './provider';

/** The provider SMS_PROVIDER names. */
export function createSmsProvider(config: SmsProviderConfig, log: FastifyBaseLogger): SmsProvider {
  switch (config.kind) {
    case 'off':
      return new OffSmsProvider();
    case 'console':
      return new ConsoleSmsProvider(log);
    case 'file':
      return new FileSmsProvider(config.path);
    case 'tencent':
      return new TencentSmsProvider(config);
  }
}
