import { describe, expect, it } from 'vitest';
import { readState, signState } from './oauth.ts';

describe('MCP OAuth state', () => {
  it('reads back what it signed, and nothing altered or signed with another key', () => {
    const v = { u: 'user-a', s: 'secured', n: 'nonce-1' };
    const state = signState('k1', v);
    expect(readState('k1', state)).toEqual(v);
    expect(readState('k2', state)).toBeNull();
    const [, mac] = state.split('.');
    const other = Buffer.from(JSON.stringify({ ...v, u: 'user-b' })).toString('base64url');
    expect(readState('k1', `${other}.${mac}`)).toBeNull();
    expect(readState('k1', 'garbage')).toBeNull();
  });
});
