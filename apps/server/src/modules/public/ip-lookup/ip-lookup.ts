import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import type { IpLocation } from '@lantian/contracts';
import { z } from 'zod';
import { type IpRecord, NOWHERE, placeOf } from './ip-place';

/**
 * IP → area with the offline database of the npm package ip2region (≈ 11 MB, read into memory on
 * the first lookup, once per process). An address that cannot be placed — malformed, private,
 * loopback, link-local, foreign — gives NOWHERE, never an error: the page keeps its default city
 * (spec §8: "IP lookup failure: ignored silently").
 */

/** Addresses no database can place: they name the caller's own network. */
const LOCAL = new BlockList();
LOCAL.addSubnet('0.0.0.0', 8, 'ipv4');
LOCAL.addSubnet('10.0.0.0', 8, 'ipv4');
LOCAL.addSubnet('100.64.0.0', 10, 'ipv4');
LOCAL.addSubnet('127.0.0.0', 8, 'ipv4');
LOCAL.addSubnet('169.254.0.0', 16, 'ipv4');
LOCAL.addSubnet('172.16.0.0', 12, 'ipv4');
LOCAL.addSubnet('192.168.0.0', 16, 'ipv4');
LOCAL.addAddress('::', 'ipv6');
LOCAL.addAddress('::1', 'ipv6');
LOCAL.addSubnet('fc00::', 7, 'ipv6');
LOCAL.addSubnet('fe80::', 10, 'ipv6');

/** What ip2region's searchRaw answers; its v4 and v6 records differ, so both are read loosely. */
const rawRecord = z
  .object({
    country: z.string(),
    province: z.string(),
    city: z.string(),
    data: z.string().optional(),
  })
  .nullable();

interface IpDatabase {
  searchRaw(ip: string): unknown;
}
type IpDatabaseClass = new () => IpDatabase;

const isClass = (value: unknown): value is IpDatabaseClass => typeof value === 'function';

let database: IpDatabase | undefined;

/**
 * The database, loaded on first use. Through require(): the package is CommonJS with an
 * `exports.default` class, which ESM import hands over differently in Node, tsx and the bundle.
 */
export function ipDatabase(): IpDatabase {
  if (database === undefined) {
    const loaded: unknown = createRequire(import.meta.url)('ip2region');
    const exported = typeof loaded === 'object' && loaded !== null && 'default' in loaded ? loaded.default : loaded;
    if (!isClass(exported)) throw new Error('ip2region: unexpected module shape');
    database = new exported();
  }
  return database;
}

/** An IPv4-mapped IPv6 address ('::ffff:1.2.3.4', as dual-stack sockets report) as plain IPv4. */
function normalise(ip: string): string {
  const trimmed = ip.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

export function lookupRecord(ip: string): IpRecord | undefined {
  const address = normalise(ip);
  const family = isIP(address);
  if (family === 0 || LOCAL.check(address, family === 4 ? 'ipv4' : 'ipv6')) return undefined;
  const parsed = rawRecord.safeParse(ipDatabase().searchRaw(address));
  if (!parsed.success || parsed.data === null) return undefined;
  const { country, province, city, data } = parsed.data;
  return { country, province, city, detail: data ?? '' };
}

export function locateIp(ip: string): IpLocation {
  const record = lookupRecord(ip);
  return record === undefined ? NOWHERE : placeOf(record);
}
