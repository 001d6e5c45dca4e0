import type { ErrorInfo, HttpError } from '../dialect.ts';
import type { ErrorKind } from '../script.ts';

const BEDROCK_NS = 'http://internal.amazon.com/coral/com.amazon.bedrock/';
const CORAL_NS = 'http://internal.amazon.com/coral/com.amazon.coral.service/';

/**
 * An AWS JSON error: status, `x-amzn-ErrorType: Name:namespace` (the AWS SDK types the error from
 * it) and a `{"message"}` body. Without the header the SDK would report `Unknown`.
 */
export function awsError(status: number, type: string, message: string, namespace = BEDROCK_NS): HttpError {
  return {
    status,
    headers: { 'x-amzn-ErrorType': `${type}:${namespace}` },
    body: { message },
  };
}

/** HTTP errors before the stream (providers.md §6d, §8). */
export function bedrockHttpError(kind: ErrorKind, info: ErrorInfo): HttpError {
  const m = (fallback: string) => info.message ?? fallback;
  switch (kind) {
    case 'auth':
      return awsError(
        403,
        'UnrecognizedClientException',
        m('The security token included in the request is invalid.'),
        CORAL_NS,
      );
    case 'rate_limit':
      return awsError(429, 'ThrottlingException', m('Too many requests, please wait before trying again.'));
    case 'quota':
      return awsError(
        400,
        'ServiceQuotaExceededException',
        m('Your request exceeded a service quota for your account. Request a quota increase and try again.'),
      );
    case 'context_length':
      return awsError(400, 'ValidationException', m('Input is too long for requested model.'));
    case 'overloaded':
      return awsError(503, 'ServiceUnavailableException', m('Bedrock is unable to process your request.'));
    case 'server':
      return awsError(
        500,
        'InternalServerException',
        m('The system encountered an unexpected error during processing. Try your request again.'),
      );
    case 'not_found':
      // An unknown model id is a 400 ValidationException on the runtime API, not a 404.
      return awsError(400, 'ValidationException', m('The provided model identifier is invalid.'));
    case 'invalid_request':
      return awsError(
        400,
        'ValidationException',
        m('Malformed input request, please reformat your input and try again.'),
      );
  }
}

/** Mid-stream `exception` frames: `:exception-type` is the camelCase union member of ConverseStreamOutput. */
export function bedrockStreamException(kind: ErrorKind, info: ErrorInfo): { type: string; message: string } {
  const m = (fallback: string) => info.message ?? fallback;
  switch (kind) {
    case 'rate_limit':
    case 'quota':
      return { type: 'throttlingException', message: m('Too many tokens, please wait before trying again.') };
    case 'overloaded':
      return {
        type: 'serviceUnavailableException',
        message: m('Bedrock is unable to process your request.'),
      };
    case 'context_length':
    case 'invalid_request':
    case 'not_found':
      return {
        type: 'validationException',
        message: m(
          kind === 'context_length' ? 'Input is too long for requested model.' : 'Invalid input request.',
        ),
      };
    case 'auth':
      return {
        type: 'modelStreamErrorException',
        message: m('The security token included in the request is invalid.'),
      };
    case 'server':
      return {
        type: 'internalServerException',
        message: m('The system encountered an unexpected error during processing. Try your request again.'),
      };
  }
}
