import { isIPv6 } from 'node:net';

/**
 * The key a client's sign-in failures are counted under (request.ip, which honours TRUST_PROXY only).
 * One IPv6 subscriber holds a whole /64, so it is one key, as in @fastify/rate-limit's keys (otherwise
 * each attempt could come from a new address); IPv4-mapped IPv6 is the IPv4 address.
 */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = (ip.split('%')[0] ?? ip).split('::');
  // An embedded IPv4 address (::ffff:… is handled above, 64:ff9b::… here) fills two groups.
  const groups = (part: string | undefined) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const before = groups(head);
  const after = groups(tail);
  const full = [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

