import { describe, expect, it } from 'vitest';
import type { Turn } from './context-window.ts';
import { callOptions, fitPrompt } from './prompt.ts';

const turns = (n: number, chars: number): Turn[] =>
  Array.from({ length: n }, (_, i) => ({
    role: i % 2 === 0 ? 'user' : 'assistant',
    text: 'x'.repeat(chars),
  }));

describe('fitPrompt', () => {
  it('sends the system prompt and every turn that fits, with its token estimate', () => {
    const history = turns(3, 40);
    const out = fitPrompt('gpt-4o', { promptPrefix: 'Be brief.' }, { providerOptions: {} }, history);
    expect(out.system).toBe('Be brief.');
    expect(out.turns).toEqual(history);
    expect(out.contextDropped).toBe(0);
    // ceil(9 / 4) + 4 for the system prompt, ceil(40 / 4) + 4 per turn.
    expect(out.promptEstimate).toBe(7 + 3 * 14);
  });

  it("leaves the oldest turns out when maxContextTokens minus the reply's room is too small", () => {
    const history = turns(5, 400); // 104 tokens each
    const out = fitPrompt(
      'gpt-4o',
      { maxContextTokens: 400, maxOutputTokens: 100 },
      { providerOptions: {} },
      history,
    );
    // 300 tokens of room: the last two turns would fit, but the kept history starts with a user turn.
    expect(out.turns).toEqual(history.slice(4));
    expect(out.contextDropped).toBe(4);
    expect(out.options.maxOutputTokens).toBe(100);
  });

  it("takes the adapter's output limit over the request's (Anthropic's default max_tokens)", () => {
    const out = fitPrompt(
      'claude-sonnet-4-5',
      {},
      { providerOptions: {}, maxOutputTokens: 8192 },
      turns(1, 4),
    );
    expect(out.options.maxOutputTokens).toBe(8192);
  });
});

describe('callOptions', () => {
  it('maps the panel parameters to the SDK call options', () => {
    const providerOptions = { openai: { reasoningEffort: 'low' } };
    expect(
      callOptions(
        { temperature: 0.5, top_p: 0.9, topK: 0, frequency_penalty: 1, presence_penalty: -1, stop: ['END'] },
        { providerOptions, penalties: true },
        256,
      ),
    ).toEqual({
      temperature: 0.5,
      topP: 0.9,
      topK: undefined, // 0 is the panel's "no cutoff"
      frequencyPenalty: 1,
      presencePenalty: -1,
      maxOutputTokens: 256,
      stopSequences: ['END'],
      providerOptions,
    });
  });

  it('leaves penalties and empty stop lists out where the API takes none', () => {
    const options = callOptions(
      { frequency_penalty: 1, presence_penalty: 1, stop: [], topK: 40 },
      { providerOptions: {} },
      undefined,
    );
    expect(options.frequencyPenalty).toBeUndefined();
    expect(options.presencePenalty).toBeUndefined();
    expect(options.stopSequences).toBeUndefined();
    expect(options.topK).toBe(40);
  });
});
