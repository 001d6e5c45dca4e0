import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { CredentialsError } from './credentials.ts';
import { GENERIC_PROVIDER_ERROR, toChatError, UNREACHABLE_PROVIDER_ERROR } from './errors.ts';
import { ProviderIdleError } from './stream.ts';

const apiError = (statusCode: number | undefined, responseBody: string) =>
  new APICallError({
    message: 'Request failed at http://10.0.0.5:8080',
    url: 'http://10.0.0.5:8080/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseBody,
  });

describe('toChatError (doc 2 §8.3)', () => {
  it("classifies provider answers by status and body, with the provider's own words", () => {
    expect(toChatError(apiError(401, '{"error":{"message":"Bad key"}}'))).toEqual({
      type: 'invalid_api_key',
      info: 'Bad key',
    });
    expect(toChatError(apiError(429, '{"error":{"message":"insufficient_quota"}}')).type).toBe(
      'insufficient_quota',
    );
    expect(toChatError(apiError(529, '{"error":{"message":"Overloaded"}}'))).toEqual({
      type: 'rate_limit',
      info: 'Overloaded',
    });
    expect(toChatError(apiError(400, '{"error":{"message":"prompt is too long: 300000 tokens"}}')).type).toBe(
      'input_length',
    );
  });

  it('never shows where a failed connection went, nor an unreadable payload', () => {
    expect(toChatError(apiError(undefined, ''))).toEqual({
      type: 'provider_error',
      info: UNREACHABLE_PROVIDER_ERROR,
    });
    expect(toChatError(new TypeError('Unexpected token < in JSON at position 0'))).toEqual({
      type: 'provider_error',
      info: GENERIC_PROVIDER_ERROR,
    });
  });

  it("passes a credentials error through and names a silent provider's timeout", () => {
    expect(toChatError(new CredentialsError({ type: 'no_user_key' }))).toEqual({ type: 'no_user_key' });
    expect(toChatError(new ProviderIdleError())).toEqual({
      type: 'provider_error',
      info: 'The AI service stopped responding. Please try again.',
    });
  });
});
