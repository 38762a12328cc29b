import { describe, expect, it } from 'vitest';
import { apiName, appState, credentialsText, usageExample } from './open-apps';

describe('appState', () => {
  it('reads an active application past its expiry as expired, and a revoked one as revoked whatever its expiry', () => {
    expect(appState({ status: 'active', expired: false })).toBe('active');
    expect(appState({ status: 'active', expired: true })).toBe('expired');
    expect(appState({ status: 'revoked', expired: true })).toBe('revoked');
  });
});

describe('apiName', () => {
  it('names the known APIs in Chinese and leaves an unknown code as it is', () => {
    expect(apiName('air')).toBe('空气质量');
    expect(apiName('dict')).toBe('数据字典');
    expect(apiName('future')).toBe('future');
  });
});

describe('texts to copy', () => {
  it('puts both credentials on their own lines', () => {
    expect(credentialsText({ appKey: 'ak01', appSecret: 's3cret' })).toBe('appKey=ak01\nappSecret=s3cret\n');
  });

  it('shows the token call against the given origin, then the Bearer header', () => {
    const text = usageExample('https://example.gov.cn');
    expect(text).toContain('curl -X POST https://example.gov.cn/api/open/token');
    expect(text).toContain('"appKey":"<appKey>"');
    expect(text).toContain('Authorization: Bearer <token>');
  });
});
