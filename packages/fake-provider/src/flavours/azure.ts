import { azureHttpError } from '../errors/azure.ts';
import { dataFrame } from '../transport/sse.ts';
import type { ChatFlavour } from './chat-flavour.ts';

const safe = { filtered: false, severity: 'safe' };

/** Per-choice results on every content chunk (§3 "Stream differences"). */
export const contentFilterResults = (filtered = false) => ({
  hate: safe,
  self_harm: safe,
  sexual: safe,
  violence: filtered ? { filtered: true, severity: 'high' } : safe,
});

const promptFilterResults = () => [
  {
    prompt_index: 0,
    content_filter_results: {
      ...contentFilterResults(),
      jailbreak: { filtered: false, detected: false },
    },
  },
];

/**
 * Azure OpenAI chat stream: OpenAI framing, a first chunk with `choices: []`, empty `id`/`model`
 * and `prompt_filter_results`, then `content_filter_results` on each choice.
 */
export const azureFlavour: ChatFlavour = {
  name: 'azure',
  systemFingerprint: 'fp_fakeazure1',
  roleChunkFirst: true,
  error: azureHttpError,
  preamble: () => [
    dataFrame({
      choices: [],
      created: 0,
      id: '',
      model: '',
      object: '',
      prompt_filter_results: promptFilterResults(),
    }),
  ],
  decorateChunk(chunk, _index, phase) {
    const choices = chunk.choices as Record<string, unknown>[];
    if (phase === 'usage' || choices.length === 0) return chunk;
    const [choice] = choices;
    // The role chunk and the finish chunk carry an empty object; content chunks the full results.
    const results =
      phase === 'start'
        ? {}
        : phase === 'finish'
          ? choice.finish_reason === 'content_filter'
            ? contentFilterResults(true)
            : {}
          : contentFilterResults();
    return { ...chunk, choices: [{ ...choice, content_filter_results: results }] };
  },
};

/** Non-streaming extras: prompt and choice filter results beside the OpenAI body. */
export function azureWholeExtras(body: Record<string, unknown>): Record<string, unknown> {
  const choices = (body.choices as Record<string, unknown>[]).map((c) => ({
    ...c,
    content_filter_results: contentFilterResults(c.finish_reason === 'content_filter'),
  }));
  return { ...body, choices, prompt_filter_results: promptFilterResults() };
}
