import { describe, expect, it } from 'vitest';
import { checkUserUrl, isPrivateAddress } from './ssrf.ts';

describe('SSRF guard', () => {
  it('recognises private, loopback and link-local addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1', // the same, in hex
      '::127.0.0.1', // IPv4-compatible
      '64:ff9b::a00:1', // NAT64 of 10.0.0.1
      '2002:c0a8:101::1', // 6to4 of 192.168.1.1
      'ff02::1',
      '224.0.0.1',
      '255.255.255.255',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700::1111', '64:ff9b::808:808', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses private hosts unless allowed, and non-http schemes', async () => {
    expect(await checkUserUrl('http://127.0.0.1:11434/v1', [])).toMatch(/private network/);
    expect(await checkUserUrl('http://localhost:11434/v1', [])).toMatch(/private network/);
    expect(await checkUserUrl('http://127.0.0.1:11434/v1', ['127.0.0.1'])).toBeNull();
    expect(await checkUserUrl('file:///etc/passwd', [])).toMatch(/http or https/);
    expect(await checkUserUrl('not a url', [])).toMatch(/not a valid URL/);
    expect(await checkUserUrl('http://8.8.8.8/v1', [])).toBeNull();
  });
});
