import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key per-address limits count under, from a client address (`request.ip`, which already
 * follows TRUST_PROXY). An IPv4 address is itself. An IPv6 address is its /64: one subscriber line
 * or one host is normally handed a whole /64, so counting single IPv6 addresses would let one
 * client rotate through 2^64 of them and never be limited. An IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`, what a dual-stack socket reports for an IPv4 client) is the IPv4 address.
 * Anything else (a unix socket, an unparseable value) is kept as it is, so it still counts alone.
 *
 * Only for counting: audit entries and logs keep the full address.
 */
export function clientKey(address: string): string {
  const ip = address.trim();
  if (isIPv4(ip)) return ip;
  const groups = isIPv6(ip) ? ipv6Groups(ip) : undefined;
  if (groups === undefined) return ip;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (zone id dropped, `::` and a dotted IPv4 tail expanded). */
function ipv6Groups(ip: string): number[] | undefined {
  const address = ip.split('%')[0] ?? '';
  const [head = '', tail] = address.split('::');
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((g) => {
          if (!g.includes('.')) return [Number.parseInt(g, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const groups = tail === undefined ? left : [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes a function trusting that many hops
 * nearest the server: Fastify itself ignores a bare number (it cannot tell a proxy from a client
 * that sends a made-up X-Forwarded-For), so a hop count is only safe when clients cannot reach the
 * server except through those proxies; addresses/CIDRs do not need that promise.
 */
export function trustProxyOption(
  setting: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
