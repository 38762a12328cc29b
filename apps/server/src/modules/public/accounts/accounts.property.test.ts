import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountsTestApp,
  call,
  captchaUuid,
  createAccountsApp,
  loginToken,
  registerUser,
  TEST_CAPTCHA,
} from '../../../testing/accounts';

/**
 * Whatever a client sends to an account call — any fields, any text, with or without a session —
 * the answer is a deliberate one (2xx/4xx/503 in the envelope), never a 500.
 */

const ROUTES: Array<['GET' | 'POST', string]> = [
  ['GET', '/api/user/getCaptchaImage'],
  ['GET', '/api/user/getSlidePuzzle'],
  ['POST', '/api/user/checkSlidePuzzle'],
  ['POST', '/api/user/getMessageCodeData'],
  ['POST', '/api/user/login'],
  ['POST', '/api/user/register'],
  ['POST', '/api/user/forgetUpdatePassword'],
  ['POST', '/api/user/updatePassword'],
  ['POST', '/api/user/loginOut'],
  ['POST', '/api/user/tokenValid'],
  ['POST', '/api/user/saveUserVisRecord'],
  ['POST', '/api/user/saveUserConfig'],
  ['GET', '/api/user/getUserConfig'],
  ['GET', '/api/user/deleteUserConfig'],
  ['POST', '/api/user/deleteUserConfig'],
];

const FIELDS = [
  'username',
  'phone',
  'password',
  'verificationCode',
  'code',
  'uuid',
  'remember',
  'isValidUser',
  'ticket',
  'x',
  'trail',
  'height',
  'accuracy',
  'oldPassword',
  'newPassword',
  'confirmPassword',
  'uniqueId',
  'url',
  'key',
];

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '1',
    '-1',
    '1e309',
    'NaN',
    '13800138000',
    '150',
    '0,1,2',
    ',,',
    'K7PX',
    '%00',
    '\u0000',
  ),
  fc.stringMatching(/^\d{1,12}$/),
  fc.string({ maxLength: 3000 }),
);

const params = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ minLength: 1, maxLength: 12 })), text, {
  maxKeys: 6,
});

let app: AccountsTestApp;
let token: string;
beforeAll(async () => {
  app = await createAccountsApp({ SMS_HOURLY_BUDGET: '1000000' });
  await registerUser(app, '13200132000', 'quiet-field-5');
  token = await loginToken(app, '13200132000', 'quiet-field-5');
});
afterAll(async () => {
  await app.close();
});

describe('random input never makes an account call fail with 500', () => {
  it('holds for random fields, values, sessions and client addresses', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        params,
        fc.constantFrom('none', 'header', 'cookie', 'garbage'),
        fc.ipV4(),
        fc.boolean(),
        async ([method, url], fields, session, ip, solveCaptcha) => {
          const auth =
            session === 'header'
              ? { headers: { 'authentication-token': token } }
              : session === 'cookie'
                ? { cookies: { 'Authentication-Token': token } }
                : session === 'garbage'
                  ? { headers: { 'authentication-token': 'garbage' } }
                  : {};
          // Half the logins carry a live captcha, so random credentials reach the password check.
          if (url === '/api/user/login' && solveCaptcha) {
            fields.uuid = await captchaUuid(app);
            fields.verificationCode = TEST_CAPTCHA;
          }
          const res = await call(app, method, url, { params: fields, ip, ...auth });
          expect(res.statusCode, `${method} ${url} ${JSON.stringify(fields)} → ${res.body.slice(0, 300)}`).toBeLessThan(
            500,
          );
          expect(typeof res.json().code).toBe('number');
        },
      ),
      { numRuns: 300 },
    );
  });
});
