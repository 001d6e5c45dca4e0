import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Address ranges a user-supplied URL may not reach (loopback, private, link-local, CGNAT…). */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3], // multicast, reserved, broadcast
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form (::a.b.c.d)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address a NAT64 (64:ff9b::/96) or 6to4 (2002::/16) address reaches, if it is one. */
function embeddedIPv4(address: string): string | null {
  const groups = expandIPv6(address);
  if (!groups) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0))
    return v4(groups[6], groups[7]);
  if (groups[0] === 0x2002) return v4(groups[1], groups[2]);
  return null;
}

/** Eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included), null when not one. */
function expandIPv6(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((g) => Number.parseInt(g, 16)) : [];
  const h = parse(head);
  const t = parse(tail);
  const groups = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill(0), ...t];
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  // BlockList checks IPv4-mapped addresses (::ffff:a.b.c.d, any spelling) against the IPv4 rules.
  if (PRIVATE.check(address, 'ipv6')) return true;
  const inner = embeddedIPv4(address);
  return inner !== null && PRIVATE.check(inner, 'ipv4');
}

/** The refusal for a user's base URL on a private address (also when found at connect time). */
export const privateBaseUrlReason = (host: string) =>
  `The base URL points to a private network address (${host}), which is not allowed.`;

/**
 * Check a URL a user typed (e.g. a base URL for their own key) before the server calls it: only
 * http(s), and no private or loopback addresses unless the host is explicitly allowed.
 * Returns a reason when refused.
 */
export async function checkUserUrl(raw: string, allowedHosts: string[]): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The base URL is not a valid URL.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'The base URL must use http or https.';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (allowedHosts.includes(host)) return null;
  const addresses = isIP(host)
    ? [host]
    : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) return `The host ${host} could not be resolved.`;
  if (addresses.some(isPrivateAddress)) {
    return privateBaseUrlReason(host);
  }
  return null;
}
