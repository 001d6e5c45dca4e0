import { TWO_FA_TEMP_TOKEN_TTL_MS } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { tokenService } from '../tokens.ts';
import { twoFactorTempTokens } from './temp-token.ts';

describe('two-factor temp token', () => {
  const temp = twoFactorTempTokens('jwt-secret');
  const tokens = tokenService({ jwtSecret: 'jwt-secret', refreshSecret: 'refresh-secret' });

  it('carries the user id until it expires', async () => {
    expect(await temp.verify(await temp.sign('user-1'))).toBe('user-1');
    const old = await temp.sign('user-1', Date.now() - TWO_FA_TEMP_TOKEN_TTL_MS - 1000);
    expect(await temp.verify(old)).toBeNull();
  });

  it('is single-purpose: never an access token, and an access token is never a temp token', async () => {
    expect(await tokens.verifyAccess(await temp.sign('user-1'))).toBeNull();
    expect(await temp.verify(await tokens.signAccess({ sub: 'user-1', role: 'USER' }))).toBeNull();
    expect(await twoFactorTempTokens('other-secret').verify(await temp.sign('user-1'))).toBeNull();
  });
});
