import { describe, expect, it } from 'vitest';
import { CONNECTION_ERROR_TEXT, formatChatError } from './chat-errors.ts';
import { DEFAULT_ROLE_PERMISSIONS, hasPermission } from './permissions.ts';

describe('formatChatError (doc 2 §8.3)', () => {
  it('shows the connection error text as it is', () => {
    expect(formatChatError(CONNECTION_ERROR_TEXT)).toBe(
      'Error connecting to server, try refreshing the page.',
    );
  });

  it('maps typed errors to their texts', () => {
    expect(formatChatError('{"type":"ban"}')).toBe(
      'Your account has been temporarily banned due to violations of our service.',
    );
    expect(formatChatError('{"type":"concurrent","limit":2}')).toBe(
      'Only 2 message(s) at a time. Please allow any other responses to complete before sending another message, or wait one minute.',
    );
    expect(formatChatError('{"type":"message_limit","max":40,"windowInMinutes":1}')).toBe(
      'You hit the message limit. You have a cap of 40 message(s) per minute.',
    );
    expect(formatChatError('{"type":"token_balance"}')).toBe(
      'Insufficient chat token balance. Please add more tokens to your account.',
    );
  });

  it('falls back to the generic text, truncated at 512 characters when no JSON is found', () => {
    const long = 'x'.repeat(600);
    const out = formatChatError(long);
    expect(out.startsWith("Something went wrong. Here's the specific error message we encountered: ")).toBe(
      true,
    );
    expect(out.endsWith(`${'x'.repeat(512)}...`)).toBe(true);
  });
});

describe('hasPermission (doc 1 §6)', () => {
  it('is true only for a loaded role that grants it', () => {
    const user = { name: 'USER', permissions: DEFAULT_ROLE_PERMISSIONS.USER };
    expect(hasPermission(user, 'PROMPTS', 'USE')).toBe(true);
    expect(hasPermission(user, 'PROMPTS', 'SHARED_GLOBAL')).toBe(false);
    expect(hasPermission(null, 'PROMPTS', 'USE')).toBe(false);
    expect(
      hasPermission(
        { name: 'ADMIN', permissions: DEFAULT_ROLE_PERMISSIONS.ADMIN },
        'AGENTS',
        'SHARED_GLOBAL',
      ),
    ).toBe(true);
  });
});
