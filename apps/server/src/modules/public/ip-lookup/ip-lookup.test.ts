import { ErrorCode, signParams } from '@lantian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { signedInject } from '../../../testing/signed';
import { lookupRecord } from './ip-lookup';
import { placeOf } from './ip-place';

/** The first public IPv4 (a.b.c.1, scanning the space) that the database gives these names. */
function findIp(matches: (r: { country: string; province: string; city: string }) => boolean): string {
  for (let a = 1; a < 224; a++) {
    for (let b = 0; b < 256; b++) {
      for (const c of [0, 64, 128, 192]) {
        const ip = `${a}.${b}.${c}.1`;
        const record = lookupRecord(ip);
        if (record !== undefined && matches(record)) return ip;
      }
    }
  }
  throw new Error('no such IP in the database');
}

let app: TestApp;
let beijing: string;
let guangzhou: string;
let foreign: string;
beforeAll(async () => {
  app = await createTestApp();
  beijing = findIp((r) => r.country === '中国' && r.province === '北京');
  guangzhou = findIp((r) => r.country === '中国' && r.city === '广州市');
  foreign = findIp((r) => r.country !== '' && r.country !== '中国');
});
afterAll(async () => {
  await app.close();
});

const nowhere = { areaCode: '', city: '', province: '', area: '' };
const lookup = async (ip: string) => {
  const res = await signedInject(app.server, app.config, {
    method: 'GET',
    url: `/api/common/ipPlus/${encodeURIComponent(ip)}`,
  });
  expect(res.statusCode, ip).toBe(200);
  expect(res.json().code).toBe(0);
  return res.json().data;
};

describe('GET /api/common/ipPlus/:ip', () => {
  it('places IPv4 addresses of Beijing and Guangzhou in our area codes', async () => {
    expect(await lookup(beijing)).toEqual({ areaCode: '110000', city: '北京市', province: '北京市', area: '' });
    expect(await lookup(guangzhou)).toEqual({ areaCode: '440100', city: '广州市', province: '广东省', area: '' });
    expect(await lookup(`::ffff:${beijing}`)).toMatchObject({ areaCode: '110000' });
  });

  it('names the district where an IPv6 record carries one', async () => {
    const ip = '240e:47d:c20:1627:30a3:ba0d:a5e6:ec19';
    expect(lookupRecord(ip)?.detail).toMatch(/广州市番禺区$/);
    expect(await lookup(ip)).toEqual({ areaCode: '440100', city: '广州市', province: '广东省', area: '番禺区' });
  });

  it('answers code 0 with empty fields for private, loopback, foreign and malformed addresses', async () => {
    for (const ip of [
      '192.168.1.1',
      '10.1.2.3',
      '127.0.0.1',
      '::1',
      'fe80::1',
      foreign,
      'garbage',
      '1.2.3',
      '999.1.1.1',
    ]) {
      expect(await lookup(ip), ip).toEqual(nowhere);
    }
  });
});

describe('GET /api/common/ipPlus', () => {
  it("locates the caller's own address", async () => {
    const headers = await signParams({}, app.config.publicApiKey);
    const res = await app.server.inject({
      method: 'GET',
      url: '/api/common/ipPlus',
      headers,
      remoteAddress: guangzhou,
    });
    expect(res.json()).toEqual({
      code: 0,
      msg: '成功',
      data: { areaCode: '440100', city: '广州市', province: '广东省', area: '' },
    });
    const local = await signedInject(app.server, app.config, { method: 'GET', url: '/api/common/ipPlus' });
    expect(local.json().data).toEqual(nowhere);
  });

  it('refuses an unsigned call with 401', async () => {
    const res = await app.server.inject({ method: 'GET', url: `/api/common/ipPlus/${beijing}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.SIGNATURE_INVALID);
  });
});

describe('placing a database record in our areas', () => {
  const place = (province: string, city: string, detail = '') => placeOf({ country: '中国', province, city, detail });

  it('reads short and full province names, municipalities and county-level cities', () => {
    expect(place('广西', '')).toEqual({ areaCode: '450000', city: '', province: '广西壮族自治区', area: '' });
    expect(place('上海', '上海市')).toMatchObject({ areaCode: '310000', city: '上海市' });
    expect(place('湖北省', '仙桃市')).toMatchObject({ areaCode: '429004', province: '湖北省' });
    expect(place('', '成都市')).toMatchObject({ areaCode: '510100', province: '四川省' });
  });

  it('maps a city merged away since the database was built to the city that took it over', () => {
    expect(place('山东省', '莱芜市')).toMatchObject({ areaCode: '370100', city: '济南市' });
  });

  it('keeps the province when the city is unknown, and places nothing outside China', () => {
    expect(place('台湾省', '台北')).toMatchObject({ areaCode: '710000', city: '' });
    expect(placeOf({ country: '美国', province: '', city: '', detail: '' })).toEqual(nowhere);
    expect(place('', '')).toEqual(nowhere);
  });
});
