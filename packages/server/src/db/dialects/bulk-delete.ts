import type { Dialect } from '../index.ts';

/**
 * How many conversations, with all their messages, one transaction of a bulk delete takes: an
 * engine property, so it lives with the dialects. SQLite runs each statement synchronously on the
 * app's one connection, so its transaction stops every other request: ten conversations of a heavy
 * user (~1,000 messages, ~0.15 s at 1M) at a time. PostgreSQL runs it on a pooled connection while
 * Node serves the rest, and each commit waits for a WAL flush: fewer, larger transactions finish
 * sooner. Measured with bench/queries.ts --delete.
 */
export function conversationsPerDeleteTransaction(dialect: Dialect): number {
  return dialect === 'sqlite' ? 10 : 200;
}
