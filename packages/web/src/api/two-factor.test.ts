import { describe, expect, it } from 'vitest';
import { codeBody } from './two-factor.ts';

describe('codeBody (doc 3 §5: 6-digit code or 8-character backup code)', () => {
  it('reads 6 digits as an app code and 8 characters as a backup code', () => {
    expect(codeBody('123456')).toEqual({ token: '123456' });
    expect(codeBody('AB12-cd34')).toEqual({ backupCode: 'ab12cd34' });
    expect(codeBody('12345678')).toEqual({ backupCode: '12345678' });
  });

  it('ignores shorter, in-between or longer input', () => {
    for (const input of ['', '12345', '1234567', 'abcdef', '123456789', 'abc!efgh']) {
      expect(codeBody(input), input).toBeNull();
    }
  });
});
