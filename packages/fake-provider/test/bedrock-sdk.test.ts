import {
  BedrockRuntimeClient,
  BedrockRuntimeServiceException,
  ConverseCommand,
  type ConverseCommandInput,
  ConverseStreamCommand,
  type ConverseStreamOutput,
  ThrottlingException,
  type ToolConfiguration,
  ValidationException,
} from '@aws-sdk/client-bedrock-runtime';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { describe, expect, it } from 'vitest';
import { decodeEventStreamMessage, encodeEventStreamMessage, splitEventStream } from '../src/index.ts';
import { useFake, WEATHER_SCHEMA } from './helpers.ts';

const ctx = useFake();
const MODEL = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
/** The official client with its defaults (HTTP/2 cleartext to an http:// endpoint), one attempt. */
const client = (accessKeyId = 'AKIAFAKEEXAMPLE0001') =>
  new BedrockRuntimeClient({
    region: 'eu-central-1',
    endpoint: ctx.fake.urls.bedrock,
    credentials: { accessKeyId, secretAccessKey: 'fake-secret', sessionToken: 'fake-session' },
    maxAttempts: 1,
  });

const userText = (text: string): ConverseCommandInput['messages'] => [{ role: 'user', content: [{ text }] }];
const TOOLS: ToolConfiguration = {
  tools: [
    {
      toolSpec: {
        name: 'get_weather',
        description: 'Weather for a city',
        inputSchema: { json: { ...WEATHER_SCHEMA, required: [...WEATHER_SCHEMA.required] } },
      },
    },
  ],
};

async function converseStream(text: string, extra: Partial<ConverseCommandInput> = {}, accessKeyId?: string) {
  const res = await client(accessKeyId).send(
    new ConverseStreamCommand({ modelId: MODEL, messages: userText(text), ...extra }),
  );
  const events: ConverseStreamOutput[] = [];
  const out = { text: '', reasoning: '', signature: '', toolInput: '', events, thrown: undefined as unknown };
  try {
    for await (const ev of res.stream ?? []) {
      events.push(ev);
      const d = ev.contentBlockDelta?.delta;
      if (d?.text) out.text += d.text;
      if (d?.reasoningContent?.text) out.reasoning += d.reasoningContent.text;
      if (d?.reasoningContent?.signature) out.signature += d.reasoningContent.signature;
      if (d?.toolUse?.input) out.toolInput += d.toolUse.input;
    }
  } catch (e) {
    out.thrown = e;
  }
  return out;
}

const kinds = (events: ConverseStreamOutput[]) =>
  events.map((e) => Object.keys(e).find((k) => k !== '$unknown'));

describe('@aws-sdk/client-bedrock-runtime · ConverseStream', () => {
  it('streams text: messageStart, deltas, contentBlockStop, messageStop, metadata', async () => {
    const out = await converseStream('Hello Bedrock', { system: [{ text: 'Be brief.' }] });
    expect(out.thrown).toBeUndefined();
    expect(out.text).toMatch(/^You said: "Hello Bedrock"/);
    const k = kinds(out.events);
    expect(k[0]).toBe('messageStart');
    expect(k.slice(-3)).toEqual(['contentBlockStop', 'messageStop', 'metadata']);
    expect(k).not.toContain('contentBlockStart'); // text blocks start with their first delta
    const stop = out.events.at(-2)?.messageStop;
    expect(stop?.stopReason).toBe('end_turn');
    const meta = out.events.at(-1)?.metadata;
    expect(meta?.usage?.outputTokens).toBe(Math.ceil(out.text.length / 4));
    expect(meta?.usage?.totalTokens).toBe((meta?.usage?.inputTokens ?? 0) + (meta?.usage?.outputTokens ?? 0));
    expect(meta?.metrics?.latencyMs).toBeGreaterThan(0);

    const entry = ctx.fake.journal.last('bedrock')!;
    // The SDK URL-encodes the model id; the journal has it decoded.
    expect(entry.path).toBe(`/bedrock/model/${encodeURIComponent(MODEL)}/converse-stream`);
    expect(entry.request).toMatchObject({
      provider: 'bedrock',
      model: MODEL,
      system: 'Be brief.',
      stream: true,
    });
    expect(entry.auth).toMatchObject({
      scheme: 'sigv4',
      accessKeyId: 'AKIAFAKEEXAMPLE0001',
      region: 'eu-central-1',
      service: 'bedrock',
      sessionToken: true,
    });
    expect(entry.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAFAKEEXAMPLE0001\/\d{8}\/eu-central-1\/bedrock\/aws4_request, SignedHeaders=.*x-amz-date.*, Signature=[0-9a-f]{3}…[0-9a-f]{4}$/,
    );
    expect(entry.headers['x-amz-security-token']).toBe('fak…sion');
  });

  it('streams reasoning text, then its signature, in block 0 and the answer in block 1', async () => {
    const out = await converseStream('Think [[fake:think]]', {
      additionalModelRequestFields: { thinking: { type: 'enabled', budget_tokens: 1024 } },
    });
    expect(out.reasoning).toMatch(/^The user wrote "Think"/);
    expect(out.signature.length).toBeGreaterThan(10);
    expect(out.text).toMatch(/^You said: "Think"/);
    const indexes = out.events
      .filter((e) => e.contentBlockDelta)
      .map((e) => [e.contentBlockDelta?.contentBlockIndex, Object.keys(e.contentBlockDelta?.delta ?? {})[0]]);
    expect(indexes[0]).toEqual([0, 'reasoningContent']);
    expect(indexes.at(-1)).toEqual([1, 'text']);
    expect(ctx.fake.journal.last('bedrock')?.request?.reasoning).toEqual({ enabled: true, budget: 1024 });
  });

  it('streams a tool call: contentBlockStart with toolUse, input fragments, stopReason tool_use', async () => {
    const out = await converseStream('Weather? [[fake:tool-weather]]', { toolConfig: TOOLS });
    const start = out.events.find((e) => e.contentBlockStart)?.contentBlockStart;
    expect(start?.start?.toolUse?.name).toBe('get_weather');
    expect(start?.start?.toolUse?.toolUseId).toMatch(/^tooluse_/);
    expect(JSON.parse(out.toolInput)).toEqual({ location: 'Paris' });
    expect(out.events.find((e) => e.messageStop)?.messageStop?.stopReason).toBe('tool_use');
    expect(ctx.fake.journal.last('bedrock')?.request?.tools[0]).toMatchObject({
      name: 'get_weather',
      parameters: WEATHER_SCHEMA,
    });
  });

  it('throws the typed ThrottlingException for a 429 (x-amzn-ErrorType)', async () => {
    const err = await converseStream('hi [[fake:429]]').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ThrottlingException);
    expect((err as ThrottlingException).$metadata.httpStatusCode).toBe(429);
    expect((err as Error).message).toBe('Too many requests, please wait before trying again.');
  });

  it('throws ValidationException "Input is too long" for context length', async () => {
    const err = await converseStream('hi [[fake:context-length]]').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationException);
    expect((err as Error).message).toBe('Input is too long for requested model.');
  });

  it('throws UnrecognizedClientException (403) for an access key id starting BAD', async () => {
    const err = await converseStream('hi', {}, 'BADKEYID0000').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BedrockRuntimeServiceException);
    expect((err as Error).name).toBe('UnrecognizedClientException');
    expect((err as BedrockRuntimeServiceException).$metadata.httpStatusCode).toBe(403);
    expect(ctx.fake.journal.last('bedrock')?.auth?.accessKeyId).toBe('BADKEYID0000');
  });

  it('throws the mid-stream exception frame as its typed class after partial text', async () => {
    const out = await converseStream('hi [[fake:midstream-429 at=2]]');
    expect(out.text).toBe('You said:');
    expect(out.thrown).toBeInstanceOf(ThrottlingException);
    expect((out.thrown as Error).message).toBe('Too many tokens, please wait before trying again.');
  });

  it('surfaces a disconnect (HTTP/2 stream reset) and a truncated frame as errors', async () => {
    const dropped = await converseStream('hi [[fake:disconnect at=2]]');
    expect(dropped.text).toBe('You said:');
    expect((dropped.thrown as Error).message).toMatch(/NGHTTP2_INTERNAL_ERROR/);
    const truncated = await converseStream('hi [[fake:truncate at=2]]');
    expect((truncated.thrown as Error).message).toBe('Truncated event message received.');
  });

  it('works over HTTP/1.1 too (NodeHttpHandler), with the same frames', async () => {
    const h1 = new BedrockRuntimeClient({
      region: 'us-east-1',
      endpoint: ctx.fake.urls.bedrock,
      credentials: { accessKeyId: 'AKIAFAKEH1', secretAccessKey: 'fake-secret' },
      maxAttempts: 1,
      requestHandler: new NodeHttpHandler(),
    });
    const res = await h1.send(new ConverseStreamCommand({ modelId: MODEL, messages: userText('Over h1') }));
    let text = '';
    for await (const ev of res.stream ?? []) text += ev.contentBlockDelta?.delta?.text ?? '';
    expect(text).toMatch(/^You said: "Over h1"/);
    const entry = ctx.fake.journal.last('bedrock')!;
    expect(entry.headers.host).toBe(new URL(ctx.fake.url).host);
    expect(entry.auth?.signedHeaders).toContain('host');
  });

  it('rejects a frame with a bad message CRC', async () => {
    const out = await converseStream('hi [[fake:bad-crc at=2]]');
    expect(out.text).toBe('You said:');
    expect(out.thrown).toBeInstanceOf(Error);
    expect((out.thrown as Error).message).toMatch(/checksum .* did not match/);
  });
});

describe('@aws-sdk/client-bedrock-runtime · Converse', () => {
  it('returns the whole message, reasoning and stop reason', async () => {
    const res = await client().send(
      new ConverseCommand({
        modelId: 'amazon.nova-pro-v1:0',
        messages: userText('Ping [[fake:think]]'),
        inferenceConfig: { maxTokens: 200, temperature: 0.2 },
      }),
    );
    const content = res.output?.message?.content ?? [];
    expect(content[0].reasoningContent?.reasoningText?.text).toMatch(/^The user wrote "Ping"/);
    expect(content[0].reasoningContent?.reasoningText?.signature).toBeTruthy();
    expect(content[1].text).toMatch(/^You said: "Ping"/);
    expect(res.stopReason).toBe('end_turn');
    expect(res.usage?.totalTokens).toBeGreaterThan(0);
    expect(ctx.fake.journal.last('bedrock')?.request?.params).toEqual({ maxTokens: 200, temperature: 0.2 });
  });

  it('returns a tool call with an object input, and takes the tool result back', async () => {
    const first = await client().send(
      new ConverseCommand({
        modelId: MODEL,
        messages: userText('Weather? [[fake:tool-weather]]'),
        toolConfig: TOOLS,
      }),
    );
    const toolUse = first.output?.message?.content?.[0].toolUse;
    expect(toolUse?.input).toEqual({ location: 'Paris' });
    expect(first.stopReason).toBe('tool_use');
    const second = await client().send(
      new ConverseCommand({
        modelId: MODEL,
        toolConfig: TOOLS,
        messages: [
          ...(userText('Weather? [[fake:tool-weather]]') ?? []),
          { role: 'assistant', content: [{ toolUse }] as never },
          {
            role: 'user',
            content: [
              { toolResult: { toolUseId: toolUse?.toolUseId, content: [{ json: { temp: 21 } }] } },
            ] as never,
          },
        ],
      }),
    );
    expect(second.output?.message?.content?.[0].text).toContain('`get_weather` returned: {"temp":21}');
  });

  it('maps an unknown model / bad request to ValidationException', async () => {
    const err = await client()
      .send(new ConverseCommand({ modelId: 'fake-404', messages: userText('hi') }))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationException);
    expect((err as Error).message).toBe('The provided model identifier is invalid.');
  });
});

describe('Bedrock wire details', () => {
  const post = (
    path: string,
    headers: Record<string, string>,
    body: unknown = { messages: userText('hi') },
  ) =>
    fetch(`${ctx.fake.urls.bedrock}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const sigv4 = (akid = 'AKIAFAKE', date = new Date()) => {
    const amz = `${date.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
    return {
      'x-amz-date': amz,
      authorization: `AWS4-HMAC-SHA256 Credential=${akid}/${amz.slice(0, 8)}/us-west-2/bedrock/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=${'ab'.repeat(32)}`,
    };
  };

  it('frames every event with valid prelude and message CRCs (checked by @smithy/eventstream-codec)', async () => {
    const res = await post('/model/amazon.nova-lite-v1%3A0/converse-stream', sigv4());
    expect(res.headers.get('content-type')).toBe('application/vnd.amazon.eventstream');
    expect(res.headers.get('x-amzn-requestid')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    const { messages, rest } = splitEventStream(Buffer.from(await res.arrayBuffer()));
    expect(rest.length).toBe(0);
    const codec = new EventStreamCodec(
      (b: Uint8Array) => Buffer.from(b).toString('utf8'),
      (s: string) => Buffer.from(s, 'utf8'),
    );
    const decoded = messages.map((m) => codec.decode(m));
    expect(decoded[0].headers).toEqual({
      ':event-type': { type: 'string', value: 'messageStart' },
      ':content-type': { type: 'string', value: 'application/json' },
      ':message-type': { type: 'string', value: 'event' },
    });
    const first = JSON.parse(Buffer.from(decoded[0].body).toString());
    expect(first.role).toBe('assistant');
    expect(first.p).toMatch(/^[a-zA-Z0-9]+$/); // the service's padding field
    expect(decoded.at(-1)?.headers[':event-type']?.value).toBe('metadata');
  });

  it('encodes and decodes the framing symmetrically', () => {
    const msg = encodeEventStreamMessage({ ':message-type': 'event', ':event-type': 'x' }, '{"a":1}');
    expect(msg.readUInt32BE(0)).toBe(msg.length);
    expect(decodeEventStreamMessage(msg)).toEqual({
      headers: { ':message-type': 'event', ':event-type': 'x' },
      payload: Buffer.from('{"a":1}'),
    });
    const broken = Buffer.from(msg);
    broken[broken.length - 5] ^= 1; // one payload bit
    expect(() => decodeEventStreamMessage(broken)).toThrow(/message CRC/);
  });

  it('refuses a missing, malformed or mis-scoped signature', async () => {
    const none = await post('/model/m/converse', {});
    expect(none.status).toBe(403);
    expect(none.headers.get('x-amzn-errortype')).toMatch(/^MissingAuthenticationTokenException:/);
    const malformed = await post('/model/m/converse', {
      authorization: 'AWS4-HMAC-SHA256 nonsense',
      'x-amz-date': '20250101T000000Z',
    });
    expect(malformed.headers.get('x-amzn-errortype')).toMatch(/^IncompleteSignatureException:/);
    const headers = sigv4();
    const wrongService = await post('/model/m/converse', {
      ...headers,
      authorization: headers.authorization.replace('/bedrock/', '/s3/'),
    });
    expect(wrongService.status).toBe(403);
    expect(wrongService.headers.get('x-amzn-errortype')).toMatch(/^InvalidSignatureException:/);
    expect(await wrongService.json()).toEqual({
      message: "Credential should be scoped to correct service: 'bedrock'. ",
    });
  });

  it('accepts a Bedrock API key as Bearer and records the region from SigV4 only', async () => {
    const ok = await post('/model/m/converse', { authorization: 'Bearer bedrock-api-key-1' });
    expect(ok.status).toBe(200);
    expect(ctx.fake.journal.last('bedrock')?.auth).toEqual({ scheme: 'bearer', key: 'bed…ey-1' });
    const bad = await post('/model/m/converse', { authorization: 'Bearer bad-key' });
    expect(bad.status).toBe(403);
    expect(bad.headers.get('x-amzn-errortype')).toMatch(/^UnrecognizedClientException:/);
  });

  it('decodes an ARN model id with encoded slashes', async () => {
    const arn = 'arn:aws:bedrock:us-east-1:123456789012:inference-profile/us.anthropic.claude-haiku-4-5';
    const res = await post(`/model/${encodeURIComponent(arn)}/converse`, sigv4());
    expect(res.status).toBe(200);
    expect(ctx.fake.journal.last('bedrock')?.request?.model).toBe(arn);
  });

  it('lists foundation models (control plane shape)', async () => {
    const res = await fetch(`${ctx.fake.urls.bedrock}/foundation-models`, { headers: sigv4() });
    const body = (await res.json()) as {
      modelSummaries: { modelId: string; inferenceTypesSupported: string[] }[];
    };
    expect(res.status).toBe(200);
    expect(body.modelSummaries.find((m) => m.modelId === 'amazon.nova-pro-v1:0')).toMatchObject({
      inferenceTypesSupported: ['ON_DEMAND'],
    });
  });
});
