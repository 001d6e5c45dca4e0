import Anthropic, { type APIError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { useFake, WEATHER_SCHEMA } from './helpers.ts';

const ctx = useFake();
const client = (apiKey = 'sk-ant-test') =>
  new Anthropic({ apiKey, baseURL: ctx.fake.urls.anthropic, maxRetries: 0 });

const stream = (content: string, extra: Partial<Anthropic.MessageStreamParams> = {}, apiKey?: string) =>
  client(apiKey).messages.stream({
    model: 'claude-opus-4-5',
    max_tokens: 2048,
    messages: [{ role: 'user', content }],
    ...extra,
  });

describe('@anthropic-ai/sdk · messages', () => {
  it('streams text into finalMessage with usage', async () => {
    const s = stream('Hello Claude', { system: 'Terse.' });
    let deltas = '';
    s.on('text', (t) => {
      deltas += t;
    });
    const msg = await s.finalMessage();
    const block = msg.content[0];
    expect(block.type === 'text' && block.text).toMatch(/^You said: "Hello Claude"/);
    expect(block.type === 'text' && block.text).toBe(deltas);
    expect(msg.stop_reason).toBe('end_turn');
    expect(msg.usage.output_tokens).toBe(Math.ceil(deltas.length / 4));
    expect(ctx.fake.journal.last('anthropic')?.request?.system).toBe('Terse.');
  });

  it('streams a thinking block with a signature when thinking is enabled', async () => {
    const s = stream('Think about it', { thinking: { type: 'enabled', budget_tokens: 1024 } });
    let thinking = '';
    s.on('thinking', (delta) => {
      thinking += delta;
    });
    const msg = await s.finalMessage();
    const [think, text] = msg.content;
    expect(think.type).toBe('thinking');
    expect(think.type === 'thinking' && think.thinking).toBe(thinking);
    expect(think.type === 'thinking' && think.signature).toMatch(/^Ev/);
    expect(text.type === 'text' && text.text).toMatch(/^You said: "Think about it"/);
  });

  it('streams redacted thinking whole', async () => {
    const msg = await stream('Secret [[fake:redacted-thinking]]').finalMessage();
    expect(msg.content[0].type).toBe('redacted_thinking');
    expect(msg.content[1].type).toBe('text');
  });

  it('streams a tool_use block whose input parses', async () => {
    const msg = await stream('Weather? [[fake:tool-weather]]', {
      tools: [
        {
          name: 'get_weather',
          description: 'Weather',
          input_schema: { ...WEATHER_SCHEMA, required: ['location'] },
        },
      ],
    }).finalMessage();
    const tool = msg.content.find((b) => b.type === 'tool_use');
    expect(tool?.type === 'tool_use' && tool.name).toBe('get_weather');
    expect(tool?.type === 'tool_use' && tool.input).toEqual({ location: 'Paris' });
    expect(msg.stop_reason).toBe('tool_use');
  });

  it('answers after the tool result comes back, quoting it', async () => {
    const msg = await client().messages.create({
      model: 'claude-opus-4-5',
      max_tokens: 1024,
      messages: [
        { role: 'user', content: 'Weather? [[fake:tool-weather]]' },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { location: 'Paris' } }],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '{"tempC":21}' }] },
      ],
    });
    const block = msg.content[0];
    expect(block.type === 'text' && block.text).toContain('`get_weather` returned: {"tempC":21}');
    expect(ctx.fake.journal.last('anthropic')?.request?.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
    ]);
  });

  it('with thinking on, refuses a tool result whose call came back without its signed thinking', async () => {
    const turn = (assistant: Anthropic.ContentBlockParam[]) =>
      client().messages.create({
        model: 'claude-opus-4-5',
        max_tokens: 2048,
        thinking: { type: 'enabled', budget_tokens: 1024 },
        messages: [
          { role: 'user', content: 'Weather? [[fake:tool-weather]]' },
          { role: 'assistant', content: assistant },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '21' }] },
        ],
      });
    const call = {
      type: 'tool_use',
      id: 'toolu_1',
      name: 'get_weather',
      input: { location: 'Paris' },
    } as const;
    const bare = await turn([call]).catch((e: unknown) => e);
    expect(bare).toBeInstanceOf(Anthropic.BadRequestError);
    expect((bare as APIError).type).toBe('invalid_request_error');
    expect((bare as APIError).message).toContain('must start with a thinking block');
    const unsigned = await turn([{ type: 'thinking', thinking: 'Hmm.', signature: '' }, call]).catch(
      (e: unknown) => e,
    );
    expect(unsigned).toBeInstanceOf(Anthropic.BadRequestError);
    const signed = await turn([{ type: 'thinking', thinking: 'Hmm.', signature: 'EvSig' }, call]);
    expect(signed.content.some((b) => b.type === 'text')).toBe(true);
    const redacted = await turn([{ type: 'redacted_thinking', data: 'EmwK' }, call]);
    expect(redacted.content.some((b) => b.type === 'text')).toBe(true);
  });

  it('rejects a bad key with authentication_error', async () => {
    const err = await stream('hi', {}, 'bad-anthropic')
      .finalMessage()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.AuthenticationError);
    expect((err as APIError).type).toBe('authentication_error');
  });

  it('maps 429 and context length to typed errors', async () => {
    const rate = await stream('hi [[fake:error-429]]')
      .finalMessage()
      .catch((e: unknown) => e);
    expect(rate).toBeInstanceOf(Anthropic.RateLimitError);
    const context = await stream('hi [[fake:context-length]]')
      .finalMessage()
      .catch((e: unknown) => e);
    expect(context).toBeInstanceOf(Anthropic.BadRequestError);
    expect((context as Error).message).toMatch(/prompt is too long: \d+ tokens > 200000 maximum/);
    const overloaded = await stream('hi [[fake:overloaded]]')
      .finalMessage()
      .catch((e: unknown) => e);
    expect((overloaded as APIError).status).toBe(529);
  });

  it('throws a typed mid-stream `event: error`', async () => {
    const s = stream('hi [[fake:midstream-overloaded at=3]]');
    let text = '';
    s.on('text', (t) => {
      text += t;
    });
    const err = await s.finalMessage().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.APIError);
    expect((err as APIError).type).toBe('overloaded_error');
    expect(text).toBe('You said: "hi"');
  });

  it('surfaces a disconnect', async () => {
    const err = await stream('hi [[fake:disconnect]]')
      .finalMessage()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
  });
});
