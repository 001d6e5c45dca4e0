import { randomUUID } from 'node:crypto';
import { type FinalFrame, GENERATION_RETAIN_MS } from '@parley/schema';
import { type EventLog, memoryEventLog } from './event-log.ts';

export interface Generation {
  streamId: string;
  userId: string;
  conversationId: string;
  userMessageId: string;
  responseMessageId: string;
  createdAt: number;
  log: EventLog;
  controller: AbortController;
  /** Resolves with the final payload (also after an abort), or null after an error. */
  done: Promise<FinalFrame | null>;
  resolve(final: FinalFrame | null): void;
}

type NewGeneration = Pick<Generation, 'userId' | 'conversationId' | 'userMessageId' | 'responseMessageId'>;

/** Running and recently finished generations, looked up only within the owner's scope. */
export function generationStore(retainMs = GENERATION_RETAIN_MS) {
  const byId = new Map<string, Generation>();
  const timers = new Set<NodeJS.Timeout>();
  const reserved = new Set<string>();

  return {
    start(input: NewGeneration): Generation {
      let resolve!: (v: FinalFrame | null) => void;
      const done = new Promise<FinalFrame | null>((r) => {
        resolve = r;
      });
      const gen: Generation = {
        ...input,
        streamId: randomUUID(),
        createdAt: Date.now(),
        log: memoryEventLog(),
        controller: new AbortController(),
        done,
        resolve,
      };
      byId.set(gen.streamId, gen);
      return gen;
    },

    /** Close the log and keep it replayable for a while, so a reload right after still resumes. */
    finish(gen: Generation, final: FinalFrame | null) {
      gen.log.close();
      gen.resolve(final);
      const t = setTimeout(() => {
        byId.delete(gen.streamId);
        timers.delete(t);
      }, retainMs);
      t.unref();
      timers.add(t);
    },

    get(userId: string, streamId: string): Generation | undefined {
      const gen = byId.get(streamId);
      return gen && gen.userId === userId ? gen : undefined;
    },

    active(userId: string): Generation[] {
      return [...byId.values()].filter((g) => g.userId === userId && !g.log.closed);
    },

    /**
     * Claim a conversation for a generation about to start; null when one runs or is starting.
     * Call the returned release once the generation has started (or failed to).
     */
    reserve(userId: string, conversationId: string): (() => void) | null {
      const key = `${userId}:${conversationId}`;
      if (reserved.has(key) || this.activeInConversation(userId, conversationId)) return null;
      reserved.add(key);
      return () => reserved.delete(key);
    },

    activeInConversation(userId: string, conversationId: string): Generation | undefined {
      return this.active(userId).find((g) => g.conversationId === conversationId);
    },

    /**
     * abortKey = `conversationId:messageId` (DESIGN §5), the message being the request or the
     * reply; a bare conversation id also matches. 'new' stands for a conversation not yet named.
     */
    findByAbortKey(userId: string, abortKey: string): Generation | undefined {
      const sep = abortKey.lastIndexOf(':');
      const convo = sep >= 0 ? abortKey.slice(0, sep) : abortKey;
      const messageId = sep >= 0 ? abortKey.slice(sep + 1) : '';
      const matches = (g: Generation) =>
        messageId
          ? (g.userMessageId === messageId || g.responseMessageId === messageId) &&
            (convo === g.conversationId || convo === 'new' || convo === '')
          : g.conversationId === convo;
      const mine = [...byId.values()].filter((g) => g.userId === userId && matches(g));
      return mine.find((g) => !g.log.closed) ?? mine[0];
    },

    /** Stop every running generation and wait (bounded) until their partial replies are saved. */
    async close(waitMs = 5000) {
      const running = [...byId.values()].filter((g) => !g.log.closed);
      for (const g of running) g.controller.abort();
      await Promise.race([
        Promise.all(running.map((g) => g.done)),
        new Promise((r) => setTimeout(r, waitMs).unref()),
      ]);
      for (const t of timers) clearTimeout(t);
      byId.clear();
    },
  };
}
export type GenerationStore = ReturnType<typeof generationStore>;
