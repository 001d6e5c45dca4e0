import type { ChatError } from '@parley/schema';
import { CredentialsError } from '../providers/credentials.ts';
import { toChatError } from '../providers/errors.ts';
import { ProviderIdleError } from '../providers/stream.ts';

/** A stopped reply is no error; a missing key or a silent provider is one, stopped or not. */
export function chatErrorOf(failure: unknown, aborted: boolean): ChatError | null {
  if (aborted && !(failure instanceof CredentialsError) && !(failure instanceof ProviderIdleError))
    return null;
  return toChatError(failure);
}
