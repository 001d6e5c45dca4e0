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
  ['198.18.0.0', 15],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : null;
  if (mapped && isIP(mapped) === 4) return PRIVATE.check(mapped, 'ipv4');
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

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
    return `The base URL points to a private network address (${host}), which is not allowed.`;
  }
  return null;
}
