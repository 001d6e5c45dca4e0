import type { Message } from '@parley/schema';

/**
 * Continue is offered only on the latest message, a reply whose finish_reason is set and is not
 * 'stop' (cut off by the length limit, stopped, or ended without a reason) — doc 3 §4 Messages.
 */
export function canContinue(message: Message, isLast: boolean): boolean {
  return (
    isLast &&
    !message.isCreatedByUser &&
    !message.error &&
    !!message.finish_reason &&
    message.finish_reason !== 'stop' &&
    message.finish_reason !== 'error'
  );
}
