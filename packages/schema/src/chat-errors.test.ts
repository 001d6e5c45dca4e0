import { describe, expect, it } from 'vitest';
import {
  CONNECTION_ERROR,
  CONNECTION_ERROR_TEXT,
  chatErrorText,
  formatChatError,
  parseChatErrorText,
} from './chat-errors.ts';
import { DEFAULT_ROLE_PERMISSIONS, hasPermission } from './permissions.ts';

/** A stored reply's error text, as the user reads it. */
const shown = (text: string) => formatChatError(parseChatErrorText(text));

describe('formatChatError (doc 2 §8.3)', () => {
  it('shows the connection error text as it is', () => {
    expect(formatChatError(CONNECTION_ERROR)).toBe('Error connecting to server, try refreshing the page.');
    expect(shown(CONNECTION_ERROR_TEXT)).toBe('Error connecting to server, try refreshing the page.');
  });

  it('maps typed errors to their texts', () => {
    expect(shown('{"type":"ban"}')).toBe(
      'Your account has been temporarily banned due to violations of our service.',
    );
    expect(shown('{"type":"concurrent","limit":2}')).toBe(
      'Only 2 message(s) at a time. Please allow any other responses to complete before sending another message, or wait one minute.',
    );
    expect(shown('{"type":"message_limit","max":40,"windowInMinutes":1}')).toBe(
      'You hit the message limit. You have a cap of 40 message(s) per minute.',
    );
    expect(formatChatError({ type: 'message_limit', max: 3, windowInMinutes: 5 })).toBe(
      'You hit the message limit. You have a cap of 3 message(s) per 5 minutes.',
    );
    expect(shown('{"type":"token_balance"}')).toBe(
      'Insufficient chat token balance. Please add more tokens to your account.',
    );
    expect(shown('{"code":"invalid_api_key"}')).toMatch(/^Invalid API key\./);
  });

  it('falls back to the generic text, truncated at 512 characters when no JSON is found', () => {
    const long = 'x'.repeat(600);
    const out = shown(long);
    expect(out.startsWith("Something went wrong. Here's the specific error message we encountered: ")).toBe(
      true,
    );
    expect(out.endsWith(`${'x'.repeat(512)}...`)).toBe(true);
  });

  it('shows an unknown type by its info, else by its whole text', () => {
    expect(shown('{"type":"no_system_messages","info":"Nope"}')).toBe(
      "Something went wrong. Here's the specific error message we encountered: Nope",
    );
    expect(shown('{"type":"no_system_messages"}')).toBe(
      'Something went wrong. Here\'s the specific error message we encountered: {"type":"no_system_messages"}',
    );
  });
});

describe("the stored text form (LibreChat's JSON in the message text)", () => {
  it('round-trips typed errors and plain texts', () => {
    for (const error of [
      { type: 'concurrent', limit: 1 },
      { type: 'provider_error', info: 'The AI service could not be reached.' },
      { info: 'This conversation was deleted while the reply was being written.' },
    ]) {
      expect(parseChatErrorText(chatErrorText(error))).toEqual(error);
    }
  });

  it('writes a typed error as JSON and a plain one as its text', () => {
    expect(chatErrorText({ type: 'message_limit', max: 2, windowInMinutes: 1 })).toBe(
      '{"type":"message_limit","max":2,"windowInMinutes":1}',
    );
    expect(chatErrorText({ info: 'Plain words' })).toBe('Plain words');
  });

  it('reads text without a typed JSON object as a plain error', () => {
    expect(parseChatErrorText('An error {not json}')).toEqual({ info: 'An error {not json}' });
    expect(parseChatErrorText('{"a":1}')).toEqual({ info: '{"a":1}' });
    expect(parseChatErrorText('Error: {"type":"rate_limit"}')).toEqual({ type: 'rate_limit' });
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
