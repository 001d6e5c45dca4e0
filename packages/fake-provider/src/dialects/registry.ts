import { anthropic } from './anthropic.ts';
import { compatible, deepseek, ollama } from './compatible.ts';
import type { Dialect } from './dialect.ts';
import { gemini } from './gemini.ts';
import { openaiChat } from './openai-chat.ts';
import { openaiResponses } from './openai-responses.ts';

export interface RouteMatch {
  dialect: Dialect;
  kind: 'generate' | 'models' | 'model';
  model?: string;
  stream?: boolean;
}

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  match(m: RegExpExecArray): RouteMatch;
}

const generate = (dialect: Dialect) => () => ({ dialect, kind: 'generate' as const });
const models = (dialect: Dialect) => () => ({ dialect, kind: 'models' as const });
const model = (dialect: Dialect) => (m: RegExpExecArray) => ({
  dialect,
  kind: 'model' as const,
  model: decodeURIComponent(m[1]),
});

/** Chat-family servers mounted under their own prefix (providers.md §10.1). */
const CHAT_FAMILY: [string, Dialect][] = [
  ['compatible', compatible],
  ['ollama', ollama],
  ['deepseek', deepseek],
];

/**
 * Routing by path prefix so dialects never collide. Azure, Vertex and Bedrock join as one dialect
 * file each plus their rows here.
 */
const ROUTES: Route[] = [
  { method: 'POST', pattern: /^\/openai\/v1\/chat\/completions$/, match: generate(openaiChat) },
  { method: 'POST', pattern: /^\/openai\/v1\/responses$/, match: generate(openaiResponses) },
  { method: 'GET', pattern: /^\/openai\/v1\/models$/, match: models(openaiChat) },
  { method: 'GET', pattern: /^\/openai\/v1\/models\/(.+)$/, match: model(openaiChat) },
  { method: 'POST', pattern: /^\/anthropic\/v1\/messages$/, match: generate(anthropic) },
  { method: 'GET', pattern: /^\/anthropic\/v1\/models$/, match: models(anthropic) },
  { method: 'GET', pattern: /^\/anthropic\/v1\/models\/(.+)$/, match: model(anthropic) },
  {
    method: 'POST',
    pattern: /^\/gemini\/v1(?:beta|alpha)?\/models\/([^/:]+):(streamGenerateContent|generateContent)$/,
    match: (m) => ({
      dialect: gemini,
      kind: 'generate',
      model: decodeURIComponent(m[1]),
      stream: m[2] === 'streamGenerateContent',
    }),
  },
  { method: 'GET', pattern: /^\/gemini\/v1(?:beta|alpha)?\/models$/, match: models(gemini) },
  { method: 'GET', pattern: /^\/gemini\/v1(?:beta|alpha)?\/models\/([^/:]+)$/, match: model(gemini) },
  ...CHAT_FAMILY.flatMap(([prefix, dialect]): Route[] => [
    {
      method: 'POST',
      pattern: new RegExp(`^/${prefix}(?:/v1)?/chat/completions$`),
      match: generate(dialect),
    },
    { method: 'GET', pattern: new RegExp(`^/${prefix}(?:/v1)?/models$`), match: models(dialect) },
    { method: 'GET', pattern: new RegExp(`^/${prefix}(?:/v1)?/models/(.+)$`), match: model(dialect) },
  ]),
];

export function matchRoute(method: string, path: string): RouteMatch | undefined {
  for (const r of ROUTES) {
    if (r.method !== method) continue;
    const m = r.pattern.exec(path);
    if (m) return r.match(m);
  }
  return undefined;
}

/** Base URLs to hand each SDK, relative to the server's origin. */
export function baseUrls(origin: string) {
  return {
    /** `openai` SDK `baseURL`, `@ai-sdk/openai` `baseURL` (both include `/v1`). */
    openai: `${origin}/openai/v1`,
    /** `@anthropic-ai/sdk` `baseURL` (the SDK appends `/v1/messages`). */
    anthropic: `${origin}/anthropic`,
    /** `@ai-sdk/anthropic` `baseURL` (it appends `/messages`). */
    anthropicV1: `${origin}/anthropic/v1`,
    /** `@ai-sdk/google` `baseURL` (it appends `/models/{id}:streamGenerateContent`). */
    gemini: `${origin}/gemini/v1beta`,
    /** `@google/genai` `httpOptions.baseUrl` (it appends `/v1beta/models/…`). */
    geminiGenai: `${origin}/gemini`,
    /** `@ai-sdk/openai-compatible` / `openai` SDK `baseURL` for each compatible flavour. */
    compatible: `${origin}/compatible/v1`,
    ollama: `${origin}/ollama/v1`,
    deepseek: `${origin}/deepseek/v1`,
    /** Control API root: `/requests`, `/scenarios`, `/reset`. */
    control: `${origin}/__fake`,
  };
}
export type FakeProviderUrls = ReturnType<typeof baseUrls>;
