import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../config';
import { settingsOf } from '../../../../platform/module';
import { call, puzzleTicket } from '../../../../testing/accounts';
import { createTestApp, type TestApp } from '../../../../testing/app';
import { accounts } from '..';
import { SmsSendError, TencentSmsProvider } from './tencent-provider';

/**
 * A local stand-in for Tencent Cloud's SMS API (sms.tencentcloudapi.com, version 2021-01-11): it
 * records what the official SDK sends and answers like the real service, so the adapter is tested
 * end to end over HTTP without the internet.
 */
interface Received {
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

let fake: Server;
let received: Received[] = [];
let answer: (body: Record<string, unknown>) => unknown;
let endpoint: string;

const okAnswer = (body: Record<string, unknown>) => ({
  Response: {
    SendStatusSet: (body.PhoneNumberSet as string[]).map((phone) => ({
      SerialNo: '2433:1234567890',
      PhoneNumber: phone,
      Fee: 1,
      SessionContext: '',
      Code: 'Ok',
      Message: 'send success',
      IsoCode: 'CN',
    })),
    RequestId: 'a0aabda6-cf91-4f3e-a81f-9198114a2279',
  },
});

beforeAll(async () => {
  fake = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer(body)));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => fake.close(resolve));
});
beforeEach(() => {
  received = [];
  answer = okAnswer;
});

const tencentEnv = () => ({
  SMS_PROVIDER: 'tencent',
  TENCENT_SMS_SECRET_ID: 'AKIDtestsecretid',
  TENCENT_SMS_SECRET_KEY: 'test-secret-key',
  TENCENT_SMS_SDK_APP_ID: '1400000001',
  TENCENT_SMS_SIGN_NAME: '蓝天空气',
  TENCENT_SMS_TEMPLATE_REGISTER: '100001',
  TENCENT_SMS_TEMPLATE_RESET: '100002',
  TENCENT_SMS_REGION: 'ap-beijing',
  TENCENT_SMS_ENDPOINT: endpoint,
});

function provider() {
  const { sms } = settingsOf(accounts, loadConfig({ ...tencentEnv(), NODE_ENV: 'test' }, '/tmp'));
  if (sms.kind !== 'tencent') throw new Error('expected the tencent provider');
  return new TencentSmsProvider(sms);
}

describe('Tencent Cloud SMS adapter', () => {
  it('calls SendSms (2021-01-11) signed with TC3-HMAC-SHA256, one template per purpose', async () => {
    await provider().send({ phone: '13800138000', purpose: 'register', code: '123456', validMinutes: 5 });
    await provider().send({ phone: '13800138000', purpose: 'reset', code: '654321', validMinutes: 5 });
    expect(received).toHaveLength(2);
    const [first, second] = received;
    expect(first?.headers['x-tc-action']).toBe('SendSms');
    expect(first?.headers['x-tc-version']).toBe('2021-01-11');
    expect(first?.headers['x-tc-region']).toBe('ap-beijing');
    expect(first?.headers.authorization).toMatch(/^TC3-HMAC-SHA256 Credential=AKIDtestsecretid\/\d{4}-\d{2}-\d{2}\//);
    expect(first?.headers.authorization).not.toContain('test-secret-key');
    expect(first?.body).toEqual({
      PhoneNumberSet: ['+8613800138000'],
      SmsSdkAppId: '1400000001',
      SignName: '蓝天空气',
      TemplateId: '100001',
      TemplateParamSet: ['123456', '5'],
    });
    expect(second?.body).toMatchObject({ TemplateId: '100002', TemplateParamSet: ['654321', '5'] });
  });

  it('throws when the service refuses the message (a send status other than Ok)', async () => {
    answer = () => ({
      Response: {
        SendStatusSet: [
          { PhoneNumber: '+8613800138000', Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'daily limit' },
        ],
        RequestId: 'x',
      },
    });
    await expect(
      provider().send({ phone: '13800138000', purpose: 'register', code: '123456', validMinutes: 5 }),
    ).rejects.toThrow(SmsSendError);
  });

  it('throws on an API error answer', async () => {
    answer = () => ({
      Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'bad signature' }, RequestId: 'y' },
    });
    await expect(
      provider().send({ phone: '13800138000', purpose: 'register', code: '123456', validMinutes: 5 }),
    ).rejects.toThrow(/SignatureFailure|bad signature/);
  });
});

describe('getMessageCodeData through Tencent Cloud SMS', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { ...tencentEnv(), TEST_PUZZLE_X: '150' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('sends the code through the provider, and answers 503 when the provider fails', async () => {
    const ticket = await puzzleTicket(app, '13800138001');
    const res = await call(app, 'POST', '/api/user/getMessageCodeData', { params: { phone: '13800138001', ticket } });
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]?.body).toMatchObject({
      PhoneNumberSet: ['+8613800138001'],
      TemplateParamSet: [expect.stringMatching(/^\d{6}$/), '5'],
    });

    answer = () => ({ Response: { Error: { Code: 'InternalError', Message: 'down' }, RequestId: 'z' } });
    const failTicket = await puzzleTicket(app, '13800138002');
    const failed = await call(app, 'POST', '/api/user/getMessageCodeData', {
      params: { phone: '13800138002', ticket: failTicket },
    });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().msg).toBe('验证码发送失败，请稍后重试');
  });
});
