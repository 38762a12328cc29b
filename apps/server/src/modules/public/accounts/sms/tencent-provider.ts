import { sms } from 'tencentcloud-sdk-nodejs-sms';
import type { SmsProviderConfig } from '../accounts.settings';
import type { SmsMessage, SmsProvider } from './provider';

type TencentConfig = Extract<SmsProviderConfig, { kind: 'tencent' }>;

/** The refusal of a send by Tencent Cloud SMS (its status code and message, for the log). */
export class SmsSendError extends Error {
  constructor(
    readonly providerCode: string,
    message: string,
  ) {
    super(`Tencent Cloud SMS refused the message: ${providerCode} ${message}`);
    this.name = 'SmsSendError';
  }
}

/**
 * Tencent Cloud SMS (API 2021-01-11, SendSms) through its official SDK. One template per purpose,
 * each with two parameters: the code and its validity in minutes.
 */
export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent';
  private readonly client: InstanceType<typeof sms.v20210111.Client>;

  constructor(private readonly config: TencentConfig) {
    const { endpoint } = config;
    this.client = new sms.v20210111.Client({
      credential: { secretId: config.secretId, secretKey: config.secretKey },
      region: config.region,
      profile: {
        httpProfile: {
          endpoint: endpoint.host + (endpoint.pathname === '/' ? '' : endpoint.pathname),
          protocol: `${endpoint.protocol}//`,
          reqTimeout: 10,
        },
      },
    });
  }

  async send(message: SmsMessage): Promise<void> {
    const response = await this.client.SendSms({
      PhoneNumberSet: [`+86${message.phone}`],
      SmsSdkAppId: this.config.sdkAppId,
      SignName: this.config.signName,
      TemplateId: this.config.templates[message.purpose],
      TemplateParamSet: [message.code, String(message.validMinutes)],
    });
    const status = response.SendStatusSet?.[0];
    if (status?.Code !== 'Ok') {
      throw new SmsSendError(status?.Code ?? 'NoStatus', status?.Message ?? 'no send status in the answer');
    }
  }
}
