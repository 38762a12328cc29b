import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp } from '../../testing/app';
import { ConfigError } from '../config';
import { clientKey } from './client-address';

describe('clientKey: what per-address limits count under', () => {
  it('an IPv4 address is itself', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
  });

  it('an IPv6 address is its /64, however it is spelled', () => {
    const key = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:0:0:0:9',
      'fe80::1%eth0',
    ]) {
      if (ip.startsWith('fe80')) expect(clientKey(ip)).toBe('fe80:0:0:0::/64');
      else expect(clientKey(ip)).toBe(key);
    }
    expect(clientKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('an IPv4-mapped IPv6 address is the IPv4 address', () => {
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:cb00:7109')).toBe('203.0.113.9');
  });

  it('anything else counts alone, as it is', () => {
    expect(clientKey('unix-socket')).toBe('unix-socket');
    expect(clientKey('')).toBe('');
  });
});

describe('TRUST_PROXY', () => {
  const load = (value: string) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }, '/tmp').trustProxy;

  it('a hop count, addresses/CIDRs, or off', () => {
    expect(load('off')).toBe(false);
    expect(load('2')).toBe(2);
    expect(load('10.0.0.1, 192.168.0.0/16, loopback, 2001:db8::/32')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
      '2001:db8::/32',
    ]);
  });

  it('refuses `on` (trust anyone) and junk, saying what to give instead', () => {
    expect(() => load('on')).toThrow(ConfigError);
    expect(() => load('on')).toThrow(/hop count/);
    for (const junk of ['yes please', '10.0.0.0/33', '300.1.1.1', 'example.org', '99']) {
      expect(() => load(junk), junk).toThrow(/TRUST_PROXY/);
    }
  });

  async function ipSeen(trustProxy: string, remoteAddress: string, forwardedFor: string): Promise<string> {
    const app = await createTestApp({
      env: { TRUST_PROXY: trustProxy },
      configure: ({ server }) => {
        server.get('/test/ip', { config: { access: 'public' } }, async (request) => ({ ip: request.ip }));
      },
    });
    try {
      const res = await app.server.inject({
        url: '/test/ip',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      });
      return res.json().ip;
    } finally {
      await app.close();
    }
  }

  it('one hop: the address the proxy saw; a forged entry before it is ignored', async () => {
    expect(await ipSeen('1', '10.0.0.5', '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
  });

  it('CIDRs: only a listed proxy is believed', async () => {
    expect(await ipSeen('10.0.0.0/8', '10.0.0.5', '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ipSeen('10.0.0.0/8', '203.0.113.1', '198.51.100.7')).toBe('203.0.113.1');
  });

  it('off: the socket address, whatever the header says', async () => {
    expect(await ipSeen('off', '203.0.113.1', '198.51.100.7')).toBe('203.0.113.1');
  });
});
