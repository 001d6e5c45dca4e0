import { describe, expect, it } from 'vitest';
import type { NormalizedRequest } from '../src/index.ts';
import { rng } from '../src/prng.ts';
import { buildScript } from '../src/scenarios/build-script.ts';
import { findDirectives, parseSpec, stripDirectives } from '../src/scenarios/grammar.ts';
import { scenarioFromModel } from '../src/scenarios/model-names.ts';
import { defaultReply, isTitleRequest, longReply, titleReply } from '../src/scenarios/replies.ts';
import { toolCallFor } from '../src/scenarios/tool-args.ts';
import { chunkText } from '../src/tokens.ts';

const request = (text: string, tools: NormalizedRequest['tools'] = []): NormalizedRequest => ({
  provider: 'openai',
  dialect: 'openai-chat',
  model: 'gpt-4o',
  messages: [{ role: 'user', parts: [{ type: 'text', text }] }],
  tools,
  params: {},
  reasoning: { enabled: false },
  stream: true,
});

describe('multi-step tool scripts', () => {
  const tools = [{ name: 'a' }, { name: 'b' }, { name: 'c' }];
  /** The request after `rounds` tool rounds (one assistant call + its result each). */
  const after = (rounds: number): NormalizedRequest => {
    const req = request('go [[fake:steps=3 tools=a+b|c]]', tools);
    for (let i = 0; i < rounds; i++)
      req.messages.push(
        { role: 'assistant', parts: [{ type: 'tool_call', id: `t${i}`, name: 'a', args: {} }] },
        { role: 'tool', parts: [{ type: 'tool_result', id: `t${i}`, content: `r${i}` }] },
      );
    return req;
  };
  const spec = parseSpec(['steps=3 tools=a+b|c']);

  it('parses steps and tools per round', () => {
    expect(spec.steps).toBe(3);
    expect(spec.tools).toEqual([['a', 'b'], ['c']]);
    expect(parseSpec(['tools=a||b']).unknown).toEqual(['tools=a||b']);
  });

  it('calls the round’s tools (the last entry repeats), then answers after N rounds', () => {
    const names = (n: number) =>
      buildScript(spec, after(n), rng(1), 1).steps.map((s) => (s.type === 'tool_call' ? s.name : s.type));
    expect(names(0)).toEqual(['a', 'b']);
    expect(names(1)).toEqual(['c']);
    expect(names(2)).toEqual(['c']);
    expect(names(3)).toEqual(['text']);
    expect(buildScript(spec, after(0), rng(1), 1).finish).toBe('tool');
    expect(buildScript(spec, after(3), rng(1), 1).finish).toBe('stop');
  });

  it('counts one round per run of calling messages (Responses sends one item per call)', () => {
    const req = request('go [[fake:steps=2]]', tools);
    req.messages.push(
      { role: 'assistant', parts: [{ type: 'tool_call', id: 'x', name: 'a', args: {} }] },
      { role: 'assistant', parts: [{ type: 'tool_call', id: 'y', name: 'b', args: {} }] },
      { role: 'tool', parts: [{ type: 'tool_result', id: 'x', content: 1 }] },
      { role: 'tool', parts: [{ type: 'tool_result', id: 'y', content: 2 }] },
    );
    const steps = buildScript(parseSpec(['steps=2']), req, rng(1), 1).steps;
    expect(steps.map((s) => s.type)).toEqual(['tool_call']);
  });
});

describe('directive grammar', () => {
  it('finds and strips directives', () => {
    const text = 'Tell me [[fake:slow tokens=300]] a story [[fake:think]]';
    expect(findDirectives(text)).toEqual(['slow tokens=300', 'think']);
    expect(stripDirectives(text)).toBe('Tell me a story');
  });

  it('lets keys override what names set, whatever the order', () => {
    const spec = parseSpec(['tps=30 slow, tokens=300']);
    expect(spec.timing).toEqual({ ttftMs: 400, tokensPerSec: 30 });
    expect(spec.tokens).toBe(300);
    expect(spec.names).toEqual(['slow', 'tps=30', 'tokens=300']);
  });

  it('parses errors, mid-stream errors, retries and faults', () => {
    expect(parseSpec(['error-429']).error).toEqual({ kind: 'rate_limit', midstream: false, thenOk: false });
    expect(parseSpec(['context-length']).error?.kind).toBe('context_length');
    expect(parseSpec(['auth']).error?.kind).toBe('auth');
    expect(parseSpec(['midstream-error at=5'])).toMatchObject({
      error: { kind: 'server', midstream: true },
      at: 5,
    });
    expect(parseSpec(['429-then-ok fails=2'])).toMatchObject({
      error: { kind: 'rate_limit', thenOk: true },
      fails: 2,
    });
    expect(parseSpec(['disconnect']).fault).toBe('disconnect');
    expect(parseSpec(['stall ms=50']).ms).toBe(50);
    expect(parseSpec(['chunk=char']).timing.chunking).toBe('char');
  });

  it('records what it does not understand instead of failing', () => {
    const spec = parseSpec(['think frobnicate tps=fast']);
    expect(spec.reasoning).toBe('plain');
    expect(spec.unknown).toEqual(['frobnicate', 'tps=fast']);
  });

  it('maps scenario model names', () => {
    expect(scenarioFromModel('fake-slow')).toBe('slow');
    expect(scenarioFromModel('fake-think:latest')).toBe('think');
    expect(scenarioFromModel('gpt-4o')).toBeUndefined();
  });
});

describe('replies', () => {
  it('keeps the default reply short and deterministic', () => {
    const req = request('Plan a trip to Lisbon [[fake:echo]]');
    const a = defaultReply(req, rng(42));
    expect(a).toMatch(/^You said: "Plan a trip to Lisbon"\n\n/);
    expect(a.split(/\s+/).length).toBeLessThan(60);
    expect(defaultReply(req, rng(42))).toBe(a);
  });

  it('recognises title requests and answers them with a short title', () => {
    const req = {
      ...request(
        'User: Tell me a long story [[fake:tokens=600 tps=25]]\n\nAssistant: Once upon a time\n\nTitle:',
      ),
      system: 'You name conversations. Reply with a concise title.',
    };
    expect(isTitleRequest(req)).toBe(true);
    expect(isTitleRequest(request('Tell me a story'))).toBe(false);
    expect(titleReply(req)).toBe('Tell me a long story');
  });

  it('builds a long reply of exactly N word chunks, about N tokens', () => {
    const text = longReply(request('Story please'), 500, rng(1));
    expect(chunkText(text)).toHaveLength(500);
    expect(text).toContain('## Part 1');
    expect(Math.ceil(text.length / 4)).toBeGreaterThan(350);
    expect(Math.ceil(text.length / 4)).toBeLessThan(700);
  });

  it('chunks by word losslessly, by char and by size', () => {
    const text = 'Hello  big\nworld ';
    expect(chunkText(text).join('')).toBe(text);
    expect(chunkText(text)).toEqual(['Hello', '  big', '\nworld ']);
    expect(chunkText('abcde', 2)).toEqual(['ab', 'cd', 'e']);
    expect(chunkText('ab', 'char')).toEqual(['a', 'b']);
  });

  it("builds tool arguments from the declared schema; a query is the user's question", () => {
    const req = request('x', [
      {
        name: 'search_docs',
        parameters: {
          type: 'object',
          properties: {
            query: { type: 'string' },
            limit: { type: 'integer', minimum: 3 },
            mode: { enum: ['fast', 'slow'] },
          },
        },
      },
    ]);
    expect(toolCallFor(req, 'search')).toEqual({
      name: 'search_docs',
      args: { query: 'x', limit: 3, mode: 'fast' },
    });
    expect(toolCallFor(request('x'), 'weather')).toEqual({
      name: 'get_weather',
      args: { location: 'Paris' },
    });
  });
});
