import { describe, expect, it } from 'vitest';
import type { ToolDef } from '../../tools/types.ts';
import { boundOutput, executeTool, TOOL_OUTPUT_MAX_CHARS } from './tool-exec.ts';

const ctx = {
  userId: 'u',
  conversationId: 'c',
  responseMessageId: 'r',
  agent: { id: 'a', authorId: 'u', fileIds: {} },
  progress: () => {},
};
const def = (run: ToolDef['run']): ToolDef => ({ name: 't', description: '', inputSchema: {}, run });
const opts = (signal = new AbortController().signal) => ({ signal, timeoutMs: 50 });

describe('executeTool', () => {
  it('passes parsed arguments and bounds the output', async () => {
    const out = await executeTool(
      def(async (args) => ({ output: `${JSON.stringify(args)}${'x'.repeat(TOOL_OUTPUT_MAX_CHARS)}` })),
      '{"q":1}',
      ctx,
      opts(),
    );
    expect(out.output.startsWith('{"q":1}')).toBe(true);
    expect(out.output).toMatch(/Output truncated: 7 more characters/);
  });

  it('turns a throw, bad arguments and a timeout into error results', async () => {
    const thrown = await executeTool(
      def(async () => Promise.reject(new Error('boom'))),
      '{}',
      ctx,
      opts(),
    );
    expect(thrown).toMatchObject({ isError: true, output: 'Error processing tool t: boom' });
    const bad = await executeTool(
      def(async () => ({ output: 'never' })),
      '{nope',
      ctx,
      opts(),
    );
    expect(bad.output).toMatch(/not valid JSON/);
    let seen: AbortSignal | undefined;
    const hung = await executeTool(
      def((_a, c) => {
        seen = c.signal;
        return new Promise(() => {});
      }),
      '',
      ctx,
      opts(),
    );
    expect(hung.output).toMatch(/did not answer within 50 ms/);
    expect(seen?.aborted).toBe(true);
  });

  it('a stopped reply cancels the tool, even one that ignores its signal', async () => {
    const stop = new AbortController();
    const running = executeTool(
      def(() => new Promise(() => {})),
      '',
      ctx,
      { signal: stop.signal, timeoutMs: 10_000 },
    );
    stop.abort();
    expect((await running).output).toMatch(/the reply was stopped/);
  });
});

describe('executeTool and sign-in', () => {
  it("waits past its timeout while the user signs in, up to the link's expiry plus the timeout", async () => {
    const links: string[] = [];
    const waited = await executeTool(
      def(async (_a, c) => {
        c.signIn?.('https://auth.example/x', Date.now() + 150);
        // Longer than the 50 ms timeout, shorter than the link's expiry.
        await new Promise((r) => setTimeout(r, 120));
        return { output: 'signed in and done' };
      }),
      '',
      { ...ctx, signIn: (url) => links.push(url) },
      opts(),
    );
    expect(waited.output).toBe('signed in and done');
    expect(links).toEqual(['https://auth.example/x']);
    const expired = await executeTool(
      def(async (_a, c) => {
        c.signIn?.('https://auth.example/y', Date.now() + 20);
        return new Promise(() => {});
      }),
      '',
      { ...ctx, signIn: () => {} },
      opts(),
    );
    expect(expired.output).toMatch(/did not answer within 50 ms/);
  });
});

describe('boundOutput', () => {
  it('keeps short outputs as they are', () => {
    expect(boundOutput('abc', 5)).toBe('abc');
    expect(boundOutput('abcdefg', 5)).toMatch(/^abcde\n\n\[Output truncated: 2 more/);
  });
});
