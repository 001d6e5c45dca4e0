import type { ContentPart } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { partsToRounds, roundsToMessages } from './prompt-steps.ts';

const call = (id: string, extra: object = {}): ContentPart => ({
  type: 'tool_call',
  tool_call: { id, name: 'lookup', args: '{"query":"x"}', type: 'tool_call', ...extra },
});

describe('partsToRounds', () => {
  it('turns saved parts back into assistant calls and tool results; thinking is not resent', () => {
    const parts: ContentPart[] = [
      { type: 'think', think: 'hmm' },
      { type: 'text', text: 'Looking.' },
      call('a', { output: 'A' }),
      call('b', { output: 'B' }),
      { type: 'text', text: 'Done.' },
    ];
    const { rounds, unresolved } = partsToRounds(parts);
    expect(unresolved).toEqual([]);
    expect(roundsToMessages(rounds)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Looking.' },
          { type: 'tool-call', toolCallId: 'a', toolName: 'lookup', input: { query: 'x' } },
          { type: 'tool-call', toolCallId: 'b', toolName: 'lookup', input: { query: 'x' } },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'a', toolName: 'lookup', output: { type: 'text', value: 'A' } },
          { type: 'tool-result', toolCallId: 'b', toolName: 'lookup', output: { type: 'text', value: 'B' } },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
    ]);
  });

  it('returns calls still waiting (pending approval, or not run) apart, in order', () => {
    const { rounds, unresolved } = partsToRounds([
      call('a', { output: 'A' }),
      call('b', { approval: 'pending' }),
      call('c'),
    ]);
    expect(unresolved.map((c) => c.id)).toEqual(['b', 'c']);
    expect(rounds).toHaveLength(1);
    expect(rounds[0].assistant).toHaveLength(3);
    expect(rounds[0].results).toHaveLength(1);
  });

  it("puts a model call's saved signed thinking before its text and calls; it starts that call's round", () => {
    const signed = { text: 'hmm', providerOptions: { anthropic: { signature: 'Ev1' } } };
    const redacted = { text: '', providerOptions: { anthropic: { redactedData: 'EmwK' } } };
    const { rounds } = partsToRounds(
      [
        { type: 'think', think: 'hmm' },
        { type: 'text', text: 'Looking.' },
        call('a', { output: 'A' }),
        call('b', { approval: 'pending' }),
      ],
      { reasoning: { a: [signed], b: [redacted] }, calls: { b: { google: { thoughtSignature: 'sig-b' } } } },
    );
    expect(rounds.map((r) => r.assistant.map((p) => p.type))).toEqual([
      ['reasoning', 'text', 'tool-call'],
      ['reasoning', 'tool-call'],
    ]);
    expect(rounds[0].assistant[0]).toEqual({ type: 'reasoning', ...signed });
    expect(rounds[1].assistant[0]).toEqual({ type: 'reasoning', ...redacted });
    // A call's own provider data (Gemini's thought signature) goes back on the call.
    expect(rounds[1].assistant[1]).toMatchObject({
      providerOptions: { google: { thoughtSignature: 'sig-b' } },
    });
  });
});
